-- The same statements after the fix: cut to 4,000 bytes in PL/SQL, or
-- bound where the SQL takes a CLOB.
declare
  l_excerpt varchar2(4000 char) := 'excerpt';
  l_short   varchar2(1000 char) := 'short';
  l_clob    clob := to_clob('output');
  procedure fail_task(p_task_id in varchar2, p_error in varchar2)
  is
  begin
    execute immediate 'update llm_task k set k.last_error = :b_error, k.output_excerpt = :b_excerpt'
      || ' where k.task_id = :b_id'
      using substrb(p_error, 1, 4000), substrb(l_excerpt, 1, 4000), p_task_id;
  end fail_task;
begin
  fail_task('t1', 'boom');
  -- 1,000 characters take at most 4,000 bytes; a long value converted to a
  -- CLOB in SQL; an unconstrained parameter is not measured outside SUBSTR.
  execute immediate 'delete from llm_task k where k.last_error = :b_short'
    using l_short;
  execute immediate 'insert into llm_task (task_id, output) values (:b_id, to_clob(:b_text))'
    using 't2', l_excerpt;
  execute immediate 'insert into llm_task (task_id, output_excerpt) values (:b_id, :b_text)'
    using 't3', dbms_lob.substr(l_clob, 1000, 1);
  execute immediate 'delete from llm_task k where k.output_excerpt = :b_text'
    using substr(l_excerpt, 1, 1000);
end;
/
