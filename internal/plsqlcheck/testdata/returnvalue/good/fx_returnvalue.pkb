create or replace package body fx_returnvalue
as
  procedure touch(p_id in number)
  is
  begin
    if p_id is null then
      return;
    end if;
  end touch;

  function label(p_id in number) return varchar2
  is
    function inner_label return varchar2
    is
    begin
      return 'x';
    end inner_label;
  begin
    begin
      return to_char(p_id) || inner_label;
    exception
      when value_error then
        return null;
    end;
  end label;

  function rows_of(p_id in number) return t_rows pipelined
  is
  begin
    pipe row (p_id);
    return;
  end rows_of;
end fx_returnvalue;
/
create or replace type body fx_point
as
  constructor function fx_point(p_x in number) return self as result
  is
  begin
    self.x := p_x;
    return;
  end fx_point;
end;
/
