package integration

// This file needs no database: source checks of the LLM task lifecycle
// (docs/llm.md "Task lifecycle") that the live suite test_agentmem_llm_tasks
// covers only on Oracle:
//
//   - every path that deletes message rows removes their text from the LLM
//     tasks first (AGENTMEM_LLM_TASKS.forget_messages, before the delete: it
//     finds the tasks through the messages' threads);
//   - every path that deletes memory-like records removes their text from the
//     LINK_MEMORIES tasks first (forget_memories, before any delete);
//   - a task becomes DONE in one place, finish_task, which reduces its input
//     and result (a second path writing DONE would keep message text);
//   - the recorded model name has one rule, AGENTMEM_LLM.model_name.

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sqlfiles "github.com/agentmem/agentmem/sql"
)

// subprogramBody returns the text of subprogram name (from its heading to
// its "end name;") in file dir/file of the embedded SQL.
func subprogramBody(t *testing.T, dir, file, name string) string {
	t.Helper()
	b, err := fs.ReadFile(sqlfiles.FS, dir+"/"+file)
	require.NoError(t, err)
	re := regexp.MustCompile(`(?s)\n  (?:procedure|function) ` + name + `\b.*?\n  end ` + name + `;`)
	m := re.FindString(string(b))
	require.NotEmpty(t, m, "%s: %s not found", file, name)
	return m
}

func TestMessageDeletesForgetTaskText(t *testing.T) {
	const forget = "agentmem_llm_tasks.forget_messages("
	cases := []struct {
		dir, file, name string
		deleteAt        string // the statement that deletes the message rows
	}{
		// delete_message, delete_record of a message: the generic record delete at the end.
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_one", "'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || l_base)"},
		// delete_record of a profile with cascade: the actor's messages in other threads.
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_actor_records", "'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || 'MESSAGE')"},
		// The purge of expired messages: the batch's record delete at the end.
		{sqlfiles.SchedulerDir, "AGENTMEM_PURGE.pkb", "purge_batch", "'delete from ' || agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base)"},
	}
	// Images (standalone ones, and the parts an edited message drops): their
	// bytes leave the caption tasks before any row is deleted (the forget
	// calls lock the task rows first: one lock order with a running task).
	for _, c := range []struct{ dir, file, name string }{
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_one"},
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "drop_parts"},
		{sqlfiles.SchedulerDir, "AGENTMEM_PURGE.pkb", "purge_batch"},
	} {
		body := subprogramBody(t, c.dir, c.file, c.name)
		call := strings.Index(body, "agentmem_llm_tasks.forget_images(")
		require.GreaterOrEqual(t, call, 0, "%s.%s deletes images without removing their bytes from the caption tasks", c.file, c.name)
		if first := firstDelete(body); first >= 0 {
			assert.Less(t, call, first, "%s.%s deletes rows before it removes the images' bytes from the caption tasks", c.file, c.name)
		}
	}
	for _, c := range cases {
		body := subprogramBody(t, c.dir, c.file, c.name)
		at := strings.Index(body, c.deleteAt)
		require.GreaterOrEqual(t, at, 0, "%s.%s: the message delete was not found", c.file, c.name)
		call := strings.Index(body, forget)
		assert.True(t, call >= 0 && call < at,
			"%s.%s deletes messages without first removing their text from the LLM tasks (%s)", c.file, c.name, forget)
	}
}

