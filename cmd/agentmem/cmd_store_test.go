package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStoreCreateFlagsDefaults(t *testing.T) {
	f, err := parseStoreFlags("create", []string{"--id", "mem01"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.StoreOptions{MemoryStoreID: "mem01", SchemaPolicy: agentmemory.CreateIfNecessary}, f.opts,
		"create defaults to CREATE_IF_NECESSARY and leaves everything else omitted")
}

func TestStoreCreateFlagsEveryOption(t *testing.T) {
	f, err := parseStoreFlags("create", []string{
		"--id", "KB", "--strategy", "hybrid", "--sync", "Auto", "--dim", "none", "--model", "ALL_MINILM_L12_V2",
		"--default-ttl-days", "30", "--max-ttl-days", "none",
		"--chunk-max", "300", "--chunk-overlap", "30", "--chunk-by", "words", "--chunk-split", "sentence", "--chunk-normalize", "all",
		"--json",
	})
	require.NoError(t, err)
	assert.True(t, f.asJSON)
	assert.Equal(t, agentmemory.StoreOptions{
		MemoryStoreID:   "KB",
		SchemaPolicy:    agentmemory.CreateIfNecessary,
		SearchStrategy:  agentmemory.Hybrid,
		SearchIndexSync: agentmemory.Auto,
		VectorDim:       agentmemory.None[int](),
		EmbeddingModel:  agentmemory.Some("ALL_MINILM_L12_V2"),
		MemoryRetentionConfig: &agentmemory.RetentionConfig{
			DefaultTTLDays: agentmemory.Some(30), MaxTTLDays: agentmemory.None[int](),
		},
		Chunking: &agentmemory.ChunkingConfig{Max: 300, Overlap: 30, By: "words", Split: "sentence", Normalize: "all"},
	}, f.opts)
}

func TestStoreCreateFlagsPartialGroups(t *testing.T) {
	f, err := parseStoreFlags("create", []string{"--id", "A", "--max-ttl-days", "90", "--chunk-overlap", "0", "--dim", "768"})
	require.NoError(t, err)
	assert.Equal(t, &agentmemory.RetentionConfig{MaxTTLDays: agentmemory.Some(90)}, f.opts.MemoryRetentionConfig,
		"the default TTL is left out: NOT_SET, which the package resolves to None")
	assert.Equal(t, &agentmemory.ChunkingConfig{}, f.opts.Chunking, "a chunk flag sends a chunking object")
	assert.Equal(t, agentmemory.Some(768), f.opts.VectorDim)
}

func TestStoreFlagErrors(t *testing.T) {
	cases := []struct {
		sub  string
		args []string
		want string
	}{
		{"create", []string{"--dim", "many"}, `"many" is neither a whole number nor none`},
		{"create", []string{"--policy", "recreate"}, "--policy recreate needs --id"},
		{"drop", nil, "store drop needs --id"},
		{"grant", []string{"--id", "A"}, "needs --grantee"},
		{"revoke", []string{"--id", "A"}, "needs --grantee"},
		{"list", []string{"--id", "A"}, "takes no --id"},
		{"describe", []string{"MEM01"}, "takes no argument"},
		{"upgrade", []string{"--owner", "X"}, "not defined: -owner"},
		{"rename", nil, `unknown subcommand "rename"`},
	}
	for _, c := range cases {
		t.Run(c.sub+" "+strings.Join(c.args, " "), func(t *testing.T) {
			_, err := parseStoreFlags(c.sub, c.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	// Store rules (ids, policies, strategies, TTLs, chunking) are the
	// package's: the flags reach it as given.
	for _, args := range [][]string{{"--id", "9x"}, {"--policy", "sometimes"}, {"--strategy", "semantic"}, {"--sync", "auto"},
		{"--default-ttl-days", "0"}, {"--owner", "APP_OWNER"}, {"--chunk-by", "tokens"}} {
		_, err := parseStoreFlags("create", args)
		assert.NoError(t, err, "%v", args)
	}
}

func TestStoreFlagsAccepted(t *testing.T) {
	f, err := parseStoreFlags("drop", []string{"--id", "", "--yes"})
	require.NoError(t, err)
	assert.Equal(t, "", f.id, `--id "" names the default store`)
	assert.True(t, f.yes)

	f, err = parseStoreFlags("create", []string{"--owner", "app_owner", "--policy", "require-existing", "--id", "MEM01"})
	require.NoError(t, err)
	assert.Equal(t, agentmemory.RequireExisting, f.opts.SchemaPolicy)

	f, err = parseStoreFlags("create", []string{"--prefix", "MEM01_", "--policy", "recreate"})
	require.NoError(t, err, "the deprecated prefix names the store for recreate too")
	assert.Equal(t, "MEM01_", f.opts.TableNamePrefix)

	f, err = parseStoreFlags("grant", []string{"--id", "MEM01", "--grantee", "APP_USER", "--access", "read_only", "--synonyms"})
	require.NoError(t, err)
	assert.Equal(t, []any{"MEM01", "APP_USER", "read_only", true}, []any{f.id, f.grantee, f.access, f.synonyms})
}

func TestConfirm(t *testing.T) {
	cases := []struct {
		input string
		ok    bool
	}{
		{"MEM01\n", true},
		{"  mem01 \n", true},
		{"MEM01", true}, // no newline before EOF
		{"MEM02\n", false},
		{"yes\n", false},
		{"\n", false},
		{"", false},
	}
	for _, c := range cases {
		var stderr bytes.Buffer
		env := &cliEnv{Stdout: &bytes.Buffer{}, Stderr: &stderr, Getenv: func(string) string { return "" }}
		err := confirm(env, strings.NewReader(c.input), "This drops store MEM01.", "MEM01")
		if c.ok {
			assert.NoError(t, err, "input %q", c.input)
		} else {
			require.Error(t, err, "input %q", c.input)
			assert.Contains(t, err.Error(), "nothing was changed")
		}
		assert.Contains(t, stderr.String(), "Type MEM01 to confirm")
	}
	assert.Equal(t, "default", confirmToken(""))
	assert.Equal(t, "MEM01", confirmToken("mem01"))
}

// runStoreCLI runs "agentmem store args..." with stdin as input and
// ORACLE_DSN set to dsn.
func runStoreCLI(t *testing.T, input, dsn string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := &cliEnv{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errOut, Getenv: func(k string) string {
		if k == envDSN {
			return dsn
		}
		return ""
	}}
	code := run(context.Background(), env, append([]string{"store"}, args...))
	return code, out.String(), errOut.String()
}

func TestDestructiveCallsStopWithoutConfirmation(t *testing.T) {
	// A refused confirmation returns before connecting: the DSN below points
	// nowhere, so reaching the database would be a different error.
	const dsn = "nobody/secret@127.0.0.1:9/none"
	code, out, errOut := runStoreCLI(t, "MEM02\n", dsn, "drop", "--id", "MEM01")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "This drops store MEM01 and all its records.")
	assert.Contains(t, errOut, "not confirmed: expected MEM01")

	code, _, errOut = runStoreCLI(t, "", dsn, "create", "--id", "MEM01", "--policy", "recreate")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "recreate drops store MEM01")
	assert.Contains(t, errOut, "no answer on stdin")

	code, _, errOut = runStoreCLI(t, "", dsn, "drop", "--id", "")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "This drops the default store")
}

func TestNoDSNFailsBeforeTheQuestion(t *testing.T) {
	code, _, errOut := runStoreCLI(t, "MEM01\n", "", "drop", "--id", "MEM01")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "no database given")
	assert.NotContains(t, errOut, "to confirm")
}

func TestStoreWithoutSubcommand(t *testing.T) {
	code, _, errOut := runStoreCLI(t, "", "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "missing subcommand")

	code, out, _ := runStoreCLI(t, "", "", "create", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Usage: agentmem store")
}

func readGoclientFixture(t *testing.T, name string, out any) {
	t.Helper()
	b, err := os.ReadFile("../../goclient/testdata/" + name)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, out))
}

func TestPrintStoreResult(t *testing.T) {
	var res agentmemory.StoreResult
	readGoclientFixture(t, "open_store/create_vector.response.json", &res)
	var out, errOut bytes.Buffer
	env := &cliEnv{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}
	require.NoError(t, report(env, false, &res))
	text := out.String()
	for _, want := range []string{"store", "MEM01", "schema owner", "APP_OWNER", "READY", "vector dim", "384",
		"embedding model", "none", "default ttl days", "30", "max ttl days", "2026-11-30T10:00:00Z",
		"actions:\n  - created table MEM01_THREAD"} {
		assert.Contains(t, text, want)
	}
	assert.Contains(t, errOut.String(), "warning: CREATE JOB privilege missing", "warnings go to stderr")
	assert.NotContains(t, text, "warning")

	out.Reset()
	require.NoError(t, report(env, true, &res))
	var back agentmemory.StoreResult
	require.NoError(t, json.Unmarshal(out.Bytes(), &back), "--json prints JSON")
	assert.Equal(t, res.Store.Config, back.Store.Config)
	assert.Equal(t, res.Warnings, back.Warnings)
}

func TestPrintDescriptionAndList(t *testing.T) {
	var d agentmemory.Description
	readGoclientFixture(t, "describe_store/other_owner_partial_grants.response.json", &d)
	var out bytes.Buffer
	printDescription(&out, &d)
	text := out.String()
	assert.Regexp(t, `MEM01_RECORD_CHUNKS_VEC_IDX\s+INDEX\s+VALID\s+true`, text)
	assert.Regexp(t, `MESSAGE\s+340`, text)
	assert.Regexp(t, `RELATION\s+not readable`, text)
	assert.NotContains(t, text, "security:", "no security line when the registry was not readable")
	counts := text[strings.Index(text, "TABLE "):]
	assert.Less(t, strings.Index(counts, "\nACTOR_PROFILE "), strings.Index(counts, "\nTHREAD "), "row counts sorted by table")

	var broken agentmemory.Description
	readGoclientFixture(t, "describe_store/broken.response.json", &broken)
	out.Reset()
	printDescription(&out, &broken)
	assert.Regexp(t, `status\s+BROKEN\nstatus detail\s+step 'create vector index`, out.String())
	assert.Regexp(t, `MEM02_RECORD_CHUNKS_VEC_IDX\s+INDEX\s+-\s+false`, out.String())
	assert.Contains(t, out.String(), "security: DEEP_DATA_SECURITY (GLOBAL_MEMORIES, USER_OWN_ROWS)")
	assert.Contains(t, out.String(), "repair: open with CREATE_IF_NECESSARY")

	var list struct {
		Stores []agentmemory.StoreInfo `json:"stores"`
	}
	readGoclientFixture(t, "list_stores/two.response.json", &list)
	out.Reset()
	printStores(&out, list.Stores)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^\(default\)\s+READY\s+KEYWORD\s+none\s+none\s+1/1`, lines[1])
	assert.Regexp(t, `^MEM01\s+READY\s+VECTOR\s+384`, lines[2])

	out.Reset()
	printStores(&out, nil)
	assert.Contains(t, out.String(), "no stores")
}

func TestTimeText(t *testing.T) {
	assert.Equal(t, "-", timeText(time.Time{}))
	assert.Equal(t, "2026-11-30T10:00:00Z", timeText(time.Date(2026, 11, 30, 11, 0, 0, 0, time.FixedZone("CET", 3600))))
}
