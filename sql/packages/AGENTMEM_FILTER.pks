create or replace package agentmem_filter
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_record_read,
                 package agentmem_search,
                 package agentmem_relation,
                 package test_agentmem_filter)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_FILTER: the metadata_filter language (docs/protocol-search.md,
  -- section 5) compiled to one SQL/JSON predicate on a METADATA column.
  --
  --   * compile validates the filter (every rule of section 5, before any
  --     row is read) and returns SQL text made only of fixed fragments, keys
  --     passed through agentmem_util.sql_json_key, path literals built by
  --     agentmem_util.sql_literal and placeholders :f1, :f2, ...; the values
  --     go to a bind list, never into the text.
  --   * bind_all binds that list to a DBMS_SQL cursor (the number of binds
  --     varies with the filter, so callers execute with DBMS_SQL).
  -- Used by search (AGENTMEM_SEARCH), list_records and list_relations; the
  -- utPLSQL suite test_agentmem_filter calls compile directly (accessor).
  ------------------------------------------------------------------------------

  -- One bound value: name without the colon ('f1'); kind VARCHAR2 (strings,
  -- at most 4000 bytes), NUMBER, or CLOB (JSON text of a list compared whole).
  type t_bind is record (name varchar2(30 char), kind varchar2(8 char), text_value varchar2(4000 byte),
                         number_value number, clob_value clob);
  type t_bind_list is table of t_bind;

  -- Limits of the language (protocol section 5, "Validation").
  co_max_depth      constant pls_integer := 8;     -- field levels
  co_max_conditions constant pls_integer := 64;    -- field conditions in all
  co_max_operands   constant pls_integer := 100;   -- values of one $array_contains(_any)

  -- Validates p_filter (the request's metadata_filter element; JSON null =
  -- records without metadata) and returns a SQL predicate over
  -- <p_alias>.METADATA built only from fixed fragments, keys passed through
  -- agentmem_util.sql_json_key and placeholders :fN, appending the values to
  -- p_binds (created when NULL; names continue after the binds already in
  -- it, so two filters can share one statement).
  --   p_filter  the filter element; NULL (SQL) is treated like an omitted
  --             filter and gives '1 = 1'
  --   p_alias   the table alias of the record table (an unquoted identifier)
  --   p_path    display path of the filter in messages ('metadata_filter')
  -- Returns: a condition usable in a WHERE clause: '1 = 1' for an omitted
  --   filter or {}, '<alias>.metadata is null' for JSON null, else
  --   '(<expression>) = 1'.
  -- Side effects: none. Raises: INVALID_ARGUMENT naming the offending path
  --   under p_path, the value and the rule.
  -- agentmem:sql-builder
  function compile(p_filter in json_element_t, p_alias in varchar2, p_binds in out nocopy t_bind_list,
                   p_path in varchar2 default 'metadata_filter') return varchar2;

  -- Binds every value of p_binds to p_cursor (DBMS_SQL.BIND_VARIABLE by
  -- name ':fN'); call after DBMS_SQL.PARSE of a text holding compile's
  -- predicate. Side effects: none besides the binds. Raises: what
  -- DBMS_SQL raises (ORA-01006 when a name is not in the statement).
  procedure bind_all(p_cursor in integer, p_binds in t_bind_list);

end agentmem_filter;
/
