create or replace package body fx_case
as
  -- Object values chosen by IF/ELSE; CASE expressions whose results are scalars, also when their
  -- conditions or arguments read objects; a CASE statement whose branches assign objects.
  function make(p_text in varchar2) return json_object_t
  is
  begin
    if p_text is null then
      return json_object_t();
    end if;
    return json_object_t.parse(p_text);
  end make;

  procedure run(p_text in varchar2, p_obj in json_object_t)
  is
    l_kind varchar2(20 char) := case when p_text is null then 'EMPTY' else 'TEXT' end;
    l_obj  json_object_t;
    l_size pls_integer;
  begin
    case l_kind
      when 'EMPTY' then l_obj := json_object_t();
      else l_obj := make(p_text);
    end case;
    l_size := case when p_obj.has('a') then p_obj.get_size else 0 end;
    l_size := case when l_obj.has('k') then l_size else length(make(p_text).to_string) end;
    dbms_output.put_line(l_kind || l_size);
  end run;
end fx_case;
/
