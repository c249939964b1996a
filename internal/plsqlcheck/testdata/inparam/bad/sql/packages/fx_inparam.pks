-- IN-PARAM-WRITE: IN parameters, constants and FOR indexes written.
create or replace package fx_inparam
  authid current_user
as
  type t_pair is record (code pls_integer, label varchar2(30 char));

  type t_codes is table of pls_integer;

  procedure fill(p_code in pls_integer, p_pair in t_pair, p_label out varchar2);
  procedure grow(p_codes in t_codes);
  procedure reopen(p_rows in sys_refcursor);
end fx_inparam;
/
create or replace package body fx_inparam
as
  co_step constant pls_integer := 1;

  procedure fill(p_code in pls_integer, p_pair in t_pair, p_label out varchar2)
  is
    l_code pls_integer := p_code;
    cursor c_rows is select rownum from sys.dual;
    procedure bump(p_value in out pls_integer, p_step in pls_integer)
    is
    begin
      p_step := p_step + 1; -- expect: IN-PARAM-WRITE
      p_value := p_value + p_step;
    end bump;
  begin
    p_code := p_code + 1; -- expect: IN-PARAM-WRITE
    p_pair.label := 'x'; -- expect: IN-PARAM-WRITE
    co_step := 2; -- expect: IN-PARAM-WRITE
    bump(p_code, 1); -- expect: IN-PARAM-WRITE
    bump(p_step => 1, p_value => p_pair.code); -- expect: IN-PARAM-WRITE
    select dummy, rownum into p_label, p_code from sys.dual; -- expect: IN-PARAM-WRITE
    execute immediate 'select 1 from sys.dual' into p_code; -- expect: IN-PARAM-WRITE
    execute immediate 'begin :x := 1; end;' using out p_code; -- expect: IN-PARAM-WRITE
    execute immediate 'begin :x := :x + 1; end;' using in out p_code; -- expect: IN-PARAM-WRITE
    open c_rows;
    fetch c_rows into p_code; -- expect: IN-PARAM-WRITE
    close c_rows;
    for l_i in 1 .. 3 loop
      l_i := l_i + 1; -- expect: IN-PARAM-WRITE
    end loop;
    declare
      p_code pls_integer := 0; -- expect: NAMING
    begin
      p_code := 1;
    end;
    l_code := l_code + 1;
  end fill;

  procedure grow(p_codes in t_codes)
  is
  begin
    p_codes.extend; -- expect: IN-PARAM-WRITE
    p_codes.delete(1); -- expect: IN-PARAM-WRITE
    p_codes.trim; -- expect: IN-PARAM-WRITE
  end grow;

  procedure reopen(p_rows in sys_refcursor)
  is
  begin
    open p_rows for select dummy from sys.dual; -- expect: IN-PARAM-WRITE
  end reopen;
end fx_inparam;
/
