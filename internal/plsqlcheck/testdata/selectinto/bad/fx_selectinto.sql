create or replace procedure fx_count_rows(p_id in number)
is
  l_count pls_integer;
begin
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
