create or replace package body fx_returnvalue
as
  procedure touch(p_id in number)
  is
  begin
    if p_id is null then
      return p_id; -- expect: RETURN-VALUE
    end if;
  end touch;

  function label(p_id in number) return varchar2
  is
  begin
    if p_id is null then
      return; -- expect: RETURN-VALUE
    end if;
    return to_char(p_id);
  end label;

  function forgot(p_id in number) return number -- expect: RETURN-VALUE
  is
    l_id number;
  begin
    l_id := p_id + 1;
  end forgot;

  function rows_of(p_id in number) return t_rows pipelined
  is
  begin
    pipe row (p_id);
    return p_id; -- expect: RETURN-VALUE
  end rows_of;
end fx_returnvalue;
/
