package plsqlcheck

import (
	"testing"

	"github.com/agentmem/agentmem/internal/plsql"
	"github.com/stretchr/testify/assert"
)

// findingsOf runs one rule over one file.
func findingsOf(rule func(*Project) []Finding, path, src string) []string {
	p := &Project{SQL: []*File{NewFile(path, src)}}
	var out []string
	for _, f := range rule(p) {
		out = append(out, f.String())
	}
	return out
}

func TestBlockPositions(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{{
		name: "END LOOP for an IF",
		src:  "begin\n  if 1 = 1 then\n    null;\n  end loop;\nend;\n/\n",
		want: []string{"x.sql:4:3: BLOCK: END LOOP at 4:3 does not match IF at 2:3 (END IF expected)"},
	}, {
		name: "only the first structural problem, plus END-name notes",
		src: "create or replace procedure a(p_x in number) is\nbegin\n  loop\n    null;\n  end if;\n" +
			"  elsif true then null;\nend b;\n/\n",
		want: []string{
			"x.sql:5:3: BLOCK: END IF at 5:3 does not match LOOP at 3:3 (END LOOP expected)",
			"x.sql:7:5: BLOCK: END B does not match the name A at 1:29 (PLS-00113)",
		},
	}, {
		name: "CASE expression END is not a block END",
		src:  "begin\n  x := case when a then 1 else 2 end;\n  y := case when b then case when c then 1 end end;\nend;\n/\n",
		want: nil,
	}, {
		name: "missing ';' after END IF",
		src:  "begin\n  if a then null; end if\n  x := 1;\nend;\n/\n",
		want: []string{`x.sql:3:3: BLOCK: ';' expected after the END of IF at 2:3, found "x"`},
	}, {
		name: "unit without its '/' reports at its last token",
		src:  "begin\n  null;\nend;",
		want: []string{"x.sql:3:4: BLOCK: the anonymous block has no closing '/' line"},
	}, {
		name: "subprogram without END at the end of the unit",
		src:  "create or replace package body p as\n  procedure q is\n  begin\n    null;\n/\n",
		want: []string{"x.sql:2:3: BLOCK: PROCEDURE Q at 2:3 has no matching END before the end of the unit"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, findingsOf(checkBlock, "x.sql", c.src))
		})
	}
}

func TestBlockSplitCrossCheckOnlyForSplitFiles(t *testing.T) {
	src := "prompt installing\ncreate table t (id number);\n"
	assert.Empty(t, findingsOf(checkBlock, "sql/install.sql", src), "a SQL*Plus script may hold commands")
	assert.Equal(t,
		[]string{"sql/migrations/1_x.up.sql:1:1: BLOCK: PROMPT is a SQL*Plus command, not SQL: SQL*Plus commands belong in install scripts only, not in files that are split and sent to the database statement by statement"},
		findingsOf(checkBlock, "sql/migrations/1_x.up.sql", src))
}

func TestLexFindingPosition(t *testing.T) {
	assert.Equal(t,
		[]string{"a.sql:2:8: LEX: unterminated string literal: no closing ' for the one that starts here"},
		findingsOf(checkLex, "a.sql", "begin\n  x := 'abc;\nend;\n/\n"))
}

func TestJoinTokensNormalizes(t *testing.T) {
	a := NewFile("a", "timestamp   with time zone := 60 *  60 || 'Ab'")
	b := NewFile("b", "TIMESTAMP WITH\n TIME ZONE:=60*60||'Ab'")
	assert.Equal(t, joinTokens(a.Tokens), joinTokens(withoutNewlines(b.Tokens)))
	assert.Equal(t, "TIMESTAMP WITH TIME ZONE:=60*60||'Ab'", joinTokens(a.Tokens))
}

func TestCommitsMarker(t *testing.T) {
	assert.True(t, isCommitsMarker("-- agentmem:commits"))
	assert.True(t, isCommitsMarker("--agentmem:commits (job entry point)"))
	assert.False(t, isCommitsMarker("-- agentmem:commitsX"))
	assert.False(t, isCommitsMarker("/* agentmem:commits */"))
	assert.False(t, isCommitsMarker("-- this commits"))
}

func withoutNewlines(toks []plsql.Token) []plsql.Token {
	var out []plsql.Token
	for _, t := range toks {
		if t.Kind != plsql.Newline {
			out = append(out, t)
		}
	}
	return out
}
