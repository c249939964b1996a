package integration

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/tests/go/fixturesync"
)

// This file needs no database. The utPLSQL suites copy the golden fixtures
// into PL/SQL as q-quoted JSON literals; if a fixture changes and its copy
// does not, the suite silently tests the old contract. TestFixtureSuites
// compares every copy with its fixture as parsed JSON and fails on a
// fixture that no suite copies; go run ./tests/go/cmd/genfixtures rewrites
// the generated regions of the suites from the fixtures.

const repoRoot = "../.."

// fixtureExceptions are the deliberate differences, each with its reason.
// The check fails on an entry that no longer matches anything.
var fixtureExceptions = fixturesync.Exceptions{
	NotCopied: []fixturesync.NotCopied{
		{Pattern: "describe_store/*", Reason: "the responses name APP_OWNER and stores MEM01/KW01 (one BROKEN by a failed " +
			"Oracle Text step), which a suite cannot create; test_agentmem_store checks describe_store on its own UTS_ " +
			"stores, and the Go client decodes these files"},
		{Pattern: "list_stores/*", Reason: "the response lists APP_OWNER's stores; test_agentmem_store checks list_stores " +
			"on its own UTS_ stores, and the Go client decodes this file"},
		{Pattern: "open_store/*.response.json", Reason: "the responses name APP_OWNER and the fixtures' store ids; " +
			"test_agentmem_store asserts the fields that hold for its UTS_ stores"},
		{Pattern: "open_store/create_hybrid_auto.request.json", Reason: "needs an ONNX model named ALL_MINILM_L12_V2; " +
			"test_agentmem_store's HYBRID test uses whatever embedding model the schema has"},
		{Pattern: "open_store/default_store_other_owner.request.json", Reason: "needs the default (unnamed) store of " +
			"another schema, APP_OWNER; the suite runs in the one schema where agentmem is installed"},
		{Pattern: "open_store/keyword_on_hybrid.request.json", Reason: "needs the HYBRID store HY01 in schema APP_OWNER; " +
			"test_agentmem_store reopens its own HYBRID store with KEYWORD when a model exists"},
		{Pattern: "open_store/auto_sync_keyword_rejected.error.json", Reason: "auto_sync_rejected_for_keyword expects " +
			"the class through --%throws(co_invalid_argument) and does not check the message fragments"},
	},
	NotCopiedFields: []fixturesync.NotCopiedField{
		{File: "metadata_filter/cases.json", Field: "about", Reason: "prose for readers of the file"},
		{File: "metadata_filter/cases.json", Field: "cases[].why", Reason: "prose: why the case matches or not"},
	},
	Deviations: []fixturesync.Deviation{
		{Fixture: "open_store/create_vector.request.json", Path: "$.memory_retention_config", Kind: fixturesync.Omitted,
			Reason: "UTS_VEC is created without retention so that retention_refresh can show CREATE_IF_NECESSARY " +
				"setting one on an existing store"},
		{Fixture: "open_store/create_keyword_manual.request.json", Path: "$.search_strategy", Kind: fixturesync.LetterCase,
			Reason: "the suite sends \"keyword\": enums are matched case-insensitively (docs/protocol.md), and the " +
				"test expects KEYWORD back"},
		{Fixture: "open_store/auto_sync_keyword_rejected.request.json", Path: "$.search_index_sync", Kind: fixturesync.LetterCase,
			Reason: "the suite sends \"auto\": enums are matched case-insensitively (docs/protocol.md)"},
	},
}

func TestFixtureSuites(t *testing.T) {
	findings := fixturesync.Check(repoRoot, fixtureExceptions)
	for _, f := range findings {
		t.Error(f)
	}
}

// The tests below prove that the check can fail: each changes a temporary
// copy of the fixtures and suites and expects the finding that names the
// suite line and the fixture.

// fixtureCopy copies the suites and the fixtures into a temporary root.
func fixtureCopy(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, dir := range []string{fixturesync.SuiteDir, fixturesync.ContractDir} {
		src := filepath.Join(repoRoot, dir)
		err := filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			rel, err := filepath.Rel(repoRoot, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			dst := filepath.Join(root, rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			return os.WriteFile(dst, b, 0o644)
		})
		require.NoError(t, err)
	}
	return root
}

