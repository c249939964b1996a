-- Removes the store registry. Stores still registered keep their tables;
-- drop them first with dbms_agent_memory_store.drop_store.
drop table agentmem_store_registry purge;
