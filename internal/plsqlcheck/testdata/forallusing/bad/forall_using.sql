-- The relations review's finding (AGENTMEM_RELATION before rev-rel): a
-- shared timestamp bound as a plain variable in a dynamic FORALL, and other
-- values outside the documented form.
declare
  type t_ids is table of varchar2(128 char);
  type t_rows is record (ids t_ids);
  l_ids  t_ids := t_ids('a', 'b');
  l_rows t_rows;
  l_now  timestamp with time zone := systimestamp;
begin
  l_rows.ids := l_ids;
  forall i in 1 .. l_ids.count
    execute immediate 'insert into t (id, created_at) values (:1, :2)'
      using l_ids(i), l_now; -- expect: FORALL-USING
  forall i in 1 .. l_ids.count
    execute immediate 'update t set id = :1 where id = :2'
      using upper(l_ids(i)), -- expect: FORALL-USING
            'x'; -- expect: FORALL-USING
  forall j in 1 .. l_ids.count
    execute immediate 'delete from t where id = :1'
      using l_rows.ids(1); -- expect: FORALL-USING
end;
/
