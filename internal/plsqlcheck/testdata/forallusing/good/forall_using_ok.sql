-- Collection elements subscripted by the FORALL index, fields of a record
-- of collections, mode words, RETURNING, and static FORALL DML.
declare
  type t_ids is table of varchar2(128 char);
  type t_rows is record (ids t_ids, nows t_ids);
  l_ids  t_ids := t_ids('a', 'b');
  l_out  t_ids;
  l_rows t_rows;
  l_now  varchar2(30 char) := 'now';
begin
  l_rows.ids := l_ids;
  l_rows.nows := t_ids(l_now, l_now);
  forall i in 1 .. l_ids.count
    execute immediate 'insert into t (id, created_at) values (:1, :2)'
      using in l_ids(i), l_rows.nows(i);
  forall i in indices of l_ids
    execute immediate 'update t set id = :1 where id = :2 returning id into :3'
      using l_rows.ids(i), l_ids(i) returning bulk collect into l_out;
  forall i in 1 .. l_ids.count
    delete from t where id = l_now;
end;
/
