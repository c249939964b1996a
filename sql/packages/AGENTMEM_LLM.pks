create or replace package agentmem_llm
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_thread,
                 package agentmem_llm_tasks,
                 package agentmem_llm_apply,
                 package test_agentmem_llm)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_LLM: the thread's LLM configuration (request key "llm") and the
  -- two providers the package runs itself (docs/llm.md, "Providers").
  --
  --   * database: DBMS_VECTOR_CHAIN.UTL_TO_GENERATE_TEXT with the params JSON
  --     of the configuration and the credential it names (a database
  --     credential object; the secret never appears in the configuration).
  --   * function: a PL/SQL function named in the configuration, signature
  --     function <name>(p_request in clob) return clob, called by a dynamic
  --     block whose only identifier is the validated name
  --     (agentmem_util.sql_qualified_name) and whose values are binds.
  --   * client: the caller runs the model (the Go client); generate refuses it.
  --
  -- Every provider error becomes LLM_FAILED naming the provider, the model
  -- and the Oracle error text (cut at co_error_chars characters).
  -- Nothing here writes: generate only calls the provider.
  ------------------------------------------------------------------------------

  -- Characters of the provider's Oracle error text kept in LLM_FAILED.
  co_error_chars constant pls_integer := 1000;

  -- Validates the "llm" object at p_path (e.g. 'llm') and returns its
  -- normalized copy: provider lower-case, supports_vision always present
  -- (default false). Rules (INVALID_ARGUMENT naming p_path.<key>):
  --   * no key at any depth whose name is a secret (api_key, apikey,
  --     password, passwd, secret, token, private_key, authorization and
  --     names made of them with _ or - separators, any case): secrets live
  --     in a database credential object named by credential_name;
  --   * provider: database | function | client (any case), required;
  --   * database: params (object, required, with a string "provider"; no
  --     credential_name inside: give it once, at the top level),
  --     credential_name (optional string);
  --   * function: function_name (required; function, package.function or
  --     schema.package.function), model (optional string);
  --   * client: model (required string);
  --   * supports_vision: optional boolean;
  --   * any other top-level key is refused.
  function normalize_config(p_llm in json_object_t, p_path in varchar2) return json_object_t;

  -- 'DATABASE' | 'FUNCTION' | 'CLIENT' for a normalized configuration.
  function provider_kind(p_llm in json_object_t) return varchar2;

  -- The model name recorded in provenance: params.model (database), model
  -- (client, function), else the function name; NULL when none is known.
  function model_name(p_llm in json_object_t) return varchar2;

  -- Runs the prompt object p_prompt (AGENTMEM_LLM_PROMPT.build) on the
  -- provider of the normalized configuration p_llm and returns the model's
  -- raw text. DATABASE and FUNCTION only: CLIENT is INVALID_ARGUMENT (the
  -- caller generates). Raises LLM_FAILED on any provider error.
  function generate(p_llm in json_object_t, p_prompt in json_object_t) return clob;

end agentmem_llm;
/