// editFixture rewrites fixture file rel (under ContractDir) through edit,
// re-encoded by encoding/json: other indentation, keys sorted.
func editFixture(t *testing.T, root, rel string, edit func(v any) any) {
	t.Helper()
	file := filepath.Join(root, fixturesync.ContractDir, rel)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // numbers keep their digits (cases.json has a 41-digit one)
	require.NoError(t, dec.Decode(&v))
	out, err := json.MarshalIndent(edit(v), "", "    ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(file, out, 0o644))
}

func writeFixture(t *testing.T, root, rel, text string) {
	t.Helper()
	file := filepath.Join(root, fixturesync.ContractDir, rel)
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
}

// lineOf is the 1-based line of suite file (under SuiteDir) that holds
// text, after the line that holds after ("" = from the top).
func lineOf(t *testing.T, root, suite, after, text string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, fixturesync.SuiteDir, suite))
	require.NoError(t, err)
	seen := after == ""
	for i, line := range strings.Split(string(b), "\n") {
		seen = seen || strings.Contains(line, after)
		if seen && strings.Contains(line, text) {
			return i + 1
		}
	}
	t.Fatalf("%s holds no line with %q after %q", suite, text, after)
	return 0
}

func findingTexts(findings []fixturesync.Finding) []string {
	out := make([]string, len(findings))
	for i, f := range findings {
		out[i] = f.String()
	}
	return out
}

// requireFinding asserts that the findings are exactly one, at suite:line,
// naming fixture and holding every fragment.
func requireFinding(t *testing.T, findings []fixturesync.Finding, suite string, line int, fixture string, fragments ...string) {
	t.Helper()
	texts := findingTexts(findings)
	require.Len(t, findings, 1, "findings:\n%s", strings.Join(texts, "\n"))
	f := findings[0]
	assert.Equal(t, fixturesync.SuiteDir+"/"+suite, f.Suite, texts[0])
	assert.Equal(t, line, f.Line, texts[0])
	assert.Equal(t, fixturesync.ContractDir+"/"+fixture, f.Fixture, texts[0])
	for _, frag := range fragments {
		assert.Contains(t, f.Message, frag)
	}
}

func TestFixtureSuitesCopyIsClean(t *testing.T) {
	t.Parallel()
	root := fixtureCopy(t)
	assert.Empty(t, findingTexts(fixturesync.Check(root, fixtureExceptions)), "an unchanged copy must be clean")
}

func TestFixtureSuitesReportChangedValue(t *testing.T) {
	t.Parallel()
	t.Run("op case request", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		editFixture(t, root, "add_records/batch_size_range.request.json", func(v any) any {
			v.(map[string]any)["batch_size"] = 10001
			return v
		})
		line := lineOf(t, root, "test_agentmem_records.pkb", "add_case('add_records', 'batch_size_range',", `"batch_size":0`)
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_records.pkb", line,
			"add_records/batch_size_range.request.json", "p_request differs", "$.batch_size: the suite has 0, the fixture 10001")
	})
	t.Run("search error fragments", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		editFixture(t, root, "search/any_k_zero.error.json", func(v any) any {
			v.(map[string]any)["message_contains"] = []any{"k", "0", "whole numbers"}
			return v
		})
		line := lineOf(t, root, "test_agentmem_search.pkb", "q'~any_k_zero~'", "p_error")
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_search.pkb", line,
			"search/any_k_zero.error.json", `$.message_contains[2]: the suite has "whole number", the fixture "whole numbers"`)
	})
	t.Run("metadata filter entry", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		editFixture(t, root, "metadata_filter/cases.json", func(v any) any {
			entry := v.(map[string]any)["cases"].([]any)[6].(map[string]any)
			require.Equal(t, "scalar_string_equal", entry["name"])
			entry["filter"] = map[string]any{"source": "teams"}
			return v
		})
		line := lineOf(t, root, "test_agentmem_filter.pkb", "", "q'~scalar_string_equal~'")
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_filter.pkb", line,
			"metadata_filter/cases.json", `$.cases[6].filter.source: the suite has "slack", the fixture "teams"`)
	})
	t.Run("keyword escape entry", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		editFixture(t, root, "search/keyword_escape/cases.json", func(v any) any {
			v.([]any)[0].(map[string]any)["truncated"] = true
			return v
		})
		line := lineOf(t, root, "test_agentmem_search.pkb", "", "q'~single_word~'")
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_search.pkb", line,
			"search/keyword_escape/cases.json", "$[0].truncated: the suite passes p_truncated false, the fixture has true")
	})
	t.Run("store request", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		editFixture(t, root, "open_store/create_keyword_manual.request.json", func(v any) any {
			v.(map[string]any)["chunking"].(map[string]any)["overlap"] = 20
			return v
		})
		line := lineOf(t, root, "test_agentmem_store.pkb", "procedure create_keyword_store", "co_request constant")
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_store.pkb", line,
			"open_store/create_keyword_manual.request.json", "$.chunking.overlap: the suite has 10, the fixture 20")
	})
}

