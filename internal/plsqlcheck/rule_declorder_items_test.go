package plsqlcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const declAfterSpec = `create or replace package fx
as
  procedure run;
end fx;
/
`

// The message names the item, the first body and its line, the section,
// the Oracle error and the fix.
func TestDeclAfterBodyMessage(t *testing.T) {
	p := sqlProject(map[string]string{"x.sql": declAfterSpec + `create or replace package body fx
as
  procedure first_one
  is
  begin
    null;
  end first_one;

  g_late number;

  procedure run
  is
  begin
    first_one;
  end run;
end fx;
/
`})
	fs := checkDeclAfterBody(p)
	require.Len(t, fs, 1, "%v", fs)
	assert.Equal(t, 14, fs[0].Line)
	assert.Equal(t, "variable G_LATE comes after the body of procedure FIRST_ONE (line 8) in package body FX: "+
		"a declare section takes no type, subtype, variable, constant or exception after its first "+
		"subprogram body (PLS-00103); move it above line 8", fs[0].Msg)
}

// What item_list_2 admits after a body is not flagged: pragmas, cursor
// declarations and definitions, forward declarations. A declaration that
// precedes the first body is not flagged either, wherever later bodies are.
func TestDeclAfterBodyAllowed(t *testing.T) {
	p := sqlProject(map[string]string{"x.sql": declAfterSpec + `create or replace package body fx
as
  e_busy exception;

  procedure helper;

  procedure run
  is
  begin
    helper;
  end run;

  pragma exception_init(e_busy, -54);
  cursor c_one return dual%rowtype;
  cursor c_one return dual%rowtype is select * from dual;
  cursor c_two(p_n in number) is select dummy from dual where rownum <= p_n;
  function twice(p_n in number) return number;

  procedure helper
  is
  begin
    null;
  end helper;

  function twice(p_n in number) return number
  is
  begin
    return 2 * p_n;
  end twice;
end fx;
/
`})
	assert.Empty(t, checkDeclAfterBody(p))
}

// A call specification is a subprogram definition too (procedure_definition
// ::= heading IS|AS { [declare_section] body | call_spec }), so it ends
// item_list_1 as a PL/SQL body does.
func TestDeclAfterBodyCallSpec(t *testing.T) {
	p := sqlProject(map[string]string{"x.sql": declAfterSpec + `create or replace package body fx
as
  function java_now return number
  as language java name 'java.lang.System.currentTimeMillis() return long';

  co_late constant number := 1;

  procedure run
  is
  begin
    null;
  end run;
end fx;
/
`})
	fs := checkDeclAfterBody(p)
	require.Len(t, fs, 1, "%v", fs)
	assert.Equal(t, 11, fs[0].Line)
	assert.Contains(t, fs[0].Msg, "constant CO_LATE comes after the body of function JAVA_NOW (line 8)")
}

// Each declare section is judged on its own: an anonymous block's DECLARE
// section and a trigger's are named in the message.
func TestDeclAfterBodySections(t *testing.T) {
	p := sqlProject(map[string]string{"x.sql": `declare
  function today return date
  is
  begin
    return sysdate;
  end today;
  l_now date := today;
begin
  null;
end;
/
create or replace trigger fx_trg
before insert on fx_tab
for each row
declare
  procedure note_it
  is
  begin
    null;
  end note_it;
  e_late exception;
begin
  note_it;
end;
/
`})
	fs := checkDeclAfterBody(p)
	require.Len(t, fs, 2, "%v", fs)
	assert.Equal(t, 7, fs[0].Line)
	assert.Contains(t, fs[0].Msg, "variable L_NOW comes after the body of function TODAY (line 2) in the DECLARE block at line 1")
	assert.Equal(t, 21, fs[1].Line)
	assert.Contains(t, fs[1].Msg, "exception E_LATE comes after the body of procedure NOTE_IT (line 16) in the DECLARE block at line 15")
}
