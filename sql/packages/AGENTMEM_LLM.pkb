create or replace package body agentmem_llm
as

  -- Key names that hold a secret, matched on the lower-cased key with '-'
  -- read as '_': these words anywhere, or "token" as the whole key, a part
  -- between underscores, or its end (accesstoken, auth_token; max_tokens is
  -- allowed: it is a generation parameter).
  co_secret_words constant varchar2(200 char) :=
    'api_?key|password|passwd|secret|private_?key|authorization|bearer';
  co_token_word   constant varchar2(100 char) := '(^|_)token(_|$)|token$';

  -- An unquoted identifier (credential names), letters spelled out
  -- (docs/development.md, "Regular expressions").
  co_ident constant varchar2(200 char) :=
    '[' || agentmem_util.co_ascii_letters || '][' || agentmem_util.co_ascii_letters || '0123456789_$#]*';

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  -- True when p_key names a secret (co_secret_words, co_token_word).
  function secret_key(p_key in varchar2) return boolean
  is
    l_key varchar2(400 char) := lower(replace(substr(p_key, 1, 400), '-', '_'));
  begin
    return regexp_like(l_key, co_secret_words, 'c') or regexp_like(l_key, co_token_word, 'c');
  end secret_key;

  -- Refuses a secret key anywhere in p_element (objects and arrays, any
  -- depth); p_path is the element's display path.
  procedure reject_secrets(p_element in json_element_t, p_path in varchar2)
  is
    l_obj  json_object_t;
    l_arr  json_array_t;
    l_keys json_key_list;
  begin
    if p_element is null then
      return;
    end if;
    if p_element.is_object then
      l_obj := treat(p_element as json_object_t);
      -- GET_KEYS of an empty object may be NULL (AGENTMEM_UTIL.reject_unknown_keys
      -- guards the same way).
      l_keys := l_obj.get_keys;
      if l_keys is null then
        l_keys := json_key_list();
      end if;
      for i in 1 .. l_keys.count loop
        if secret_key(l_keys(i)) then
          fail('INVALID_ARGUMENT: ' || p_path || '.' || substr(l_keys(i), 1, 100)
               || ' must not be in the LLM configuration: secrets are never stored with a thread; create a'
               || ' database credential (DBMS_VECTOR_CHAIN.CREATE_CREDENTIAL) and name it with credential_name');
        end if;
        reject_secrets(l_obj.get(l_keys(i)), substr(p_path || '.' || substr(l_keys(i), 1, 100), 1, 1000));
      end loop;
    elsif p_element.is_array then
      l_arr := treat(p_element as json_array_t);
      for i in 0 .. l_arr.get_size - 1 loop
        reject_secrets(l_arr.get(i), substr(p_path || '[' || i || ']', 1, 1000));
      end loop;
    end if;
  end reject_secrets;

  -- A required, non-blank string key of at most p_max characters.
  function required_text(p_obj in json_object_t, p_key in varchar2, p_path in varchar2, p_max in pls_integer,
                         p_rule in varchar2) return varchar2
  is
    l_text agentmem_util.t_opt_text;
  begin
    if not p_obj.has(p_key) or p_obj.get(p_key).is_null then
      fail('INVALID_ARGUMENT: ' || p_path || p_key || ' is required: ' || p_rule);
    end if;
    l_text := agentmem_util.get_text(p_obj, p_key, p_path, p_max);
    if trim(l_text.value) is null then
      fail('INVALID_ARGUMENT: ' || p_path || p_key || ' must be a non-blank string: ' || p_rule);
    end if;
    return l_text.value;
  end required_text;

  -- An optional string key (omitted or null = NULL) of at most p_max
  -- characters.
  function optional_text(p_obj in json_object_t, p_key in varchar2, p_path in varchar2, p_max in pls_integer)
    return varchar2
  is
    l_text agentmem_util.t_opt_text;
  begin
    if not p_obj.has(p_key) or p_obj.get(p_key).is_null then
      return null;
    end if;
    l_text := agentmem_util.get_text(p_obj, p_key, p_path, p_max);
    return l_text.value;
  end optional_text;

  function normalize_config(p_llm in json_object_t, p_path in varchar2) return json_object_t
  is
    l_path     varchar2(200 char) := substr(p_path, 1, 190) || '.';
    l_out      json_object_t;
    l_kind     agentmem_util.t_opt_text;
    l_params   json_object_t;
    l_present  boolean;
    l_is_null  boolean;
    l_text     varchar2(4000 char);
    l_name     varchar2(400 char);
  begin
    if p_llm is null then
      fail('INVALID_ARGUMENT: ' || p_path || ' must be an object: {"provider": "database" | "function" | "client", ...}');
    end if;
    -- Secrets first: a refused configuration never reaches a message that
    -- would echo one of its values.
    reject_secrets(p_llm, p_path);
    l_kind := agentmem_util.get_enum(p_llm, 'provider', 'DATABASE,FUNCTION,CLIENT', l_path);
    if l_kind.value is null then
      fail('INVALID_ARGUMENT: ' || l_path || 'provider is required: database, function or client');
    end if;
    l_out := json_object_t();
    l_out.put('provider', lower(l_kind.value));
    case l_kind.value
      when 'DATABASE' then
        agentmem_util.reject_unknown_keys(p_llm, 'provider,credential_name,params,supports_vision', l_path);
        agentmem_util.get_object(p_llm, 'params', l_path, l_params, l_present, l_is_null);
        if l_params is null then
          fail('INVALID_ARGUMENT: ' || l_path || 'params is required for the database provider: the'
               || ' DBMS_VECTOR_CHAIN.UTL_TO_GENERATE_TEXT parameters, e.g. {"provider": "openai", "model": "gpt-4o-mini"}');
        end if;
        l_text := required_text(l_params, 'provider', l_path || 'params.', 64,
                                'the UTL_TO_GENERATE_TEXT provider (cohere, ocigenai, googleai, huggingface, openai,'
                                || ' vertexai, ollama)');
        if l_params.has('credential_name') then
          fail('INVALID_ARGUMENT: ' || l_path || 'params.credential_name must not be given inside params; give it once,'
               || ' as ' || l_path || 'credential_name');
        end if;
        l_text := optional_text(l_params, 'model', l_path || 'params.', 512);
        l_out.put('params', json_object_t.parse(l_params.to_clob));
        l_text := optional_text(p_llm, 'credential_name', l_path, 257);
        if l_text is not null then
          if not regexp_like(l_text, '^' || co_ident || '(\.' || co_ident || ')?$', 'c') then
            fail('INVALID_ARGUMENT: ' || l_path || 'credential_name ' || agentmem_util.shown_text(l_text)
                 || ' must name a credential: an unquoted identifier, optionally schema.credential');
          end if;
          l_out.put('credential_name', l_text);
        end if;
      when 'FUNCTION' then
        agentmem_util.reject_unknown_keys(p_llm, 'provider,function_name,model,supports_vision', l_path);
        l_text := required_text(p_llm, 'function_name', l_path, 386,
                                'function, package.function or schema.package.function with the signature'
                                || ' (p_request in clob) return clob');
        l_name := agentmem_util.sql_qualified_name(l_text, l_path || 'function_name');
        l_out.put('function_name', l_text);
        l_text := optional_text(p_llm, 'model', l_path, 128);
        if l_text is not null then
          l_out.put('model', l_text);
        end if;
      when 'CLIENT' then
        agentmem_util.reject_unknown_keys(p_llm, 'provider,model,supports_vision', l_path);
        l_out.put('model', required_text(p_llm, 'model', l_path, 128,
                                         'the model the client runs, recorded in the memories'' provenance'));
    end case;
    if p_llm.has('supports_vision') and not p_llm.get('supports_vision').is_boolean then
      fail('INVALID_ARGUMENT: ' || l_path || 'supports_vision ' || agentmem_util.shown(p_llm.get('supports_vision'))
           || ' must be true or false');
    end if;
    l_out.put('supports_vision', p_llm.has('supports_vision') and p_llm.get_boolean('supports_vision'));
    return l_out;
  end normalize_config;

  function provider_kind(p_llm in json_object_t) return varchar2
  is
    l_kind varchar2(16 char);
  begin
    if p_llm is not null and p_llm.has('provider') and p_llm.get('provider').is_string then
      l_kind := upper(substr(p_llm.get_string('provider'), 1, 16));
    end if;
    if l_kind is null or l_kind not in ('DATABASE', 'FUNCTION', 'CLIENT') then
      fail('INVALID_ARGUMENT: llm.provider must be database, function or client');
    end if;
    return l_kind;
  end provider_kind;

  function model_name(p_llm in json_object_t) return varchar2
  is
    l_params json_object_t;
  begin
    if p_llm is null then
      return null;
    end if;
    if p_llm.has('params') and p_llm.get('params').is_object then
      l_params := p_llm.get_object('params');
      if l_params.has('model') and l_params.get('model').is_string then
        return substr(l_params.get_string('model'), 1, 512);
      end if;
    end if;
    if p_llm.has('model') and p_llm.get('model').is_string then
      return substr(p_llm.get_string('model'), 1, 512);
    end if;
    if p_llm.has('function_name') and p_llm.get('function_name').is_string then
      return substr(p_llm.get_string('function_name'), 1, 512);
    end if;
    return null;
  end model_name;

  -- The single prompt string UTL_TO_GENERATE_TEXT takes (it has no chat
  -- form: "A prompt can be an input text string"): the contents of the
  -- prompt's messages in order (system, then user), separated by a blank
  -- line. The user content is the JSON document of the task's data, so
  -- its delimiting survives the flattening (docs/llm.md).
  function prompt_text(p_prompt in json_object_t) return clob
  is
    l_messages json_array_t := p_prompt.get_array('messages');
    l_text     clob;
  begin
    for i in 0 .. l_messages.get_size - 1 loop
      l_text := case when i = 0 then null else l_text || chr(10) || chr(10) end
                || treat(l_messages.get(i) as json_object_t).get_clob('content');
    end loop;
    return l_text;
  end prompt_text;

  -- DBMS_VECTOR_CHAIN.UTL_TO_GENERATE_TEXT, text to text or (an image in
  -- the prompt) image to text. Syntax and providers: AI Vector Search
  -- User's Guide, UTL_TO_GENERATE_TEXT
  -- (https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/utl_to_generate_text-dbms_vector.html,
  -- the DBMS_VECTOR_CHAIN twin is listed on
  -- https://docs.oracle.com/en/database/oracle/oracle-database/23/vecse/dbms_vector_chain-vecse.html:
  -- "Generates text for a prompt (input string) or an image"). Positional
  -- arguments: (prompt CLOB, params JSON) and (prompt CLOB, media BLOB,
  -- media type, params JSON); the image form's parameter names were not
  -- read in the documentation, so none are written. Called in SQL (the
  -- documented form is a SELECT ... FROM DUAL) so that the package compiles
  -- where DBMS_VECTOR_CHAIN is absent; verify live (docs/verification.md).
  function generate_database(p_llm in json_object_t, p_prompt in json_object_t) return clob
  is
    l_params json_object_t := json_object_t.parse(p_llm.get_object('params').to_clob);
    l_images json_array_t;
    l_image  json_object_t;
    l_media  blob;
    l_out    clob;
  begin
    if p_llm.has('credential_name') then
      l_params.put('credential_name', p_llm.get_string('credential_name'));
    end if;
    if p_prompt.has('images') and p_prompt.get('images').is_array then
      l_images := p_prompt.get_array('images');
    end if;
    if l_images is not null and l_images.get_size > 0 then
      l_image := treat(l_images.get(0) as json_object_t);
      l_media := agentmem_util.base64_to_blob(l_image.get_clob('data_base64'));
      execute immediate 'select ctxsys.dbms_vector_chain.utl_to_generate_text(:1, :2, :3, json(:4)) from sys.dual'
        into l_out
        using prompt_text(p_prompt), l_media, substr(l_image.get_string('mime_type'), 1, 64), l_params.to_clob;
    else
      execute immediate 'select ctxsys.dbms_vector_chain.utl_to_generate_text(:1, json(:2)) from sys.dual'
        into l_out
        using prompt_text(p_prompt), l_params.to_clob;
    end if;
    return l_out;
  end generate_database;

  function generate(p_llm in json_object_t, p_prompt in json_object_t) return clob
  is
    l_kind  varchar2(16 char) := provider_kind(p_llm);
    l_name  varchar2(400 char);
    l_out   clob;
  begin
    if l_kind = 'CLIENT' then
      fail('INVALID_ARGUMENT: llm.provider client is run by the caller: the package returns the task''s prompt and'
           || ' takes the model''s output back (thread_complete_llm_tasks)');
    end if;
    if l_kind = 'FUNCTION' then
      -- Validated before the call: a bad name is the configuration's error,
      -- not the provider's.
      l_name := agentmem_util.sql_qualified_name(p_llm.get_string('function_name'), 'llm.function_name');
    end if;
    begin
      if l_kind = 'DATABASE' then
        l_out := generate_database(p_llm, p_prompt);
      else
        execute immediate 'begin :1 := ' || l_name || '(:2); end;'
          using out l_out, in p_prompt.to_clob;
      end if;
    exception
      when others then
        agentmem_util.raise_error(dbms_agent_memory_store.co_llm_failed,
          'LLM_FAILED: the ' || lower(l_kind) || ' provider (model '
          || nvl(agentmem_util.shown_text(model_name(p_llm)), 'unknown') || ') failed: '
          || substr(dbms_utility.format_error_stack, 1, co_error_chars));
    end;
    return l_out;
  end generate;

end agentmem_llm;
/
