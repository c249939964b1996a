-- Removes the security policy registry. Remove the policies first
-- (dbms_agent_memory_store.remove_security_policies, or drop_store): the VPD
-- policies and the Deep Data Security data roles and data grants they created
-- are not dropped with these tables.
drop table agentmem_security_grant purge;
drop table agentmem_security_policy purge;
