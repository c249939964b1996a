create or replace procedure fx_count_rows(p_id in number)
is
  l_count number;
  l_ids   sys.odcinumberlist;
  l_cur   sys_refcursor;
  cursor c_rows is select id, nvl(name, 'x') name from fx_rows;
  l_row   c_rows%rowtype;
  l_name  varchar2(10);
begin
  open c_rows;
  fetch c_rows into l_count, l_name;
  fetch c_rows into l_row;
  close c_rows;
  select id, substr(name, 1, 10) into l_count, l_name from fx_rows where rownum = 1;
  select * into l_row from fx_rows where rownum = 1;
  select t.* into l_row from fx_rows t where rownum = 1;
  select count(*) into l_count from fx_rows where id = p_id;
  with ids as (select id from fx_rows)
  select count(*) into l_count from ids;
  select id bulk collect into l_ids from fx_rows;
  open l_cur for select id from fx_rows;
  fetch l_cur bulk collect into l_ids limit 100;
  close l_cur;
  select max(id), min(id) into l_count, l_count from fx_rows where id in (select id from fx_rows);
  for r in (select id from fx_rows) loop
    l_count := l_count + r.id;
  end loop;
  for r in c_rows loop
    l_count := l_count + r.id;
  end loop;
  open l_cur for select id from fx_rows;
  close l_cur;
  execute immediate 'select count(*) from fx_rows' into l_count;
  insert into fx_rows (id) select id from fx_rows_old;
end fx_count_rows;
/
