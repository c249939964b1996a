package plsql

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// u is a Unit without Offset (checked by checkSplit instead), for readable expectations.
type u struct {
	Line  int
	PLSQL bool
	Kind  string
	Name  string
	Text  string
}

func splitView(t *testing.T, src string) []u {
	t.Helper()
	units, err := Split(src)
	require.NoError(t, err)
	checkSplit(t, src, units)
	out := []u{}
	for _, x := range units {
		out = append(out, u{x.Line, x.PLSQL, x.Kind, x.Name, x.Text})
	}
	return out
}

const pkgBody = `create or replace package body agentmem_demo
as
  g_count pls_integer := 0;

  function classify(p_n in number) return varchar2
  is
    l_kind varchar2(10);
  begin
    case
      when p_n < 0 then l_kind := 'neg;';
      when p_n = 0 then l_kind := q'[zero/]';
      else l_kind := 'pos';
    end case;
    return l_kind;
  end classify;

  procedure loop_it(p_max in pls_integer)
  is
  begin
    <<outer>>
    for i in 1..p_max loop
      if mod(i, 2) = 0 then
        continue outer;
      elsif i > 10 then
        exit;
      end if;
      declare
        l_half number := i / 2;
      begin
        g_count := g_count + l_half;
      exception
        when zero_divide then
          raise;
      end;
    end loop outer;
  end loop_it;

  procedure run_sql
  is
  begin
    execute immediate 'begin null; end;';
    while g_count > 0 loop
      g_count := g_count - 1;
    end loop;
  end run_sql;
end agentmem_demo;`

