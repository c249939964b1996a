package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func searchEnv(stdin string, dsn string) (*cliEnv, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return &cliEnv{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, Getenv: func(k string) string {
		if k == envDSN {
			return dsn
		}
		return ""
	}}, &out, &errOut
}

func TestSearchFlagsToRequest(t *testing.T) {
	env, _, _ := searchEnv("", "app/x@db/pdb")
	f, err := parseSearchFlags(env, []string{
		"--id", "mem01", "--vector", "[1, 0, 0.5]", "--k", "5", "--user", "u1", "--agent", "none", "--thread", "NULL",
		"--type", "memory", "--type", "FACT", "--filter", `{"tags": {"$array_contains": "prod"}, "n": 1.50}`,
		"--include-invalid=false", "--hops", "0", "--max-linked", "0", "--json",
	})
	require.NoError(t, err)
	assert.Equal(t, "mem01", f.id)
	assert.True(t, f.asJSON)
	body, err := json.Marshal(f.req)
	require.NoError(t, err)
	assert.JSONEq(t, `{"query_vector":[1,0,0.5],"k":5,"user_id":"u1","agent_id":null,"thread_id":null,
		"record_types":["memory","FACT"],"include_invalid_results":false,
		"metadata_filter":{"tags":{"$array_contains":"prod"},"n":1.50},"max_linked_results":0}`, string(body),
		"0 hops: the default, left out; --max-linked 0 (direct results only) is sent")
	assert.Contains(t, string(body), `"n":1.50`, "filter numbers are sent as written")
}

func TestSearchFlagsDefaultsLeaveKeysOut(t *testing.T) {
	env, _, _ := searchEnv("", "app/x@db/pdb")
	f, err := parseSearchFlags(env, []string{"--query", "pizza near me", "--keyword"})
	require.NoError(t, err)
	assert.True(t, f.keyword)
	body, err := json.Marshal(f.req)
	require.NoError(t, err)
	assert.JSONEq(t, `{"query":"pizza near me"}`, string(body))

	f, err = parseSearchFlags(env, []string{"--vector", "0.25, -1,3e-2", "--include-invalid", "--filter", "none"})
	require.NoError(t, err)
	body, err = json.Marshal(f.req)
	require.NoError(t, err)
	assert.JSONEq(t, `{"query_vector":[0.25,-1,0.03],"metadata_filter":null}`, string(body), "--include-invalid is the default")
}

func TestSearchQueryFromStdin(t *testing.T) {
	env, _, _ := searchEnv("a long question\nover two lines\n", "app/x@db/pdb")
	f, err := parseSearchFlags(env, []string{"--query", "-"})
	require.NoError(t, err)
	assert.Equal(t, "a long question\nover two lines", f.req.Query)
}

func TestSearchFlagErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--vector", "1,x"}, `element 1 "x" is not a FLOAT32 number`},
		{[]string{"--vector", "[1, 1e39]"}, "not a JSON array of FLOAT32 numbers"},
		{[]string{"--query", "x", "--k", "none"}, `invalid value "none" for flag -k`},
		{[]string{"--query", "x", "--filter", "[1]"}, "is not a JSON object"},
		{[]string{"--query", "x", "--include-invalid=maybe"}, `"maybe" is neither true nor false`},
		{[]string{"pizza"}, "search takes no argument"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			env, _, _ := searchEnv("", "app/x@db/pdb")
			_, err := parseSearchFlags(env, c.args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestSearchCommandFailsBeforeConnecting(t *testing.T) {
	env, out, errOut := searchEnv("", "")
	assert.Equal(t, 2, run(context.Background(), env, []string{"search", "--query", "pizza"}))
	assert.Empty(t, out.String())
	assert.Contains(t, errOut.String(), "no database given")

	env, out, _ = searchEnv("", "")
	assert.Equal(t, 0, run(context.Background(), env, []string{"search", "--help"}))
	assert.Contains(t, out.String(), "--include-invalid=false")
}

func TestPrintSearchResult(t *testing.T) {
	text, err := os.ReadFile("../../tests/go/testdata/contract/search/vector_user_exact.response.json")
	require.NoError(t, err)
	var res agentmemory.SearchResult
	require.NoError(t, json.Unmarshal(text, &res))
	var out bytes.Buffer
	printSearchResult(&out, &res)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 7, "header, five results, summary")
	assert.Regexp(t, `^RANK\s+DISTANCE\s+TYPE\s+ID\s+USER\s+AGENT\s+THREAD\s+STATUS\s+CONTENT$`, lines[0])
	assert.Regexp(t, `^1\s+0\.000000\s+memory\s+mem-a\s+u1\s+-\s+-\s+VALID\s+"pizza preference"$`, lines[1])
	assert.Regexp(t, `^2\s+0\.040000\s+message\s+msg-1\s+u1\s+a1\s+t1\s+VALID\s+"I want pizza"$`, lines[2])
	assert.Regexp(t, `^4\s+0\.720000\s+memory\s+mem-i\s+u1\s+-\s+-\s+INVALID\s+`, lines[4])
	assert.Regexp(t, `^5\s+1\.000000\s+user_profile\s+u1\s+-\s+-\s+-\s+VALID\s+"Prefers concise answers\."$`, lines[5])
	assert.Equal(t, "5 results, strategy VECTOR, 1 query chunk", lines[6])

	out.Reset()
	printSearchResult(&out, &agentmemory.SearchResult{SearchStrategy: agentmemory.Keyword, QueryChunks: 1})
	assert.Equal(t, "no results (strategy KEYWORD)\n", out.String())

	// --json writes the package's response shape.
	env, stdout, _ := searchEnv("", "")
	require.NoError(t, output(env, true, &res, nil))
	assert.JSONEq(t, string(text), stdout.String())
}

func TestPrintSearchResultLinked(t *testing.T) {
	text, err := os.ReadFile("../../tests/go/testdata/contract/search/vector_graph_two_hops.response.json")
	require.NoError(t, err)
	var res agentmemory.SearchResult
	require.NoError(t, json.Unmarshal(text, &res))
	var out bytes.Buffer
	printSearchResult(&out, &res)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 7, "header, one result, its four linked records, summary")
	assert.Regexp(t, `^1\s+0\.000000\s+memory\s+mem-a\s+`, lines[1])
	assert.Regexp(t, `^1\.1\s+linked\s+memory\s+mem-b\s+u1\s+a1\s+-\s+VALID\s+\[supports rel-1\] "pasta preference"$`, lines[2])
	assert.Regexp(t, `^1\.2\s+linked\s+fact\s+fact-d\s+-\s+-\s+-\s+VALID\s+\[supports rel-2\] `, lines[3])
	assert.Regexp(t, `^1\.4\s+linked\s+memory\s+mem-i\s+.*INVALID\s+\[contradicts rel-5\] `, lines[5])
	assert.Equal(t, "1 results, strategy VECTOR, 1 query chunk", lines[6])
}

func TestContentCell(t *testing.T) {
	long := &agentmemory.MemoryRecord{Content: agentmemory.Some("a  b\nc " + strings.Repeat("x", 80))}
	assert.Equal(t, `"a b c `+strings.Repeat("x", 51)+`..."`, contentCell(long))
	assert.Equal(t, "(none)", contentCell(&agentmemory.MemoryRecord{}))
}

func TestStoreSyncIndexArguments(t *testing.T) {
	cases := []struct {
		args []string
		dsn  string
		code int
		want string
	}{
		{[]string{"sync-index"}, "app/x@db/pdb", 2, "needs the store id"},
		{[]string{"sync-index", "A", "B"}, "app/x@db/pdb", 2, "takes one store id"},
		{[]string{"sync-index", "--id", "A", "A"}, "app/x@db/pdb", 2, "give the store id once"},
		{[]string{"sync-index", "MEM01"}, "", 2, "no database given"},
		{[]string{"sync-index", "--bogus"}, "", 2, "flag provided but not defined"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			env, _, errOut := searchEnv("", c.dsn)
			assert.Equal(t, c.code, run(context.Background(), env, append([]string{"store"}, c.args...)))
			assert.Contains(t, errOut.String(), c.want)
		})
	}
	env, out, _ := searchEnv("", "")
	assert.Equal(t, 0, run(context.Background(), env, []string{"store", "sync-index", "-h"}))
	assert.Contains(t, out.String(), "Usage: agentmem store sync-index")
}