// Every path that deletes memory-like records calls forget_memories before
// its first delete (rows, retrieval rows or relations): the task rows are
// locked first, as a running task locks its row before it writes.
func TestMemoryDeletesForgetTaskText(t *testing.T) {
	const forget = "agentmem_llm_tasks.forget_memories("
	for _, c := range []struct {
		dir, file, name string
		from            string // where the memory path starts in the body ("" for the whole body)
	}{
		// delete_record of a memory-like record, thread_delete_memory: delete_one's memory branch.
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_one", "elsif agentmem_record_read.memory_like(p_type) then"},
		// delete_record of a thread, thread deletes, a profile's cascade: the threads' memories (other threads' candidates).
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_threads", ""},
		// A profile's cascade: the actor's remaining memories.
		{sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_actor_records", ""},
		// The purge's MEMORY batches.
		{sqlfiles.SchedulerDir, "AGENTMEM_PURGE.pkb", "purge_batch", ""},
	} {
		body := subprogramBody(t, c.dir, c.file, c.name)
		start := strings.Index(body, c.from)
		require.GreaterOrEqual(t, start, 0, "%s.%s: the memory path was not found", c.file, c.name)
		path := body[start:]
		call := strings.Index(path, forget)
		require.GreaterOrEqual(t, call, 0, "%s.%s deletes memories without removing their text from the LINK_MEMORIES tasks", c.file, c.name)
		first := firstDelete(path)
		for _, marker := range []string{"delete_relations(", "agentmem_relation.remove_endpoints("} {
			if i := strings.Index(path, marker); i >= 0 && (first < 0 || i < first) {
				first = i
			}
		}
		require.GreaterOrEqual(t, first, 0, "%s.%s: no delete found on the memory path", c.file, c.name)
		assert.Less(t, call, first, "%s.%s deletes rows before it removes the memories' text from the LINK_MEMORIES tasks", c.file, c.name)
	}
}

// A profile's cascade (D6) deletes the actor's threads before its other
// records: the text of the actor's memories and of its messages in other
// threads leaves the tasks before delete_threads deletes any row, so the
// task rows are locked first on that path too (forget_actor_text).
func TestProfileCascadeForgetsFirst(t *testing.T) {
	body := subprogramBody(t, sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "delete_one")
	start := strings.Index(body, "elsif p_type in ('user_profile', 'agent_profile') and p_cascade then")
	require.GreaterOrEqual(t, start, 0, "delete_one: the profile cascade was not found")
	path := body[start:]
	forget := strings.Index(path, "forget_actor_text(")
	threads := strings.Index(path, "delete_threads(")
	require.GreaterOrEqual(t, threads, 0, "delete_one: the cascade's delete_threads call was not found")
	assert.True(t, forget >= 0 && forget < threads, "delete_one deletes the actor's threads before the tasks forget its text")
	helper := subprogramBody(t, sqlfiles.PackagesDir, "AGENTMEM_RECORD_EDIT.pkb", "forget_actor_text")
	assert.Contains(t, helper, "agentmem_llm_tasks.forget_memories(")
	assert.Contains(t, helper, "agentmem_llm_tasks.forget_messages(")
	assert.Less(t, firstDelete(helper), 0, "forget_actor_text deletes nothing")
}

func TestDoneOnlyThroughFinishTask(t *testing.T) {
	b, err := fs.ReadFile(sqlfiles.FS, sqlfiles.PackagesDir+"/AGENTMEM_LLM_TASKS.pkb")
	require.NoError(t, err)
	src := string(b)
	writesDone := regexp.MustCompile(`(?i)status\s*=\s*''DONE''\s*,`)
	assert.Len(t, writesDone.FindAllString(src, -1), 1, "one statement sets a task DONE (finish_task)")
	finish := subprogramBody(t, sqlfiles.PackagesDir, "AGENTMEM_LLM_TASKS.pkb", "finish_task")
	assert.Regexp(t, writesDone, finish, "finish_task sets DONE")
	assert.Contains(t, finish, "reduced_input(p_input)", "finish_task stores the reduced input")
	assert.Contains(t, finish, "reduced_result(p_result", "finish_task stores the reduced result")
	assert.Contains(t, finish, "k.output_excerpt = null", "finish_task drops the output excerpt")
}

func TestOneModelNameRule(t *testing.T) {
	for _, f := range []string{"AGENTMEM_LLM_TASKS.pkb", "AGENTMEM_LLM_APPLY.pkb"} {
		b, err := fs.ReadFile(sqlfiles.FS, sqlfiles.PackagesDir+"/"+f)
		require.NoError(t, err)
		src := strings.ToLower(string(b))
		assert.NotRegexp(t, `function\s+model_name\b`, src, "%s: the model name rule is AGENTMEM_LLM.model_name's", f)
		assert.Contains(t, src, "agentmem_llm.model_name(", "%s records the model through AGENTMEM_LLM.model_name", f)
	}
}

// firstDelete is the offset of the first row delete in a subprogram body:
// a dynamic DELETE or a retrieval-row delete (agentmem_chunks.delete_rows).
func firstDelete(body string) int {
	first := -1
	for _, marker := range []string{"'delete from ", "agentmem_chunks.delete_rows("} {
		if i := strings.Index(body, marker); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	return first
}

// A job run locks its task row, then reads the text_removed flag in a new
// query (one opened after the lock is held sees a forget that committed
// while it waited), and when the text was removed rolls back what it wrote
// (a SHORTEN_MESSAGE stored while building the prompt) before it fails the
// task.
func TestRunClaimedRereadsAfterLock(t *testing.T) {
	body := subprogramBody(t, sqlfiles.PackagesDir, "AGENTMEM_LLM_TASKS.pkb", "run_claimed")
	lock := strings.Index(body, "k.task_id = :b_id for update'")
	require.GreaterOrEqual(t, lock, 0, "run_claimed locks its task row")
	flag := strings.Index(body, "select case when json_exists(k.input, ''$.text_removed'')")
	require.Greater(t, flag, lock, "run_claimed reads text_removed in a query after the lock")
	assert.NotContains(t, body[flag:flag+200], "for update", "the flag is read by a query of its own, not the locking one")
	removed := body[strings.Index(body, "if l_removed = 1 then"):]
	assert.Less(t, strings.Index(removed, "rollback;"), strings.Index(removed, "fail_task("),
		"a run whose text was removed rolls back what it wrote before it fails the task")
}
