create or replace package fx_case
as
  function make(p_text in varchar2) return json_object_t;
  procedure run(p_text in varchar2, p_obj in json_object_t);
end fx_case;
/