func TestSplitUnits(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []u
	}{
		{"SQL with ; in strings and comments",
			"insert into t values ('a;b', 'it''s;') -- trailing; comment\n;\nupdate t /* ; */ set x = ';';\n",
			[]u{
				{1, false, "INSERT", "", "insert into t values ('a;b', 'it''s;') -- trailing; comment"},
				{3, false, "UPDATE", "", "update t /* ; */ set x = ';'"},
			}},
		{"q-quoted literals with ; and /",
			"insert into t values (q'[a;\n/\nb]', nq'{;}', q'!/!');\nselect q'<;>' from dual;",
			[]u{
				{1, false, "INSERT", "", "insert into t values (q'[a;\n/\nb]', nq'{;}', q'!/!')"},
				{4, false, "SELECT", "", "select q'<;>' from dual"},
			}},
		{"slash inside comments and strings never ends a unit",
			"begin\n  /*\n/\n  */\n  x := '\n/\n';\n  -- /\n  y := a / b;\nend;\n/\n",
			[]u{{1, true, "BEGIN", "", "begin\n  /*\n/\n  */\n  x := '\n/\n';\n  -- /\n  y := a / b;\nend;"}}},
		{"slash starting a line with more on it is division",
			"declare\n  x number := 10\n  / 2;\nbegin\n  null;\nend;\n/",
			[]u{{1, true, "DECLARE", "", "declare\n  x number := 10\n  / 2;\nbegin\n  null;\nend;"}}},
		{"package body with nested blocks and control structures",
			pkgBody + "\n/\n",
			[]u{{1, true, "CREATE PACKAGE BODY", "AGENTMEM_DEMO", pkgBody}}},
		{"package spec and body in one file",
			"create or replace package p as\n  procedure a;\nend p;\n/\n\ncreate or replace package body p as\n  procedure a is begin null; end a;\nend p;\n/\n",
			[]u{
				{1, true, "CREATE PACKAGE", "P", "create or replace package p as\n  procedure a;\nend p;"},
				{6, true, "CREATE PACKAGE BODY", "P", "create or replace package body p as\n  procedure a is begin null; end a;\nend p;"},
			}},
		{"trigger",
			"create or replace trigger trg_t\n  before insert on t for each row\nbegin\n  :new.id := nvl(:new.id, 1);\nend;\n/\n",
			[]u{{1, true, "CREATE TRIGGER", "TRG_T", "create or replace trigger trg_t\n  before insert on t for each row\nbegin\n  :new.id := nvl(:new.id, 1);\nend;"}}},
		{"object type, collection type and type body end at /",
			"create or replace type t_pt as object (x number, y number);\n/\ncreate type t_list as table of varchar2(4000);\n/\n" +
				"create or replace type body t_pt as\n  member function len return number is begin return 0; end;\nend;\n/\n",
			[]u{
				{1, true, "CREATE TYPE", "T_PT", "create or replace type t_pt as object (x number, y number);"},
				{3, true, "CREATE TYPE", "T_LIST", "create type t_list as table of varchar2(4000);"},
				{5, true, "CREATE TYPE BODY", "T_PT", "create or replace type body t_pt as\n  member function len return number is begin return 0; end;\nend;"},
			}},
		{"procedure, function and library",
			"create procedure pr is begin null; end;\n/\ncreate or replace function fn return number is begin return 1; end fn;\n/\ncreate or replace library lib as '/x/y.so';\n/\n",
			[]u{
				{1, true, "CREATE PROCEDURE", "PR", "create procedure pr is begin null; end;"},
				{3, true, "CREATE FUNCTION", "FN", "create or replace function fn return number is begin return 1; end fn;"},
				{5, true, "CREATE LIBRARY", "LIB", "create or replace library lib as '/x/y.so';"},
			}},
		{"anonymous blocks: declare, begin, labelled",
			"declare\n  x number;\nbegin\n  x := 1;\nend;\n/\nbegin\n  null;\nend;\n/\n<<blk>>\nbegin\n  null;\nend blk;\n/\n",
			[]u{
				{1, true, "DECLARE", "", "declare\n  x number;\nbegin\n  x := 1;\nend;"},
				{7, true, "BEGIN", "", "begin\n  null;\nend;"},
				{11, true, "BEGIN", "", "<<blk>>\nbegin\n  null;\nend blk;"},
			}},
		{"lone slash after SQL is ignored, also repeated slashes",
			"create table t (x number);\n/\ninsert into t values (1);\n  /  \nbegin null; end;\n/\n/\n",
			[]u{
				{1, false, "CREATE TABLE", "T", "create table t (x number)"},
				{3, false, "INSERT", "", "insert into t values (1)"},
				{5, true, "BEGIN", "", "begin null; end;"},
			}},
		{"a slash line also ends a SQL statement without ;",
			"create table t (x number)\n/\n",
			[]u{{1, false, "CREATE TABLE", "T", "create table t (x number)"}}},
		{"CRLF file",
			"-- header\r\ncreate table t (\r\n  x number\r\n);\r\n\r\nbegin\r\n  null;\r\nend;\r\n/\r\n",
			[]u{
				{2, false, "CREATE TABLE", "T", "create table t (\r\n  x number\r\n)"},
				{6, true, "BEGIN", "", "begin\r\n  null;\r\nend;"},
			}},
		{"no final newline after slash", "begin\n  null;\nend;\n/",
			[]u{{1, true, "BEGIN", "", "begin\n  null;\nend;"}}},
		{"no final newline after ;", "select 1 from dual;",
			[]u{{1, false, "SELECT", "", "select 1 from dual"}}},
		{"leading and trailing comments are dropped, inner ones kept",
			"/* header\n   block */\n-- line\n\nselect /*+ first_rows */ 1 -- why\n  from dual;\n-- trailer\n/* end */",
			[]u{{5, false, "SELECT", "", "select /*+ first_rows */ 1 -- why\n  from dual"}}},
		{"comments between end and slash stay in the PL/SQL unit",
			"begin null; end;\n-- done\n/\n",
			[]u{{1, true, "BEGIN", "", "begin null; end;\n-- done"}}},
		{"two statements on one line", "delete from a; delete from b;",
			[]u{{1, false, "DELETE", "", "delete from a"}, {1, false, "DELETE", "", "delete from b"}}},
		{"WITH query is plain SQL", "with q as (select 1 x from dual)\nselect x from q;",
			[]u{{1, false, "WITH", "", "with q as (select 1 x from dual)\nselect x from q"}}},
		{"WITH FUNCTION query ends at slash and loses its final ;",
			"with\n  function f(p in number) return number is\n  begin\n    return p * 2;\n  end;\nselect f(1) from dual;\n/\n",
			[]u{{1, false, "WITH", "", "with\n  function f(p in number) return number is\n  begin\n    return p * 2;\n  end;\nselect f(1) from dual"}}},
		{"SET TRANSACTION and SET ROLE are SQL", "set transaction read only;\nset role none;",
			[]u{{1, false, "SET", "", "set transaction read only"}, {2, false, "SET", "", "set role none"}}},
		{"words that merely start like SQL*Plus commands are SQL", "savepoint s1;\ncommit;\ncall p();",
			[]u{{1, false, "SAVEPOINT", "", "savepoint s1"}, {2, false, "COMMIT", "", "commit"}, {3, false, "CALL", "", "call p()"}}},
		{"empty and comment-only scripts", "\n-- nothing\n/* here */\n", []u{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, splitView(t, c.src))
		})
	}
}

