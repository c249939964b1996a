-- AGENTMEM_LLM_TASKS.fail_task before 698fbfd: the error text and the
-- output excerpt cut in SQL with SUBSTRB, after binding; a bind over
-- 4,000 bytes raises ORA-01461 first (MAX_STRING_SIZE=STANDARD).
declare
  l_excerpt varchar2(4000 char) := 'excerpt';
  l_note    varchar2(8000) := 'note';
  l_clob    clob := to_clob('output');
  procedure fail_task(p_task_id in varchar2, p_error in varchar2)
  is
  begin
    execute immediate 'update llm_task k set k.last_error = substrb(:b_error, 1, 4000),'
      || ' k.output_excerpt = substrb(:b_excerpt, 1, 4000) where k.task_id = :b_id'
      using p_error, l_excerpt, p_task_id; -- expect: BIND-OVER-4000, BIND-OVER-4000
  end fail_task;
begin
  fail_task('t1', 'boom');
  -- A declared-long value compared with a column, and one cut to 2,000
  -- characters (8,000 bytes) by DBMS_LOB.SUBSTR, inserted as a VARCHAR2.
  execute immediate 'delete from llm_task k where k.last_error = :b_note'
    using l_note; -- expect: BIND-OVER-4000
  execute immediate 'insert into llm_task (task_id, output_excerpt) values (:b_id, :b_text)'
    using 't2', dbms_lob.substr(l_clob, 2000, 1); -- expect: BIND-OVER-4000
  -- 2,000 characters of a char-declared value: up to 8,000 bytes.
  execute immediate 'delete from llm_task k where k.output_excerpt = :b_text'
    using substr(l_excerpt, 1, 2000); -- expect: BIND-OVER-4000
end;
/
