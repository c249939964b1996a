create or replace package body agentmem_llm_tasks
as

  subtype t_store is agentmem_store_catalog.t_store;
  subtype t_thread is agentmem_thread.t_thread;

  -- The deprecated inline extraction parameters of the thread constructor
  -- (seed: deprecated since 26.6.0, "use memory_extraction_config
  -- instead"), plus the legacy extract_memories (oam-facts 8.4).
  co_inline_keys constant varchar2(300 char) :=
    'extract_memories,memory_extraction_window,context_summary_update_frequency,memory_extraction_frequency,'
    || 'memory_extraction_token_limit,enable_context_summary,memory_extraction_custom_instructions,'
    || 'memory_extraction_inherit_message_metadata';
  -- The fields of MemoryExtractionConfig (oam-facts 8.4; docs/llm.md).
  co_grouped_keys constant varchar2(600 char) :=
    'extract_memories,memory_extraction_window,context_summary_update_frequency,memory_extraction_frequency,'
    || 'memory_extraction_token_limit,enable_context_summary,memory_extraction_custom_instructions,'
    || 'memory_extraction_inherit_message_metadata,extraction_mode,image_context,link_extraction_mode,'
    || 'background_extraction_queue_full_behavior,background_extraction_queue_put_timeout_seconds';
  co_image_keys constant varchar2(200 char) :=
    'max_raw_image_bytes,max_images_per_llm_request,max_total_raw_image_bytes_per_llm_request';

  -- Defaults the seed gives (-1 = once per add_messages call over the new
  -- batch; 30,000 tokens of shortening input) and those it leaves open
  -- (docs/llm.md "Configuration" says why each was chosen).
  co_default_token_limit   constant pls_integer := 100000;
  co_default_shorten_input constant pls_integer := 30000;
  co_default_max_image     constant pls_integer := 10485760;
  co_default_max_images    constant pls_integer := 20;
  co_default_max_total     constant pls_integer := 52428800;
  co_max_whole             constant number := 1000000000;

  -- Backoff of a failed background run: 30 s doubled per attempt, at most
  -- one hour.
  co_backoff_seconds     constant pls_integer := 30;
  co_max_backoff_seconds constant pls_integer := 3600;

  -- The task rows past their retention (purge_tasks, expired_tasks): the
  -- predicate on alias k, bound :b_days.
  co_expired_tasks constant varchar2(200 char) :=
    ' k.status in (''DONE'', ''FAILED'', ''AWAITING_CLIENT'')'
    || ' and k.updated_at < systimestamp - numtodsinterval(:b_days, ''DAY'')';

  -- The schema version that added <prefix>LLM_TASK (AGENTMEM_STORE_DDL
  -- upgrade_step_3): the purge of a store not upgraded yet, which still
  -- runs, finds no task table and has no task to clean.
  co_task_table_version constant pls_integer := 3;

  -- Task ids, inputs and results selected by forget_messages / forget_images
  -- / forget_memories.
  type t_task_ids is table of varchar2(32 char);
  type t_task_texts is table of clob;
  type t_task_flags is table of number;
  type t_task_errors is table of varchar2(200 char);   -- as co_forgotten

  -- Why a task that was not DONE failed when its message, image or memory
  -- went.
  co_forgotten constant varchar2(200 char) :=
    'a message, image or memory of its input was deleted (delete_message, delete_record, thread_delete_memory or the'
    || ' purge of expired records);'
    || ' the task''s text was removed and it will not run';

  procedure fail(p_message in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument, p_message);
  end fail;

  -- The table p_base of the store, owner-qualified.
  -- agentmem:sql-builder
  function tab(p_store in t_store, p_base in varchar2) return varchar2
  is
  begin
    return agentmem_util.sql_object(p_store.owner, p_store.table_prefix || p_base);
  end tab;

  -- The keys of p_obj that are in the comma-separated p_list, joined with
  -- ', '; NULL when none is.
  function named_keys(p_obj in json_object_t, p_list in varchar2) return varchar2
  is
    l_keys  json_key_list := p_obj.get_keys;
    l_found varchar2(4000 char);
  begin
    if l_keys is null then
      return null;
    end if;
    for i in 1 .. l_keys.count loop
      if instr(l_keys(i), ',') = 0 and instr(',' || p_list || ',', ',' || l_keys(i) || ',') > 0 then
        l_found := substr(l_found || case when l_found is not null then ', ' end || l_keys(i), 1, 4000);
      end if;
    end loop;
    return l_found;
  end named_keys;

  ------------------------------------------------------------------------------
  -- Configuration (docs/llm.md "Configuration")
  ------------------------------------------------------------------------------

  -- A whole number key: p_default when omitted; JSON null refused (the
  -- seed's fields are ints, not optional).
  function int_field(p_src in json_object_t, p_key in varchar2, p_path in varchar2, p_default in number,
                     p_min in number default -co_max_whole) return number
  is
    l_value agentmem_util.t_opt_number := agentmem_util.get_integer(p_src, p_key, p_min, co_max_whole, p_path);
  begin
    if l_value.is_null then
      fail('INVALID_ARGUMENT: ' || p_path || p_key || ' null is not allowed; omit it for the default ' || p_default);
    end if;
    if l_value.present then
      return l_value.value;
    end if;
    return p_default;
  end int_field;

  -- A boolean key: p_default when omitted; JSON null and other values refused.
  function flag_field(p_src in json_object_t, p_key in varchar2, p_path in varchar2, p_default in boolean)
    return boolean
  is
  begin
    if not p_src.has(p_key) then
      return p_default;
    end if;
    if not p_src.get(p_key).is_boolean then
      fail('INVALID_ARGUMENT: ' || p_path || p_key || ' ' || agentmem_util.shown(p_src.get(p_key))
           || ' must be true or false; omit it for the default');
    end if;
    return p_src.get_boolean(p_key);
  end flag_field;

  -- An enum key (case-insensitive, stored upper case): p_default when
  -- omitted; JSON null refused.
  function enum_field(p_src in json_object_t, p_key in varchar2, p_path in varchar2, p_allowed in varchar2,
                      p_default in varchar2) return varchar2
  is
    l_value agentmem_util.t_opt_text := agentmem_util.get_enum(p_src, p_key, p_allowed, p_path);
  begin
    if l_value.is_null then
      fail('INVALID_ARGUMENT: ' || p_path || p_key || ' null is not allowed; omit it for the default ' || p_default);
    end if;
    if l_value.present then
      return l_value.value;
    end if;
    return p_default;
  end enum_field;

  -- memory_extraction_inherit_message_metadata: true, false, or a list of
  -- top-level metadata keys (seed: "a non-string sequence of keys").
  procedure put_inherit(p_src in json_object_t, p_path in varchar2, p_out in out nocopy json_object_t)
  is
    co_key  constant varchar2(50 char) := 'memory_extraction_inherit_message_metadata';
    l_value json_element_t := p_src.get(co_key);
    l_list  json_array_t;
  begin
    if l_value is null then
      p_out.put(co_key, true);   -- seed: "The default is True"
      return;
    end if;
    if l_value.is_boolean then
      p_out.put(co_key, l_value);
      return;
    end if;
    if not l_value.is_array then
      fail('INVALID_ARGUMENT: ' || p_path || co_key || ' ' || agentmem_util.shown(l_value)
           || ' must be true, false or a list of top-level metadata keys');
    end if;
    l_list := treat(l_value as json_array_t);
    for i in 0 .. l_list.get_size - 1 loop
      if not l_list.get(i).is_string or not agentmem_util.json_key_allowed(l_list.get_string(i)) then
        fail('INVALID_ARGUMENT: ' || p_path || co_key || '[' || i || '] ' || agentmem_util.shown(l_list.get(i))
             || ' must be a metadata key (1 to 128 characters, no double quote, backslash, apostrophe or'
             || ' control character)');
      end if;
    end loop;
    p_out.put(co_key, l_list);
  end put_inherit;

  -- The extraction fields from p_src (the grouped object, or the request
  -- with the inline parameters); p_grouped: the grouped-only fields are read
  -- too (else they take their defaults).
  function extraction_config(p_src in json_object_t, p_path in varchar2, p_grouped in boolean, p_has_llm in boolean)
    return json_object_t
  is
    l_mec     json_object_t := json_object_t();
    l_text    agentmem_util.t_opt_text;
    l_timeout json_element_t;
  begin
    l_mec.put('extract_memories', flag_field(p_src, 'extract_memories', p_path, true));
    -- Extraction needs an LLM (oam-facts 8.4): an explicit true without one
    -- is refused; the default true simply extracts nothing without an LLM.
    if p_src.has('extract_memories') and l_mec.get_boolean('extract_memories') and not p_has_llm then
      fail('INVALID_ARGUMENT: ' || p_path || 'extract_memories true needs an llm (memory extraction runs on the'
           || ' thread''s LLM); pass llm, or extract_memories false');
    end if;
    l_mec.put('memory_extraction_frequency', int_field(p_src, 'memory_extraction_frequency', p_path, -1));
    l_mec.put('memory_extraction_window', int_field(p_src, 'memory_extraction_window', p_path, -1));
    l_mec.put('memory_extraction_token_limit',
              int_field(p_src, 'memory_extraction_token_limit', p_path, co_default_token_limit));
    l_mec.put('enable_context_summary', flag_field(p_src, 'enable_context_summary', p_path, true));
    l_mec.put('context_summary_update_frequency', int_field(p_src, 'context_summary_update_frequency', p_path, -1));
    l_text := agentmem_util.get_text(p_src, 'memory_extraction_custom_instructions', p_path, 4000);
    if l_text.value is null then
      l_mec.put_null('memory_extraction_custom_instructions');
    else
      l_mec.put('memory_extraction_custom_instructions', l_text.value);
    end if;
    put_inherit(p_src, p_path, l_mec);
    if p_grouped then
      l_mec.put('extraction_mode', enum_field(p_src, 'extraction_mode', p_path, 'INLINE,BACKGROUND', 'INLINE'));
      l_mec.put('image_context', enum_field(p_src, 'image_context', p_path, 'DISABLED,ENABLED', 'DISABLED'));
      l_mec.put('link_extraction_mode',
                enum_field(p_src, 'link_extraction_mode', p_path, 'POST_EXTRACTION,DISABLED', 'POST_EXTRACTION'));
      l_mec.put('background_extraction_queue_full_behavior',
                enum_field(p_src, 'background_extraction_queue_full_behavior', p_path,
                           'DROP,WAIT_THEN_DROP,WAIT_THEN_RAISE', 'WAIT_THEN_RAISE'));
      l_timeout := p_src.get('background_extraction_queue_put_timeout_seconds');
      if l_timeout is not null and not l_timeout.is_null
         and not (l_timeout.is_number and p_src.get_number('background_extraction_queue_put_timeout_seconds') >= 0) then
        fail('INVALID_ARGUMENT: ' || p_path || 'background_extraction_queue_put_timeout_seconds '
             || agentmem_util.shown(l_timeout) || ' must be a number of seconds >= 0, or null');
      end if;
      if l_timeout is null then
        l_mec.put_null('background_extraction_queue_put_timeout_seconds');
      else
        l_mec.put('background_extraction_queue_put_timeout_seconds', l_timeout);
      end if;
    else
      l_mec.put('extraction_mode', 'INLINE');
      l_mec.put('image_context', 'DISABLED');
      l_mec.put('link_extraction_mode', 'POST_EXTRACTION');
      l_mec.put('background_extraction_queue_full_behavior', 'WAIT_THEN_RAISE');
      l_mec.put_null('background_extraction_queue_put_timeout_seconds');
    end if;
    return l_mec;
  end extraction_config;

  -- image_input_limit_config: positive whole numbers; omitted fields take
  -- the defaults, null is refused (seed: "validation cannot be disabled").
  function image_limits(p_req in json_object_t) return json_object_t
  is
    co_path   constant varchar2(30 char) := 'image_input_limit_config.';
    l_given   json_object_t;
    l_present boolean;
    l_is_null boolean;
    l_limits  json_object_t := json_object_t();
  begin
    agentmem_util.get_object(p_req, 'image_input_limit_config', null, l_given, l_present, l_is_null);
    if l_is_null then
      fail('INVALID_ARGUMENT: image_input_limit_config null is not allowed: image validation cannot be disabled;'
           || ' omit it for the defaults');
    end if;
    if l_given is null then
      l_given := json_object_t();
    end if;
    agentmem_util.reject_unknown_keys(l_given, co_image_keys, co_path);
    l_limits.put('max_raw_image_bytes', int_field(l_given, 'max_raw_image_bytes', co_path, co_default_max_image, 1));
    l_limits.put('max_images_per_llm_request',
                 int_field(l_given, 'max_images_per_llm_request', co_path, co_default_max_images, 1));
    l_limits.put('max_total_raw_image_bytes_per_llm_request',
                 int_field(l_given, 'max_total_raw_image_bytes_per_llm_request', co_path, co_default_max_total, 1));
    return l_limits;
  end image_limits;

  function thread_config(p_req in json_object_t) return json_object_t
  is
    l_cfg     json_object_t := json_object_t();
    l_llm     json_object_t;
    l_group   json_object_t;
    l_present boolean;
    l_is_null boolean;
    l_inline  varchar2(4000 char);
  begin
    if named_keys(p_req, co_thread_keys) is null then
      return null;
    end if;
    if p_req.has('llm') and not p_req.get('llm').is_null then
      if not p_req.get('llm').is_object then
        fail('INVALID_ARGUMENT: llm ' || agentmem_util.shown(p_req.get('llm'))
             || ' must be an object ({"provider": "database" | "function" | "client", ...}) or null');
      end if;
      l_llm := agentmem_llm.normalize_config(p_req.get_object('llm'), 'llm');
      l_cfg.put('llm', l_llm);
    else
      l_cfg.put_null('llm');
    end if;
    -- Seed: "pass only one of this grouped configuration or the deprecated
    -- inline extraction parameters".
    l_inline := named_keys(p_req, co_inline_keys);
    agentmem_util.get_object(p_req, 'memory_extraction_config', null, l_group, l_present, l_is_null);
    if l_group is not null and l_inline is not null then
      fail('INVALID_ARGUMENT: memory_extraction_config cannot be combined with the deprecated inline extraction'
           || ' parameters (' || l_inline || '); pass the fields inside memory_extraction_config only');
    end if;
    if l_group is not null then
      agentmem_util.reject_unknown_keys(l_group, co_grouped_keys, 'memory_extraction_config.');
      l_cfg.put('memory_extraction_config',
                extraction_config(l_group, 'memory_extraction_config.', true, l_llm is not null));
    else
      l_cfg.put('memory_extraction_config', extraction_config(p_req, null, false, l_llm is not null));
    end if;
    l_cfg.put('max_message_token_length', int_field(p_req, 'max_message_token_length', null, -1));
    l_cfg.put('message_shortening_input_token_limit',
              int_field(p_req, 'message_shortening_input_token_limit', null, co_default_shorten_input));
    l_cfg.put('image_input_limit_config', image_limits(p_req));
    return l_cfg;
  end thread_config;

  procedure save_config(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2,
                        p_config in json_object_t)
  is
    l_state json_object_t := json_object_t();
  begin
    -- Messages up to these seq_no values are covered (0: none yet).
    l_state.put('extracted_through_seq', 0);
    l_state.put('summarized_through_seq', 0);
    execute immediate 'update ' || tab(p_store, 'THREAD') || ' t set t.runtime_config = json(:b_cfg),'
      || ' t.runtime_state = json(:b_state) where t.record_id = :b_id'
      using p_config.to_clob, l_state.to_clob, p_thread_id;
  end save_config;

  -- The thread's configuration when it has an LLM, else NULL; p_state its
  -- counters. p_lock: the THREAD row is locked first (the counters of one
  -- thread change one call at a time).
  function load_config(p_store in t_store, p_thread_id in varchar2, p_lock in boolean,
                       p_state out json_object_t) return json_object_t
  is
    l_cfg_text   clob;
    l_state_text clob;
    l_cfg        json_object_t;
  begin
    execute immediate
      'select json_serialize(t.runtime_config returning clob), json_serialize(t.runtime_state returning clob) from '
      || tab(p_store, 'THREAD') || ' t where t.record_id = :b_id'
      || case when p_lock then ' for update' end
      into l_cfg_text, l_state_text
      using p_thread_id;
    if l_cfg_text is null then
      return null;
    end if;
    l_cfg := json_object_t.parse(l_cfg_text);
    if not l_cfg.has('llm') or not l_cfg.get('llm').is_object then
      return null;
    end if;
    if l_state_text is null then
      p_state := json_object_t();
    else
      p_state := json_object_t.parse(l_state_text);
    end if;
    return l_cfg;
  exception
    when no_data_found then
      return null;
  end load_config;

  function has_llm(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2) return boolean
  is
    l_state json_object_t;
  begin
    return load_config(p_store, p_thread_id, false, l_state) is not null;
  end has_llm;

  -- The extraction settings of a configuration.
  function mec(p_cfg in json_object_t) return json_object_t
  is
  begin
    return p_cfg.get_object('memory_extraction_config');
  end mec;

  ------------------------------------------------------------------------------
  -- Task rows
  ------------------------------------------------------------------------------

  -- A new task input: kind, task_id, the thread's scope and the model.
  function new_input(p_kind in varchar2, p_thread in t_thread, p_cfg in json_object_t) return json_object_t
  is
    l_input json_object_t := json_object_t();
  begin
    l_input.put('kind', p_kind);
    l_input.put('task_id', agentmem_util.new_ids(1)(1));
    agentmem_thread.put_id(l_input, 'thread_id', p_thread.thread_id);
    agentmem_thread.put_id(l_input, 'user_id', p_thread.user_id);
    agentmem_thread.put_id(l_input, 'agent_id', p_thread.agent_id);
    -- Provenance: the one rule of AGENTMEM_LLM.model_name.
    agentmem_thread.put_id(l_input, 'model', agentmem_llm.model_name(p_cfg.get_object('llm')));
    return l_input;
  end new_input;

  function task_id_of(p_input in json_object_t) return varchar2
  is
  begin
    return substr(p_input.get_string('task_id'), 1, 32);
  end task_id_of;

  function kind_of(p_input in json_object_t) return varchar2
  is
  begin
    return substr(p_input.get_string('kind'), 1, 16);
  end kind_of;

  procedure insert_task(p_store in t_store, p_thread in t_thread, p_input in json_object_t, p_status in varchar2,
                        p_mode in varchar2)
  is
  begin
    execute immediate 'insert into ' || tab(p_store, 'LLM_TASK')
      || ' (task_id, thread_id, user_id, agent_id, kind, status, run_mode, input, attempts, max_attempts)'
      || ' values (:b_id, :b_thread, :b_user, :b_agent, :b_kind, :b_status, :b_mode, json(:b_input), :b_tries, :b_max)'
      using task_id_of(p_input), p_thread.thread_id, p_thread.user_id, p_thread.agent_id, kind_of(p_input),
            p_status, p_mode, p_input.to_clob, case when p_status = 'RUNNING' then 1 else 0 end, co_max_attempts;
  end insert_task;

  -- The input a task keeps once it holds no text (DONE, or its message
  -- deleted): the ids and counts that say what it worked on; the messages,
  -- summaries, image bytes and captions, memory contents and instructions
  -- go. "provider" stays (complete_tasks' rule), "text_removed" marks it.
  function reduced_input(p_input in json_object_t) return json_object_t
  is
    l_keys    agentmem_util.t_text_list := agentmem_util.t_text_list('kind', 'task_id', 'thread_id', 'user_id',
      'agent_id', 'model', 'provider', 'message_ids', 'message_id', 'image_id', 'mime_type', 'message_count',
      'image_count', 'memory_id', 'candidate_count');
    l_reduced json_object_t := json_object_t();
  begin
    for i in 1 .. l_keys.count loop
      if p_input.has(l_keys(i)) then
        l_reduced.put(l_keys(i), p_input.get(l_keys(i)));
      end if;
    end loop;
    if p_input.has('messages') and p_input.get('messages').is_array then
      l_reduced.put('message_count', p_input.get_array('messages').get_size);
    end if;
    if p_input.has('images') and p_input.get('images').is_array then
      l_reduced.put('image_count', p_input.get_array('images').get_size);
    end if;
    if p_input.has('memory') and p_input.get('memory').is_object then
      l_reduced.put('memory_id', p_input.get_object('memory').get('id'));
    end if;
    if p_input.has('candidates') and p_input.get('candidates').is_array then
      l_reduced.put('candidate_count', p_input.get_array('candidates').get_size);
    end if;
    l_reduced.put('text_removed', true);
    return l_reduced;
  end reduced_input;

  -- The result a finished task keeps: what it wrote (ids, flags), no
  -- follow-up inputs. p_keep_copy: a SHORTEN_MESSAGE keeps its shortened
  -- copy ("content"), the cache prompt_copy reuses while the message is
  -- unchanged; forget_messages removes it with the message.
  function reduced_result(p_result in json_object_t, p_keep_copy in boolean) return json_object_t
  is
    l_keys    agentmem_util.t_text_list :=
      agentmem_util.t_text_list('memory_ids', 'relation_ids', 'summary_updated', 'caption_set');
    l_reduced json_object_t := json_object_t();
  begin
    if p_result is null then
      return null;
    end if;
    for i in 1 .. l_keys.count loop
      if p_result.has(l_keys(i)) then
        l_reduced.put(l_keys(i), p_result.get(l_keys(i)));
      end if;
    end loop;
    if p_keep_copy and p_result.has('content') then
      l_reduced.put('content', p_result.get('content'));
    end if;
    return l_reduced;
  end reduced_result;

  -- DONE: the task keeps no message text (docs/llm.md "Task lifecycle"):
  -- its input and result are reduced; only a SHORTEN_MESSAGE keeps its
  -- shortened copy, which goes with its message.
  procedure finish_task(p_store in t_store, p_input in json_object_t, p_result in json_object_t)
  is
  begin
    execute immediate 'update ' || tab(p_store, 'LLM_TASK') || ' k set k.status = ''DONE'', k.input = json(:b_input),'
      || ' k.result = json(:b_result), k.last_error = null, k.output_excerpt = null, k.updated_at = systimestamp'
      || ' where k.task_id = :b_id'
      using reduced_input(p_input).to_clob, reduced_result(p_result, kind_of(p_input) = co_shorten).to_clob,
            task_id_of(p_input);
  end finish_task;

  -- Records a failed run: FAILED when p_final or no attempt is left, else
  -- PENDING again after the backoff. The error and the start of the model
  -- output are kept (bounded to the columns' 4,000 bytes).
  procedure fail_task(p_store in t_store, p_task_id in varchar2, p_error in varchar2, p_output in clob,
                      p_final in boolean)
  is
    l_excerpt varchar2(4000 char);
  begin
    if p_output is not null then
      l_excerpt := dbms_lob.substr(p_output, co_excerpt_chars, 1);
    end if;
    execute immediate 'update ' || tab(p_store, 'LLM_TASK') || ' k set'
      -- A task whose text was removed (forget_messages) is never retried.
      || ' k.status = case when :b_final = 1 or k.attempts >= k.max_attempts'
      || ' or json_exists(k.input, ''$.text_removed'') then ''FAILED'' else ''PENDING'' end,'
      || ' k.next_attempt_at = systimestamp + numtodsinterval(least(:b_base * power(2, greatest(k.attempts - 1, 0)),'
      || ' :b_cap), ''SECOND''), k.last_error = :b_error, k.output_excerpt = :b_excerpt,'
      || ' k.updated_at = systimestamp where k.task_id = :b_id'
      -- Cut to 4,000 bytes here, not in the SQL: a bind value longer than
      -- the SQL VARCHAR2 maximum raises ORA-01461 before SUBSTRB could run
      -- (a client's error text of 2,000 characters may take 8,000 bytes).
      using case when p_final then 1 else 0 end, co_backoff_seconds, co_max_backoff_seconds,
            substrb(p_error, 1, 4000), substrb(l_excerpt, 1, 4000), p_task_id;
  end fail_task;

  ------------------------------------------------------------------------------
  -- Task inputs
  ------------------------------------------------------------------------------

  -- The messages of the thread with seq_no in (p_low, p_high], or, when
  -- p_count is given, the last p_count messages up to p_high; oldest first,
  -- unexpired. "new" marks those with seq_no > p_new_low; their ids go to
  -- p_new_ids. p_first_seq: seq_no of the oldest message returned. Content
  -- is cut to p_cap characters (NULL: not cut).
  function window_messages(p_store in t_store, p_thread_id in varchar2, p_low in number, p_high in number,
                           p_count in number, p_new_low in number, p_cap in pls_integer,
                           p_new_ids out json_array_t, p_first_seq out number) return json_array_t
  is
    type t_ids is table of varchar2(128 char);
    type t_roles is table of varchar2(64 char);
    type t_clobs is table of clob;
    type t_times is table of timestamp with time zone;
    type t_nums is table of number;
    l_ids      t_ids;
    l_roles    t_roles;
    l_contents t_clobs;
    l_times    t_times;
    l_metas    t_clobs;
    l_seqs     t_nums;
    l_message  json_object_t;
    l_list     json_array_t := json_array_t();
  begin
    p_new_ids := json_array_t();
    execute immediate
      'select w.record_id, w.message_role, w.content, nvl(w.event_timestamp, w.created_at),'
      || ' json_serialize(w.metadata returning clob), w.seq_no from ('
      || 'select m.record_id, m.message_role, m.content, m.event_timestamp, m.created_at, m.metadata, m.seq_no from '
      || tab(p_store, 'MESSAGE') || ' m where m.thread_id = :b_thread and m.seq_no <= :b_high'
      || ' and (m.expires_at is null or m.expires_at > systimestamp) and (:b_count is not null or m.seq_no > :b_low)'
      || ' order by m.seq_no desc fetch first :b_limit rows only) w order by w.seq_no'
      bulk collect into l_ids, l_roles, l_contents, l_times, l_metas, l_seqs
      using p_thread_id, p_high, p_count, p_low, nvl(p_count, co_max_whole);
    for i in 1 .. l_ids.count loop
      l_message := json_object_t();
      l_message.put('id', l_ids(i));
      agentmem_thread.put_id(l_message, 'role', l_roles(i));
      if p_cap is not null then
        agentmem_util.put_clob(l_message, 'content', substr(l_contents(i), 1, p_cap));
      else
        agentmem_util.put_clob(l_message, 'content', l_contents(i));
      end if;
      l_message.put('timestamp', agentmem_util.iso_utc(l_times(i)));
      if l_metas(i) is null then
        l_message.put_null('metadata');
      else
        l_message.put('metadata', json_element_t.parse(l_metas(i)));
      end if;
      l_message.put('new', l_seqs(i) > p_new_low);
      if l_seqs(i) > p_new_low then
        p_new_ids.append(l_ids(i));
      end if;
      l_list.append(l_message);
    end loop;
    if l_seqs.count > 0 then
      p_first_seq := l_seqs(1);
    end if;
    return l_list;
  end window_messages;

  -- Messages of the thread with seq_no in (p_low, p_high], unexpired.
  function count_after(p_store in t_store, p_thread_id in varchar2, p_low in number, p_high in number) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from ' || tab(p_store, 'MESSAGE') || ' m where m.thread_id = :b_thread'
      || ' and m.seq_no > :b_low and m.seq_no <= :b_high and (m.expires_at is null or m.expires_at > systimestamp)'
      into l_count
      using p_thread_id, p_low, p_high;
    return l_count;
  end count_after;

  -- Image context (image_context ENABLED): the image parts of the window's
  -- messages (seq_no in [p_first, p_high]), at most
  -- max_images_per_llm_request, as {"id", "mime_type", "description"}.
  function window_images(p_store in t_store, p_thread_id in varchar2, p_first in number, p_high in number,
                         p_cfg in json_object_t) return json_array_t
  is
    type t_ids is table of varchar2(128 char);
    type t_mimes is table of varchar2(64 char);
    type t_clobs is table of clob;
    l_ids    t_ids;
    l_mimes  t_mimes;
    l_texts  t_clobs;
    l_image  json_object_t;
    l_list   json_array_t := json_array_t();
  begin
    execute immediate
      'select d.record_id, d.mime_type, d.description from ' || tab(p_store, 'DOCUMENT') || ' d join '
      || tab(p_store, 'MESSAGE') || ' m on m.record_id = d.message_id'
      || ' where m.thread_id = :b_thread and m.seq_no >= :b_first and m.seq_no <= :b_high'
      || ' and (m.expires_at is null or m.expires_at > systimestamp)'
      || ' order by m.seq_no, d.part_index fetch first :b_limit rows only'
      bulk collect into l_ids, l_mimes, l_texts
      using p_thread_id, p_first, p_high,
            p_cfg.get_object('image_input_limit_config').get_number('max_images_per_llm_request');
    for i in 1 .. l_ids.count loop
      l_image := json_object_t();
      l_image.put('id', l_ids(i));
      l_image.put('mime_type', l_mimes(i));
      agentmem_util.put_clob(l_image, 'description', l_texts(i));
      l_list.append(l_image);
    end loop;
    return l_list;
  end window_images;

  -- The EXTRACT_MEMORIES input over messages (p_low, p_high] (window -1)
  -- or the last p_count up to p_high; p_new_low marks the new ones.
  function extract_input(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_low in number,
                         p_high in number, p_count in number, p_new_low in number) return json_object_t
  is
    l_mec     json_object_t := mec(p_cfg);
    l_input   json_object_t := new_input(co_extract, p_thread, p_cfg);
    l_new_ids json_array_t;
    l_first   number;
    l_limit   number := l_mec.get_number('memory_extraction_token_limit');
  begin
    l_input.put('messages', window_messages(p_store, p_thread.thread_id, p_low, p_high, p_count, p_new_low,
      case when l_limit > 0 then agentmem_thread.budget_chars(l_limit) end, l_new_ids, l_first));
    l_input.put('message_ids', l_new_ids);
    l_input.put_null('summary');   -- set when the task runs (prepare_input)
    l_input.put('custom_instructions', l_mec.get('memory_extraction_custom_instructions'));
    l_input.put('inherit_metadata', l_mec.get('memory_extraction_inherit_message_metadata'));
    l_input.put('token_limit', l_limit);
    l_input.put('autonomous_linking', l_mec.get_string('link_extraction_mode') = 'POST_EXTRACTION');
    if l_mec.get_string('image_context') = 'ENABLED' and l_first is not null then
      l_input.put('images', window_images(p_store, p_thread.thread_id, l_first, p_high, p_cfg));
    else
      l_input.put('images', json_array_t());
    end if;
    return l_input;
  end extract_input;

  -- The UPDATE_SUMMARY input over the messages not yet summarized.
  function summary_input(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_low in number,
                         p_high in number) return json_object_t
  is
    l_input   json_object_t := new_input(co_summary, p_thread, p_cfg);
    l_new_ids json_array_t;
    l_first   number;
    l_limit   number := mec(p_cfg).get_number('memory_extraction_token_limit');
  begin
    l_input.put_null('previous_summary');   -- set when the task runs (prepare_input)
    l_input.put('messages', window_messages(p_store, p_thread.thread_id, p_low, p_high, null, p_low,
      case when l_limit > 0 then agentmem_thread.budget_chars(l_limit) end, l_new_ids, l_first));
    l_input.put('token_limit', l_limit);
    return l_input;
  end summary_input;

  ------------------------------------------------------------------------------
  -- Running a task
  ------------------------------------------------------------------------------

  -- prompt -> provider (ENGINE's packages): the raw model text. Apart from
  -- apply_output so that the caller holds the text when parsing or
  -- applying it fails (kept as the output excerpt): a by-value OUT
  -- parameter is not copied back to the caller when the subprogram ends
  -- with an unhandled exception (PL/SQL Language Reference, "Subprogram
  -- Parameter Passing Methods").
  function model_output(p_llm in json_object_t, p_input in json_object_t) return clob
  is
  begin
    return agentmem_llm.generate(p_llm, agentmem_llm_prompt.build(kind_of(p_input), p_input));
  end model_output;

  -- parse -> apply (ENGINE's packages): what the task wrote.
  function apply_output(p_store in t_store, p_input in json_object_t, p_output in clob) return json_object_t
  is
  begin
    return agentmem_llm_apply.apply(p_store.store_id, p_store.owner, p_input,
                                    agentmem_llm_parse.parse(kind_of(p_input), p_output));
  end apply_output;

  -- The prompt copy of a message over max_message_token_length: shortened
  -- by the LLM (a SHORTEN_MESSAGE task, reused while the message is
  -- unchanged) when p_shorten, else (client provider, or the shortening
  -- failed) truncated to the limit. Stored content is never changed (seed).
  function prompt_copy(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_mode in varchar2,
                       p_message_id in varchar2, p_content in clob, p_shorten in boolean) return clob
  is
    l_max     number := p_cfg.get_number('max_message_token_length');
    l_in_max  number := p_cfg.get_number('message_shortening_input_token_limit');
    l_cut     clob := substr(p_content, 1, agentmem_thread.budget_chars(l_max));
    l_cached  clob;
    l_input   json_object_t;
    l_result  json_object_t;
    l_output  clob;
    l_error   varchar2(4000 char);
  begin
    if not p_shorten then
      return l_cut;
    end if;
    begin
      execute immediate
        'select json_serialize(k.result returning clob) from ' || tab(p_store, 'LLM_TASK') || ' k, '
        || tab(p_store, 'MESSAGE') || ' m where k.thread_id = :b_thread and k.kind = ''SHORTEN_MESSAGE'''
        || ' and k.status = ''DONE'' and json_value(k.input, ''$.message_id'' returning varchar2(512)) = :b_msg'
        || ' and m.record_id = :b_msg2 and k.created_at >= m.updated_at order by k.order_seq desc'
        || ' fetch first 1 rows only'
        into l_cached
        using p_thread.thread_id, p_message_id, p_message_id;
      l_result := json_object_t.parse(l_cached);
      if l_result.has('content') and l_result.get('content').is_string then
        return l_result.get_clob('content');
      end if;
    exception
      when no_data_found then
        null;   -- not shortened yet
    end;
    l_input := new_input(co_shorten, p_thread, p_cfg);
    l_input.put('message_id', p_message_id);
    if l_in_max > 0 then
      agentmem_util.put_clob(l_input, 'content', substr(p_content, 1, agentmem_thread.budget_chars(l_in_max)));
    else
      agentmem_util.put_clob(l_input, 'content', p_content);
    end if;
    l_input.put('max_tokens', l_max);
    l_input.put('input_token_limit', l_in_max);
    insert_task(p_store, p_thread, l_input, 'RUNNING', p_mode);
    savepoint agentmem_llm_shorten;
    begin
      l_output := model_output(p_cfg.get_object('llm'), l_input);
      l_result := apply_output(p_store, l_input, l_output);
      finish_task(p_store, l_input, l_result);
      if l_result.has('content') and l_result.get('content').is_string then
        return l_result.get_clob('content');
      end if;
      return l_cut;
    exception
      when dbms_agent_memory_store.e_llm_failed or dbms_agent_memory_store.e_llm_output_invalid then
        l_error := substr(sqlerrm, 1, 4000);
        rollback to savepoint agentmem_llm_shorten;
        fail_task(p_store, task_id_of(l_input), l_error, l_output, true);
        return l_cut;   -- the seed's fallback without a usable LLM answer: truncation
    end;
  end prompt_copy;

  -- Completes an input just before its prompt is built: the summaries as
  -- they are now (EXTRACT_MEMORIES: the summary before its messages, seed;
  -- UPDATE_SUMMARY: the summary it continues), prompt copies of oversized
  -- messages, and the window cut to memory_extraction_token_limit (newest
  -- messages kept; seed: "longer prompts are truncated").
  procedure prepare_input(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_mode in varchar2,
                          p_input in out nocopy json_object_t, p_shorten in boolean)
  is
    l_kind    varchar2(16 char) := kind_of(p_input);
    l_max     number := p_cfg.get_number('max_message_token_length');
    l_limit   number := mec(p_cfg).get_number('memory_extraction_token_limit');
    l_list    json_array_t;
    l_message json_object_t;
    l_content clob;
    l_kept    json_array_t := json_array_t();
    l_order   json_array_t := json_array_t();
    l_used    number := 0;
    l_cost    number;
  begin
    if l_kind = co_extract and mec(p_cfg).get_boolean('enable_context_summary') then
      agentmem_util.put_clob(p_input, 'summary', agentmem_thread.durable_summary(p_store, p_thread));
    elsif l_kind = co_summary then
      agentmem_util.put_clob(p_input, 'previous_summary', agentmem_thread.durable_summary(p_store, p_thread));
    end if;
    if not p_input.has('messages') then
      return;
    end if;
    l_list := p_input.get_array('messages');
    -- Newest first, so the token limit keeps the most recent messages.
    for i in reverse 0 .. l_list.get_size - 1 loop
      l_message := treat(l_list.get(i) as json_object_t);
      l_content := l_message.get_clob('content');
      if l_max > 0 and agentmem_thread.estimate_tokens(l_content) > l_max then
        l_content := prompt_copy(p_store, p_thread, p_cfg, p_mode, substr(l_message.get_string('id'), 1, 128),
                                 l_content, p_shorten);
      end if;
      l_cost := agentmem_thread.estimate_tokens(l_content);
      if l_limit > 0 and l_used + l_cost > l_limit then
        if l_used = 0 then
          -- The newest message alone is over the limit: its beginning.
          l_content := substr(l_content, 1, agentmem_thread.budget_chars(l_limit));
          l_cost := l_limit;
        else
          exit;
        end if;
      end if;
      l_used := l_used + l_cost;
      agentmem_util.put_clob(l_message, 'content', l_content);
      l_kept.append(l_message);
    end loop;
    for i in reverse 0 .. l_kept.get_size - 1 loop
      l_order.append(l_kept.get(i));
    end loop;
    p_input.put('messages', l_order);
  end prepare_input;

  -- Appends to the array under p_key of p_out and puts it back (whether
  -- GET_ARRAY returns a reference or a copy, the result is the same).
  procedure push(p_out in out nocopy json_object_t, p_key in varchar2, p_value in json_element_t)
  is
    l_list json_array_t := p_out.get_array(p_key);
  begin
    l_list.append(p_value);
    p_out.put(p_key, l_list);
  end push;

  procedure push_text(p_out in out nocopy json_object_t, p_key in varchar2, p_value in varchar2)
  is
    l_list json_array_t := p_out.get_array(p_key);
  begin
    l_list.append(p_value);
    p_out.put(p_key, l_list);
  end push_text;

  -- Adds a task's result to the call's tallies p_out ({"memory_ids",
  -- "relation_ids", ...}).
  procedure tally(p_out in out nocopy json_object_t, p_task_id in varchar2, p_result in json_object_t)
  is
    procedure add_all(p_key in varchar2)
    is
      l_from json_array_t;
      l_to   json_array_t := p_out.get_array(p_key);
    begin
      if p_result.has(p_key) and p_result.get(p_key).is_array then
        l_from := p_result.get_array(p_key);
        for i in 0 .. l_from.get_size - 1 loop
          l_to.append(l_from.get(i));
        end loop;
        p_out.put(p_key, l_to);
      end if;
    end add_all;
  begin
    add_all('memory_ids');
    add_all('relation_ids');
    if p_result.has('summary_updated') and p_result.get('summary_updated').is_true then
      p_out.put('summary_updated', true);
    end if;
    if p_result.has('caption_set') and p_result.get('caption_set').is_true then
      push_text(p_out, 'done_captions', p_task_id);
    end if;
  end tally;

  -- An empty tally.
  function new_tally return json_object_t
  is
    l_out json_object_t := json_object_t();
  begin
    l_out.put('task_ids', json_array_t());
    l_out.put('memory_ids', json_array_t());
    l_out.put('relation_ids', json_array_t());
    l_out.put('failed', json_array_t());
    l_out.put('llm_tasks', json_array_t());
    l_out.put('done_captions', json_array_t());
    l_out.put('summary_updated', false);
    return l_out;
  end new_tally;

  procedure add_failed(p_out in out nocopy json_object_t, p_task_id in varchar2, p_error in varchar2)
  is
    l_item json_object_t := json_object_t();
  begin
    l_item.put('task_id', p_task_id);
    l_item.put('error', p_error);
    push(p_out, 'failed', l_item);
  end add_failed;

  -- Hands a task to the client: its prompt goes to the response.
  procedure hand_out(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_input in json_object_t,
                     p_out in out nocopy json_object_t)
  is
    l_input json_object_t := p_input;
    l_item  json_object_t := json_object_t();
  begin
    prepare_input(p_store, p_thread, p_cfg, mec(p_cfg).get_string('extraction_mode'), l_input, false);
    -- Only a task handed to the client may be completed by the client
    -- (complete_tasks); the mark stays when the input is reduced.
    l_input.put('provider', 'CLIENT');
    l_item.put('task_id', task_id_of(l_input));
    l_item.put('kind', kind_of(l_input));
    l_item.put('prompt', agentmem_llm_prompt.build(kind_of(l_input), l_input));
    insert_task(p_store, p_thread, l_input, 'AWAITING_CLIENT', mec(p_cfg).get_string('extraction_mode'));
    push(p_out, 'llm_tasks', l_item);
  end hand_out;

  -- Runs an INLINE task now, in the caller's transaction, and its
  -- follow-ups (LINK_MEMORIES after extraction). An LLM error (LLM_FAILED,
  -- LLM_OUTPUT_INVALID) undoes what the task wrote (savepoint), marks it
  -- FAILED and is reported in p_out, or raised when p_raise; any other
  -- error is raised (the facade then undoes the whole call).
  procedure run_inline(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_input in json_object_t,
                       p_out in out nocopy json_object_t, p_raise in boolean)
  is
    l_input     json_object_t := p_input;
    l_result    json_object_t;
    l_output    clob;
    l_error     varchar2(4000 char);
    l_follow    json_array_t;
    l_next      json_object_t;
    l_base      json_object_t;
  begin
    savepoint agentmem_llm_task;
    begin
      prepare_input(p_store, p_thread, p_cfg, 'INLINE', l_input, true);
      l_output := model_output(p_cfg.get_object('llm'), l_input);
      l_result := apply_output(p_store, l_input, l_output);
      finish_task(p_store, l_input, l_result);
    exception
      when dbms_agent_memory_store.e_llm_failed or dbms_agent_memory_store.e_llm_output_invalid then
        l_error := substr(sqlerrm, 1, 4000);
        rollback to savepoint agentmem_llm_task;
        fail_task(p_store, task_id_of(l_input), l_error, l_output, true);
        if p_raise then
          raise;
        end if;
        add_failed(p_out, task_id_of(l_input), l_error);
        return;
    end;
    tally(p_out, task_id_of(l_input), l_result);
    if l_result.has('follow_up') and l_result.get('follow_up').is_array then
      l_follow := l_result.get_array('follow_up');
      for i in 0 .. l_follow.get_size - 1 loop
        l_next := treat(l_follow.get(i) as json_object_t);
        l_base := new_input(kind_of(l_next), p_thread, p_cfg);
        l_next.put('task_id', task_id_of(l_base));
        l_next.put('model', l_base.get('model'));
        insert_task(p_store, p_thread, l_next, 'RUNNING', 'INLINE');
        push_text(p_out, 'task_ids', task_id_of(l_next));
        run_inline(p_store, p_thread, p_cfg, l_next, p_out, p_raise);
      end loop;
    end if;
  end run_inline;

  -- Runs, queues or hands out one task by the thread's provider and mode.
  -- p_inline: run now even in BACKGROUND mode (autonomous linking of
  -- add_memory).
  procedure dispatch(p_store in t_store, p_thread in t_thread, p_cfg in json_object_t, p_input in json_object_t,
                     p_out in out nocopy json_object_t, p_inline in boolean default false,
                     p_raise in boolean default false)
  is
    l_provider varchar2(16 char) := agentmem_llm.provider_kind(p_cfg.get_object('llm'));
  begin
    push_text(p_out, 'task_ids', task_id_of(p_input));
    if l_provider = 'CLIENT' then
      hand_out(p_store, p_thread, p_cfg, p_input, p_out);
    elsif mec(p_cfg).get_string('extraction_mode') = 'BACKGROUND' and not p_inline then
      -- Durable when the caller commits; the LLM_TASKS job runs it.
      insert_task(p_store, p_thread, p_input, 'PENDING', 'BACKGROUND');
    else
      insert_task(p_store, p_thread, p_input, 'RUNNING', 'INLINE');
      run_inline(p_store, p_thread, p_cfg, p_input, p_out, p_raise);
    end if;
  end dispatch;

  -- The keys a thread call's response gains from p_out: "llm_tasks" when
  -- tasks were handed out, and "extraction" when p_extraction.
  function response_keys(p_cfg in json_object_t, p_out in json_object_t, p_extraction in boolean)
    return json_object_t
  is
    l_keys json_object_t := json_object_t();
    l_ext  json_object_t := json_object_t();
  begin
    if p_out.get_array('llm_tasks').get_size > 0 then
      l_keys.put('llm_tasks', p_out.get_array('llm_tasks'));
    end if;
    if p_extraction and p_out.get_array('task_ids').get_size > 0 then
      l_ext.put('mode', mec(p_cfg).get_string('extraction_mode'));
      l_ext.put('task_ids', p_out.get_array('task_ids'));
      l_ext.put('memory_ids', p_out.get_array('memory_ids'));
      l_ext.put('failed', p_out.get_array('failed'));
      l_keys.put('extraction', l_ext);
    end if;
    return l_keys;
  end response_keys;

  ------------------------------------------------------------------------------
  -- Hooks of the thread calls
  ------------------------------------------------------------------------------

  function after_messages(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread)
    return json_object_t
  is
    l_state    json_object_t;
    -- Read without a lock first: a thread without an LLM is not locked
    -- (its calls run concurrently as before issue 13).
    l_cfg      json_object_t := load_config(p_store, p_thread.thread_id, false, l_state);
    l_mec      json_object_t;
    l_high     number;
    l_ext_low  number;
    l_sum_low  number;
    l_pending  number := 0;
    l_freq     number;
    l_window   number;
    l_due_ext  boolean := false;
    l_due_sum  boolean := false;
    l_input    json_object_t;
    l_out      json_object_t := new_tally;
  begin
    if l_cfg is null then
      return json_object_t();   -- no LLM: nothing is due (as before issue 13)
    end if;
    -- Again under the THREAD row lock: the counters change one call at a time.
    l_cfg := load_config(p_store, p_thread.thread_id, true, l_state);
    l_mec := mec(l_cfg);
    execute immediate 'select nvl(max(m.seq_no), 0) from ' || tab(p_store, 'MESSAGE') || ' m where m.thread_id = :b_thread'
      into l_high
      using p_thread.thread_id;
    l_ext_low := nvl(l_state.get_number('extracted_through_seq'), 0);
    l_sum_low := nvl(l_state.get_number('summarized_through_seq'), 0);
    -- Extraction: due when the messages since the last one reach the
    -- frequency (seed: "number of messages before extraction triggers";
    -- -1 or any value <= 0: once per add_messages call).
    if l_mec.get_boolean('extract_memories') then
      l_pending := count_after(p_store, p_thread.thread_id, l_ext_low, l_high);
      l_freq := l_mec.get_number('memory_extraction_frequency');
      l_due_ext := l_pending > 0 and (l_freq <= 0 or l_pending >= l_freq);
    end if;
    -- Summary: with extraction on, checked only when extraction is due
    -- (seed: "the check runs when it is due, so the refresh may come later");
    -- else on every call. Due when the messages since the last refresh reach
    -- context_summary_update_frequency (<= 0: every check).
    if l_mec.get_boolean('enable_context_summary') and (l_due_ext or not l_mec.get_boolean('extract_memories')) then
      l_freq := l_mec.get_number('context_summary_update_frequency');
      l_pending := count_after(p_store, p_thread.thread_id, l_sum_low, l_high);
      l_due_sum := l_pending > 0 and (l_freq <= 0 or l_pending >= l_freq);
    end if;
    -- The counters are written before the tasks run: an INLINE extraction
    -- writes RUNTIME_STATE too (AGENTMEM_LLM_APPLY's thread topics), and
    -- writing l_state after it would undo that write.
    if l_due_ext then
      l_state.put('extracted_through_seq', l_high);
    end if;
    if l_due_sum then
      l_state.put('summarized_through_seq', l_high);
    end if;
    if l_due_ext or l_due_sum then
      execute immediate 'update ' || tab(p_store, 'THREAD') || ' t set t.runtime_state = json(:b_state)'
        || ' where t.record_id = :b_id'
        using l_state.to_clob, p_thread.thread_id;
    end if;
    if l_due_ext then
      -- Window -1: the messages since the last extraction (the new batch);
      -- n > 0: the last n messages, and at least every new one.
      l_window := l_mec.get_number('memory_extraction_window');
      l_pending := count_after(p_store, p_thread.thread_id, l_ext_low, l_high);
      l_input := extract_input(p_store, p_thread, l_cfg, l_ext_low, l_high,
                               case when l_window > 0 then greatest(l_window, l_pending) end, l_ext_low);
      dispatch(p_store, p_thread, l_cfg, l_input, l_out);
    end if;
    if l_due_sum then
      l_input := summary_input(p_store, p_thread, l_cfg, l_sum_low, l_high);
      dispatch(p_store, p_thread, l_cfg, l_input, l_out);
    end if;
    return response_keys(l_cfg, l_out, true);
  end after_messages;

  function after_message_update(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread,
                                p_message_id in varchar2) return json_object_t
  is
    l_state  json_object_t;
    l_cfg    json_object_t := load_config(p_store, p_thread.thread_id, false, l_state);
    l_seq    number;
    l_window number;
    l_input  json_object_t;
    l_out    json_object_t := new_tally;
  begin
    if l_cfg is null or not mec(l_cfg).get_boolean('extract_memories') then
      return json_object_t();
    end if;
    execute immediate 'select m.seq_no from ' || tab(p_store, 'MESSAGE') || ' m where m.record_id = :b_id'
      into l_seq
      using p_message_id;
    -- The edited message and the history before it (seed: "from the edited
    -- message and prior history"): the window's n messages ending at it,
    -- or the message alone for window -1. The counters are not touched
    -- (seed: "does not affect the regular extraction frequency").
    l_window := mec(l_cfg).get_number('memory_extraction_window');
    l_input := extract_input(p_store, p_thread, l_cfg, l_seq - 1, l_seq,
                             case when l_window > 0 then l_window else 1 end, l_seq - 1);
    dispatch(p_store, p_thread, l_cfg, l_input, l_out);
    return response_keys(l_cfg, l_out, true);
  end after_message_update;

  -- Counts the thread's tasks created up to p_before, as committed (an
  -- autonomous transaction sees neither the caller's uncommitted tasks,
  -- which no job can run yet, nor anything else uncommitted).
  -- agentmem:commits (autonomous: ends its read-only transaction)
  procedure committed_counts(p_store in t_store, p_thread_id in varchar2, p_before in timestamp with time zone,
                             p_pending out number, p_failed out number, p_done out number, p_client out number)
  is
    pragma autonomous_transaction;
  begin
    execute immediate
      'select count(case when k.status in (''PENDING'', ''RUNNING'') then 1 end),'
      || ' count(case when k.status = ''FAILED'' then 1 end), count(case when k.status = ''DONE'' then 1 end),'
      || ' count(case when k.status = ''AWAITING_CLIENT'' then 1 end) from ' || tab(p_store, 'LLM_TASK') || ' k'
      || ' where k.thread_id = :b_thread and k.created_at <= :b_before'
      into p_pending, p_failed, p_done, p_client
      using p_thread_id, p_before;
    commit;
  end committed_counts;

  -- Polls until the thread's background tasks accepted up to p_start are
  -- finished (DONE or FAILED: "extraction failures count as finished") or
  -- p_timeout seconds passed (NULL: no bound). Returns the counts.
  function wait_tasks(p_store in t_store, p_thread_id in varchar2, p_start in timestamp with time zone,
                      p_timeout in number) return json_object_t
  is
    l_pending number;
    l_failed  number;
    l_done    number;
    l_client  number;
    l_pause   number := 0.1;
    l_left    number;
    l_counts  json_object_t := json_object_t();
  begin
    loop
      committed_counts(p_store, p_thread_id, p_start, l_pending, l_failed, l_done, l_client);
      exit when l_pending = 0;
      if p_timeout is not null then
        l_left := p_timeout - (extract(day from (systimestamp - p_start)) * 86400
                               + extract(hour from (systimestamp - p_start)) * 3600
                               + extract(minute from (systimestamp - p_start)) * 60
                               + extract(second from (systimestamp - p_start)));
        exit when l_left <= 0;
        l_pause := least(l_pause, l_left);
      end if;
      -- DBMS_SESSION.SLEEP (18c and later, no grant needed; seconds, to a
      -- hundredth; at most 3600): the session waits without a lock.
      dbms_session.sleep(l_pause);
      l_pause := least(l_pause * 2, 1);
    end loop;
    l_counts.put('done', l_pending = 0);
    l_counts.put('pending', l_pending);
    l_counts.put('failed', l_failed);
    l_counts.put('completed', l_done);
    l_counts.put('awaiting_client', l_client);
    return l_counts;
  end wait_tasks;

  procedure wait_before_delete(p_store in agentmem_store_catalog.t_store, p_thread_id in varchar2)
  is
    l_start  timestamp with time zone := systimestamp;
    l_counts json_object_t := wait_tasks(p_store, p_thread_id, l_start, co_default_wait_seconds);
  begin
    if not l_counts.get_boolean('done') then
      agentmem_util.raise_error(dbms_agent_memory_store.co_extraction_timeout,
        'EXTRACTION_TIMEOUT: thread ' || agentmem_util.shown_text(p_thread_id) || ' has '
        || l_counts.get_number('pending') || ' background LLM task(s) accepted before this call that did not finish'
        || ' within ' || co_default_wait_seconds || ' seconds, so the message was not deleted (seed: delete_message'
        || ' waits for them first); check the store''s LLM_TASKS job (agentmem jobs list) and call again');
    end if;
  end wait_before_delete;

  function caption_image(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread,
                         p_image_id in varchar2) return json_object_t
  is
    l_state   json_object_t;
    l_cfg     json_object_t := load_config(p_store, p_thread.thread_id, false, l_state);
    l_llm     json_object_t;
    l_input   json_object_t;
    l_mime    varchar2(64 char);
    l_message varchar2(128 char);
    l_bytes   blob;
    l_size    number;
    l_context clob;
    l_out     json_object_t := new_tally;
    l_keys    json_object_t;
  begin
    if l_cfg is null then
      return json_object_t();
    end if;
    l_llm := l_cfg.get_object('llm');
    execute immediate 'select d.mime_type, d.content_bytes, sys.dbms_lob.getlength(d.content_bytes), m.content,'
      || ' d.message_id from ' || tab(p_store, 'DOCUMENT') || ' d left join ' || tab(p_store, 'MESSAGE') || ' m'
      || ' on m.record_id = d.message_id where d.record_id = :b_id'
      into l_mime, l_bytes, l_size, l_context, l_message
      using p_image_id;
    l_input := new_input(co_caption, p_thread, l_cfg);
    l_input.put('image_id', p_image_id);
    -- The message whose text is the context: deleting it removes the
    -- context from this task (forget_messages).
    if l_message is not null then
      l_input.put('message_id', l_message);
    end if;
    l_input.put('mime_type', l_mime);
    -- The bytes go to the model only when it has vision and the image is
    -- within max_raw_image_bytes (image_input_limit_config); otherwise the
    -- caption comes from the context: the text of the message it is part of.
    if l_llm.has('supports_vision') and l_llm.get('supports_vision').is_true
       and l_size <= l_cfg.get_object('image_input_limit_config').get_number('max_raw_image_bytes') then
      agentmem_util.put_clob(l_input, 'image_base64', agentmem_util.blob_to_base64(l_bytes));
    else
      l_input.put_null('image_base64');
    end if;
    agentmem_util.put_clob(l_input, 'context', l_context);
    dispatch(p_store, p_thread, l_cfg, l_input, l_out);
    l_keys := response_keys(l_cfg, l_out, false);
    l_keys.put('caption_task_id', task_id_of(l_input));
    return l_keys;
  end caption_image;

  function link_memory(p_store in agentmem_store_catalog.t_store, p_thread in agentmem_thread.t_thread,
                       p_memory_id in varchar2) return json_object_t
  is
    l_state json_object_t;
    l_cfg   json_object_t := load_config(p_store, p_thread.thread_id, false, l_state);
    l_base  json_object_t;
    l_input json_object_t;
    l_out   json_object_t := new_tally;
    l_keys  json_object_t;
  begin
    if l_cfg is null then
      return json_object_t();
    end if;
    l_base := new_input(co_link, p_thread, l_cfg);
    l_input := agentmem_llm_apply.link_task(p_store.store_id, p_store.owner, p_thread.thread_id, p_memory_id);
    l_input.put('kind', co_link);
    l_input.put('task_id', task_id_of(l_base));
    l_input.put('model', l_base.get('model'));
    -- Seed: "if it fails, the memory is not stored": run now and raise.
    dispatch(p_store, p_thread, l_cfg, l_input, l_out, p_inline => true, p_raise => true);
    l_keys := response_keys(l_cfg, l_out, false);
    l_keys.put('link_task_id', task_id_of(l_input));
    l_keys.put('relation_ids', l_out.get_array('relation_ids'));
    return l_keys;
  end link_memory;

  ------------------------------------------------------------------------------
  -- Client protocol
  ------------------------------------------------------------------------------

  function complete_tasks(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op      constant varchar2(30 char) := 'thread_complete_llm_tasks';
    l_req      json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id       varchar2(128 char);
    l_results  json_array_t;
    l_item     json_object_t;
    l_where    varchar2(30 char);
    l_task_id  varchar2(128 char);
    l_store    t_store;
    l_thread   t_thread;
    l_state    json_object_t;
    l_cfg      json_object_t;
    l_kind     varchar2(16 char);
    l_status   varchar2(15 char);
    l_text     clob;
    l_input    json_object_t;
    l_parsed   json_object_t;
    l_result   json_object_t;
    l_output   clob;
    l_error    varchar2(4000 char);
    l_follow   json_array_t;
    l_next     json_object_t;
    l_base     json_object_t;
    l_out      json_object_t := new_tally;
    l_captions json_array_t := json_array_t();
    l_short    json_array_t := json_array_t();
    l_entry    json_object_t;
    l_applied  boolean;
    l_response json_object_t := json_object_t();
  begin
    agentmem_util.reject_keys(l_req, 'thread,results', co_op);
    l_id := agentmem_thread.thread_key(l_req, co_op);
    agentmem_util.require_key(l_req, 'results', co_op);
    if not l_req.get('results').is_array then
      fail('INVALID_ARGUMENT: results ' || agentmem_util.shown(l_req.get('results'))
           || ' must be a list of {"task_id", "output"} or {"task_id", "error"}');
    end if;
    l_results := l_req.get_array('results');
    for i in 0 .. l_results.get_size - 1 loop
      l_where := 'results[' || i || ']';
      if not l_results.get(i).is_object then
        fail('INVALID_ARGUMENT: ' || l_where || ' ' || agentmem_util.shown(l_results.get(i))
             || ' must be an object {"task_id", "output"} or {"task_id", "error"}');
      end if;
      l_item := treat(l_results.get(i) as json_object_t);
      agentmem_util.reject_keys(l_item, 'task_id,output,error', co_op, l_where);
      agentmem_util.require_key(l_item, 'task_id', co_op);
      -- The whole id (1 to 128 characters): a longer one than a task's 32
      -- names no task (NOT_FOUND below), never the task of its first 32.
      l_task_id := agentmem_util.check_id(l_item.get('task_id'), l_where || '.task_id', false);
      if l_item.has('output') = l_item.has('error') then
        fail('INVALID_ARGUMENT: ' || l_where || ' needs exactly one of output (the raw model text) and error');
      end if;
      if (l_item.has('output') and not l_item.get('output').is_string)
         or (l_item.has('error') and not l_item.get('error').is_string) then
        fail('INVALID_ARGUMENT: ' || l_where || '.' || case when l_item.has('output') then 'output' else 'error' end
             || ' must be a string');
      end if;
    end loop;
    l_thread := agentmem_thread.load_thread(p_store_id, p_schema_owner, l_id, l_store);
    l_cfg := load_config(l_store, l_thread.thread_id, false, l_state);
    for i in 0 .. l_results.get_size - 1 loop
      l_where := 'results[' || i || ']';
      l_item := treat(l_results.get(i) as json_object_t);
      l_task_id := substr(l_item.get_string('task_id'), 1, 128);   -- checked above: 1 to 128
      begin
        execute immediate 'select k.kind, k.status, json_serialize(k.input returning clob) from '
          || tab(l_store, 'LLM_TASK') || ' k where k.task_id = :b_id and k.thread_id = :b_thread for update'
          into l_kind, l_status, l_text
          using l_task_id, l_thread.thread_id;
      exception
        when no_data_found then
          agentmem_util.raise_error(dbms_agent_memory_store.co_not_found,
            'NOT_FOUND: ' || l_where || '.task_id ' || agentmem_util.shown_text(l_task_id)
            || ' names no LLM task of thread ' || agentmem_util.shown_text(l_thread.thread_id));
      end;
      l_input := json_object_t.parse(l_text);
      -- Only a task handed to the client (client provider) is the client's
      -- to complete: a database or function provider's task, FAILED ones
      -- included, is run and retried by the database only.
      if not (l_input.has('provider') and l_input.get('provider').is_string
              and l_input.get_string('provider') = 'CLIENT') then
        fail('INVALID_ARGUMENT: ' || l_where || '.task_id ' || agentmem_util.shown_text(l_task_id) || ' is a '
             || l_status || ' ' || l_kind || ' task the database runs (database or function provider); only a task'
             || ' handed to the client (client provider, returned in "llm_tasks") may be completed by the client');
      end if;
      if l_status = 'DONE' then
        continue;   -- completed before: a repeated completion changes nothing
      end if;
      if l_input.has('text_removed') then
        fail('INVALID_ARGUMENT: ' || l_where || '.task_id ' || agentmem_util.shown_text(l_task_id) || ' is '
             || l_status || ' and can no longer be completed: a message, image or memory of its input was deleted and'
             || ' the task''s text was removed with it');
      end if;
      execute immediate 'update ' || tab(l_store, 'LLM_TASK') || ' k set k.attempts = k.attempts + 1'
        || ' where k.task_id = :b_id'
        using l_task_id;
      if l_item.has('error') then
        l_error := dbms_lob.substr(l_item.get_clob('error'), 2000, 1);
        fail_task(l_store, l_task_id, l_error, null, true);
        add_failed(l_out, l_task_id, l_error);
        continue;
      end if;
      l_output := l_item.get_clob('output');
      l_applied := true;
      savepoint agentmem_llm_complete;
      begin
        l_parsed := agentmem_llm_parse.parse(l_kind, l_output);
        l_result := agentmem_llm_apply.apply(l_store.store_id, l_store.owner, l_input, l_parsed);
        finish_task(l_store, l_input, l_result);
      exception
        when dbms_agent_memory_store.e_llm_output_invalid then
          -- Malformed output: the task is FAILED with its excerpt, nothing
          -- it wrote stays, and the call goes on (reported, not raised).
          l_error := substr(sqlerrm, 1, 4000);
          rollback to savepoint agentmem_llm_complete;
          fail_task(l_store, l_task_id, l_error, l_output, true);
          add_failed(l_out, l_task_id, l_error);
          l_applied := false;
      end;
      continue when not l_applied;
      tally(l_out, l_task_id, l_result);
      if l_kind = co_caption and l_result.has('caption_set') and l_result.get('caption_set').is_true then
        l_captions.append(l_input.get('image_id'));
      end if;
      if l_kind = co_shorten and l_result.has('content') then
        l_entry := json_object_t();
        l_entry.put('message_id', l_input.get('message_id'));
        l_entry.put('content', l_result.get('content'));
        l_short.append(l_entry);
      end if;
      if l_cfg is not null and l_result.has('follow_up') and l_result.get('follow_up').is_array then
        l_follow := l_result.get_array('follow_up');
        for j in 0 .. l_follow.get_size - 1 loop
          l_next := treat(l_follow.get(j) as json_object_t);
          l_base := new_input(kind_of(l_next), l_thread, l_cfg);
          l_next.put('task_id', task_id_of(l_base));
          l_next.put('model', l_base.get('model'));
          hand_out(l_store, l_thread, l_cfg, l_next, l_out);
        end loop;
      end if;
    end loop;
    l_response.put('memory_ids', l_out.get_array('memory_ids'));
    l_response.put('relation_ids', l_out.get_array('relation_ids'));
    l_response.put('summary_updated', l_out.get_boolean('summary_updated'));
    l_response.put('captions', l_captions);
    l_response.put('shortened', l_short);
    l_response.put('failed', l_out.get_array('failed'));
    l_response.put('llm_tasks', l_out.get_array('llm_tasks'));
    return l_response.to_clob;
  end complete_tasks;

  function wait_for_extraction(p_store_id in varchar2, p_request in clob, p_schema_owner in varchar2) return clob
  is
    co_op     constant varchar2(40 char) := 'thread_wait_for_memory_extraction';
    l_start   timestamp with time zone := systimestamp;
    l_req     json_object_t := agentmem_util.parse_object(p_request, 'p_request');
    l_id      varchar2(128 char);
    l_element json_element_t;
    l_timeout number := co_default_wait_seconds;
    l_store   t_store;
    l_thread  t_thread;
  begin
    agentmem_util.reject_keys(l_req, 'thread,timeout_seconds', co_op);
    l_id := agentmem_thread.thread_key(l_req, co_op);
    -- Seed: timeout "defaults to 300"; None waits until the thread's
    -- pending extraction is finished.
    if l_req.has('timeout_seconds') then
      l_element := l_req.get('timeout_seconds');
      if l_element.is_null then
        l_timeout := null;
      elsif l_element.is_number and l_req.get_number('timeout_seconds') between 0 and 86400 then
        l_timeout := l_req.get_number('timeout_seconds');
      else
        fail('INVALID_ARGUMENT: timeout_seconds ' || agentmem_util.shown(l_element)
             || ' must be a number of seconds from 0 to 86400, or null to wait without a bound');
      end if;
    end if;
    l_thread := agentmem_thread.load_thread(p_store_id, p_schema_owner, l_id, l_store);
    return wait_tasks(l_store, l_thread.thread_id, l_start, l_timeout).to_clob;
  end wait_for_extraction;

  ------------------------------------------------------------------------------
  -- Task lifecycle (docs/llm.md "Task lifecycle")
  ------------------------------------------------------------------------------

  -- The reduction of forget_messages, forget_images and forget_memories:
  -- the rows selected (locked) lose their text the way finish_task reduces
  -- a DONE task (reduced_input, reduced_result without the shortened
  -- copy); one that
  -- is not DONE becomes FAILED. Row by row: the rows are few (the tasks
  -- that name the deleted records and still hold text).
  procedure reduce_tasks(p_store in t_store, p_task_ids in t_task_ids, p_inputs in t_task_texts,
                         p_results in t_task_texts)
  is
    -- One bulk-bound UPDATE for all the tasks: the reduced texts are made in
    -- PL/SQL first, because FORALL binds only collection elements (rule
    -- FORALL-USING).
    l_inputs  t_task_texts := t_task_texts();
    l_results t_task_texts := t_task_texts();
    l_has     t_task_flags := t_task_flags();
    l_errors  t_task_errors := t_task_errors();
  begin
    if p_task_ids is null or p_task_ids.count = 0 then
      return;
    end if;
    l_inputs.extend(p_task_ids.count);
    l_results.extend(p_task_ids.count);
    l_has.extend(p_task_ids.count);
    l_errors.extend(p_task_ids.count);
    for i in 1 .. p_task_ids.count loop
      l_inputs(i) := reduced_input(json_object_t.parse(p_inputs(i))).to_clob;
      l_has(i) := 0;
      if p_results(i) is not null then
        l_results(i) := reduced_result(json_object_t.parse(p_results(i)), false).to_clob;
        l_has(i) := 1;
      end if;
      l_errors(i) := co_forgotten;
    end loop;
    forall i in 1 .. p_task_ids.count
      execute immediate 'update ' || tab(p_store, 'LLM_TASK') || ' k set k.input = json(:b_input),'
        || ' k.result = case when :b_has = 1 then json(:b_result) end, k.output_excerpt = null,'
        || ' k.status = case when k.status = ''DONE'' then ''DONE'' else ''FAILED'' end,'
        || ' k.last_error = case when k.status = ''DONE'' then k.last_error else :b_error end,'
        || ' k.updated_at = systimestamp where k.task_id = :b_id'
        using l_inputs(i), l_has(i), l_results(i), l_errors(i), p_task_ids(i);
  end reduce_tasks;

  -- The JSON array of p_ids, bound to JSON_TABLE.
  function id_array(p_ids in agentmem_util.t_text_list) return clob
  is
    l_list json_array_t := json_array_t();
  begin
    for i in 1 .. p_ids.count loop
      l_list.append(p_ids(i));
    end loop;
    return l_list.to_clob;
  end id_array;

  procedure forget_messages(p_store in agentmem_store_catalog.t_store, p_message_ids in agentmem_util.t_text_list)
  is
    l_keys     clob;
    l_task_ids t_task_ids;
    l_inputs   t_task_texts;
    l_results  t_task_texts;
  begin
    if p_message_ids is null or p_message_ids.count = 0 or p_store.schema_version < co_task_table_version then
      return;
    end if;
    l_keys := id_array(p_message_ids);
    -- Set-based: the tasks of the messages' threads (called before the
    -- messages are deleted) whose input names one of them in its window
    -- (messages[*].id) or by its message_id (SHORTEN_MESSAGE,
    -- CAPTION_IMAGE), and that still hold text. Locked: a job run of one
    -- of them locks its row before it writes (run_claimed), waits for this
    -- transaction, then finds the text removed and applies nothing.
    execute immediate
      'select k.task_id, json_serialize(k.input returning clob), json_serialize(k.result returning clob)'
      || ' from ' || tab(p_store, 'LLM_TASK') || ' k'
      || ' where k.thread_id in (select m.thread_id from ' || tab(p_store, 'MESSAGE') || ' m'
      || ' where m.record_id in (select d.i from json_table(:b_ids, ''$[*]'' columns (i varchar2(128 char) path ''$'')) d))'
      || ' and (exists (select 1 from json_table(k.input, ''$.messages[*]'' columns (wid varchar2(128 char) path ''$.id'')) r,'
      || ' json_table(:b_ids2, ''$[*]'' columns (i varchar2(128 char) path ''$'')) d where d.i = r.wid)'
      || ' or json_value(k.input, ''$.message_id'' returning varchar2(128 char)) in'
      || ' (select d.i from json_table(:b_ids3, ''$[*]'' columns (i varchar2(128 char) path ''$'')) d))'
      -- Only rows that still hold text: not reduced yet, or a DONE
      -- SHORTEN_MESSAGE with its shortened copy.
      || ' and (not json_exists(k.input, ''$.text_removed'') or json_exists(k.result, ''$.content''))'
      || ' for update'
      bulk collect into l_task_ids, l_inputs, l_results
      using l_keys, l_keys, l_keys;
    reduce_tasks(p_store, l_task_ids, l_inputs, l_results);
  end forget_messages;

  procedure forget_images(p_store in agentmem_store_catalog.t_store, p_image_ids in agentmem_util.t_text_list)
  is
    l_task_ids t_task_ids;
    l_inputs   t_task_texts;
    l_results  t_task_texts;
  begin
    if p_image_ids is null or p_image_ids.count = 0 or p_store.schema_version < co_task_table_version then
      return;
    end if;
    -- The CAPTION_IMAGE tasks of the images that still hold their input
    -- (image bytes, context): a caption task's input is reduced when it is
    -- DONE, and it has no shortened copy.
    execute immediate
      'select k.task_id, json_serialize(k.input returning clob), json_serialize(k.result returning clob)'
      || ' from ' || tab(p_store, 'LLM_TASK') || ' k where k.kind = ''CAPTION_IMAGE'''
      || ' and json_value(k.input, ''$.image_id'' returning varchar2(128 char)) in'
      || ' (select d.i from json_table(:b_ids, ''$[*]'' columns (i varchar2(128 char) path ''$'')) d)'
      || ' and not json_exists(k.input, ''$.text_removed'')'
      || ' for update'
      bulk collect into l_task_ids, l_inputs, l_results
      using id_array(p_image_ids);
    reduce_tasks(p_store, l_task_ids, l_inputs, l_results);
  end forget_images;

  procedure forget_memories(p_store in agentmem_store_catalog.t_store, p_memory_ids in agentmem_util.t_text_list)
  is
    l_keys     clob;
    l_task_ids t_task_ids;
    l_inputs   t_task_texts;
    l_results  t_task_texts;
  begin
    if p_memory_ids is null or p_memory_ids.count = 0 or p_store.schema_version < co_task_table_version then
      return;
    end if;
    l_keys := id_array(p_memory_ids);
    -- The LINK_MEMORIES tasks that hold one of the memories' text, as the
    -- memory being linked (memory.id) or as a candidate (candidates[*].id;
    -- a candidate may be a memory of another thread of the same user and
    -- agent, so no thread filter), and that still hold it. A DONE task was
    -- reduced by finish_task (its result keeps ids only). EXTRACT_MEMORIES
    -- inputs hold messages, the summary and image descriptions, never a
    -- memory's text. Locked like forget_messages (one lock order with
    -- run_claimed).
    execute immediate
      'select k.task_id, json_serialize(k.input returning clob), json_serialize(k.result returning clob)'
      || ' from ' || tab(p_store, 'LLM_TASK') || ' k where k.kind = ''LINK_MEMORIES'''
      || ' and not json_exists(k.input, ''$.text_removed'')'
      || ' and (json_value(k.input, ''$.memory.id'' returning varchar2(128 char)) in'
      || ' (select d.i from json_table(:b_ids, ''$[*]'' columns (i varchar2(128 char) path ''$'')) d)'
      || ' or exists (select 1 from json_table(k.input, ''$.candidates[*]'''
      || ' columns (cid varchar2(128 char) path ''$.id'')) r,'
      || ' json_table(:b_ids2, ''$[*]'' columns (i varchar2(128 char) path ''$'')) d where d.i = r.cid))'
      || ' for update'
      bulk collect into l_task_ids, l_inputs, l_results
      using l_keys, l_keys;
    reduce_tasks(p_store, l_task_ids, l_inputs, l_results);
  end forget_memories;

  function has_due(p_store in agentmem_store_catalog.t_store) return boolean
  is
    l_count number;
  begin
    if p_store.schema_version < co_task_table_version then
      return false;
    end if;
    -- claim_next's predicate, without the lock.
    execute immediate 'select count(*) from ' || tab(p_store, 'LLM_TASK') || ' k'
      || ' where k.status in (''PENDING'', ''RUNNING'') and k.run_mode = ''BACKGROUND'''
      || ' and k.next_attempt_at <= systimestamp and rownum = 1'
      into l_count;
    return l_count > 0;
  end has_due;

  function purge_tasks(p_store in agentmem_store_catalog.t_store, p_batch in pls_integer) return number
  is
  begin
    if p_store.schema_version < co_task_table_version then
      return 0;
    end if;
    execute immediate 'delete from ' || tab(p_store, 'LLM_TASK') || ' k where' || co_expired_tasks
      || ' and rownum <= :b_batch'
      using co_task_retention_days, p_batch;
    return sql%rowcount;
  end purge_tasks;

  function expired_tasks(p_store in agentmem_store_catalog.t_store) return number
  is
    l_count number;
  begin
    if p_store.schema_version < co_task_table_version then
      return 0;
    end if;
    execute immediate 'select count(*) from ' || tab(p_store, 'LLM_TASK') || ' k where' || co_expired_tasks
      into l_count
      using co_task_retention_days;
    return l_count;
  end expired_tasks;

  ------------------------------------------------------------------------------
  -- The LLM_TASKS job (docs/llm.md "Background queue")
  ------------------------------------------------------------------------------

  -- Claims the oldest due background task: PENDING whose NEXT_ATTEMPT_AT
  -- passed, or RUNNING whose lease ran out (its run died). SKIP LOCKED
  -- passes over rows another session holds. A reclaimed row with no attempt
  -- left is FAILED here. The claim (RUNNING, one more attempt, the lease)
  -- is committed before the task runs. NULL when nothing is due.
  -- agentmem:commits (autonomous transaction)
  function claim_next(p_store in t_store) return varchar2
  is
    pragma autonomous_transaction;
    l_cursor   sys_refcursor;
    l_id       varchar2(32 char);
    l_status   varchar2(15 char);
    l_attempts number;
    l_max      number;
    l_claimed  varchar2(32 char);
  begin
    open l_cursor for
      'select k.task_id, k.status, k.attempts, k.max_attempts from ' || tab(p_store, 'LLM_TASK') || ' k'
      || ' where k.status in (''PENDING'', ''RUNNING'') and k.run_mode = ''BACKGROUND'''
      || ' and k.next_attempt_at <= systimestamp order by k.order_seq for update skip locked';
    loop
      fetch l_cursor into l_id, l_status, l_attempts, l_max;
      exit when l_cursor%notfound;
      if l_status = 'RUNNING' and l_attempts >= l_max then
        execute immediate 'update ' || tab(p_store, 'LLM_TASK') || ' k set k.status = ''FAILED'','
          || ' k.last_error = :b_error, k.updated_at = systimestamp where k.task_id = :b_id'
          using 'the run that claimed it ended without finishing (lease of ' || co_lease_seconds
                || ' seconds ran out) and no attempt is left', l_id;
      else
        execute immediate 'update ' || tab(p_store, 'LLM_TASK') || ' k set k.status = ''RUNNING'','
          || ' k.attempts = k.attempts + 1, k.next_attempt_at = systimestamp + numtodsinterval(:b_lease, ''SECOND''),'
          || ' k.updated_at = systimestamp where k.task_id = :b_id'
          using co_lease_seconds, l_id;
        l_claimed := l_id;
        exit;
      end if;
    end loop;
    close l_cursor;
    commit;
    return l_claimed;
  end claim_next;

  -- Runs claimed task p_task_id in its own transaction: DONE with its
  -- follow-ups queued, or (LLM_FAILED, LLM_OUTPUT_INVALID) retried after
  -- the backoff until MAX_ATTEMPTS, then FAILED. Any other error is
  -- recorded the same way and raised. p_finished: DONE or FAILED now.
  -- agentmem:commits (autonomous transaction)
  procedure run_claimed(p_store in t_store, p_task_id in varchar2, p_finished out boolean)
  is
    pragma autonomous_transaction;
    l_thread   t_thread;
    l_text     clob;
    l_attempts number;
    l_max      number;
    l_state    json_object_t;
    l_cfg      json_object_t;
    l_input    json_object_t;
    l_result   json_object_t;
    l_output   clob;
    l_error    varchar2(4000 char);
    l_follow   json_array_t;
    l_next     json_object_t;
    l_base     json_object_t;
    l_removed  pls_integer;
  begin
    p_finished := false;
    begin
      execute immediate 'select k.thread_id, k.user_id, k.agent_id, json_serialize(k.input returning clob),'
        || ' k.attempts, k.max_attempts from ' || tab(p_store, 'LLM_TASK') || ' k where k.task_id = :b_id'
        into l_thread.thread_id, l_thread.user_id, l_thread.agent_id, l_text, l_attempts, l_max
        using p_task_id;
    exception
      when no_data_found then
        commit;   -- deleted with its thread since the claim: nothing to run
        return;
    end;
    l_cfg := load_config(p_store, l_thread.thread_id, false, l_state);
    if l_cfg is null then
      fail_task(p_store, p_task_id, 'the thread has no LLM configured', null, true);
      p_finished := true;
      commit;
      return;
    end if;
    l_input := json_object_t.parse(l_text);
    if l_input.has('text_removed') then
      -- A message of its window was deleted since it was queued (claimed
      -- before forget_messages failed it): not run on what is left.
      fail_task(p_store, p_task_id, co_forgotten, null, true);
      p_finished := true;
      commit;
      return;
    end if;
    prepare_input(p_store, l_thread, l_cfg, 'BACKGROUND', l_input, true);
    l_output := model_output(l_cfg.get_object('llm'), l_input);
    -- The task row is locked before anything is written: forget_messages
    -- and forget_images lock it before their deletes too (one lock order,
    -- no ORA-00060 with a delete of the image this task captions), and a
    -- message or image deleted during the model call leaves the task
    -- FAILED with nothing applied (no shortened copy of a deleted message).
    -- The flag is read by a second query, opened once the lock is held: a
    -- query sees what was committed before it opened (statement-level read
    -- consistency, Concepts "Data Concurrency and Consistency"), so it sees
    -- a forget that committed while this run waited; the value the locking
    -- query returns may be read as of that query's own start.
    begin
      execute immediate 'select 1 from ' || tab(p_store, 'LLM_TASK') || ' k where k.task_id = :b_id for update'
        into l_removed
        using p_task_id;
      execute immediate 'select case when json_exists(k.input, ''$.text_removed'') then 1 else 0 end from '
        || tab(p_store, 'LLM_TASK') || ' k where k.task_id = :b_id'
        into l_removed
        using p_task_id;
    exception
      when no_data_found then
        -- Deleted with its thread during the model call: nothing this run
        -- wrote is kept (prompt_copy's SHORTEN_MESSAGE rows included).
        rollback;
        return;
    end;
    if l_removed = 1 then
      -- Nothing this run wrote is kept: prompt_copy may have stored a DONE
      -- SHORTEN_MESSAGE with the shortened copy of the deleted message (a
      -- row forget_messages could not see before this commit).
      rollback;
      fail_task(p_store, p_task_id, co_forgotten, null, true);
      p_finished := true;
      commit;
      return;
    end if;
    l_result := apply_output(p_store, l_input, l_output);
    finish_task(p_store, l_input, l_result);
    if l_result.has('follow_up') and l_result.get('follow_up').is_array then
      l_follow := l_result.get_array('follow_up');
      for i in 0 .. l_follow.get_size - 1 loop
        l_next := treat(l_follow.get(i) as json_object_t);
        l_base := new_input(kind_of(l_next), l_thread, l_cfg);
        l_next.put('task_id', task_id_of(l_base));
        l_next.put('model', l_base.get('model'));
        insert_task(p_store, l_thread, l_next, 'PENDING', 'BACKGROUND');
      end loop;
    end if;
    commit;
    p_finished := true;
  exception
    when dbms_agent_memory_store.e_llm_failed or dbms_agent_memory_store.e_llm_output_invalid then
      l_error := substr(sqlerrm, 1, 4000);
      rollback;
      fail_task(p_store, p_task_id, l_error, l_output, false);
      commit;
      p_finished := l_attempts >= l_max;
    when others then
      l_error := substr(sqlerrm || chr(10) || dbms_utility.format_error_backtrace, 1, 4000);
      rollback;
      fail_task(p_store, p_task_id, l_error, l_output, false);
      commit;
      raise;
  end run_claimed;

  -- agentmem:commits (one autonomous transaction per claim and per task)
  procedure drain(p_store in agentmem_store_catalog.t_store, p_deadline in timestamp with time zone,
                  p_run_id in varchar2, p_rows out number, p_done out boolean)
  is
    l_task_id  varchar2(32 char);
    l_finished boolean;
  begin
    p_rows := 0;
    p_done := false;
    loop
      exit when systimestamp >= p_deadline;
      l_task_id := claim_next(p_store);
      if l_task_id is null then
        p_done := true;
        exit;
      end if;
      run_claimed(p_store, l_task_id, l_finished);
      if l_finished then
        p_rows := p_rows + 1;
        agentmem_jobs.log_progress(p_run_id, p_rows);
      end if;
    end loop;
  end drain;

end agentmem_llm_tasks;
/
