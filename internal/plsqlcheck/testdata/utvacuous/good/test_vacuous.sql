-- The fixed forms: patterns that start with '%', comparisons that cannot be NULL.
declare
  procedure rejects_bad_types
  is
    l_message varchar2(4000);
    l_stack   varchar2(32767);
  begin
    begin
      dbms_output.put_line('call');
      ut.fail('expected INVALID_ARGUMENT');
    exception
      when value_error then
        l_message := sqlerrm;
        l_stack := dbms_utility.format_error_stack;
    end;
    -- SQLERRM starts with 'ORA-20100: ', hence the leading %.
    ut.expect(l_message).to_be_like('%INVALID_ARGUMENT: record_types%');
    ut.expect(l_stack).to_be_like('ORA-20100: %');
    ut.expect(l_message).to_be_like('%' || 'INVALID_ARGUMENT' || ':%');
    ut.expect(lower('ABC')).to_be_like('abc%');
  end rejects_bad_types;

  procedure compare_probe(p_expected in json_object_t, p_actual in json_object_t)
  is
  begin
    if nvl(p_expected.get_string('search_strategy'), '?') <> nvl(p_actual.get_string('search_strategy'), '-')
       or coalesce(p_expected.get_number('query_chunks'), -2) <> nvl(p_actual.get_number('query_chunks'), -1) then
      ut.fail('probe differs');
    elsif p_actual.get_string('type') is null or p_actual.get_string('type') <> 'INDEX' then
      ut.fail('object missing');
    end if;
    ut.expect(p_actual.get_string('type') = 'INDEX').to_be_true;
  end compare_probe;
begin
  null;
end;
/
