create or replace package body fx_case
as
  -- The historical CASE-OBJECT sites (AGENTMEM_LLM_APPLY.store_topics before d72d0d5, the parse
  -- dispatch of AGENTMEM_LLM_PARSE before 16036c7) and every other way a CASE result is an object.
  function make(p_text in varchar2) return json_object_t
  is
  begin
    return case when p_text is null then json_object_t() else json_object_t.parse(p_text) end; -- expect: CASE-OBJECT
  end make;

  function make_array(p_text in varchar2) return json_array_t
  is
  begin
    return json_array_t.parse(p_text);
  end make_array;

  procedure take(p_value in json_element_t)
  is
  begin
    dbms_output.put_line(p_value.to_string);
  end take;

  procedure run(p_text in varchar2, p_obj in json_object_t)
  is
    l_kind  varchar2(20 char) := 'A';
    l_obj   json_object_t := case when p_text is null then p_obj end; -- expect: CASE-OBJECT
    l_arr   json_array_t;
    l_elem  json_element_t;
  begin
    l_obj := case l_kind when 'A' then make(p_text) else null end; -- expect: CASE-OBJECT
    l_obj := case l_kind when 'B' then fx_case.make(p_text) end; -- expect: CASE-OBJECT
    l_arr := case when p_text is null then json_array_t() else make_array(p_text) end; -- expect: CASE-OBJECT
    l_elem := case when p_obj.has('a') then p_obj.get('a') end; -- expect: CASE-OBJECT
    l_obj := case when p_obj.has('o') then p_obj.get_object('o') end; -- expect: CASE-OBJECT
    l_arr := case when p_obj.has('l') then (p_obj.get_array('l')) end; -- expect: CASE-OBJECT
    l_obj := case when l_elem is not null and l_elem.is_object then treat(l_elem as json_object_t) end; -- expect: CASE-OBJECT
    take(case when l_elem is null then json_object_t('{}') else l_elem end); -- expect: CASE-OBJECT
    l_obj := case when l_kind = 'C' then case when p_text is null then l_obj end end; -- expect: CASE-OBJECT
  end run;
end fx_case;
/
