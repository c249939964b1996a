-- The historical UT-VACUOUS bugs (tests/sql before cffb721): a LIKE pattern
-- that SQLERRM can never match, and failures skipped on a NULL comparison.
declare
  procedure rejects_bad_types
  is
    l_message varchar2(4000);
  begin
    begin
      dbms_output.put_line('call');
      ut.fail('expected INVALID_ARGUMENT');
    exception
      when value_error then
        l_message := sqlerrm;
    end;
    ut.expect(l_message).to_be_like('INVALID_ARGUMENT: record_types%'); -- expect: UT-VACUOUS
    ut.expect(sqlerrm).not_to_be_like('NOT_FOUND:%'); -- expect: UT-VACUOUS
  end rejects_bad_types;

  procedure compare_probe(p_expected in json_object_t, p_actual in json_object_t)
  is
  begin
    if p_expected.get_string('search_strategy') <> p_actual.get_string('search_strategy')
       or p_expected.get_number('query_chunks') <> nvl(p_actual.get_number('query_chunks'), -1) then
      ut.fail('probe differs'); -- expect: UT-VACUOUS
    elsif p_actual.get_string('type') = 'JOB' then
      dbms_output.put_line('job');
    elsif not (p_actual.get_boolean('present')) and p_actual.get_string('type') <> 'INDEX' then
      ut.fail('object missing'); -- expect: UT-VACUOUS
    end if;
  end compare_probe;
begin
  null;
end;
/