func TestFixtureSuitesIgnoreLayout(t *testing.T) {
	t.Parallel()
	root := fixtureCopy(t)
	// Keys sorted, four-blank indentation, 0 written as 0.0: the same JSON.
	editFixture(t, root, "add_records/d2_memories.request.json", func(v any) any { return v })
	writeFixture(t, root, "add_records/batch_size_range.request.json",
		`{"batch_size": 0.0, "contents": ["a"], "record_type": "memory"}`)
	assert.Empty(t, findingTexts(fixturesync.Check(root, fixtureExceptions)))
}

func TestFixtureSuitesReportMissingCounterpart(t *testing.T) {
	t.Parallel()
	t.Run("new op case, then generated", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		writeFixture(t, root, "get_record/zz_new.request.json", `{"record_type": "memory", "record_id": "m9"}`)
		writeFixture(t, root, "get_record/zz_new.response.json", `{"record": null}`)
		line := lineOf(t, root, "test_agentmem_records.pkb", "", "-- genfixtures:begin edit_cases")
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_records.pkb", line,
			"get_record/zz_new.request.json", "has no add_case call in this suite, which covers op get_record")

		changed, err := fixturesync.Generate(root)
		require.NoError(t, err)
		assert.Equal(t, []string{fixturesync.SuiteDir + "/test_agentmem_records.pkb"}, changed)
		assert.Empty(t, findingTexts(fixturesync.Check(root, fixtureExceptions)), "after genfixtures")
	})
	t.Run("new filter entry: generated, count assertion stale", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		editFixture(t, root, "metadata_filter/cases.json", func(v any) any {
			cases := v.(map[string]any)["cases"].([]any)
			v.(map[string]any)["cases"] = append(cases, map[string]any{
				"name": "zz_new", "filter": map[string]any{"k": "v"}, "metadata": map[string]any{"k": "v"}, "match": true, "why": "x"})
			return v
		})
		line := lineOf(t, root, "test_agentmem_filter.pkb", "", "-- genfixtures:begin cases")
		findings := fixturesync.Check(root, fixtureExceptions)
		require.Len(t, findings, 2, strings.Join(findingTexts(findings), "\n"))
		assert.Equal(t, line, findings[0].Line)
		assert.Contains(t, findings[0].Message, `$.cases[86] "zz_new" has no add_case call`)

		_, err := fixturesync.Generate(root)
		require.NoError(t, err)
		line = lineOf(t, root, "test_agentmem_filter.pkb", "", "'valid cases loaded').to_equal(86)")
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_filter.pkb", line,
			"metadata_filter/cases.json", "expects 86 entries", "the fixtures have 87")
	})
	t.Run("fixture file removed", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		require.NoError(t, os.Remove(filepath.Join(root, fixturesync.ContractDir, "delete_thread/unknown.response.json")))
		line := lineOf(t, root, "test_agentmem_records.pkb", "add_case('delete_thread', 'unknown',", `q'~{"deleted":0}~'`)
		requireFinding(t, fixturesync.Check(root, fixtureExceptions), "test_agentmem_records.pkb", line,
			"delete_thread/unknown.response.json", "p_response holds JSON, but there is no such fixture file")
	})
	t.Run("op no suite covers", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		writeFixture(t, root, "purge_expired/basic.request.json", `{}`)
		findings := fixturesync.Check(root, fixtureExceptions)
		require.Len(t, findings, 1, strings.Join(findingTexts(findings), "\n"))
		assert.Equal(t, fixturesync.ContractDir+"/purge_expired/basic.request.json", findings[0].Fixture)
		assert.Contains(t, findings[0].Message, "no suite copies this fixture file")
	})
	t.Run("search case no run covers", func(t *testing.T) {
		t.Parallel()
		root := fixtureCopy(t)
		writeFixture(t, root, "search/graph_hops.request.json", `{"query_vector": [1, 0, 0], "num_hops": 1}`)
		writeFixture(t, root, "search/graph_hops.response.json", `{"results": []}`)
		_, err := fixturesync.Generate(root)
		require.NoError(t, err)
		findings := fixturesync.Check(root, fixtureExceptions)
		require.Len(t, findings, 1, strings.Join(findingTexts(findings), "\n"))
		assert.Contains(t, findings[0].Message, "starts with none of the prefixes the suite runs (vector_, any_, keyword_, hybrid_)")
	})
}

