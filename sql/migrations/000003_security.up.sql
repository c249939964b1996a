-- Install level: the security policy registry (issue 14, docs/security.md,
-- "Policies"). One row per (store, policy) the policy administrator added with
-- dbms_agent_memory_store.add_security_policies, and one row per principal
-- granted such a policy. The registry is the source of truth for both
-- enforcement modes: in VPD mode the policy functions of AGENTMEM_VPD read
-- AGENTMEM_SECURITY_GRANT (the end users a policy is granted to); in
-- DEEP_DATA_SECURITY mode AGENTMEM_SECURITY derives the names of the data roles
-- and data grants from these rows. Written only by AGENTMEM_SECURITY, in
-- autonomous transactions next to the DDL they describe, so a failed call can
-- be run again (docs/development.md, "Transactions").
create table agentmem_security_policy (
  store_id     varchar2(16 char)            not null,
  policy       varchar2(30 char)            not null,
  enforcement  varchar2(30 char)            not null,
  created_at   timestamp with time zone     default systimestamp not null,
  constraint agentmem_security_policy_pk primary key (store_id, policy),
  constraint agentmem_security_policy_ck check (policy in ('USER_OWN_ROWS', 'GLOBAL_MEMORIES')),
  constraint agentmem_security_enforce_ck check (enforcement in ('DEEP_DATA_SECURITY', 'VPD'))
);

comment on table agentmem_security_policy is
  'agentmem: security policies added to a memory store (add_security_policies); one enforcement mode per store';
comment on column agentmem_security_policy.store_id is 'memory_store_id (upper case), or $DEFAULT: AGENTMEM_STORE_REGISTRY.STORE_KEY';
comment on column agentmem_security_policy.policy is 'USER_OWN_ROWS (own rows: read and write) or GLOBAL_MEMORIES (rows with user_id NULL: read only)';
comment on column agentmem_security_policy.enforcement is 'DEEP_DATA_SECURITY (data roles and data grants, 23.26.2+) or VPD (DBMS_RLS policies keyed on the AGENTMEM_END_USER context)';
comment on column agentmem_security_policy.created_at is 'when the policy was added';

create table agentmem_security_grant (
  store_id        varchar2(16 char)         not null,
  principal_type  varchar2(30 char)         not null,
  principal       varchar2(128 char)        not null,
  policy          varchar2(30 char)         not null,
  granted_at      timestamp with time zone  default systimestamp not null,
  constraint agentmem_security_grant_pk primary key (store_id, principal_type, principal, policy),
  constraint agentmem_security_grant_type_ck check (principal_type in ('END_USER', 'DATA_ROLE', 'OCI_GROUP')),
  constraint agentmem_security_grant_fk foreign key (store_id, policy)
    references agentmem_security_policy (store_id, policy) on delete cascade
);

-- The foreign key's columns: removing a policy deletes its grants (ON DELETE
-- CASCADE) without a full scan, and the VPD predicates look grants up by
-- (store_id, principal) through the primary key's leading column.
create index agentmem_security_grant_pol_ix on agentmem_security_grant (store_id, policy);

comment on table agentmem_security_grant is
  'agentmem: principals granted the security policies of a memory store (grant_security_policies)';
comment on column agentmem_security_grant.store_id is 'memory_store_id (upper case), or $DEFAULT';
comment on column agentmem_security_grant.principal_type is 'END_USER, DATA_ROLE (Deep Data Security only) or OCI_GROUP (Deep Data Security only: an OCI IAM group, through a mapped data role)';
comment on column agentmem_security_grant.principal is 'VPD END_USER: the end-user name exactly as the application passes it (case-sensitive); Deep Data Security END_USER and DATA_ROLE: the name upper case; OCI_GROUP: the group name as in the token';
comment on column agentmem_security_grant.policy is 'the policy granted (a row of AGENTMEM_SECURITY_POLICY)';
comment on column agentmem_security_grant.granted_at is 'when the policy was granted to the principal';
