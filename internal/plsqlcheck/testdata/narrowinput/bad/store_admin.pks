-- The historical NARROW-INPUT bugs (reviews of AGENTMEM_STORE_ADMIN,
-- AGENTMEM_RECORD_EDIT and AGENTMEM_STORE, fixed in ab69a2d and 76081b2).
create or replace package fx_store_admin
authid current_user
as
  type t_store is record (
    owner   varchar2(128),
    prefix  varchar2(17)
  );

  procedure grant_access(p_grantee in varchar2, p_access in varchar2 default null);

  procedure update_record(p_req in json_object_t);

  procedure check_settings(p_store in t_store);
end fx_store_admin;
/
