-- IN-PARAM-WRITE: writes go to OUT and IN OUT parameters, locals and
-- fields of locals; a local copy of an IN parameter is written instead of
-- the parameter; INSERT INTO names a table, not a target.
create or replace package fx_inparam
  authid current_user
as
  type t_pair is record (code pls_integer, label varchar2(30 char));

  type t_codes is table of pls_integer;

  procedure fill(p_code in pls_integer, p_pair in out t_pair, p_label out varchar2);
  procedure grow(p_codes in out t_codes, p_seed in t_codes);
  procedure reopen(p_rows in out sys_refcursor);
end fx_inparam;
/
create or replace package body fx_inparam
as
  procedure fill(p_code in pls_integer, p_pair in out t_pair, p_label out varchar2)
  is
    l_code number := p_code;
    l_ids  sys.odcinumberlist;
    procedure bump(p_value in out pls_integer, p_step in pls_integer)
    is
    begin
      p_value := p_value + p_step;
    end bump;
  begin
    bump(l_code, p_code);
    bump(p_value => p_pair.code, p_step => p_code);
    p_pair.label := 'x';
    select dummy into p_label from sys.dual where rownum = p_code;
    select rownum bulk collect into l_ids from sys.dual;
    execute immediate 'begin :x := :y; end;' using out l_code, in p_code;
    insert into app.fx_items (code) values (p_code) returning code into l_code;
    for l_i in 1 .. l_ids.count loop
      l_code := l_code + l_i;
    end loop;
  end fill;

  procedure grow(p_codes in out t_codes, p_seed in t_codes)
  is
  begin
    p_codes.extend(p_seed.count);
    p_codes.delete(1);
    p_codes.trim;
  end grow;

  procedure reopen(p_rows in out sys_refcursor)
  is
  begin
    open p_rows for select dummy from sys.dual;
  end reopen;
end fx_inparam;
/
