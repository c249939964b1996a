-- Queries of data-dictionary views whose columns all exist.
declare
  l_count   pls_integer;
  l_version varchar2(160);
  l_owner   varchar2(128) := user;
  l_names   sys.odcivarchar2list := sys.odcivarchar2list('T1', 'T2');
  type t_obj is record (name varchar2(128), table_name varchar2(128));
  l_obj     t_obj;
begin
  select max(version_full) into l_version
    from product_component_version
   where version_full is not null and upper(product) like 'ORACLE%';
  select count(*) into l_count from all_tables where owner = l_owner and table_name = l_obj.table_name;
  for i in 1 .. l_names.count loop
    select count(*) into l_count from sys.all_tab_columns
     where owner = l_owner and table_name = l_names(i) and column_name = l_obj.name;
  end loop;
  select count(*), count(c.comments) into l_count, l_count
    from user_tab_columns t
    join user_col_comments c on c.table_name = t.table_name and c.column_name = t.column_name
   where t.table_name like 'X\_%' escape '\';
  for r in (select i.index_name as name, i.status st from all_indexes i
             where i.owner = l_owner
               and exists (select 1 from all_constraints k where k.index_name = i.index_name)
             order by name) loop
    l_version := r.name || r.st;
  end loop;
  -- Tables that are not in the catalog are not checked.
  select count(*) into l_count from my_table m, all_users u where m.whatever = u.username;
end;
/
select object_type, object_name, status
  from user_objects
 where status <> 'VALID'
 order by object_name, object_type;
