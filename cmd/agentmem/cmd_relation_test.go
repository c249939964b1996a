package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

func TestRelationFlagsBuildTheCalls(t *testing.T) {
	c, err := parseRelationCmd("add", []string{"--source", "m3", "--target", "f1", "--target-type", "FACT", "--type", "supersedes",
		"--id", "r1", "--timestamp", "2026-11-30T09:00:00+01:00", "--metadata", `{"src":"cli"}`, "--store", "mem01", "--json"})
	require.NoError(t, err)
	assert.Equal(t, "mem01", c.store)
	assert.True(t, c.asJSON)
	assert.Equal(t, agentmemory.Relation{ID: "r1", Source: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m3"},
		Target: agentmemory.RecordRef{Type: agentmemory.RecordTypeFact, ID: "f1"}, Type: agentmemory.RelationSupersedes,
		Timestamp: time.Date(2026, 11, 30, 9, 0, 0, 0, time.FixedZone("", 3600)), Metadata: map[string]any{"src": "cli"}}.Key(), c.add.Key())
	assert.True(t, c.add.Timestamp.Equal(time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)))
	assert.Equal(t, map[string]any{"src": "cli"}, c.add.Metadata)
	assert.Equal(t, "r1", c.add.ID)

	c, err = parseRelationCmd("get", []string{"r2"})
	require.NoError(t, err)
	assert.Equal(t, "r2", c.id)

	c, err = parseRelationCmd("get", []string{"--source", "m1", "--target", "m4", "--type", "relates_to"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RelationKey{Source: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m1"},
		Target: agentmemory.RecordRef{Type: agentmemory.RecordTypeMemory, ID: "m4"}, Type: "relates_to"}, c.key)

	c, err = parseRelationCmd("list", []string{"--target", "m2", "--target-type", "memory", "--type", "supports",
		"--filter", `{"tags":{"$array_contains":"a"}}`, "--limit", "none"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RelationFilter{TargetID: "m2", TargetType: agentmemory.RecordTypeMemory, Type: agentmemory.RelationSupports,
		MetadataFilter: agentmemory.Some(agentmemory.Filter{"tags": map[string]any{"$array_contains": "a"}}),
		Limit:          agentmemory.None[int]()}, c.filter, "list filters default to none: no --source-type memory")

	c, err = parseRelationCmd("update", []string{"r1", "r2", "--type", "refines", "--opposite", "none", "--timestamp", "none",
		"--metadata", `{"k":"v"}`})
	require.NoError(t, err)
	assert.Equal(t, []string{"r1", "r2"}, c.ids)
	assert.Equal(t, agentmemory.RelationUpdate{Type: agentmemory.RelationRefines, OppositeType: agentmemory.None[agentmemory.RelationType](),
		Timestamp: agentmemory.None[time.Time](), Metadata: agentmemory.Some(map[string]any{"k": "v"})}, c.update)
}

func TestRelationCmdErrors(t *testing.T) {
	cases := []struct {
		sub  string
		args []string
		want string
	}{
		{"add", []string{"--source", "m1", "--target", "m2"}, "relation add needs --type"},
		{"add", []string{"m1", "m2"}, "relation add takes no argument"},
		{"add", []string{"--source", "m1", "--target", "m2", "--type", "x", "--timestamp", "soon"}, `--timestamp "soon" is not a time`},
		{"get", nil, "relation get needs ID, or --source, --target and --type"},
		{"get", []string{"r1", "--source", "m1"}, "not both"},
		{"get", []string{"--source", "m1", "--type", "x"}, "missing --target"},
		{"list", []string{"r1"}, "relation list takes no argument"},
		{"list", []string{"--limit", "many"}, "neither a whole number nor none"},
		{"update", []string{"--type", "x"}, "relation update needs at least one relation ID"},
		{"delete", nil, "relation delete needs at least one relation ID"},
		{"delete", []string{"r1", "--json"}, "not defined: -json"},
		{"link", nil, `unknown subcommand "link"`},
	}
	for _, c := range cases {
		t.Run(c.sub+" "+strings.Join(c.args, " "), func(t *testing.T) {
			_, err := parseRelationCmd(c.sub, c.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestRelationHelpPerSubcommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "", "relation", "list", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Usage: agentmem relation list [flags]")
	assert.Contains(t, out, "--filter")
	assert.NotContains(t, out, "--yes")

	code, out, _ = runCLI(t, "", "", "relation", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "add|get|list|update|delete")
}

func TestRelationDeleteAsksFirst(t *testing.T) {
	const dsn = "nobody/secret@127.0.0.1:9/none"
	code, out, errOut := runCLI(t, "r2\n", dsn, "relation", "delete", "r1", "r2")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "This deletes relation(s) r1, r2.")
	assert.Contains(t, errOut, "not confirmed: expected r1")
}

const cliRelation = `{"id":"r2","source_record_id":"m3","source_record_type":"memory","target_record_id":"m2",
"target_record_type":"memory","relation_type":"supersedes","opposite_relation_type":"is_superseded_by",
"timestamp":"2026-11-30T08:00:00.000000Z","metadata":null,"created_at":"2026-11-30T10:00:00.000000Z",
"updated_at":"2026-11-30T10:00:00.000000Z"}`

func TestRelationCmdRuns(t *testing.T) {
	f, db := openFakeDB(func(c fakeCall) (string, error) {
		switch c.Fn {
		case "open_store":
			return readContract(t, "open_store/reopen_require_existing.response.json"), nil
		case "add_relations":
			return `{"relation_ids":["r9"]}`, nil
		case "get_relation":
			return `{"relation":` + cliRelation + `}`, nil
		case "list_relations":
			return `{"relations":[` + cliRelation + `]}`, nil
		case "update_relations":
			return `{"relation_ids":["r2"],"updated":1}`, nil
		case "delete_relations":
			return `{"deleted":1}`, nil
		}
		t.Errorf("unexpected call %s", c.Fn)
		return "", nil
	})
	s, err := agentmemory.Open(t.Context(), db, agentmemory.StoreOptions{MemoryStoreID: "MEM01"})
	require.NoError(t, err)
	runSub := func(args ...string) (string, error) {
		c, err := parseRelationCmd(args[0], args[1:])
		require.NoError(t, err)
		env, out, _ := testEnv()
		err = c.run(t.Context(), env, s)
		return out.String(), err
	}

	out, err := runSub("add", "--source", "m3", "--target", "m2", "--type", "supersedes")
	require.NoError(t, err)
	assert.Equal(t, "r9\n", out)

	out, err = runSub("get", "r2")
	require.NoError(t, err)
	for _, want := range []string{"source     memory m3", "type       supersedes", "opposite   is_superseded_by",
		"timestamp  2026-11-30T08:00:00Z", "metadata   none"} {
		assert.Contains(t, out, want)
	}
	out, err = runSub("get", "r2", "--json")
	require.NoError(t, err)
	assert.JSONEq(t, cliRelation, out, "--json prints the package's relation object")

	out, err = runSub("list", "--target", "m2")
	require.NoError(t, err)
	assert.Contains(t, out, "r2  memory m3  supersedes  memory m2  is_superseded_by")

	out, err = runSub("update", "r2", "nope", "--metadata", "none")
	assert.Contains(t, out, "updated relation r2")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no relation with id nope: not updated")

	out, err = runSub("delete", "r2", "--yes")
	require.NoError(t, err)
	assert.Equal(t, "deleted 1 of 1 relation(s)\n", out)

	var sent []string
	for _, c := range f.Calls() {
		if c.Fn != "open_store" {
			sent = append(sent, c.Fn+" "+c.Request)
		}
	}
	assert.Equal(t, []string{
		`add_relations {"source_record_ids":["m3"],"source_record_types":["memory"],"target_record_ids":["m2"],"target_record_types":["memory"],"relation_types":["supersedes"]}`,
		`get_relation {"relation_id":"r2"}`,
		`get_relation {"relation_id":"r2"}`,
		`list_relations {"target_record_id":"m2"}`,
		`update_relations {"relation_ids":["r2","nope"],"metadata":[null,null]}`,
		`delete_relations {"relation_ids":["r2"]}`,
	}, sent)
}
