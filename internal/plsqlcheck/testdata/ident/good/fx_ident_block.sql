-- IDENT in an install script: an anonymous block and a standalone
-- procedure, every prefixed name declared in its own declare section.
declare
  co_threshold constant pls_integer := 10;
  l_count pls_integer := 0;
begin
  select count(*) into l_count from user_objects;
  if l_count > co_threshold then
    null;
  end if;
end;
/
create or replace procedure fx_ident_proc(p_owner in varchar2)
  authid current_user
is
  l_total pls_integer;
begin
  select count(*) into l_total from all_objects where owner = p_owner;
end fx_ident_proc;
/
