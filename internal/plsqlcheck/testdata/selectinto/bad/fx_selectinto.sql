create or replace procedure fx_count_rows(p_id in number)
is
  l_count pls_integer;
  co_max  constant pls_integer := 10;
  cursor c_rows is select id from fx_rows;
begin
  select id, name, 1 into l_count, l_count from fx_rows; -- expect: SELECT-INTO
  select id into l_count, l_count from fx_rows; -- expect: SELECT-INTO
  select count(*) into co_max from fx_rows; -- expect: IN-PARAM-WRITE
  open c_rows;
  fetch c_rows into 1; -- expect: SELECT-INTO
  fetch c_rows into l_count, l_count; -- expect: SELECT-INTO
  close c_rows;
  select count(*) from fx_rows where id = p_id; -- expect: SELECT-INTO
  with ids as (select id from fx_rows) -- expect: SELECT-INTO
  select count(*) from ids;
  if l_count is null then
    select id from fx_rows where id = (select max(id) into l_count from fx_rows); -- expect: SELECT-INTO
  end if;
exception
  when no_data_found then
    select 1 from dual; -- expect: SELECT-INTO
end fx_count_rows;
/