func TestFixtureSuitesReportUnreadableCall(t *testing.T) {
	t.Parallel()
	root := fixtureCopy(t)
	file := filepath.Join(root, fixturesync.SuiteDir, "test_agentmem_records.pkb")
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	anchor := "add_case('delete_thread', 'unknown',\n      q'~{\"thread_id\":\"nope\"}~'"
	require.Equal(t, 1, strings.Count(string(b), anchor))
	text := strings.Replace(string(b), anchor, "add_case('delete_thread', 'unknown',\n      l_request", 1)
	require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
	line := lineOf(t, root, "test_agentmem_records.pkb", "add_case('delete_thread', 'unknown',", "l_request")
	findings := fixturesync.Check(root, fixtureExceptions)
	texts := findingTexts(findings)
	require.Len(t, findings, 2, strings.Join(texts, "\n"))
	// Sorted by line: the region's begin marker (where the missing copy goes) comes first.
	assert.Contains(t, texts[0], "fixture case delete_thread/unknown has no add_case call", "an unreadable call copies nothing")
	assert.Equal(t, line, findings[1].Line, texts[1])
	assert.Contains(t, texts[1], `p_request: "l_request" is not NULL, TRUE, FALSE or a string literal`)
}

func TestFixtureSuitesReportStaleExceptions(t *testing.T) {
	ex := fixtureExceptions
	ex.Deviations = append(append([]fixturesync.Deviation(nil), ex.Deviations...), fixturesync.Deviation{
		Fixture: "open_store/reopen_require_existing.request.json", Path: "$.memory_store_id", Kind: fixturesync.Omitted,
		Reason: "not needed: the suite sends the key"})
	ex.NotCopied = append(append([]fixturesync.NotCopied(nil), ex.NotCopied...), fixturesync.NotCopied{
		Pattern: "add_records/*", Reason: "wrong: the records suite copies them"})
	ex.NotCopiedFields = append(append([]fixturesync.NotCopiedField(nil), ex.NotCopiedFields...), fixturesync.NotCopiedField{
		File: "metadata_filter/cases.json", Field: "invalid[].path"})
	texts := findingTexts(fixturesync.Check(repoRoot, ex))
	require.Len(t, texts, 4, strings.Join(texts, "\n"))
	joined := strings.Join(texts, "\n")
	assert.Contains(t, joined, "NotCopiedField metadata_filter/cases.json invalid[].path has no reason")
	assert.Contains(t, joined, "add_records/*: exception NotCopied matches no fixture file that the suites leave out")
	assert.Contains(t, joined, `NotCopiedField "invalid[].path" matches no key the suites leave out`)
	assert.Contains(t, joined, "Deviation $.memory_store_id Omitted is not needed")
}
