create or replace package body fx_callkind
as
  function helper(p_id in number) return number
  is
  begin
    return p_id;
  end helper;

  function name_of(p_id in number) return varchar2
  is
    l_len  number;
    l_text clob;
    l_obj  json_object_t := json_object_t();
  begin
    helper(p_id); -- expect: CALL-KIND
    fx_callkind.name_of(p_id); -- expect: CALL-KIND
    dbms_lob.getlength(l_text); -- expect: CALL-KIND
    l_obj.get_string('k'); -- expect: CALL-KIND
    l_len := fx_callkind.save(p_id); -- expect: CALL-KIND
    l_len := reset; -- expect: CALL-KIND
    if dbms_lob.append(l_text, l_text) is null then -- expect: CALL-KIND
      null;
    end if;
    return to_char(l_len) || l_obj.put('k', 1); -- expect: CALL-KIND
  end name_of;

  procedure save(p_id in number)
  is
  begin
    null;
  end save;

  procedure reset
  is
  begin
    null;
  end reset;
end fx_callkind;
/
