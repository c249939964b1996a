-- Misspelled columns of data-dictionary views.
declare
  l_count   pls_integer;
  l_version varchar2(160);
  l_owner   varchar2(128) := user;
begin
  select max(versionfull) into l_version -- expect: DICT-COLUMN
    from product_component_version;
  select count(*) into l_count from all_indexes
   where owner = l_owner and idx_name = 'X'; -- expect: DICT-COLUMN
  select count(*) into l_count
    from user_tab_columns t
    join user_col_comments c on c.table_name = t.table_name
   where c.comment is not null; -- expect: DICT-COLUMN
  select count(*) into l_count from all_scheduler_jobs j
   where j.owner = l_owner and j.is_enabled = 'TRUE'; -- expect: DICT-COLUMN
end;
/
select object_type, object_name, state -- expect: DICT-COLUMN
  from user_objects;
