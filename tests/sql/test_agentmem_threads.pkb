create or replace package body test_agentmem_threads
as

  co_store       constant varchar2(16 char) := 'UTS_THR01';
  -- Ranges follow NLS_SORT (rule REGEXP-RANGE): the characters are spelled out.
  co_digit       constant varchar2(12 char) := '[0123456789]';
  co_utc_pattern constant varchar2(160 char) := '^' || co_digit || '{4}-' || co_digit || '{2}-' || co_digit || '{2}T'
    || co_digit || '{2}:' || co_digit || '{2}:' || co_digit || '{2}\.' || co_digit || '{6}Z$';
  co_id_pattern  constant varchar2(40 char) := '^"[0123456789abcdef]{32}"$';
  -- The data set, applied in this order (docs/protocol-threads.md section 8).
  co_dataset     constant varchar2(400 char) :=
    ',open_thread/d1_t1,open_thread/d2_t2,thread_add_messages/d3_t1,thread_add_messages/d4_t2,'
    || 'thread_add_memory/d5_memory_t1,thread_add_memory/d6_fact_t2,thread_add_image/d7_image_t1,'
    || 'thread_add_memory/d8_preference_t1,thread_link_records/d9_link_t1,';

  type t_case is record (op varchar2(30 char), name varchar2(100 char), request clob, response clob, error clob);
  type t_case_list is table of t_case;
  g_cases t_case_list := t_case_list();

  procedure add_case(p_op in varchar2, p_name in varchar2, p_request in clob, p_response in clob, p_error in clob)
  is
  begin
    g_cases.extend;
    g_cases(g_cases.last).op := p_op;
    g_cases(g_cases.last).name := p_name;
    g_cases(g_cases.last).request := p_request;
    g_cases(g_cases.last).response := p_response;
    g_cases(g_cases.last).error := p_error;
  end add_case;

  procedure load_cases
  is
  begin
    -- genfixtures:begin cases (open_thread .. thread_update_image): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_case('open_thread', 'conflict_agent',
      q'~{"thread_id":"t2","agent_id":"a2"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["thread 't2' exists with agent_id 'a1', but the request gives agent_id 'a2'"]}~');
    add_case('open_thread', 'conflict_user',
      q'~{"thread_id":"t1","user_id":"u2"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["thread 't1' exists with user_id 'u1', but the request gives user_id 'u2'","omit user_id to open the thread with its stored scope"]}~');
    add_case('open_thread', 'd1_t1',
      q'~{"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"topic":"travel"}}~',
      q'~{"thread":{"record_type":"thread","id":"t1","content":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"topic":"travel"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null},"created":true}~',
      null);
    add_case('open_thread', 'd2_t2',
      q'~{"thread_id":"t2","user_id":"u1","agent_id":"a1"}~',
      q'~{"thread":{"record_type":"thread","id":"t2","content":null,"thread_id":"t2","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null},"created":true}~',
      null);
    add_case('open_thread', 'generated_ids',
      q'~{}~',
      q'~{"thread":{"record_type":"thread","id":"0123456789abcdef0123456789abcdef","content":null,"thread_id":"0123456789abcdef0123456789abcdef","user_id":"fedcba9876543210fedcba9876543210","agent_id":"00112233445566778899aabbccddeeff","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null},"created":true}~',
      null);
    add_case('open_thread', 'given_user_generated_agent',
      q'~{"thread_id":"t9","user_id":"u9","metadata":{"k":1}}~',
      q'~{"thread":{"record_type":"thread","id":"t9","content":null,"thread_id":"t9","user_id":"u9","agent_id":"0123456789abcdef0123456789abcdef","metadata":{"k":1},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null},"created":true}~',
      null);
    add_case('open_thread', 'metadata_not_object',
      q'~{"thread_id":"t9","metadata":"x"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata 'x' must be a JSON object or null"]}~');
    add_case('open_thread', 'reopen_same_scope_keeps_metadata',
      q'~{"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"topic":"other"}}~',
      q'~{"thread":{"record_type":"thread","id":"t1","content":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"topic":"travel"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null},"created":false}~',
      null);
    add_case('open_thread', 'reopen_stored_scope',
      q'~{"thread_id":"t1"}~',
      q'~{"thread":{"record_type":"thread","id":"t1","content":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"topic":"travel"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null},"created":false}~',
      null);
    add_case('open_thread', 'unknown_key',
      q'~{"thread":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'thread' is not allowed in the open_thread request"]}~');
    add_case('open_thread', 'user_id_null',
      q'~{"thread_id":"t9","user_id":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_id null must be a non-empty string of at most 128 characters"]}~');
    add_case('thread_add_messages', 'd3_t1',
      q'~{"thread":"t1","messages":[{"role":"user","content":"I want pizza tonight.","id":"msg1"},{"role":"assistant","content":"Which area?","id":"msg2","metadata":{"src":"bot"}},{"role":"user","content":"Near the station.","id":"msg3","timestamp":"2026-11-30T09:00:00Z"},{"role":"assistant","content":"Da Mario is near the station.","id":"msg4"},{"role":"user","content":"Book 8 pm.","id":"msg5"},{"role":"assistant","content":"Done: 8 pm at Da Mario.","id":"msg6"}]}~',
      q'~{"ids":["msg1","msg2","msg3","msg4","msg5","msg6"],"warnings":[]}~',
      null);
    add_case('thread_add_messages', 'd4_t2',
      q'~{"thread":"t2","messages":[{"role":"user","content":"Other thread.","id":"o1"}]}~',
      q'~{"ids":["o1"],"warnings":[]}~',
      null);
    add_case('thread_add_messages', 'empty_list',
      q'~{"thread":"t1","messages":[]}~',
      q'~{"ids":[],"warnings":[]}~',
      null);
    add_case('thread_add_messages', 'generated_id',
      q'~{"thread":"t2","messages":[{"role":"assistant","content":"Noted."}]}~',
      q'~{"ids":["0123456789abcdef0123456789abcdef"],"warnings":[]}~',
      null);
    add_case('thread_add_messages', 'id_taken',
      q'~{"thread":"t2","messages":[{"role":"user","content":"x","id":"msg1"}]}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["'msg1' already exists as a message record"]}~');
    add_case('thread_add_messages', 'message_not_object',
      q'~{"thread":"t1","messages":["hi"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["messages[0] 'hi' must be an object with role and content"]}~');
    add_case('thread_add_messages', 'message_unknown_key',
      q'~{"thread":"t1","messages":[{"role":"user","content":"x","name":"bob"}]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'name' is not allowed in the thread_add_messages request (in messages[0])"]}~');
    add_case('thread_add_messages', 'messages_not_list',
      q'~{"thread":"t1","messages":{"role":"user","content":"x"}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["messages {...} must be a list of messages"]}~');
    add_case('thread_add_messages', 'role_missing',
      q'~{"thread":"t1","messages":[{"role":"user","content":"x"},{"content":"y"}]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["messages[1].role is required"]}~');
    add_case('thread_add_messages', 'scope_key_refused',
      q'~{"thread":"t1","user_id":"u2","messages":[]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'user_id' is not allowed in the thread_add_messages request"]}~');
    add_case('thread_add_messages', 'shared_metadata_list',
      q'~{"thread":"t2","messages":[{"role":"user","content":"a","metadata":{"x":1}},{"role":"user","content":"b","id":"o3"}],"metadata":[{"k":1},null]}~',
      q'~{"ids":["0123456789abcdef0123456789abcdef","o3"],"warnings":[]}~',
      null);
    add_case('thread_add_messages', 'thread_missing',
      q'~{"messages":[]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread is required in the thread_add_messages request"]}~');
    add_case('thread_add_messages', 'unknown_thread',
      q'~{"thread":"nope","messages":[{"role":"user","content":"x"}]}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store; create it with open_thread"]}~');
    add_case('thread_add_memory', 'autonomous_linking_false',
      q'~{"thread":"t1","content":"x","memory_id":"mem5","autonomous_linking":false}~',
      q'~{"id":"mem5","relation_id":null,"warnings":[]}~',
      null);
    add_case('thread_add_memory', 'autonomous_linking_true',
      q'~{"thread":"t1","content":"x","autonomous_linking":true}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["autonomous_linking true needs the thread's LLM, and no LLM is configured"]}~');
    add_case('thread_add_memory', 'content_missing',
      q'~{"thread":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content is required in the thread_add_memory request"]}~');
    add_case('thread_add_memory', 'd5_memory_t1',
      q'~{"thread":"t1","content":"User likes pizza","memory_id":"mem1"}~',
      q'~{"id":"mem1","relation_id":null,"warnings":[]}~',
      null);
    add_case('thread_add_memory', 'd6_fact_t2',
      q'~{"thread":"t2","content":"User lives in Rome","memory_type":"fact","memory_id":"fact2"}~',
      q'~{"id":"fact2","relation_id":null,"warnings":[]}~',
      null);
    add_case('thread_add_memory', 'd8_preference_t1',
      q'~{"thread":"t1","content":"Prefers thin crust","memory_id":"mem6","memory_type":"preference"}~',
      q'~{"id":"mem6","relation_id":null,"warnings":[]}~',
      null);
    add_case('thread_add_memory', 'generated_id',
      q'~{"thread":"t1","content":"Prefers window seats","memory_type":"Preference"}~',
      q'~{"id":"0123456789abcdef0123456789abcdef","relation_id":null,"warnings":[]}~',
      null);
    add_case('thread_add_memory', 'link_generated_id',
      q'~{"thread":"t1","content":"Pizza on Fridays","memory_id_to_link":"mem1","link_type":"refines"}~',
      q'~{"id":"0123456789abcdef0123456789abcdef","relation_id":"fedcba9876543210fedcba9876543210","warnings":[]}~',
      null);
    add_case('thread_add_memory', 'link_id_without_link',
      q'~{"thread":"t1","content":"x","link_id":"r9"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["link_id needs memory_id_to_link and link_type"]}~');
    add_case('thread_add_memory', 'link_other_thread',
      q'~{"thread":"t1","content":"x","memory_id_to_link":"fact2","link_type":"supports"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["memory_id_to_link 'fact2' is not a memory-like record of thread 't1'"]}~');
    add_case('thread_add_memory', 'link_supersedes',
      q'~{"thread":"t1","content":"User loves pizza","memory_id":"mem4","memory_id_to_link":"mem1","link_type":"supersedes","link_id":"rel1","link_metadata":{"why":"stronger"}}~',
      q'~{"id":"mem4","relation_id":"rel1","warnings":[]}~',
      null);
    add_case('thread_add_memory', 'link_type_alone',
      q'~{"thread":"t1","content":"x","link_type":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["memory_id_to_link and link_type must be given together"]}~');
    add_case('thread_add_memory', 'link_type_custom',
      q'~{"thread":"t1","content":"x","memory_id_to_link":"mem1","link_type":"relates_to"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["link_type 'relates_to' must be one of supersedes, contradicts, refines, supports, duplicates"]}~');
    add_case('thread_add_memory', 'memory_type_message',
      q'~{"thread":"t1","content":"x","memory_type":"message"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["memory_type 'message' must be one of memory, guideline, fact, preference"]}~');
    add_case('thread_add_memory', 'memory_type_null',
      q'~{"thread":"t1","content":"x","memory_type":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["memory_type null must be one of memory, guideline, fact, preference"]}~');
    add_case('thread_add_memory', 'overrides',
      q'~{"thread":"t1","content":"Shared note","memory_id":"mem3","user_id":null,"thread_id":"t2","status":"INVALID","timestamp":"2026-11-30T08:00:00Z"}~',
      q'~{"id":"mem3","relation_id":null,"warnings":[]}~',
      null);
    add_case('thread_add_memory', 'unknown_thread',
      q'~{"thread":"nope","content":"x"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_get_message', 'included_not_list',
      q'~{"thread":"t1","message_id":"msg1","included_image_ids":"img"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["included_image_ids 'img' must be a list of image ids, or null"]}~');
    add_case('thread_get_message', 'message_id_missing',
      q'~{"thread":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["message_id is required in the thread_get_message request"]}~');
    add_case('thread_get_message', 'missing_is_null',
      q'~{"thread":"t1","message_id":"nope"}~',
      q'~{"message":null}~',
      null);
    add_case('thread_get_message', 'other_thread_is_null',
      q'~{"thread":"t1","message_id":"o1"}~',
      q'~{"message":null}~',
      null);
    add_case('thread_get_message', 'own',
      q'~{"thread":"t1","message_id":"msg2"}~',
      q'~{"message":{"record_type":"message","id":"msg2","content":"Which area?","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"src":"bot"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":2}}~',
      null);
    add_case('thread_get_message', 'own_with_timestamp',
      q'~{"thread":"t1","message_id":"msg3","included_image_ids":["img9"]}~',
      q'~{"message":{"record_type":"message","id":"msg3","content":"Near the station.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T09:00:00.000000Z","event_timestamp":"2026-11-30T09:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":3}}~',
      null);
    add_case('thread_get_message', 'unknown_thread',
      q'~{"thread":"nope","message_id":"msg1"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_get_messages', 'default_window',
      q'~{"thread":"t1"}~',
      q'~{"messages":[{"record_type":"message","id":"msg1","content":"I want pizza tonight.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":1},{"record_type":"message","id":"msg2","content":"Which area?","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"src":"bot"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":2},{"record_type":"message","id":"msg3","content":"Near the station.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T09:00:00.000000Z","event_timestamp":"2026-11-30T09:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":3},{"record_type":"message","id":"msg4","content":"Da Mario is near the station.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":4},{"record_type":"message","id":"msg5","content":"Book 8 pm.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":5},{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}]}~',
      null);
    add_case('thread_get_messages', 'end_before_start',
      q'~{"thread":"t1","start":3,"end":2}~',
      q'~{"messages":[]}~',
      null);
    add_case('thread_get_messages', 'end_below_minus_one',
      q'~{"thread":"t1","end":-2}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["end -2 must be a whole number from -1 to 1000000000, or null"]}~');
    add_case('thread_get_messages', 'end_minus_one',
      q'~{"thread":"t1","start":4,"end":-1}~',
      q'~{"messages":[{"record_type":"message","id":"msg5","content":"Book 8 pm.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":5},{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}]}~',
      null);
    add_case('thread_get_messages', 'end_null',
      q'~{"thread":"t1","start":5,"end":null}~',
      q'~{"messages":[{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}]}~',
      null);
    add_case('thread_get_messages', 'end_only',
      q'~{"thread":"t1","end":2}~',
      q'~{"messages":[{"record_type":"message","id":"msg1","content":"I want pizza tonight.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":1},{"record_type":"message","id":"msg2","content":"Which area?","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"src":"bot"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":2}]}~',
      null);
    add_case('thread_get_messages', 'end_past_count',
      q'~{"thread":"t1","start":4,"end":99}~',
      q'~{"messages":[{"record_type":"message","id":"msg5","content":"Book 8 pm.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":5},{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}]}~',
      null);
    add_case('thread_get_messages', 'include_bytes_not_boolean',
      q'~{"thread":"t1","include_image_bytes":"yes"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["include_image_bytes 'yes' must be true or false"]}~');
    add_case('thread_get_messages', 'other_thread',
      q'~{"thread":"t2"}~',
      q'~{"messages":[{"record_type":"message","id":"o1","content":"Other thread.","thread_id":"t2","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":7}]}~',
      null);
    add_case('thread_get_messages', 'range',
      q'~{"thread":"t1","start":1,"end":3}~',
      q'~{"messages":[{"record_type":"message","id":"msg2","content":"Which area?","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"src":"bot"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":2},{"record_type":"message","id":"msg3","content":"Near the station.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T09:00:00.000000Z","event_timestamp":"2026-11-30T09:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":3}]}~',
      null);
    add_case('thread_get_messages', 'start_negative',
      q'~{"thread":"t1","start":-2}~',
      q'~{"messages":[{"record_type":"message","id":"msg5","content":"Book 8 pm.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":5},{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}]}~',
      null);
    add_case('thread_get_messages', 'start_negative_past_first',
      q'~{"thread":"t1","start":-99,"end":1}~',
      q'~{"messages":[{"record_type":"message","id":"msg1","content":"I want pizza tonight.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":1}]}~',
      null);
    add_case('thread_get_messages', 'start_not_integer',
      q'~{"thread":"t1","start":1.5}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["start 1.5 must be a whole number"]}~');
    add_case('thread_get_messages', 'unknown_thread',
      q'~{"thread":"nope"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_update_message', 'content_null',
      q'~{"thread":"t1","message_id":"msg1","content":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content null is not allowed for record_type 'message'"]}~');
    add_case('thread_update_message', 'missing',
      q'~{"thread":"t1","message_id":"nope","content":"x"}~',
      q'~{"updated":0,"warnings":[]}~',
      null);
    add_case('thread_update_message', 'no_field',
      q'~{"thread":"t1","message_id":"msg1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_update_message needs at least one of content, metadata, ttl_days, ttl_anchor"]}~');
    add_case('thread_update_message', 'other_thread',
      q'~{"thread":"t1","message_id":"o1","content":"x"}~',
      q'~{"updated":0,"warnings":[]}~',
      null);
    add_case('thread_update_message', 'own',
      q'~{"thread":"t1","message_id":"msg1","content":"I want sushi tonight.","metadata":{"edited":true}}~',
      q'~{"updated":1,"warnings":[]}~',
      null);
    add_case('thread_update_message', 'status_not_allowed',
      q'~{"thread":"t1","message_id":"msg1","status":"INVALID"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'status' is not allowed in the thread_update_message request"]}~');
    add_case('thread_update_memory', 'content_null',
      q'~{"thread":"t1","memory_id":"mem1","content":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content null is not allowed in thread_update_memory"]}~');
    add_case('thread_update_memory', 'other_thread',
      q'~{"thread":"t1","memory_id":"fact2","content":"x"}~',
      q'~{"updated":0,"warnings":[]}~',
      null);
    add_case('thread_update_memory', 'own',
      q'~{"thread":"t1","memory_id":"mem1","status":"INVALID","metadata":{"k":"v"}}~',
      q'~{"updated":1,"warnings":[]}~',
      null);
    add_case('thread_update_memory', 'role_not_allowed',
      q'~{"thread":"t1","memory_id":"mem1","role":"user"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'role' is not allowed in the thread_update_memory request"]}~');
    add_case('thread_delete_message', 'message_id_null',
      q'~{"thread":"t1","message_id":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["message_id null must be a non-empty string of at most 128 characters"]}~');
    add_case('thread_delete_message', 'missing',
      q'~{"thread":"t1","message_id":"nope"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_delete_message', 'other_thread',
      q'~{"thread":"t1","message_id":"o1"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_delete_message', 'own',
      q'~{"thread":"t1","message_id":"msg6"}~',
      q'~{"deleted":1}~',
      null);
    add_case('thread_delete_memory', 'message_is_not_memory',
      q'~{"thread":"t1","memory_id":"msg1"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_delete_memory', 'other_thread',
      q'~{"thread":"t1","memory_id":"fact2"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_delete_memory', 'own',
      q'~{"thread":"t1","memory_id":"mem1"}~',
      q'~{"deleted":1}~',
      null);
    add_case('thread_delete_memory', 'unknown_thread',
      q'~{"thread":"nope","memory_id":"mem1"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_get_summary', 'budget_cuts_newest_line',
      q'~{"thread":"t1","token_budget":5}~',
      q'~{"content":"8 pm at Da Mario.","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'budget_null_default',
      q'~{"thread":"t1","token_budget":null}~',
      q'~{"content":"user: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'budget_off',
      q'~{"thread":"t1","token_budget":0}~',
      q'~{"content":"user: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'budget_whole_lines',
      q'~{"thread":"t1","token_budget":10}~',
      q'~{"content":"assistant: Done: 8 pm at Da Mario.","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'except_last',
      q'~{"thread":"t1","except_last":4}~',
      q'~{"content":"user: I want pizza tonight.\nassistant: Which area?","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'except_last_all',
      q'~{"thread":"t1","except_last":6}~',
      q'~{"content":"","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'except_last_negative',
      q'~{"thread":"t1","except_last":-1}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["except_last -1 must be a whole number from 0 to 1000000000, or null"]}~');
    add_case('thread_get_summary', 'other_thread',
      q'~{"thread":"t2"}~',
      q'~{"content":"user: Other thread.","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'token_budget_text',
      q'~{"thread":"t1","token_budget":"10"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["token_budget '10' must be a whole number"]}~');
    add_case('thread_get_summary', 'transcript',
      q'~{"thread":"t1"}~',
      q'~{"content":"user: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","source":"transcript"}~',
      null);
    add_case('thread_get_summary', 'unknown_key',
      q'~{"thread":"t1","kwargs":{}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'kwargs' is not allowed in the thread_get_summary request"]}~');
    add_case('thread_get_summary', 'unknown_thread',
      q'~{"thread":"nope"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_add_image', 'd7_image_t1',
      q'~{"thread":"t1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","description":"Da Mario menu","image_id":"img1","metadata":{"album":"dinner"}}~',
      q'~{"id":"img1","warnings":[]}~',
      null);
    add_case('thread_add_image', 'description_not_string',
      q'~{"thread":"t1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","description":5}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["description 5 must be a string, or null"]}~');
    add_case('thread_add_image', 'detected_mime',
      q'~{"thread":"t2","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","image_id":"img2"}~',
      q'~{"id":"img2","warnings":[]}~',
      null);
    add_case('thread_add_image', 'image_missing',
      q'~{"thread":"t1","description":"x"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["image is required in the thread_add_image request"]}~');
    add_case('thread_add_image', 'mime_mismatch',
      q'~{"thread":"t1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","mime_type":"image/jpeg"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["bytes do not start with the image/jpeg signature"]}~');
    add_case('thread_add_image', 'not_an_image',
      q'~{"thread":"t1","image":"AAAAAAAAAAAAAAAAAAAA"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["image bytes are not a PNG, JPEG or WEBP image"]}~');
    add_case('thread_add_image', 'scope_matches',
      q'~{"thread":"t2","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","user_id":"u1","agent_id":"a1","thread_id":"t2","mime_type":"image/PNG","description":null}~',
      q'~{"id":"0123456789abcdef0123456789abcdef","warnings":[]}~',
      null);
    add_case('thread_add_image', 'thread_id_mismatch',
      q'~{"thread":"t1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","thread_id":"t2"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_id 't2' does not match the thread's thread_id 't1'"]}~');
    add_case('thread_add_image', 'unknown_thread',
      q'~{"thread":"nope","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_add_image', 'user_mismatch',
      q'~{"thread":"t1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","user_id":"u2"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_id 'u2' does not match the thread's user_id 'u1'; omit user_id to inherit the thread's scope"]}~');
    add_case('thread_add_image', 'user_null_mismatch',
      q'~{"thread":"t1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","user_id":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_id null does not match the thread's user_id 'u1'"]}~');
    add_case('thread_list_images', 'all',
      q'~{"thread":"t1"}~',
      q'~{"images":[{"record_type":"image","id":"img1","content":"Da Mario menu","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"album":"dinner"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"message_id":null,"mime_type":"image/png","bytes":null}]}~',
      null);
    add_case('thread_list_images', 'by_id_with_bytes',
      q'~{"thread":"t1","image_id":"img1","include_bytes":true}~',
      q'~{"images":[{"record_type":"image","id":"img1","content":"Da Mario menu","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"album":"dinner"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"message_id":null,"mime_type":"image/png","bytes":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}]}~',
      null);
    add_case('thread_list_images', 'bytes_without_id',
      q'~{"thread":"t1","include_bytes":true}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["include_bytes true needs image_id"]}~');
    add_case('thread_list_images', 'metadata_filter',
      q'~{"thread":"t1","metadata_filter":{"album":"other"}}~',
      q'~{"images":[]}~',
      null);
    add_case('thread_list_images', 'other_thread_by_id',
      q'~{"thread":"t2","image_id":"img1"}~',
      q'~{"images":[]}~',
      null);
    add_case('thread_list_images', 'other_thread_empty',
      q'~{"thread":"t2"}~',
      q'~{"images":[]}~',
      null);
    add_case('thread_list_images', 'unknown_thread',
      q'~{"thread":"nope"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_delete_image', 'image_id_missing',
      q'~{"thread":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["image_id is required in the thread_delete_image request"]}~');
    add_case('thread_delete_image', 'other_thread',
      q'~{"thread":"t2","image_id":"img1"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_delete_image', 'own',
      q'~{"thread":"t1","image_id":"img1"}~',
      q'~{"deleted":1}~',
      null);
    add_case('thread_link_records', 'd9_link_t1',
      q'~{"thread":"t1","source_record_id":"mem6","source_record_type":"preference","target_record_id":"mem1","target_record_type":"memory","relation_type":"supports","relation_id":"lnk1"}~',
      q'~{"relation_id":"lnk1"}~',
      null);
    add_case('thread_link_records', 'generated_id',
      q'~{"thread":"t1","source_record_id":"mem6","source_record_type":"Preference","target_record_id":"mem1","target_record_type":"memory","relation_type":"relates_to","opposite_relation_type":"related_from","metadata":{"k":1}}~',
      q'~{"relation_id":"0123456789abcdef0123456789abcdef"}~',
      null);
    add_case('thread_link_records', 'relation_type_missing',
      q'~{"thread":"t1","source_record_id":"mem6","source_record_type":"preference","target_record_id":"mem1","target_record_type":"memory"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_type is required in the thread_link_records request"]}~');
    add_case('thread_link_records', 'reverse_orientation',
      q'~{"thread":"t1","source_record_id":"mem1","source_record_type":"memory","target_record_id":"mem6","target_record_type":"preference","relation_type":"supports"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["but a stored relation links them the other way"]}~');
    add_case('thread_link_records', 'source_type_message',
      q'~{"thread":"t1","source_record_id":"msg1","source_record_type":"message","target_record_id":"mem1","target_record_type":"memory","relation_type":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["source_record_type 'message' must be one of memory, guideline, fact, preference"]}~');
    add_case('thread_link_records', 'source_type_mismatch',
      q'~{"thread":"t1","source_record_id":"mem1","source_record_type":"fact","target_record_id":"mem6","target_record_type":"preference","relation_type":"supports"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["source_record_id 'mem1' is not a fact record of thread 't1'"]}~');
    add_case('thread_link_records', 'target_other_thread',
      q'~{"thread":"t1","source_record_id":"mem6","source_record_type":"preference","target_record_id":"fact2","target_record_type":"fact","relation_type":"supports"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["target_record_id 'fact2' is not a fact record of thread 't1'"]}~');
    add_case('thread_update_record_link', 'missing',
      q'~{"thread":"t1","relation_id":"nope","timestamp":null}~',
      q'~{"updated":0}~',
      null);
    add_case('thread_update_record_link', 'no_field',
      q'~{"thread":"t1","relation_id":"lnk1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_update_record_link needs at least one of relation_type, opposite_relation_type, timestamp, metadata"]}~');
    add_case('thread_update_record_link', 'other_thread',
      q'~{"thread":"t2","relation_id":"lnk1","relation_type":"contradicts"}~',
      q'~{"updated":0}~',
      null);
    add_case('thread_update_record_link', 'own',
      q'~{"thread":"t1","relation_id":"lnk1","metadata":{"checked":true}}~',
      q'~{"updated":1}~',
      null);
    add_case('thread_delete_record_link', 'by_id',
      q'~{"thread":"t1","relation_id":"lnk1"}~',
      q'~{"deleted":1}~',
      null);
    add_case('thread_delete_record_link', 'by_tuple',
      q'~{"thread":"t1","source_record_id":"mem6","source_record_type":"preference","target_record_id":"mem1","target_record_type":"memory","relation_type":"supports"}~',
      q'~{"deleted":1}~',
      null);
    add_case('thread_delete_record_link', 'id_with_tuple',
      q'~{"thread":"t1","relation_id":"lnk1","relation_type":"supports"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["relation_id cannot be combined with relation_type"]}~');
    add_case('thread_delete_record_link', 'nothing_named',
      q'~{"thread":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_delete_record_link needs relation_id, or source_record_id"]}~');
    add_case('thread_delete_record_link', 'other_thread',
      q'~{"thread":"t2","relation_id":"lnk1"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_delete_record_link', 'reverse_tuple',
      q'~{"thread":"t1","source_record_id":"mem1","source_record_type":"memory","target_record_id":"mem6","target_record_type":"preference","relation_type":"supports"}~',
      q'~{"deleted":0}~',
      null);
    add_case('thread_update_image', 'description_null',
      q'~{"thread":"t1","image_id":"img1","description":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["description null asks the thread's LLM for a new caption, and no LLM is configured"]}~');
    add_case('thread_update_image', 'description_only',
      q'~{"thread":"t1","image_id":"img1","description":"Da Mario dessert menu"}~',
      q'~{"updated":1,"warnings":[]}~',
      null);
    add_case('thread_update_image', 'image_without_mime',
      q'~{"thread":"t1","image_id":"img1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["image and mime_type must be given together"]}~');
    add_case('thread_update_image', 'mime_mismatch',
      q'~{"thread":"t1","image_id":"img1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","mime_type":"image/webp"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["bytes do not start with the image/webp signature"]}~');
    add_case('thread_update_image', 'missing',
      q'~{"thread":"t1","image_id":"nope","metadata":null}~',
      q'~{"updated":0,"warnings":[]}~',
      null);
    add_case('thread_update_image', 'new_image',
      q'~{"thread":"t1","image_id":"img1","image":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","mime_type":"image/png"}~',
      q'~{"updated":1,"warnings":[]}~',
      null);
    add_case('thread_update_image', 'no_field',
      q'~{"thread":"t1","image_id":"img1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_update_image needs at least one of image (with mime_type), description, metadata, timestamp, ttl_days, ttl_anchor"]}~');
    add_case('thread_update_image', 'other_thread',
      q'~{"thread":"t2","image_id":"img1","description":"x"}~',
      q'~{"updated":0,"warnings":[]}~',
      null);
    add_case('thread_search', 'exact_thread_match_not_boolean',
      q'~{"thread":"t1","query":"pizza","exact_thread_match":"yes"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["exact_thread_match","must be true or false"]}~');
    add_case('thread_search', 'k_not_allowed',
      q'~{"thread":"t1","query":"pizza","k":3}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'k' is not allowed in the thread_search request"]}~');
    add_case('thread_search', 'max_results_zero',
      q'~{"thread":"t1","query":"pizza","max_results":0}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["max_results 0 must be a whole number from 1 to 2147483647, or null"]}~');
    add_case('thread_search', 'no_query',
      q'~{"thread":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["exactly one of query, query_vector and query_vectors"]}~');
    add_case('thread_search', 'token_budget_first_too_large',
      q'~{"thread":"t1","query":"pizza","token_budget":1}~',
      q'~{"search_strategy":"KEYWORD","query_chunks":1,"results":[],"warnings":[]}~',
      null);
    add_case('thread_search', 'unknown_thread',
      q'~{"thread":"nope","query":"pizza"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    add_case('thread_search', 'user_id_empty_string',
      q'~{"thread":"t1","query":"pizza","user_id":""}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_id"]}~');
    add_case('thread_get_context_card', 'except_last_all',
      q'~{"thread":"t1","except_last_messages":6}~',
      q'~{"summary":"","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'except_last_raw_tail',
      q'~{"thread":"t1","max_relevant_results":0,"except_last_messages":2}~',
      q'~{"summary":"user: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"<summary>\nuser: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\n</summary>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'except_last_self_contained',
      q'~{"thread":"t1","max_relevant_results":0,"except_last_messages":2,"max_recent_messages":2}~',
      q'~{"summary":"user: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[{"record_type":"message","id":"msg5","content":"Book 8 pm.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":5},{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}],"content":"<summary>\nuser: I want pizza tonight.\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\n</summary>\n<recent_messages>\n<message id=\"msg5\" role=\"user\">Book 8 pm.</message>\n<message id=\"msg6\" role=\"assistant\">Done: 8 pm at Da Mario.</message>\n</recent_messages>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'except_rule',
      q'~{"thread":"t1","except_last_messages":2,"max_recent_messages":1}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["max_recent_messages 1 must be 0 or 2 (except_last_messages) when except_last_messages is not 0"]}~');
    add_case('thread_get_context_card', 'fallback_message_count',
      q'~{"thread":"t1","max_relevant_results":0,"fallback_message_count":2}~',
      q'~{"summary":"user: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"<summary>\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.\n</summary>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'fallback_zero',
      q'~{"thread":"t1","fallback_message_count":0}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["fallback_message_count 0 must be a whole number from 1 to 1000000000, or null"]}~');
    add_case('thread_get_context_card', 'include_invalid_not_boolean',
      q'~{"thread":"t1","include_invalid_results":"yes"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["include_invalid_results"]}~');
    add_case('thread_get_context_card', 'max_relevant_negative',
      q'~{"thread":"t1","max_relevant_results":-1}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["max_relevant_results -1 must be a whole number from 0 to 1000000000, or null"]}~');
    add_case('thread_get_context_card', 'min_negative',
      q'~{"thread":"t1","min_relevant_results_by_type":{"fact":-1}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["min_relevant_results_by_type.fact -1 must be a whole number from 0 to 1000000000, or null"]}~');
    add_case('thread_get_context_card', 'min_not_object',
      q'~{"thread":"t1","min_relevant_results_by_type":3}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["min_relevant_results_by_type 3 must be a JSON object or null"]}~');
    add_case('thread_get_context_card', 'min_sum_zero',
      q'~{"thread":"t1","min_relevant_results_by_type":{"memory":0}}~',
      q'~{"summary":"assistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"<summary>\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.\n</summary>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'min_type_unknown',
      q'~{"thread":"t1","min_relevant_results_by_type":{"image":1}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["min_relevant_results_by_type key 'image' is not a card record type; use message, memory, guideline, fact, preference"]}~');
    add_case('thread_get_context_card', 'no_results_default_fallback',
      q'~{"thread":"t1","max_relevant_results":0}~',
      q'~{"summary":"assistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"<summary>\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.\n</summary>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'other_thread',
      q'~{"thread":"t2","max_relevant_results":0}~',
      q'~{"summary":"user: Other thread.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"<summary>\nuser: Other thread.\n</summary>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'recent_messages',
      q'~{"thread":"t1","max_relevant_results":0,"max_recent_messages":2}~',
      q'~{"summary":"assistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[{"record_type":"message","id":"msg5","content":"Book 8 pm.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"user","seq_no":5},{"record_type":"message","id":"msg6","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"role":"assistant","seq_no":6}],"content":"<summary>\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.\n</summary>\n<recent_messages>\n<message id=\"msg5\" role=\"user\">Book 8 pm.</message>\n<message id=\"msg6\" role=\"assistant\">Done: 8 pm at Da Mario.</message>\n</recent_messages>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'token_budget_first_too_large',
      q'~{"thread":"t1","token_budget":1}~',
      q'~{"summary":"assistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.","summary_source":"transcript","topics":[],"relevant_results":[],"recent_messages":[],"content":"<summary>\nassistant: Which area?\nuser: Near the station.\nassistant: Da Mario is near the station.\nuser: Book 8 pm.\nassistant: Done: 8 pm at Da Mario.\n</summary>","warnings":[]}~',
      null);
    add_case('thread_get_context_card', 'unknown_key',
      q'~{"thread":"t1","kwargs":1}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["key 'kwargs' is not allowed in the thread_get_context_card request"]}~');
    add_case('thread_get_context_card', 'unknown_thread',
      q'~{"thread":"nope"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread 'nope' names no thread in the store"]}~');
    -- genfixtures:end cases
  end load_cases;

  function is_dataset(p_case in t_case) return boolean
  is
  begin
    return instr(p_case.op || '/' || p_case.name, ',') = 0
           and instr(co_dataset, ',' || p_case.op || '/' || p_case.name || ',') > 0;
  end is_dataset;

  function find_case(p_op in varchar2, p_name in varchar2) return t_case
  is
  begin
    for i in 1 .. g_cases.count loop
      if g_cases(i).op = p_op and g_cases(i).name = p_name then
        return g_cases(i);
      end if;
    end loop;
    raise_application_error(-20000, 'no fixture ' || p_op || '/' || p_name);
  end find_case;

  -- Calls the facade function p_op with the fixture store and p_request.
  function call_op(p_op in varchar2, p_request in clob) return clob
  is
    l_response clob;
  begin
    execute immediate 'begin :r := dbms_agent_memory_store.' || dbms_assert.simple_sql_name(p_op)
      || '(:s, :q); end;' using out l_response, in co_store, in p_request;
    return l_response;
  end call_op;

  procedure setup_suite
  is
    l_response clob;
    l_entry    varchar2(100 char);
    l_rest     varchar2(400 char) := ltrim(co_dataset, ',');
  begin
    load_cases;
    l_response := dbms_agent_memory_store.open_store(
      '{"memory_store_id": "UTS_THR01", "schema_policy": "RECREATE", "search_strategy": "KEYWORD", "vector_dim": 4}');
    -- The data set, entry by entry in co_dataset order.
    while l_rest is not null loop
      l_entry := substr(l_rest, 1, instr(l_rest, ',') - 1);
      l_rest := substr(l_rest, instr(l_rest, ',') + 1);
      l_response := call_op(substr(l_entry, 1, instr(l_entry, '/') - 1),
                            find_case(substr(l_entry, 1, instr(l_entry, '/') - 1),
                                      substr(l_entry, instr(l_entry, '/') + 1)).request);
    end loop;
    commit;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;   -- uncommitted rows would block the autonomous drop
    dbms_agent_memory_store.drop_store(co_store);
  exception
    when dbms_agent_memory_store.e_not_found then
      null;     -- a failed setup never created it
  end cleanup_suite;

  procedure rollback_test
  is
  begin
    rollback;
  end rollback_test;

  ------------------------------------------------------------------------------
  -- Fixtures
  ------------------------------------------------------------------------------

  function same_json(p_a in clob, p_b in clob) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from dual where json_equal(p_a, p_b);
    return l_count = 1;
  end same_json;

  -- p_element with the volatile values of docs/protocol-threads.md section 8
  -- replaced by markers at any depth: created_at / updated_at (the actual
  -- ones checked for the format first), timestamp when event_timestamp is
  -- null (it is then created_at), seq_no (checked to be a number; order is
  -- checked by the order of the records) and generated ids (32 hex).
  function normalized(p_element in json_element_t, p_label in varchar2, p_actual in boolean) return json_element_t
  is
    l_obj  json_object_t;
    l_out  json_object_t;
    l_keys json_key_list;
    l_arr  json_array_t;
    l_list json_array_t;
  begin
    if p_element.is_object then
      l_obj := treat(p_element as json_object_t);
      l_out := json_object_t();
      l_keys := l_obj.get_keys;
      for i in 1 .. l_keys.count loop
        if l_keys(i) in ('created_at', 'updated_at')
           or (l_keys(i) = 'timestamp' and l_obj.has('event_timestamp') and l_obj.get('event_timestamp').is_null) then
          if p_actual then
            ut.expect(regexp_like(l_obj.get_string(l_keys(i)), co_utc_pattern, 'c'),
                      p_label || ': ' || l_keys(i) || ' format').to_be_true;
          end if;
          l_out.put(l_keys(i), 'timestamp');
        elsif l_keys(i) = 'seq_no' then
          ut.expect(l_obj.get(l_keys(i)).is_number, p_label || ': seq_no is a number').to_be_true;
          l_out.put(l_keys(i), 'seq_no');
        else
          l_out.put(l_keys(i), normalized(l_obj.get(l_keys(i)), p_label, p_actual));
        end if;
      end loop;
      return l_out;
    elsif p_element.is_array then
      l_arr := treat(p_element as json_array_t);
      l_list := json_array_t();
      for i in 0 .. l_arr.get_size - 1 loop
        l_list.append(normalized(l_arr.get(i), p_label, p_actual));
      end loop;
      return l_list;
    elsif p_element.is_string and regexp_like(p_element.to_string, co_id_pattern, 'c') then
      return json_element_t.parse('"generated"');
    end if;
    return p_element;
  end normalized;

  -- Runs one case: the response compared with the fixture's, or the error's
  -- class and every fragment of its message.
  procedure run_case(p_case in t_case)
  is
    l_label    varchar2(200 char) := p_case.op || '/' || p_case.name;
    l_response clob;
    l_code     pls_integer;
    l_message  varchar2(4000 char);
    l_error    json_object_t;
    l_frags    json_array_t;
  begin
    begin
      l_response := call_op(p_case.op, p_case.request);
    exception
      when dbms_agent_memory_store.e_invalid_argument or dbms_agent_memory_store.e_not_found
           or dbms_agent_memory_store.e_duplicate_id then
        l_code := sqlcode;
        l_message := sqlerrm;
    end;
    if p_case.error is not null then
      l_error := json_object_t.parse(p_case.error);
      ut.expect(l_code, l_label || ': error code; response ' || dbms_lob.substr(l_response, 500, 1))
        .to_equal(l_error.get_number('code'));
      ut.expect(l_message, l_label).to_be_like('%' || l_error.get_string('name') || ': %');
      l_frags := l_error.get_array('message_contains');
      for i in 0 .. l_frags.get_size - 1 loop
        ut.expect(instr(l_message, l_frags.get_string(i)) > 0,
                  l_label || ': message ' || l_message || ' contains ' || l_frags.get_string(i)).to_be_true;
      end loop;
      ut.expect(instr(l_message, co_store), l_label || ': messages never name the store').to_equal(0);
    else
      ut.expect(l_message, l_label || ': no error').to_be_null;
      ut.expect(same_json(normalized(json_element_t.parse(l_response), l_label, true).to_clob,
                          normalized(json_element_t.parse(p_case.response), l_label, false).to_clob),
                l_label || ': expected ' || dbms_lob.substr(p_case.response, 1500, 1) || ' got '
                || dbms_lob.substr(l_response, 1500, 1)).to_be_true;
    end if;
  end run_case;

  -- The messages of t1 and t2 and the memories of the store, as one JSON
  -- text: what a refused call must leave unchanged.
  function snapshot return clob
  is
  begin
    return call_op('thread_get_messages', '{"thread": "t1", "end": -1}')
           || call_op('thread_get_messages', '{"thread": "t2", "end": -1}')
           || dbms_agent_memory_store.list_records(co_store, '{"record_type": "memory", "limit": null}')
           || dbms_agent_memory_store.list_records(co_store, '{"record_type": "fact", "limit": null}')
           || dbms_agent_memory_store.list_records(co_store, '{"record_type": "preference", "limit": null}')
           || dbms_agent_memory_store.list_records(co_store, '{"record_type": "thread", "limit": null}')
           || dbms_agent_memory_store.list_records(co_store, '{"record_type": "thread_summary", "limit": null}')
           || dbms_agent_memory_store.list_records(co_store, '{"record_type": "image", "limit": null}')
           || dbms_agent_memory_store.list_relations(co_store, '{}');
  end snapshot;

  procedure accepted_fixtures
  is
    l_count pls_integer := 0;
  begin
    for i in 1 .. g_cases.count loop
      if g_cases(i).response is not null and not is_dataset(g_cases(i)) then
        run_case(g_cases(i));
        rollback;
        l_count := l_count + 1;
      end if;
    end loop;
    ut.expect(l_count, 'accepted cases run (all but the data set)').to_be_greater_than(30);
  end accepted_fixtures;

  procedure rejected_fixtures
  is
    l_count  pls_integer := 0;
    l_before clob := snapshot;
  begin
    for i in 1 .. g_cases.count loop
      if g_cases(i).error is not null then
        run_case(g_cases(i));
        ut.expect(snapshot, g_cases(i).op || '/' || g_cases(i).name || ': records unchanged').to_equal(l_before);
        rollback;
        l_count := l_count + 1;
      end if;
    end loop;
    ut.expect(l_count, 'rejected cases run').to_be_greater_than(30);
  end rejected_fixtures;

  ------------------------------------------------------------------------------
  -- Rules
  ------------------------------------------------------------------------------

  function record_of(p_type in varchar2, p_id in varchar2) return json_object_t
  is
    l_request json_object_t := json_object_t();
    l_response json_object_t;
  begin
    l_request.put('record_type', p_type);
    l_request.put('record_id', p_id);
    l_response := json_object_t.parse(dbms_agent_memory_store.get_record(co_store, l_request.to_clob));
    if l_response.get('record').is_null then
      return null;
    end if;
    return l_response.get_object('record');
  end record_of;

  procedure messages_inherit_scope
  is
    l_response clob := dbms_agent_memory_store.thread_add_messages(co_store,
      '{"thread": "t2", "messages": [{"role": "user", "content": "Hello", "id": "x1"}]}');
    l_record json_object_t := record_of('message', 'x1');
  begin
    ut.expect(l_record.get_string('thread_id')).to_equal('t2');
    ut.expect(l_record.get_string('user_id')).to_equal('u1');
    ut.expect(l_record.get_string('agent_id')).to_equal('a1');
    ut.expect(l_record.get_string('role')).to_equal('user');
  end messages_inherit_scope;

  procedure memory_scope_and_overrides
  is
    l_response clob;
    l_record   json_object_t;
  begin
    l_response := dbms_agent_memory_store.thread_add_memory(co_store,
      '{"thread": "t1", "content": "Likes tea", "memory_id": "k1"}');
    l_record := record_of('memory', 'k1');
    ut.expect(l_record.get_string('thread_id')).to_equal('t1');
    ut.expect(l_record.get_string('user_id')).to_equal('u1');
    ut.expect(l_record.get_string('agent_id')).to_equal('a1');
    l_response := dbms_agent_memory_store.thread_add_memory(co_store,
      '{"thread": "t1", "content": "Shared", "memory_id": "k2", "memory_type": "guideline",'
      || ' "user_id": null, "agent_id": "a9"}');
    l_record := record_of('guideline', 'k2');
    ut.expect(l_record.get('user_id').is_null, 'user_id null stores no user').to_be_true;
    ut.expect(l_record.get_string('agent_id')).to_equal('a9');
    ut.expect(l_record.get_string('thread_id')).to_equal('t1');
  end memory_scope_and_overrides;

  procedure memory_link_stored
  is
    l_response json_object_t;
    l_relation json_object_t;
  begin
    -- k4 belongs to t1 but to user u7: a memory linked to it inherits u7.
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_memory(co_store,
      '{"thread": "t1", "content": "Seven", "memory_id": "k4", "user_id": "u7"}'));
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_add_memory(co_store,
      '{"thread": "t1", "content": "Seven, refined", "memory_id": "k5", "memory_id_to_link": "k4",'
      || ' "link_type": "supports", "link_timestamp": "2026-11-30T08:00:00Z"}'));
    ut.expect(l_response.get_string('relation_id')).to_match('^[0123456789abcdef]{32}$', 'c');
    ut.expect(record_of('memory', 'k5').get_string('user_id')).to_equal('u7');
    l_relation := json_object_t.parse(dbms_agent_memory_store.get_relation(co_store,
      '{"relation_id": "' || l_response.get_string('relation_id') || '"}')).get_object('relation');
    ut.expect(l_relation.get_string('source_record_id')).to_equal('k5');
    ut.expect(l_relation.get_string('target_record_id')).to_equal('k4');
    ut.expect(l_relation.get_string('relation_type')).to_equal('supports');
    ut.expect(l_relation.get_string('timestamp')).to_equal('2026-11-30T08:00:00.000000Z');
  end memory_link_stored;

  procedure other_thread_untouched
  is
    l_response json_object_t;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_update_message(co_store,
      '{"thread": "t1", "message_id": "o1", "content": "changed"}'));
    ut.expect(l_response.get_number('updated')).to_equal(0);
    ut.expect(record_of('message', 'o1').get_string('content')).to_equal('Other thread.');
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_delete_message(co_store,
      '{"thread": "t1", "message_id": "o1"}'));
    ut.expect(l_response.get_number('deleted')).to_equal(0);
    ut.expect(record_of('message', 'o1') is not null, 'o1 still stored').to_be_true;
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_delete_memory(co_store,
      '{"thread": "t1", "memory_id": "fact2"}'));
    ut.expect(l_response.get_number('deleted')).to_equal(0);
    ut.expect(record_of('fact', 'fact2') is not null, 'fact2 still stored').to_be_true;
  end other_thread_untouched;

  procedure default_window_bounded
  is
    l_messages json_array_t := json_array_t();
    l_message  json_object_t;
    l_request  json_object_t := json_object_t();
    l_response clob;
    l_window   json_array_t;
  begin
    for i in 1 .. 60 loop
      l_message := json_object_t();
      l_message.put('role', 'user');
      l_message.put('content', 'w' || i);
      l_message.put('id', 'w' || i);
      l_messages.append(l_message);
    end loop;
    l_request.put('thread', 't2');
    l_request.put('messages', l_messages);
    l_response := dbms_agent_memory_store.thread_add_messages(co_store, l_request.to_clob);
    -- t2 holds o1, w1 .. w60 (61 messages): the window is w11 .. w60.
    l_window := json_object_t.parse(dbms_agent_memory_store.thread_get_messages(co_store, '{"thread": "t2"}'))
                  .get_array('messages');
    ut.expect(l_window.get_size).to_equal(50);
    ut.expect(treat(l_window.get(0) as json_object_t).get_string('id')).to_equal('w11');
    ut.expect(treat(l_window.get(49) as json_object_t).get_string('id')).to_equal('w60');
    l_window := json_object_t.parse(dbms_agent_memory_store.thread_get_messages(co_store,
                  '{"thread": "t2", "end": -1}')).get_array('messages');
    ut.expect(l_window.get_size, 'end -1: every message').to_equal(61);
    ut.expect(treat(l_window.get(0) as json_object_t).get_string('id')).to_equal('o1');
  end default_window_bounded;

  -- The image part p_id of a message object's content, or NULL.
  function image_part(p_message in json_object_t, p_id in varchar2) return json_object_t
  is
    l_parts json_array_t := p_message.get_array('content');
    l_part  json_object_t;
  begin
    for i in 0 .. l_parts.get_size - 1 loop
      l_part := treat(l_parts.get(i) as json_object_t);
      if l_part.get_string('type') = 'image' and l_part.get_string('id') = p_id then
        return l_part;
      end if;
    end loop;
    return null;
  end image_part;

  procedure chosen_part_bytes_only
  is
    co_png     constant varchar2(200 char) :=
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    l_response clob;
    l_message  json_object_t;
  begin
    l_response := dbms_agent_memory_store.thread_add_messages(co_store,
      '{"thread": "t1", "messages": [{"role": "user", "id": "mm1", "content": ['
      || '{"type": "text", "text": "Two menus:"},'
      || '{"type": "image", "id": "mp1", "mime_type": "image/png", "bytes": "' || co_png || '", "description": "one"},'
      || '{"type": "image", "id": "mp2", "mime_type": "image/png", "bytes": "' || co_png || '", "description": "two"}'
      || ']}]}');
    -- img1 is an image of t1 but no part of mm1: ignored (T19).
    l_message := json_object_t.parse(dbms_agent_memory_store.thread_get_message(co_store,
      '{"thread": "t1", "message_id": "mm1", "included_image_ids": ["mp2", "img1"]}')).get_object('message');
    ut.expect(image_part(l_message, 'mp1').get('bytes').is_null, 'mp1 not chosen: bytes null').to_be_true;
    ut.expect(image_part(l_message, 'mp1').get_string('description')).to_equal('one');
    ut.expect(image_part(l_message, 'mp2').get_string('bytes'), 'mp2 chosen: bytes').to_equal(co_png);
    ut.expect(l_message.get_array('content').get_size, 'no part added or dropped').to_equal(3);
    -- The store-level read with include_bytes is unchanged: every part's bytes.
    l_message := json_object_t.parse(dbms_agent_memory_store.get_record(co_store,
      '{"record_type": "message", "record_id": "mm1", "include_bytes": true}')).get_object('record');
    ut.expect(image_part(l_message, 'mp1').get_string('bytes'), 'get_record: mp1 bytes').to_equal(co_png);
    ut.expect(image_part(l_message, 'mp2').get_string('bytes'), 'get_record: mp2 bytes').to_equal(co_png);
  end chosen_part_bytes_only;

  procedure summary_durable_and_prefix
  is
    l_response clob;
    l_summary  json_object_t;
  begin
    l_response := dbms_agent_memory_store.add_records(co_store,
      '{"record_type": "thread_summary", "contents": ["Plan the Rome itinerary."], "thread_ids": "t1"}');
    l_summary := json_object_t.parse(dbms_agent_memory_store.thread_get_summary(co_store, '{"thread": "t1"}'));
    ut.expect(l_summary.get_string('content')).to_equal('Plan the Rome itinerary.');
    ut.expect(l_summary.get_string('source')).to_equal('thread_summary');
    l_summary := json_object_t.parse(dbms_agent_memory_store.thread_get_summary(co_store,
                   '{"thread": "t1", "token_budget": 2}'));
    ut.expect(l_summary.get_string('content'), 'cut to floor(2 * 3.5) characters').to_equal('Plan th');
    l_summary := json_object_t.parse(dbms_agent_memory_store.thread_get_summary(co_store,
                   '{"thread": "t1", "except_last": 5}'));
    ut.expect(l_summary.get_string('content')).to_equal('user: I want pizza tonight.');
    ut.expect(l_summary.get_string('source')).to_equal('transcript');
  end summary_durable_and_prefix;

  procedure update_image_keeps_metadata
  is
    l_response json_object_t;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.thread_update_image(co_store,
      '{"thread": "t1", "image_id": "img1", "mime_type": "image/png", "image":'
      || ' "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}'));
    ut.expect(l_response.get_number('updated')).to_equal(1);
    ut.expect(same_json(record_of('image', 'img1').get_object('metadata').to_clob, '{"album": "dinner"}'),
              'metadata kept, without image_mime_type').to_be_true;
  end update_image_keeps_metadata;

  procedure token_estimator
  is
  begin
    ut.expect(dbms_agent_memory_store.estimate_tokens(null)).to_equal(0);
    ut.expect(dbms_agent_memory_store.estimate_tokens('abcdefg')).to_equal(2);
    ut.expect(dbms_agent_memory_store.estimate_tokens('abcdefgh')).to_equal(3);
    ut.expect(dbms_agent_memory_store.estimate_tokens(rpad('x', 35, 'x'))).to_equal(10);
  end token_estimator;

  procedure card_rendering_escaped
  is
    l_response clob;
    l_card     json_object_t;
  begin
    l_response := dbms_agent_memory_store.thread_add_messages(co_store,
      '{"thread": "t2", "messages": [{"role": "user", "content": "Tom & \"Jerry\" <x> \u0027y\u0027", "id": "e1"}]}');
    l_card := json_object_t.parse(dbms_agent_memory_store.thread_get_context_card(co_store,
                '{"thread": "t2", "max_relevant_results": 0, "max_recent_messages": 1}'));
    ut.expect(l_card.get_string('summary_source')).to_equal('transcript');
    ut.expect(l_card.get_array('relevant_results').get_size).to_equal(0);
    ut.expect(l_card.get_array('recent_messages').get_size).to_equal(1);
    ut.expect(l_card.get_clob('content')).to_equal(to_clob(
      '<summary>' || chr(10) || 'user: Other thread.' || chr(10)
      || 'user: Tom &amp; &quot;Jerry&quot; &lt;x&gt; &apos;y&apos;' || chr(10) || '</summary>' || chr(10)
      || '<recent_messages>' || chr(10)
      || '<message id="e1" role="user">Tom &amp; &quot;Jerry&quot; &lt;x&gt; &apos;y&apos;</message>' || chr(10)
      || '</recent_messages>'));
  end card_rendering_escaped;

  -- The ids of a thread_search response's results.
  function result_ids(p_response in clob) return varchar2
  is
    l_results json_array_t := json_object_t.parse(p_response).get_array('results');
    l_ids     varchar2(4000 char);
  begin
    for i in 0 .. l_results.get_size - 1 loop
      l_ids := l_ids || ',' || treat(l_results.get(i) as json_object_t).get_object('record').get_string('id');
    end loop;
    return l_ids || ',';
  end result_ids;

  procedure search_default_scope
  is
  begin
    ut.expect(instr(result_ids(dbms_agent_memory_store.thread_search(co_store,
      '{"thread": "t1", "query": "Other thread"}')), ',o1,'), 'default: t2 message found').to_be_greater_than(0);
    ut.expect(instr(result_ids(dbms_agent_memory_store.thread_search(co_store,
      '{"thread": "t1", "query": "Other thread", "exact_thread_match": true}')), ',o1,'),
      'exact_thread_match: only t1').to_equal(0);
    ut.expect(instr(result_ids(dbms_agent_memory_store.thread_search(co_store,
      '{"thread": "t1", "query": "Other thread", "user_id": "u9"}')), ',o1,'),
      'explicit user u9: not u1''s message').to_equal(0);
  end search_default_scope;

  procedure search_budgets
  is
    l_all    json_array_t;
    l_first  json_object_t;
    l_cost   pls_integer;
    l_cut    json_array_t;
  begin
    l_all := json_object_t.parse(dbms_agent_memory_store.thread_search(co_store,
               '{"thread": "t1", "query": "pizza station Mario"}')).get_array('results');
    ut.expect(l_all.get_size, 'the data set has several hits').to_be_greater_than(1);
    l_first := treat(l_all.get(0) as json_object_t).get_object('record');
    l_cost := dbms_agent_memory_store.estimate_tokens('<record type="' || l_first.get_string('record_type')
                || '" id="' || l_first.get_string('id') || '">'
                || coalesce(l_first.get_string('content'), l_first.get_string('description')) || '</record>');
    l_cut := json_object_t.parse(dbms_agent_memory_store.thread_search(co_store,
               '{"thread": "t1", "query": "pizza station Mario", "soft_token_budget": 1}')).get_array('results');
    ut.expect(l_cut.get_size, 'soft 1').to_equal(1);
    l_cut := json_object_t.parse(dbms_agent_memory_store.thread_search(co_store,
               '{"thread": "t1", "query": "pizza station Mario", "token_budget": ' || l_cost || '}')).get_array('results');
    ut.expect(l_cut.get_size, 'hard = the first element''s estimate').to_equal(1);
    ut.expect(treat(l_cut.get(0) as json_object_t).get_object('record').get_string('id'))
      .to_equal(l_first.get_string('id'));
    l_cut := json_object_t.parse(dbms_agent_memory_store.thread_search(co_store,
               '{"thread": "t1", "query": "pizza station Mario", "token_budget": ' || (l_cost - 1) || '}'))
               .get_array('results');
    ut.expect(l_cut.get_size, 'the first does not fit: none').to_equal(0);
  end search_budgets;

end test_agentmem_threads;
/
