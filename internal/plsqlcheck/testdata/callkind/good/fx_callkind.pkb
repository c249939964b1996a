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
    l_save number := 1;
  begin
    l_len := helper(p_id) + dbms_lob.getlength(l_text);
    save(p_id);
    fx_callkind.reset;
    reset;
    dbms_lob.append(l_text, l_text);
    l_obj.put('k', 1);
    l_obj.get_clob('k', l_text);
    l_text := l_obj.get_clob('k');
    l_len := l_save;
    return to_char(l_len) || l_obj.get_string('k') || name_of(1);
  end name_of;

  procedure save(p_id in number)
  is
    save_point number;
  begin
    save_point := p_id;
  end save;

  procedure reset
  is
    pragma inline(save, 'YES');
  begin
    save(1);
  end reset;
end fx_callkind;
/
create or replace procedure fx_shadow(p_id in number)
is
  l_obj json_object_t := json_object_t();
  procedure inner_put
  is
    type t_rec is record (id number);
    l_obj t_rec;
  begin
    l_obj.id := p_id;
  end inner_put;
begin
  l_obj.put('id', p_id);
  inner_put;
end fx_shadow;
/