func TestSplitHeads(t *testing.T) {
	cases := []struct {
		src          string
		kind, schema string
		name         string
		plsql        bool
	}{
		{"create or replace editionable package body app.pkg as end;\n/", "CREATE PACKAGE BODY", "APP", "PKG", true},
		{"create noneditionable procedure \"MixedCase\" is begin null; end;\n/", "CREATE PROCEDURE", "", "MixedCase", true},
		{"create package if not exists p as end;\n/", "CREATE PACKAGE", "", "P", true},
		{"create or replace type \"A\"\"B\".t force as object (x number);\n/", "CREATE TYPE", `A"B`, "T", true},
		{"create table if not exists t (x number);", "CREATE TABLE", "", "T", false},
		{"create global temporary table gt (x number);", "CREATE GLOBAL TEMPORARY TABLE", "", "GT", false},
		{"create unique index ix on t (x);", "CREATE UNIQUE INDEX", "", "IX", false},
		{"create vector index vx on t (v) organization neighbor partitions;", "CREATE VECTOR INDEX", "", "VX", false},
		{"create or replace force editionable view v as select 1 x from dual;", "CREATE VIEW", "", "V", false},
		{"create materialized view log on t with rowid;", "CREATE MATERIALIZED VIEW LOG", "", "T", false},
		{"create materialized view mv as select 1 x from dual;", "CREATE MATERIALIZED VIEW", "", "MV", false},
		{"create public synonym s for o.t;", "CREATE PUBLIC SYNONYM", "", "S", false},
		{"create database link dl connect to u identified by p using 'x';", "CREATE DATABASE LINK", "", "DL", false},
		{"create json relational duality view dv as select 1 from dual;", "CREATE JSON RELATIONAL DUALITY VIEW", "", "DV", false},
		{"create sequence s1;", "CREATE SEQUENCE", "", "S1", false},
		{"create search index si on t (c) for json;", "CREATE SEARCH INDEX", "", "SI", false},
		{"create something_new x;", "CREATE SOMETHING_NEW", "", "", false},
		{"alter table t add (y number);", "ALTER TABLE", "", "", false},
		{"alter session set nls_date_format = 'YYYY';", "ALTER SESSION", "", "", false},
		{"drop package body p;", "DROP PACKAGE BODY", "", "", false},
		{"drop table t purge;", "DROP TABLE", "", "", false},
		{"comment on table t is 'x';", "COMMENT", "", "", false},
		{"merge into t using s on (t.x = s.x) when matched then update set t.y = s.y;", "MERGE", "", "", false},
		{"(select 1 from dual);", "(", "", "", false},
	}
	for _, c := range cases {
		t.Run(c.kind+" "+c.name, func(t *testing.T) {
			units, err := Split(c.src)
			require.NoError(t, err)
			require.Len(t, units, 1)
			checkSplit(t, c.src, units)
			assert.Equal(t, c.kind, units[0].Kind)
			assert.Equal(t, c.schema, units[0].Schema)
			assert.Equal(t, c.name, units[0].Name)
			assert.Equal(t, c.plsql, units[0].PLSQL)
		})
	}
}

func TestSplitErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		msg       []string
	}{
		{"SET", "create table t (x number);\n\nset define off\n", 3, 1, []string{"SET is a SQL*Plus command", "install scripts only"}},
		{"PROMPT", "prompt installing\n", 1, 1, []string{"PROMPT is a SQL*Plus command"}},
		{"abbreviated PROMPT", "-- x\npro installing\n", 2, 1, []string{"PRO is a SQL*Plus command"}},
		{"SPOOL", "spool install.log\n", 1, 1, []string{"SPOOL is a SQL*Plus command"}},
		{"WHENEVER", "select 1 from dual;\n  whenever sqlerror exit failure\n", 2, 3, []string{"WHENEVER is a SQL*Plus command"}},
		{"DEFINE", "define owner = app\n", 1, 1, []string{"DEFINE is a SQL*Plus command"}},
		{"EXEC", "exec dbms_output.put_line('x');\n", 1, 1, []string{"EXEC is a SQL*Plus command"}},
		{"EXECUTE", "execute p;\n", 1, 1, []string{"EXECUTE is a SQL*Plus command"}},
		{"@", "@install.sql\n", 1, 1, []string{"@ is a SQL*Plus command"}},
		{"@@", "begin null; end;\n/\n@@next.sql\n", 3, 1, []string{"@@ is a SQL*Plus command"}},
		{"CONNECT", "connect app/pw@db\n", 1, 1, []string{"CONNECT is a SQL*Plus command"}},
		{"SHOW", "show errors\n", 1, 1, []string{"SHOW is a SQL*Plus command"}},
		{"SHO", "begin null; end;\n/\nsho err\n", 3, 1, []string{"SHO is a SQL*Plus command"}},
		{"REM", "rem a remark\n", 1, 1, []string{"REM is a SQL*Plus command"}},
		{"EXIT", "exit\n", 1, 1, []string{"EXIT is a SQL*Plus command"}},
		{"VARIABLE", "var x number\n", 1, 1, []string{"VAR is a SQL*Plus command"}},
		{"unterminated PL/SQL unit", "select 1 from dual;\ncreate or replace package body p as\nend p;\n", 2, 1,
			[]string{"CREATE PACKAGE BODY P unit that starts here has no closing line holding only '/'"}},
		{"slash followed by a comment is not a terminator", "begin null; end;\n/ -- done\n", 1, 1,
			[]string{"BEGIN unit", "no closing line holding only '/'"}},
		{"type without slash swallows the next statement", "create type t as object (x number);\ncreate table a (x t);\n", 1, 1,
			[]string{"CREATE TYPE T unit"}},
		{"trailing SQL without ;", "select 1 from dual;\n\ninsert into t\n  values (1)\n-- end\n", 3, 1,
			[]string{"INSERT statement that starts here has no terminating ';'"}},
		{"slash with a comment after a SQL statement", "select 1 from dual;\n/ -- again\n", 2, 1,
			[]string{"'/' that ends a PL/SQL unit must be alone on its line"}},
		{"empty statement", "select 1 from dual;\n  ;\n", 2, 3, []string{"empty statement"}},
		{"lexer error", "select 'abc from dual;\n", 1, 8, []string{"unterminated string literal"}},
		{"CREATE JAVA", "create or replace and compile java source named \"X\" as public class X {};\n/\n", 1, 1,
			[]string{"CREATE JAVA is not supported"}},
		{"CREATE MLE MODULE", "create mle module m language javascript as export function f() { return 1; }\n/\n", 1, 1,
			[]string{"CREATE MLE MODULE is not supported"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Split(c.src)
			require.Error(t, err)
			var se *Error
			require.ErrorAs(t, err, &se)
			assert.Equal(t, c.line, se.Line, "line of %q", err.Error())
			assert.Equal(t, c.col, se.Col, "col of %q", err.Error())
			for _, m := range c.msg {
				assert.Contains(t, se.Msg, m)
			}
		})
	}
}

// TestSplitLines checks Line and Offset of every unit of a longer script, including units that start
// after comments, on the line of a previous terminator, and after multi-line literals.
func TestSplitLines(t *testing.T) {
	src := strings.Join([]string{
		"-- 1",
		"create table a (x varchar2(10) default 'x",
		"y');", // 3
		"/* 4",
		"   5 */ insert into a values ('z'); insert into a", // 5: two units start here
		"  values ('w');",
		"",
		"<<l>>", // 8
		"declare",
		"  v varchar2(5) := q'[",
		"/",
		"]';",
		"begin",
		"  null;",
		"end l;",
		"/",
		"comment on table a is 'a';", // 17
	}, "\n")
	units, err := Split(src)
	require.NoError(t, err)
	checkSplit(t, src, units)
	var lines []int
	var kinds []string
	for _, x := range units {
		lines = append(lines, x.Line)
		kinds = append(kinds, x.Kind)
	}
	assert.Equal(t, []int{2, 5, 5, 8, 17}, lines)
	assert.Equal(t, []string{"CREATE TABLE", "INSERT", "INSERT", "DECLARE", "COMMENT"}, kinds)
}
