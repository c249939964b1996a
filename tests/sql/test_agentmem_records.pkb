create or replace package body test_agentmem_records
as

  -- Creation time of the fixtures' data set (§14): expiry values before
  -- 2090 in fixtures are this plus whole days.
  co_fixture_base constant varchar2(30 char) := '2026-11-30 10:00:00.000000';
  co_dataset constant varchar2(400 char) :=
    ',add_records/d1_threads,add_records/d2_memories,add_records/d3_messages,add_records/d4_messages_more,'
    || 'add_records/d5_image,add_records/d6_summaries,add_records/d7_facts,add_user/d8_user,add_agent/d9_agent,';
  -- Digits and hex letters spelled out: a range such as [0-9] is read in the
  -- session's NLS_SORT collation (docs/checker.md, REGEXP-RANGE).
  co_digit constant varchar2(12 char) := '[0123456789]';
  co_id_pattern constant varchar2(40 char) := '^[0123456789abcdef]{32}$';
  co_utc_pattern constant varchar2(160 char) := '^' || co_digit || '{4}-' || co_digit || '{2}-' || co_digit || '{2}T'
    || co_digit || '{2}:' || co_digit || '{2}:' || co_digit || '{2}\.' || co_digit || '{6}Z$';

  type t_number_list is table of number;
  type t_text_map is table of clob index by varchar2(200);

  g_cases    t_case_list;
  g_seqs     t_number_list := t_number_list();
  g_dataset  t_text_map;

  ------------------------------------------------------------------------------
  -- Fixture cases (generated from tests/go/testdata/contract/<op>/)
  ------------------------------------------------------------------------------

  procedure add_case(p_op in varchar2, p_name in varchar2, p_request in clob, p_response in clob,
                     p_error in clob, p_chunks in clob)
  is
  begin
    g_cases.extend;
    g_cases(g_cases.last).op := p_op;
    g_cases(g_cases.last).name := p_name;
    g_cases(g_cases.last).request := p_request;
    g_cases(g_cases.last).response := p_response;
    g_cases(g_cases.last).error := p_error;
    g_cases(g_cases.last).chunks := p_chunks;
  end add_case;

  procedure load_write_cases
  is
  begin
    -- genfixtures:begin write_cases (add_records, add_user, add_agent): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_case('add_records', 'batch_size_range',
      q'~{"record_type":"memory","contents":["a"],"batch_size":0}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["batch_size 0","must be an integer from 1 to 10000"]}~',
      null);
    add_case('add_records', 'batches',
      q'~{"batch_size":100,"batches":[{"record_type":"preference","contents":["Likes jazz"],"record_ids":"p1","user_ids":"u1"},{"record_type":"thread","contents":[null],"record_ids":"t3","user_ids":"u1"},{"record_type":"message","contents":["Hello"],"record_ids":["msg6"],"thread_ids":"t3","roles":"user"}]}~',
      q'~{"ids":["p1","t3","msg6"],"warnings":[]}~',
      null,
      null);
    add_case('add_records', 'batches_mixed',
      q'~{"record_type":"memory","batches":[{"record_type":"memory","contents":["a"]}]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["batches cannot be combined","'record_type'"]}~',
      null);
    add_case('add_records', 'content_kind_for_type',
      q'~{"record_type":"memory","contents":[{"text":"x"}]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["contents[0]","is not valid content for record_type 'memory'"]}~',
      null);
    add_case('add_records', 'content_null_fallback',
      q'~{"record_type":"memory","contents":[null,null],"record_ids":["m-fb1","m-fb2"],"metadata":[{"content":"From metadata"},{"kind":"empty"}]}~',
      q'~{"ids":["m-fb1","m-fb2"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m-fb1"},{"source_type":"memory","source_id":"m-fb2"}],"rows":[{"source_type":"memory","source_id":"m-fb1","chunk_seq":1,"chunk_text":"From metadata","embedding":null,"thread_id":null,"user_id":null,"agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('add_records', 'd1_threads',
      q'~{"record_type":"thread","contents":[null,null],"record_ids":["t1","t2"],"user_ids":["u1","u2"],"agent_ids":"a1","metadata":[{"topic":"travel"},null]}~',
      q'~{"ids":["t1","t2"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"thread","source_id":"t1"},{"source_type":"thread","source_id":"t2"}],"rows":[]}~');
    add_case('add_records', 'd2_memories',
      q'~{"record_type":"memory","contents":["Prefers window seats","Allergic to peanuts","Conference in Lisbon"],"record_ids":["m1","m2","m3"],"thread_ids":["t1",null,null],"user_ids":"u1","agent_ids":"a1","metadata":[{"source":"chat","tags":["travel","prefs"]},{"source":"slack","review":{"status":"open"}},null],"embeddings":[[0.1,0.2,0.3,0.4],[0.5,0.6,0.7,0.8],null],"timestamps":[null,null,"2099-01-01T12:00:00+02:00"],"ttl_days":[7,null,7],"ttl_anchor":["CREATED_AT","created_at","TIMESTAMP"]}~',
      q'~{"ids":["m1","m2","m3"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m1"},{"source_type":"memory","source_id":"m2"},{"source_type":"memory","source_id":"m3"}],"rows":[{"source_type":"memory","source_id":"m1","chunk_seq":1,"chunk_text":"Prefers window seats","embedding":[0.1,0.2,0.3,0.4],"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-07T10:00:00.000000Z"},{"source_type":"memory","source_id":"m2","chunk_seq":1,"chunk_text":"Allergic to peanuts","embedding":[0.5,0.6,0.7,0.8],"thread_id":null,"user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2027-11-30T10:00:00.000000Z"},{"source_type":"memory","source_id":"m3","chunk_seq":1,"chunk_text":"Conference in Lisbon","embedding":null,"thread_id":null,"user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2099-01-08T10:00:00.000000Z"}]}~');
    add_case('add_records', 'd3_messages',
      q'~{"record_type":"message","record_ids":["msg1","msg2"],"thread_ids":"t1","user_ids":"u1","agent_ids":"a1","roles":["user","assistant"],"contents":["I love pizza.",[{"type":"text","text":"Here is the menu:","id":"part-1"},{"type":"IMAGE","id":"img-p1","mime_type":"image/PNG","bytes":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","description":"Pizza menu"}]],"timestamps":["2026-11-30T09:00:00","2026-11-30T11:00:05+02:00"]}~',
      q'~{"ids":["msg1","msg2"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"message","source_id":"msg1"},{"source_type":"message","source_id":"msg2"},{"source_type":"image","source_id":"img-p1"}],"rows":[{"source_type":"image","source_id":"img-p1","chunk_seq":1,"chunk_text":"Pizza menu","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"message","source_id":"msg1","chunk_seq":1,"chunk_text":"I love pizza.","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"message","source_id":"msg2","chunk_seq":1,"chunk_text":"Here is the menu:","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('add_records', 'd4_messages_more',
      q'~{"record_type":"message","record_ids":["msg3","msg4","msg5"],"thread_ids":"t1","user_ids":"u1","agent_ids":"a1","roles":["user","assistant","user"],"contents":["Book a table for two.","Done: 8 pm at Da Mario.",""]}~',
      q'~{"ids":["msg3","msg4","msg5"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"message","source_id":"msg3"},{"source_type":"message","source_id":"msg4"},{"source_type":"message","source_id":"msg5"}],"rows":[{"source_type":"message","source_id":"msg3","chunk_seq":1,"chunk_text":"Book a table for two.","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"message","source_id":"msg4","chunk_seq":1,"chunk_text":"Done: 8 pm at Da Mario.","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('add_records', 'd5_image',
      q'~{"record_type":"image","record_ids":"img1","contents":["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],"index_texts":["A beach at sunset"],"user_ids":"u1","metadata":{"image_mime_type":"Image/PNG","album":"trip"}}~',
      q'~{"ids":["img1"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"image","source_id":"img1"}],"rows":[{"source_type":"image","source_id":"img1","chunk_seq":1,"chunk_text":"A beach at sunset","embedding":null,"thread_id":null,"user_id":"u1","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('add_records', 'd6_summaries',
      q'~{"record_type":"thread_summary","record_ids":["s1","s2"],"thread_ids":"t1","user_ids":"u1","agent_ids":"a1","contents":[{"text":"User plans a Rome trip","topics":["travel"]},"Short recap"]}~',
      q'~{"ids":["s1","s2"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"thread_summary","source_id":"s1"},{"source_type":"thread_summary","source_id":"s2"}],"rows":[{"source_type":"thread_summary","source_id":"s1","chunk_seq":1,"chunk_text":"User plans a Rome trip","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":null},{"source_type":"thread_summary","source_id":"s2","chunk_seq":1,"chunk_text":"Short recap","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":null}]}~');
    add_case('add_records', 'd7_facts',
      q'~{"record_type":"fact","record_ids":["f1","f2","f3","f4","f5"],"user_ids":"u2","agent_ids":null,"contents":["Stored A","Stored B","Stored C","Stored D",null],"index_texts":["Search A",["chunk B1","chunk B2"],null,"",null],"embeddings":[null,[[1,0,0,0],[0,1,0,0]],null,[],null],"metadata":[null,null,null,null,{"content":"From metadata"}],"statuses":["VALID","VALID","valid","VALID","INVALID"]}~',
      q'~{"ids":["f1","f2","f3","f4","f5"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"fact","source_id":"f1"},{"source_type":"fact","source_id":"f2"},{"source_type":"fact","source_id":"f3"},{"source_type":"fact","source_id":"f4"},{"source_type":"fact","source_id":"f5"}],"rows":[{"source_type":"fact","source_id":"f1","chunk_seq":1,"chunk_text":"Search A","embedding":null,"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"fact","source_id":"f2","chunk_seq":1,"chunk_text":"chunk B1","embedding":[1,0,0,0],"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"fact","source_id":"f2","chunk_seq":2,"chunk_text":"chunk B2","embedding":[0,1,0,0],"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"fact","source_id":"f3","chunk_seq":1,"chunk_text":"Stored C","embedding":null,"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"fact","source_id":"f5","chunk_seq":1,"chunk_text":"From metadata","embedding":null,"thread_id":null,"user_id":"u2","agent_id":null,"status":"INVALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('add_records', 'embeddings_count_mismatch',
      q'~{"record_type":"memory","contents":["a"],"index_texts":[["c1","c2"]],"embeddings":[[[1,0,0,0],[0,1,0,0],[0,0,1,0]]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embeddings[0] has 3 vector(s)","index_texts[0] has 2 chunk(s)"]}~',
      null);
    add_case('add_records', 'embeddings_dimension_mixed',
      q'~{"record_type":"memory","contents":["a","b"],"embeddings":[[1,0,0,0],[1,0,0]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embeddings[1] has 3 dimensions","embeddings[0] has 4","same dimension"]}~',
      null);
    add_case('add_records', 'embeddings_dimension_store',
      q'~{"record_type":"memory","contents":["a"],"embeddings":[[1,0,0]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embeddings[0] has 3 dimensions","vector_dim 4"]}~',
      null);
    add_case('add_records', 'embeddings_empty_with_text',
      q'~{"record_type":"memory","contents":["has text"],"embeddings":[[]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embeddings[0] is empty","no retrieval text"]}~',
      null);
    add_case('add_records', 'embeddings_many_without_chunks',
      q'~{"record_type":"memory","contents":["a"],"index_texts":["one string"],"embeddings":[[[1,0,0,0],[0,1,0,0]]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embeddings[0] has 2 vector(s)","index_texts[0] is not a chunk list"]}~',
      null);
    add_case('add_records', 'generated_ids',
      q'~{"record_type":"guideline","contents":["Answer in French.","Never share phone numbers."],"agent_ids":"a1","ttl_days":null}~',
      q'~{"ids":["3f1c2b9e8d7a4c6b9e0f1a2b3c4d5e6f","9a8b7c6d5e4f30211203a4b5c6d7e8f9"],"warnings":[]}~',
      null,
      null);
    add_case('add_records', 'image_base64_invalid',
      q'~{"record_type":"image","contents":["not base64!"],"metadata":{"image_mime_type":"image/png"}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["contents[0]","not valid base64"]}~',
      null);
    add_case('add_records', 'image_mime_missing',
      q'~{"record_type":"image","contents":["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],"metadata":[{"album":"trip"}]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata[0].image_mime_type","required for record_type 'image'","image/png, image/jpeg, image/webp"]}~',
      null);
    add_case('add_records', 'image_mime_unsupported',
      q'~{"record_type":"image","contents":["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],"metadata":[{"image_mime_type":"image/gif"}]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata[0].image_mime_type 'image/gif'","must be one of image/png, image/jpeg, image/webp"]}~',
      null);
    add_case('add_records', 'image_signature_mismatch',
      q'~{"record_type":"image","contents":["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],"metadata":{"image_mime_type":"image/jpeg"}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["contents[0]","image/jpeg signature"]}~',
      null);
    add_case('add_records', 'index_texts_chunk_empty',
      q'~{"record_type":"memory","contents":["a"],"index_texts":[["ok",""]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["index_texts[0][1] ''","must be a non-empty string"]}~',
      null);
    add_case('add_records', 'index_texts_not_list',
      q'~{"record_type":"memory","contents":["a"],"index_texts":"search me"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["index_texts","one entry per record"]}~',
      null);
    add_case('add_records', 'list_length_mismatch',
      q'~{"record_type":"memory","contents":["a","b"],"user_ids":["u1","u2","u3"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_ids has 3 entries","contents has 2"]}~',
      null);
    add_case('add_records', 'message_content_null',
      q'~{"record_type":"message","contents":[null],"thread_ids":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["contents[0] null","record_type 'message' needs content","metadata[0].content"]}~',
      null);
    add_case('add_records', 'message_image_part_without_bytes',
      q'~{"record_type":"message","thread_ids":"t1","contents":[[{"type":"image","mime_type":"image/png","description":"x"}]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["contents[0][0].bytes","required for an image part"]}~',
      null);
    add_case('add_records', 'message_parts_empty',
      q'~{"record_type":"message","contents":[[]],"thread_ids":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["contents[0]","at least one content part"]}~',
      null);
    add_case('add_records', 'record_id_exists',
      q'~{"record_type":"fact","contents":["dup"],"record_ids":["m1"]}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["record_ids[0] 'm1'","already exists","update_record"]}~',
      null);
    add_case('add_records', 'record_ids_duplicate',
      q'~{"record_type":"memory","contents":["a","b"],"record_ids":["x","x"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["record_ids[1] 'x'","repeats record_ids[0]","unique"]}~',
      null);
    add_case('add_records', 'record_ids_scalar_many',
      q'~{"record_type":"memory","contents":["a","b"],"record_ids":"x"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["record_ids 'x'","single id","2 records"]}~',
      null);
    add_case('add_records', 'record_type_invalid',
      q'~{"record_type":"note","contents":["x"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["record_type 'note'","must be one of","thread_summary"]}~',
      null);
    add_case('add_records', 'scope_on_profile',
      q'~{"record_type":"agent_profile","contents":["Helpful"],"record_ids":"a9","agent_ids":"a9"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["agent_ids 'a9'","does not apply to record_type 'agent_profile'","unscoped"]}~',
      null);
    add_case('add_records', 'single_vector_unsplit',
      q'~{"record_type":"memory","record_ids":["m-v1","m-v2"],"contents":["Stored text","Vector only"],"index_texts":[["one caller chunk"],""],"embeddings":[[[0.9,0.1,0.0,0.0]],[0.0,0.0,0.5,0.5]]}~',
      q'~{"ids":["m-v1","m-v2"],"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m-v1"},{"source_type":"memory","source_id":"m-v2"}],"rows":[{"source_type":"memory","source_id":"m-v1","chunk_seq":1,"chunk_text":"one caller chunk","embedding":[0.9,0.1,0.0,0.0],"thread_id":null,"user_id":null,"agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"memory","source_id":"m-v2","chunk_seq":1,"chunk_text":null,"embedding":[0.0,0.0,0.5,0.5],"thread_id":null,"user_id":null,"agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('add_records', 'status_invalid',
      q'~{"record_type":"memory","contents":["a"],"statuses":"ACTIVE"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["statuses 'ACTIVE'","must be VALID or INVALID"]}~',
      null);
    add_case('add_records', 'thread_missing',
      q'~{"record_type":"message","contents":["hi"],"thread_ids":"t9"}~',
      null,
      q'~{"code":-20101,"name":"NOT_FOUND","message_contains":["thread_ids 't9'","names no thread"]}~',
      null);
    add_case('add_records', 'thread_summary_without_thread',
      q'~{"record_type":"thread_summary","contents":["recap"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_ids","a thread_summary needs a thread id"]}~',
      null);
    add_case('add_records', 'timestamp_invalid',
      q'~{"record_type":"memory","contents":["a","b"],"timestamps":[null,"2026-13-01T00:00:00"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["timestamps[1] '2026-13-01T00:00:00'","is not an ISO-8601 timestamp"]}~',
      null);
    add_case('add_records', 'ttl_anchor_timestamp_without_timestamp',
      q'~{"record_type":"memory","contents":["a","b"],"timestamps":["2026-01-01T00:00:00Z",null],"ttl_days":7,"ttl_anchor":"TIMESTAMP"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["ttl_anchor 'TIMESTAMP'","needs a timestamp for record 1","timestamps[1]"]}~',
      null);
    add_case('add_records', 'ttl_clamped_warning',
      q'~{"record_type":"preference","contents":["Long-lived","Also long-lived"],"record_ids":["p2","p3"],"ttl_days":[400,10]}~',
      q'~{"ids":["p2","p3"],"warnings":["ttl_days[0] 400 exceeds max_ttl_days 365: clamped to 365 days for record 'p2'"]}~',
      null,
      null);
    add_case('add_records', 'ttl_days_not_integer',
      q'~{"record_type":"memory","contents":["a"],"ttl_days":"7"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["ttl_days '7'","must be an integer from 1 to 365000, or null"]}~',
      null);
    add_case('add_records', 'ttl_days_zero',
      q'~{"record_type":"memory","contents":["a","b"],"ttl_days":[7,0]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["ttl_days[1] 0","must be an integer from 1 to 365000, or null"]}~',
      null);
    add_case('add_records', 'ttl_expired_on_insert_warning',
      q'~{"record_type":"memory","contents":["Old event"],"record_ids":"m-old","timestamps":"2000-01-01T00:00:00Z","ttl_days":7,"ttl_anchor":"TIMESTAMP"}~',
      q'~{"ids":["m-old"],"warnings":["record 'm-old' is expired on insert: expires_at 2000-01-08T00:00:00.000000Z is in the past"]}~',
      null,
      null);
    add_case('add_records', 'ttl_on_profile',
      q'~{"record_type":"user_profile","contents":["Likes tea"],"record_ids":"u9","ttl_days":7}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["ttl_days 7","does not apply to record_type 'user_profile'","omit ttl_days"]}~',
      null);
    add_case('add_records', 'unknown_key',
      q'~{"record_type":"memory","contnets":["x"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["'contnets'","not allowed","add_records","contents"]}~',
      null);
    add_case('add_records', 'user_id_empty',
      q'~{"record_type":"memory","contents":["a"],"user_ids":""}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_ids ''","non-empty string of at most 128 characters"]}~',
      null);
    add_case('add_records', 'vec_no_vectors_warning',
      q'~{"record_type":"memory","contents":["No vector here",""],"record_ids":["v1","v2"]}~',
      q'~{"ids":["v1","v2"],"warnings":["records 'v1' were stored without vectors: the store has vector_dim 4 but no embedding_model and the request gave no embeddings; VECTOR search does not find them until update_record gives them an embedding"]}~',
      null,
      null);
    add_case('add_user', 'd8_user',
      q'~{"user_id":"u1","information":"Prefers concise answers.","metadata":{"tier":"gold"}}~',
      q'~{"id":"u1","warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"user_profile","source_id":"u1"}],"rows":[{"source_type":"user_profile","source_id":"u1","chunk_seq":1,"chunk_text":"Prefers concise answers.","embedding":null,"thread_id":null,"user_id":null,"agent_id":null,"status":"VALID","expires_at":null}]}~');
    add_case('add_user', 'exists',
      q'~{"user_id":"u1","information":"Again"}~',
      null,
      q'~{"code":-20102,"name":"DUPLICATE_ID","message_contains":["user_id 'u1'","already has a user_profile","update_record"]}~',
      null);
    add_case('add_user', 'information_missing',
      q'~{"user_id":"u2"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["information is required","add_user"]}~',
      null);
    add_case('add_user', 'user_id_missing',
      q'~{"information":"Likes tea"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["user_id is required","end-user security context"]}~',
      null);
    add_case('add_agent', 'd9_agent',
      q'~{"agent_id":"a1","information":"Travel support assistant","metadata":null}~',
      q'~{"id":"a1","warnings":[]}~',
      null,
      null);
    add_case('add_agent', 'information_null',
      q'~{"agent_id":"a2","information":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["information null","must be a string"]}~',
      null);
    -- genfixtures:end write_cases
  end load_write_cases;

  procedure load_edit_cases
  is
  begin
    -- genfixtures:begin edit_cases (get_record .. delete_thread): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_case('get_record', 'fact_fallback_invalid',
      q'~{"record_type":"fact","record_id":"f5"}~',
      q'~{"record":{"record_type":"fact","id":"f5","content":"From metadata","thread_id":null,"user_id":"u2","agent_id":null,"metadata":{"content":"From metadata"},"status":"INVALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z"}}~',
      null,
      null);
    add_case('get_record', 'image_bytes',
      q'~{"record_type":"image","record_id":"img1","include_bytes":true}~',
      q'~{"record":{"record_type":"image","id":"img1","content":"A beach at sunset","thread_id":null,"user_id":"u1","agent_id":null,"metadata":{"album":"trip"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","message_id":null,"mime_type":"image/png","bytes":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}}~',
      null,
      null);
    add_case('get_record', 'include_bytes_not_boolean',
      q'~{"record_type":"image","record_id":"img1","include_bytes":"yes"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["include_bytes 'yes'","must be true or false"]}~',
      null);
    add_case('get_record', 'memory',
      q'~{"record_type":"memory","record_id":"m1"}~',
      q'~{"record":{"record_type":"memory","id":"m1","content":"Prefers window seats","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"source":"chat","tags":["travel","prefs"]},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-07T10:00:00.000000Z"}}~',
      null,
      null);
    add_case('get_record', 'memory_timestamp_anchor',
      q'~{"record_type":"MEMORY","record_id":"m3"}~',
      q'~{"record":{"record_type":"memory","id":"m3","content":"Conference in Lisbon","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2099-01-01T10:00:00.000000Z","event_timestamp":"2099-01-01T10:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2099-01-08T10:00:00.000000Z"}}~',
      null,
      null);
    add_case('get_record', 'message_image_part',
      q'~{"record_type":"image","record_id":"img-p1"}~',
      q'~{"record":{"record_type":"image","id":"img-p1","content":"Pizza menu","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","message_id":"msg2","mime_type":"image/png","bytes":null}}~',
      null,
      null);
    add_case('get_record', 'message_parts',
      q'~{"record_type":"message","record_id":"msg2"}~',
      q'~{"record":{"record_type":"message","id":"msg2","content":[{"type":"text","id":"part-1","text":"Here is the menu:","timestamp":null},{"type":"image","id":"img-p1","mime_type":"image/png","description":"Pizza menu","bytes":null,"timestamp":null}],"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T09:00:05.000000Z","event_timestamp":"2026-11-30T09:00:05.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"assistant","seq_no":2}}~',
      null,
      null);
    add_case('get_record', 'message_parts_bytes',
      q'~{"record_type":"message","record_id":"msg2","include_bytes":true}~',
      q'~{"record":{"record_type":"message","id":"msg2","content":[{"type":"text","id":"part-1","text":"Here is the menu:","timestamp":null},{"type":"image","id":"img-p1","mime_type":"image/png","description":"Pizza menu","bytes":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==","timestamp":null}],"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T09:00:05.000000Z","event_timestamp":"2026-11-30T09:00:05.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"assistant","seq_no":2}}~',
      null,
      null);
    add_case('get_record', 'not_found',
      q'~{"record_type":"memory","record_id":"nope"}~',
      q'~{"record":null}~',
      null,
      null);
    add_case('get_record', 'record_id_missing',
      q'~{"record_type":"memory"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["record_id is required","get_record"]}~',
      null);
    add_case('get_record', 'thread',
      q'~{"record_type":"thread","record_id":"t1"}~',
      q'~{"record":{"record_type":"thread","id":"t1","content":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"topic":"travel"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null}}~',
      null,
      null);
    add_case('get_record', 'thread_summary',
      q'~{"record_type":"thread_summary","record_id":"s1"}~',
      q'~{"record":{"record_type":"thread_summary","id":"s1","content":{"text":"User plans a Rome trip","topics":["travel"]},"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null}}~',
      null,
      null);
    add_case('get_record', 'type_mismatch_is_null',
      q'~{"record_type":"fact","record_id":"m1"}~',
      q'~{"record":null}~',
      null,
      null);
    add_case('get_record', 'user_profile',
      q'~{"record_type":"user_profile","record_id":"u1"}~',
      q'~{"record":{"record_type":"user_profile","id":"u1","content":"Prefers concise answers.","metadata":{"tier":"gold"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null}}~',
      null,
      null);
    add_case('list_records', 'facts_invalid_included',
      q'~{"record_type":"fact","user_id":"u2","limit":1}~',
      q'~{"records":[{"record_type":"fact","id":"f5","content":"From metadata","thread_id":null,"user_id":"u2","agent_id":null,"metadata":{"content":"From metadata"},"status":"INVALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'filter_mixed_operator',
      q'~{"record_type":"memory","metadata_filter":{"review":{"$not":"x","status":"open"}}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata_filter.review","operator","field"]}~',
      null);
    add_case('list_records', 'filter_not_object',
      q'~{"record_type":"memory","metadata_filter":["source"]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata_filter","JSON object or null"]}~',
      null);
    add_case('list_records', 'filter_unknown_operator',
      q'~{"record_type":"memory","metadata_filter":{"tags":{"$contains":"x"}}}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["metadata_filter.tags.$contains","unknown operator","$array_contains"]}~',
      null);
    add_case('list_records', 'image_bytes_exact',
      q'~{"record_type":"image","record_id":"img1","user_id":"u1","include_bytes":true}~',
      q'~{"records":[{"record_type":"image","id":"img1","content":"A beach at sunset","thread_id":null,"user_id":"u1","agent_id":null,"metadata":{"album":"trip"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","message_id":null,"mime_type":"image/png","bytes":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}]}~',
      null,
      null);
    add_case('list_records', 'image_bytes_without_scope',
      q'~{"record_type":"image","record_id":"img1","include_bytes":true}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["include_bytes true","record_id and at least one of user_id, agent_id, thread_id"]}~',
      null);
    add_case('list_records', 'limit_zero',
      q'~{"record_type":"memory","limit":0}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["limit 0","must be an integer of at least 1, or null"]}~',
      null);
    add_case('list_records', 'memory_filter_array_contains',
      q'~{"record_type":"memory","metadata_filter":{"tags":{"$array_contains":"travel"}}}~',
      q'~{"records":[{"record_type":"memory","id":"m1","content":"Prefers window seats","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":{"source":"chat","tags":["travel","prefs"]},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-07T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'memory_filter_list_equality',
      q'~{"record_type":"memory","metadata_filter":{"tags":["prefs","travel"]}}~',
      q'~{"records":[]}~',
      null,
      null);
    add_case('list_records', 'memory_filter_nested',
      q'~{"record_type":"memory","metadata_filter":{"source":"slack","review":{"status":"open"}}}~',
      q'~{"records":[{"record_type":"memory","id":"m2","content":"Allergic to peanuts","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":{"source":"slack","review":{"status":"open"}},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2027-11-30T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'memory_filter_not',
      q'~{"record_type":"memory","metadata_filter":{"source":{"$not":"chat"}}}~',
      q'~{"records":[{"record_type":"memory","id":"m2","content":"Allergic to peanuts","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":{"source":"slack","review":{"status":"open"}},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2027-11-30T10:00:00.000000Z"},{"record_type":"memory","id":"m3","content":"Conference in Lisbon","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2099-01-01T10:00:00.000000Z","event_timestamp":"2099-01-01T10:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2099-01-08T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'memory_metadata_none',
      q'~{"record_type":"memory","metadata_filter":null}~',
      q'~{"records":[{"record_type":"memory","id":"m3","content":"Conference in Lisbon","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2099-01-01T10:00:00.000000Z","event_timestamp":"2099-01-01T10:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2099-01-08T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'memory_thread_none',
      q'~{"record_type":"memory","thread_id":null}~',
      q'~{"records":[{"record_type":"memory","id":"m2","content":"Allergic to peanuts","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":{"source":"slack","review":{"status":"open"}},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2027-11-30T10:00:00.000000Z"},{"record_type":"memory","id":"m3","content":"Conference in Lisbon","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2099-01-01T10:00:00.000000Z","event_timestamp":"2099-01-01T10:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2099-01-08T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'memory_user_window',
      q'~{"record_type":"memory","user_id":"u1","limit":2}~',
      q'~{"records":[{"record_type":"memory","id":"m2","content":"Allergic to peanuts","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":{"source":"slack","review":{"status":"open"}},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2027-11-30T10:00:00.000000Z"},{"record_type":"memory","id":"m3","content":"Conference in Lisbon","thread_id":null,"user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2099-01-01T10:00:00.000000Z","event_timestamp":"2099-01-01T10:00:00.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2099-01-08T10:00:00.000000Z"}]}~',
      null,
      null);
    add_case('list_records', 'messages_thread_window',
      q'~{"record_type":"message","thread_id":"t1","limit":2}~',
      q'~{"records":[{"record_type":"message","id":"msg4","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"assistant","seq_no":4},{"record_type":"message","id":"msg5","content":"","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"user","seq_no":5}]}~',
      null,
      null);
    add_case('list_records', 'profiles_ignore_scope',
      q'~{"record_type":"user_profile","user_id":null,"limit":10}~',
      q'~{"records":[{"record_type":"user_profile","id":"u1","content":"Prefers concise answers.","metadata":{"tier":"gold"},"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null}]}~',
      null,
      null);
    add_case('list_records', 'thread_id_on_threads',
      q'~{"record_type":"thread","thread_id":"t1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_id must not be given when record_type is 'thread'","record_id"]}~',
      null);
    add_case('list_records', 'threads_by_user',
      q'~{"record_type":"thread","user_id":"u2"}~',
      q'~{"records":[{"record_type":"thread","id":"t2","content":null,"thread_id":"t2","user_id":"u2","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":null,"runtime_config":null,"runtime_state":null}]}~',
      null,
      null);
    add_case('list_thread_messages', 'last_n',
      q'~{"thread_id":"t1","last_n":2}~',
      q'~{"records":[{"record_type":"message","id":"msg4","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"assistant","seq_no":4},{"record_type":"message","id":"msg5","content":"","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"user","seq_no":5}]}~',
      null,
      null);
    add_case('list_thread_messages', 'last_n_zero',
      q'~{"thread_id":"t1","last_n":0}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["last_n 0","must be an integer of at least 1, or null"]}~',
      null);
    add_case('list_thread_messages', 'range',
      q'~{"thread_id":"t1","range_start_seq_no":2,"range_end_seq_no":4}~',
      q'~{"records":[{"record_type":"message","id":"msg2","content":[{"type":"text","id":"part-1","text":"Here is the menu:","timestamp":null},{"type":"image","id":"img-p1","mime_type":"image/png","description":"Pizza menu","bytes":null,"timestamp":null}],"thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T09:00:05.000000Z","event_timestamp":"2026-11-30T09:00:05.000000Z","created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"assistant","seq_no":2},{"record_type":"message","id":"msg3","content":"Book a table for two.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"user","seq_no":3}]}~',
      null,
      null);
    add_case('list_thread_messages', 'range_and_last_n',
      q'~{"thread_id":"t1","range_start_seq_no":1,"range_end_seq_no":5,"last_n":1}~',
      q'~{"records":[{"record_type":"message","id":"msg4","content":"Done: 8 pm at Da Mario.","thread_id":"t1","user_id":"u1","agent_id":"a1","metadata":null,"status":"VALID","timestamp":"2026-11-30T10:00:00.000000Z","event_timestamp":null,"created_at":"2026-11-30T10:00:00.000000Z","updated_at":"2026-11-30T10:00:00.000000Z","expires_at":"2026-12-30T10:00:00.000000Z","role":"assistant","seq_no":4}]}~',
      null,
      null);
    add_case('list_thread_messages', 'range_reversed',
      q'~{"thread_id":"t1","range_start_seq_no":5,"range_end_seq_no":3}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["range_end_seq_no 3","less than range_start_seq_no 5"]}~',
      null);
    add_case('list_thread_messages', 'thread_id_missing',
      q'~{"last_n":3}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_id is required","list_thread_messages"]}~',
      null);
    add_case('list_thread_messages', 'unknown_thread',
      q'~{"thread_id":"nope"}~',
      q'~{"records":[]}~',
      null,
      null);
    add_case('update_record', 'content_and_text',
      q'~{"record_type":"memory","record_id":"m1","content":"a","text":"b"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content and text cannot both be given"]}~',
      null);
    add_case('update_record', 'content_null_with_embedding',
      q'~{"record_type":"memory","record_id":"m1","content":null,"embedding":[1,0,0,0]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content null clears","embedding must be omitted or null"]}~',
      null);
    add_case('update_record', 'content_null_with_index_text',
      q'~{"record_type":"memory","record_id":"m1","content":null,"index_text":"x"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content null clears","index_text must be omitted or null"]}~',
      null);
    add_case('update_record', 'content_replace',
      q'~{"record_type":"memory","record_id":"m1","content":"Prefers aisle seats"}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m1"}],"rows":[{"source_type":"memory","source_id":"m1","chunk_seq":1,"chunk_text":"Prefers aisle seats","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-07T10:00:00.000000Z"}]}~');
    add_case('update_record', 'content_with_vector',
      q'~{"record_type":"memory","record_id":"m1","content":"Prefers aisle seats","embedding":[0.4,0.3,0.2,0.1]}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m1"}],"rows":[{"source_type":"memory","source_id":"m1","chunk_seq":1,"chunk_text":"Prefers aisle seats","embedding":[0.4,0.3,0.2,0.1],"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-07T10:00:00.000000Z"}]}~');
    add_case('update_record', 'embedding_null_clears_vectors',
      q'~{"record_type":"memory","record_id":"m1","embedding":null}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m1"}],"rows":[{"source_type":"memory","source_id":"m1","chunk_seq":1,"chunk_text":"Prefers window seats","embedding":null,"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-07T10:00:00.000000Z"}]}~');
    add_case('update_record', 'embedding_only',
      q'~{"record_type":"fact","record_id":"f2","embedding":[[0,0,1,0],[0,0,0,1]]}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"fact","source_id":"f2"}],"rows":[{"source_type":"fact","source_id":"f2","chunk_seq":1,"chunk_text":"chunk B1","embedding":[0,0,1,0],"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"fact","source_id":"f2","chunk_seq":2,"chunk_text":"chunk B2","embedding":[0,0,0,1],"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('update_record', 'embedding_only_count_mismatch',
      q'~{"record_type":"fact","record_id":"f2","embedding":[1,0,0,0]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embedding has 1 vector(s)","record 'f2' has 2 retrieval row(s)"]}~',
      null);
    add_case('update_record', 'image_content_without_mime',
      q'~{"record_type":"image","record_id":"img1","content":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content of an image record needs metadata with image_mime_type"]}~',
      null);
    add_case('update_record', 'image_description',
      q'~{"record_type":"image","record_id":"img1","index_text":"A beach at dawn"}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"image","source_id":"img1"}],"rows":[{"source_type":"image","source_id":"img1","chunk_seq":1,"chunk_text":"A beach at dawn","embedding":null,"thread_id":null,"user_id":"u1","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('update_record', 'index_text_chunks',
      q'~{"record_type":"fact","record_id":"f3","index_text":["C one","C two"],"embedding":[[1,1,0,0],[0,0,1,1]]}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"fact","source_id":"f3"}],"rows":[{"source_type":"fact","source_id":"f3","chunk_seq":1,"chunk_text":"C one","embedding":[1,1,0,0],"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"},{"source_type":"fact","source_id":"f3","chunk_seq":2,"chunk_text":"C two","embedding":[0,0,1,1],"thread_id":null,"user_id":"u2","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('update_record', 'index_text_null_clears_rows',
      q'~{"record_type":"fact","record_id":"f1","index_text":null}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"fact","source_id":"f1"}],"rows":[]}~');
    add_case('update_record', 'index_text_null_with_embedding',
      q'~{"record_type":"memory","record_id":"m1","index_text":null,"embedding":[1,0,0,0]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["index_text null clears","embedding must be omitted, null or []"]}~',
      null);
    add_case('update_record', 'memory_content_null',
      q'~{"record_type":"memory","record_id":"m3","content":null,"embedding":null}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m3"}],"rows":[]}~');
    add_case('update_record', 'message_content_null',
      q'~{"record_type":"message","record_id":"msg1","content":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content null is not allowed for record_type 'message'","\"\""]}~',
      null);
    add_case('update_record', 'message_empty_content',
      q'~{"record_type":"message","record_id":"msg2","content":""}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"message","source_id":"msg2"},{"source_type":"image","source_id":"img-p1"}],"rows":[]}~');
    add_case('update_record', 'metadata_and_status',
      q'~{"record_type":"memory","record_id":"m2","metadata":{"source":"email"},"status":"invalid"}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m2"}],"rows":[{"source_type":"memory","source_id":"m2","chunk_seq":1,"chunk_text":"Allergic to peanuts","embedding":[0.5,0.6,0.7,0.8],"thread_id":null,"user_id":"u1","agent_id":"a1","status":"INVALID","expires_at":"2027-11-30T10:00:00.000000Z"}]}~');
    add_case('update_record', 'no_field',
      q'~{"record_type":"memory","record_id":"m1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["update_record needs at least one of content, text, index_text, embedding, metadata, timestamp, ttl_days, ttl_anchor, status"]}~',
      null);
    add_case('update_record', 'not_found',
      q'~{"record_type":"memory","record_id":"nope","content":"x"}~',
      q'~{"updated":0,"warnings":[]}~',
      null,
      null);
    add_case('update_record', 'profile_content_null',
      q'~{"record_type":"user_profile","record_id":"u1","content":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["content null is not allowed for record_type 'user_profile'"]}~',
      null);
    add_case('update_record', 'several_vectors_replacing_text',
      q'~{"record_type":"memory","record_id":"m1","content":"new text","embedding":[[1,0,0,0],[0,1,0,0]]}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["embedding has 2 vector(s)","index_text is not a chunk list"]}~',
      null);
    add_case('update_record', 'text_alias',
      q'~{"record_type":"memory","record_id":"m2","text":"Allergic to tree nuts"}~',
      q'~{"updated":1,"warnings":["text is deprecated since 26.8.0 and will be removed in 27.1: use content"]}~',
      null,
      null);
    add_case('update_record', 'ttl_anchor_new_timestamp',
      q'~{"record_type":"memory","record_id":"m1","timestamp":"2099-06-01T00:00:00Z","ttl_anchor":"TIMESTAMP"}~',
      q'~{"updated":1,"warnings":[]}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m1"}],"rows":[{"source_type":"memory","source_id":"m1","chunk_seq":1,"chunk_text":"Prefers window seats","embedding":[0.1,0.2,0.3,0.4],"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2099-07-01T00:00:00.000000Z"}]}~');
    add_case('update_record', 'ttl_anchor_timestamp_without_timestamp',
      q'~{"record_type":"memory","record_id":"m1","ttl_anchor":"TIMESTAMP"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["ttl_anchor 'TIMESTAMP' needs a timestamp","record 'm1' has no event timestamp"]}~',
      null);
    add_case('update_record', 'ttl_on_message_image',
      q'~{"record_type":"image","record_id":"img-p1","ttl_days":7}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["record 'img-p1' is part 1 of message 'msg2'","expiry"]}~',
      null);
    add_case('update_record', 'ttl_on_thread_summary',
      q'~{"record_type":"thread_summary","record_id":"s1","ttl_days":7}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["ttl_days 7","does not apply to record_type 'thread_summary'"]}~',
      null);
    add_case('update_record', 'ttl_refresh_clamped',
      q'~{"record_type":"memory","record_id":"m1","ttl_days":500}~',
      q'~{"updated":1,"warnings":["ttl_days 500 exceeds max_ttl_days 365: clamped to 365 days for record 'm1'"]}~',
      null,
      null);
    add_case('delete_record', 'agent_profile_missing_cascade',
      q'~{"record_type":"agent_profile","record_id":"a9","cascade":true}~',
      q'~{"deleted":0}~',
      null,
      null);
    add_case('delete_record', 'cascade_not_boolean',
      q'~{"record_type":"user_profile","record_id":"u1","cascade":1}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["cascade 1","must be true or false"]}~',
      null);
    add_case('delete_record', 'image_part_of_message',
      q'~{"record_type":"image","record_id":"img-p1"}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["image 'img-p1' is part 1 of message 'msg2'","update the message"]}~',
      null);
    add_case('delete_record', 'memory',
      q'~{"record_type":"memory","record_id":"m1"}~',
      q'~{"deleted":1}~',
      null,
      q'~{"sources":[{"source_type":"memory","source_id":"m1"}],"rows":[]}~');
    add_case('delete_record', 'message_keeps_memories',
      q'~{"record_type":"message","record_id":"msg2"}~',
      q'~{"deleted":1}~',
      null,
      q'~{"sources":[{"source_type":"message","source_id":"msg2"},{"source_type":"image","source_id":"img-p1"},{"source_type":"memory","source_id":"m1"}],"rows":[{"source_type":"memory","source_id":"m1","chunk_seq":1,"chunk_text":"Prefers window seats","embedding":[0.1,0.2,0.3,0.4],"thread_id":"t1","user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2026-12-07T10:00:00.000000Z"}]}~');
    add_case('delete_record', 'missing',
      q'~{"record_type":"memory","record_id":"nope"}~',
      q'~{"deleted":0}~',
      null,
      null);
    add_case('delete_record', 'user_profile_cascade',
      q'~{"record_type":"user_profile","record_id":"u1","cascade":true}~',
      q'~{"deleted":1}~',
      null,
      q'~{"sources":[{"source_type":"user_profile","source_id":"u1"},{"source_type":"thread","source_id":"t1"},{"source_type":"message","source_id":"msg1"},{"source_type":"message","source_id":"msg2"},{"source_type":"image","source_id":"img-p1"},{"source_type":"memory","source_id":"m1"},{"source_type":"memory","source_id":"m2"},{"source_type":"memory","source_id":"m3"},{"source_type":"thread_summary","source_id":"s1"},{"source_type":"image","source_id":"img1"}],"rows":[{"source_type":"image","source_id":"img1","chunk_seq":1,"chunk_text":"A beach at sunset","embedding":null,"thread_id":null,"user_id":"u1","agent_id":null,"status":"VALID","expires_at":"2026-12-30T10:00:00.000000Z"}]}~');
    add_case('delete_thread', 't1',
      q'~{"thread_id":"t1"}~',
      q'~{"deleted":1}~',
      null,
      q'~{"sources":[{"source_type":"thread","source_id":"t1"},{"source_type":"message","source_id":"msg1"},{"source_type":"message","source_id":"msg2"},{"source_type":"message","source_id":"msg3"},{"source_type":"image","source_id":"img-p1"},{"source_type":"memory","source_id":"m1"},{"source_type":"memory","source_id":"m2"},{"source_type":"thread_summary","source_id":"s1"},{"source_type":"thread_summary","source_id":"s2"}],"rows":[{"source_type":"memory","source_id":"m2","chunk_seq":1,"chunk_text":"Allergic to peanuts","embedding":[0.5,0.6,0.7,0.8],"thread_id":null,"user_id":"u1","agent_id":"a1","status":"VALID","expires_at":"2027-11-30T10:00:00.000000Z"}]}~');
    add_case('delete_thread', 'thread_id_null',
      q'~{"thread_id":null}~',
      null,
      q'~{"code":-20100,"name":"INVALID_ARGUMENT","message_contains":["thread_id null","must be a non-empty string"]}~',
      null);
    add_case('delete_thread', 'unknown',
      q'~{"thread_id":"nope"}~',
      q'~{"deleted":0}~',
      null,
      null);
    -- genfixtures:end edit_cases
  end load_edit_cases;

  function is_dataset(p_case in t_case) return boolean
  is
  begin
    return instr(p_case.op || '/' || p_case.name, ',') = 0
           and instr(co_dataset, ',' || p_case.op || '/' || p_case.name || ',') > 0;
  end is_dataset;

  function cases(p_op in varchar2, p_dataset in boolean default false) return t_case_list
  is
    l_result t_case_list := t_case_list();
  begin
    if g_cases is null then
      g_cases := t_case_list();
      load_write_cases;
      load_edit_cases;
    end if;
    for i in 1 .. g_cases.count loop
      if (p_op is null or g_cases(i).op = p_op) and (p_dataset = is_dataset(g_cases(i))) then
        l_result.extend;
        l_result(l_result.last) := g_cases(i);
      end if;
    end loop;
    return l_result;
  end cases;

  function store_of(p_case in t_case) return varchar2
  is
  begin
    return case when p_case.name like 'vec\_%' escape '\' then co_rec02 else co_rec01 end;
  end store_of;

  function call(p_op in varchar2, p_store in varchar2, p_request in clob) return clob
  is
  begin
    case p_op
      when 'add_records' then return dbms_agent_memory_store.add_records(p_store, p_request);
      when 'add_user' then return dbms_agent_memory_store.add_user(p_store, p_request);
      when 'add_agent' then return dbms_agent_memory_store.add_agent(p_store, p_request);
      when 'get_record' then return dbms_agent_memory_store.get_record(p_store, p_request);
      when 'list_records' then return dbms_agent_memory_store.list_records(p_store, p_request);
      when 'list_thread_messages' then return dbms_agent_memory_store.list_thread_messages(p_store, p_request);
      when 'update_record' then return dbms_agent_memory_store.update_record(p_store, p_request);
      when 'delete_record' then return dbms_agent_memory_store.delete_record(p_store, p_request);
      when 'delete_thread' then return dbms_agent_memory_store.delete_thread(p_store, p_request);
      else raise_application_error(-20000, 'test_agentmem_records.call: unknown operation ' || p_op);
    end case;
  end call;

  ------------------------------------------------------------------------------
  -- Stores and data set
  ------------------------------------------------------------------------------

  -- Drops the test stores whose key sorts after p_after (all for NULL). A
  -- store that fails to drop must not keep the later ones: they are tried
  -- before the failure is raised, and each failure is printed.
  procedure drop_stores_after(p_after in varchar2)
  is
    l_error varchar2(4000 char);
  begin
    for r in (select store_key from agentmem_store_registry
               where store_key like 'UTS\_REC%' escape '\'
                 and (p_after is null or nlssort(store_key, 'NLS_SORT=BINARY') > nlssort(p_after, 'NLS_SORT=BINARY'))
               order by nlssort(store_key, 'NLS_SORT=BINARY')) loop
      begin
        dbms_agent_memory_store.drop_store(r.store_key);
      exception
        when others then
          l_error := sqlerrm;   -- kept before the calls below can replace it
          dbms_output.put_line('test_agentmem_records: dropping ' || r.store_key || ' failed: ' || l_error);
          drop_stores_after(r.store_key);
          raise_application_error(-20000, 'test_agentmem_records: dropping ' || r.store_key || ' failed: ' || l_error);
      end;
    end loop;
  end drop_stores_after;

  procedure drop_stores
  is
  begin
    drop_stores_after(null);
  end drop_stores;

  procedure prepare_stores
  is
    l_response clob;
    l_dataset  t_case_list;
  begin
    drop_stores;   -- left by an interrupted run
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_rec01 || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "KEYWORD", "vector_dim": 4,'
      || ' "memory_retention_config": {"default_ttl_days": 30, "max_ttl_days": 365}}');
    l_response := dbms_agent_memory_store.open_store('{"memory_store_id": "' || co_rec02 || '",'
      || ' "schema_policy": "CREATE_IF_NECESSARY", "search_strategy": "VECTOR", "vector_dim": 4}');
    -- The data set, in the order of co_dataset (d1 .. d9).
    l_dataset := cases(null, p_dataset => true);
    for d in 1 .. 9 loop
      for i in 1 .. l_dataset.count loop
        if l_dataset(i).name like 'd' || d || '\_%' escape '\' then
          g_dataset(l_dataset(i).op || '/' || l_dataset(i).name) := call(l_dataset(i).op, co_rec01, l_dataset(i).request);
        end if;
      end loop;
    end loop;
    commit;
    execute immediate 'select seq_no from ' || dbms_assert.enquote_name(co_rec01 || '_MESSAGE') || ' order by seq_no'
      bulk collect into g_seqs;
  end prepare_stores;

  procedure setup_suite
  is
  begin
    prepare_stores;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    rollback;
    drop_stores;
  end cleanup_suite;

  procedure rollback_test
  is
  begin
    rollback;   -- every test sees the committed data set again
  end rollback_test;

  ------------------------------------------------------------------------------
  -- Comparisons
  ------------------------------------------------------------------------------

  function same_json(p_a in clob, p_b in clob) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from dual where json_equal(p_a, p_b);
    return l_count = 1;
  end same_json;

  function seq_rank(p_seq_no in number) return number
  is
  begin
    for i in 1 .. g_seqs.count loop
      if g_seqs(i) = p_seq_no then
        return i;
      end if;
    end loop;
    return p_seq_no;   -- a message added after the data set keeps its number
  end seq_rank;

  function seq_of_rank(p_rank in number) return number
  is
  begin
    return case when p_rank <= 0 or g_seqs.count = 0 then p_rank
                when p_rank <= g_seqs.count then g_seqs(p_rank)
                else g_seqs(g_seqs.count) + (p_rank - g_seqs.count) end;
  end seq_of_rank;

  function utc(p_text in varchar2) return timestamp with time zone
  is
  begin
    return to_timestamp_tz(replace(substr(p_text, 1, 26), 'T', ' ') || ' +00:00', 'YYYY-MM-DD HH24:MI:SS.FF6 TZH:TZM');
  end utc;

  -- Whole days from p_from to p_to (fixture expiry values are whole days).
  function days_between(p_from in timestamp with time zone, p_to in timestamp with time zone) return number
  is
    l_interval interval day(9) to second;
  begin
    l_interval := p_to - p_from;
    return round(extract(day from l_interval) + extract(hour from l_interval) / 24);
  end days_between;

  -- An expiry as compared: never, an absolute time (2090 and later: the
  -- TIMESTAMP-anchored values of the fixtures), else +<days> after p_base.
  function expiry_text(p_expires in varchar2, p_base in timestamp with time zone) return varchar2
  is
  begin
    if p_expires is null then
      return 'never';
    elsif to_number(substr(p_expires, 1, 4)) >= 2090 then
      return p_expires;
    end if;
    return '+' || days_between(p_base, utc(p_expires)) || 'd';
  end expiry_text;

  function vector_text(p_vector in clob) return varchar2
  is
    l_array json_array_t;
    l_text  varchar2(4000 char);
  begin
    if p_vector is null then
      return '<null>';
    end if;
    l_array := json_array_t.parse(p_vector);
    for i in 0 .. l_array.get_size - 1 loop
      l_text := l_text || case when i > 0 then ',' end
                || rtrim(to_char(round(l_array.get_number(i), 4), 'FM9999990.9999'), '.');
    end loop;
    return l_text;
  end vector_text;

  function row_text(p_key in varchar2, p_text in clob, p_vector in clob, p_thread in varchar2, p_user in varchar2,
                    p_agent in varchar2, p_status in varchar2, p_expires in varchar2) return varchar2
  is
  begin
    return p_key || '|' || nvl(dbms_lob.substr(p_text, 1000, 1), '<null>') || '|' || vector_text(p_vector)
           || '|' || nvl(p_thread, '<null>') || '|' || nvl(p_user, '<null>') || '|' || nvl(p_agent, '<null>')
           || '|' || p_status || '|' || p_expires || chr(10);
  end row_text;

  function actual_chunks(p_store in varchar2, p_chunks in clob) return clob
  is
    type t_clobs is table of clob;
    l_keys    dbms_sql.varchar2_table;
    l_texts   t_clobs;
    l_vectors t_clobs;
    l_threads dbms_sql.varchar2_table;
    l_users   dbms_sql.varchar2_table;
    l_agents  dbms_sql.varchar2_table;
    l_status  dbms_sql.varchar2_table;
    l_expires dbms_sql.varchar2_table;
    l_result  clob := '';
  begin
    -- Expiry relative to now: the rows were written moments ago, so the
    -- rounded day count is the TTL.
    execute immediate
      'select c.source_type || ''|'' || c.source_id || ''|'' || c.chunk_seq, c.chunk_text,'
      || ' from_vector(c.embedding returning clob), c.thread_id, c.user_id, c.agent_id, c.status,'
      || ' case when c.expires_at is null then ''never'''
      || ' when extract(year from sys_extract_utc(c.expires_at)) >= 2090'
      || ' then to_char(sys_extract_utc(c.expires_at), ''YYYY-MM-DD"T"HH24:MI:SS.FF6"Z"'')'
      || ' else ''+'' || round(cast(sys_extract_utc(c.expires_at) as date) - cast(sys_extract_utc(systimestamp) as date))'
      || ' || ''d'' end'
      || ' from ' || dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_store || '_RECORD_CHUNKS')) || ' c'
      || ' where (c.source_type, c.source_id) in (select jt.t, jt.i from json_table(:s, ''$[*]'' columns'
      || ' (t varchar2(30) path ''$.source_type'', i varchar2(512) path ''$.source_id'')) jt)'
      || ' order by nlssort(c.source_type, ''NLS_SORT=BINARY''), nlssort(c.source_id, ''NLS_SORT=BINARY''),'
      || ' c.chunk_seq'
      bulk collect into l_keys, l_texts, l_vectors, l_threads, l_users, l_agents, l_status, l_expires
      using json_object_t.parse(p_chunks).get_array('sources').to_clob;
    for i in 1 .. l_keys.count loop
      l_result := l_result || row_text(l_keys(i), l_texts(i), l_vectors(i), l_threads(i), l_users(i), l_agents(i),
                                       l_status(i), l_expires(i));
    end loop;
    return nvl(l_result, '<no rows>');
  end actual_chunks;

  function expected_chunks(p_chunks in clob) return clob
  is
    l_rows   json_array_t := json_object_t.parse(p_chunks).get_array('rows');
    l_row    json_object_t;
    l_result clob := '';
    function text_or_null(p_key in varchar2) return varchar2 is
    begin
      return case when l_row.get(p_key).is_null then null else l_row.get_string(p_key) end;
    end text_or_null;
  begin
    for i in 0 .. l_rows.get_size - 1 loop
      l_row := treat(l_rows.get(i) as json_object_t);
      l_result := l_result || row_text(
        l_row.get_string('source_type') || '|' || l_row.get_string('source_id') || '|' || l_row.get_number('chunk_seq'),
        text_or_null('chunk_text'),
        case when l_row.get('embedding').is_null then null else l_row.get('embedding').to_clob end,
        text_or_null('thread_id'), text_or_null('user_id'), text_or_null('agent_id'),
        l_row.get_string('status'), expiry_text(text_or_null('expires_at'), utc(co_fixture_base)));
    end loop;
    return nvl(l_result, '<no rows>');
  end expected_chunks;

  -- Counts and change marks of every table of a store: equal before and
  -- after a rejected call when nothing was added, changed or removed.
  function fingerprint(p_store in varchar2) return varchar2
  is
    l_result varchar2(4000 char);
    l_part   varchar2(200 char);
  begin
    for r in (select column_value as base from table(sys.odcivarchar2list('THREAD', 'MESSAGE', 'MEMORY',
                'ACTOR_PROFILE', 'THREAD_SUMMARY', 'DOCUMENT', 'RECORD_CHUNKS', 'RELATION'))) loop
      execute immediate
        'select count(*) || ''/'' || '
        || case r.base
             when 'RECORD_CHUNKS' then 'sum(ora_hash(status || to_char(expires_at, ''YYYYMMDDHH24MISSFF'')'
                                       || ' || dbms_lob.substr(chunk_text, 200, 1)))'
             when 'RELATION' then 'max(to_char(updated_at, ''YYYYMMDDHH24MISSFF''))'
             else 'max(to_char(updated_at, ''YYYYMMDDHH24MISSFF''))' end
        || ' from ' || dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_store || '_' || r.base))
        into l_part;
      l_result := l_result || r.base || '=' || l_part || ' ';
    end loop;
    return l_result;
  end fingerprint;

  procedure expect_rejected(p_case in t_case)
  is
    l_error     json_object_t := json_object_t.parse(p_case.error);
    l_fragments json_array_t := l_error.get_array('message_contains');
    l_label     varchar2(200 char) := p_case.op || '/' || p_case.name;
    l_before    varchar2(4000 char) := fingerprint(store_of(p_case));
    l_response  clob;
    l_code      number;
    l_message   varchar2(4000 char);
  begin
    begin
      l_response := call(p_case.op, store_of(p_case), p_case.request);
      ut.fail(l_label || ': expected ' || l_error.get_string('name') || ', the call returned '
              || dbms_lob.substr(l_response, 500, 1));
    exception
      -- Every class of the error table; any other error fails the test.
      when dbms_agent_memory_store.e_invalid_argument or dbms_agent_memory_store.e_not_found
           or dbms_agent_memory_store.e_duplicate_id or dbms_agent_memory_store.e_schema_missing
           or dbms_agent_memory_store.e_schema_outdated or dbms_agent_memory_store.e_incompatible_store
           or dbms_agent_memory_store.e_unsupported_release or dbms_agent_memory_store.e_end_user_context_required
           or dbms_agent_memory_store.e_end_user_context_forbidden or dbms_agent_memory_store.e_graph_expansion_timeout
           or dbms_agent_memory_store.e_privilege_missing or dbms_agent_memory_store.e_store_broken
           or dbms_agent_memory_store.e_embedding_failed then
        l_code := sqlcode;
        l_message := sqlerrm;
        ut.expect(l_code, l_label || ': error code (' || l_message || ')').to_equal(l_error.get_number('code'));
        ut.expect(l_message, l_label || ': class name').to_be_like('%' || l_error.get_string('name') || ':%');
        for i in 0 .. l_fragments.get_size - 1 loop
          ut.expect(instr(l_message, l_fragments.get_string(i)), l_label || ': message contains '
                    || l_fragments.get_string(i) || ' (' || l_message || ')').to_be_greater_than(0);
        end loop;
    end;
    ut.expect(fingerprint(store_of(p_case)), l_label || ': nothing written').to_equal(l_before);
  end expect_rejected;

  function normalized(p_record in json_object_t, p_expected in boolean) return json_object_t
  is
    l_obj     json_object_t := json_object_t.parse(p_record.to_clob);
    l_created timestamp with time zone;
    l_label   varchar2(32767) := 'record ' || l_obj.get_string('id');   -- any id: a label never fails the test
  begin
    if not p_expected then
      ut.expect(regexp_like(l_obj.get_string('created_at'), co_utc_pattern, 'c'), l_label || ': created_at format').to_be_true;
      ut.expect(l_obj.get_string('updated_at') >= l_obj.get_string('created_at'),
                l_label || ': updated_at not before created_at').to_be_true;
    end if;
    l_created := utc(l_obj.get_string('created_at'));
    l_obj.remove('created_at');
    l_obj.remove('updated_at');
    if l_obj.get('event_timestamp').is_null then
      l_obj.remove('timestamp');   -- the effective timestamp is created_at: checked above
    end if;
    if not l_obj.get('expires_at').is_null then
      l_obj.put('expires_at', expiry_text(l_obj.get_string('expires_at'), l_created));
    end if;
    if l_obj.has('seq_no') and not p_expected then
      l_obj.put('seq_no', seq_rank(l_obj.get_number('seq_no')));
    end if;
    return l_obj;
  end normalized;

  -- A response compared with its fixture; generated ids by pattern.
  procedure expect_response(p_case in t_case, p_response in clob)
  is
    l_actual   json_object_t := json_object_t.parse(p_response);
    l_expected json_object_t := json_object_t.parse(p_case.response);
    l_label    varchar2(200 char) := p_case.op || '/' || p_case.name;
  begin
    if p_case.name = 'generated_ids' then
      ut.expect(l_actual.get_array('ids').get_size, l_label || ': ids').to_equal(l_expected.get_array('ids').get_size);
      for i in 0 .. l_actual.get_array('ids').get_size - 1 loop
        ut.expect(regexp_like(l_actual.get_array('ids').get_string(i), co_id_pattern, 'c'),
                  l_label || ': generated id ' || l_actual.get_array('ids').get_string(i)).to_be_true;
      end loop;
      ut.expect(same_json(l_actual.get_array('warnings').to_clob, l_expected.get_array('warnings').to_clob),
                l_label || ': warnings ' || l_actual.get_array('warnings').to_clob).to_be_true;
    else
      ut.expect(same_json(p_response, p_case.response),
                l_label || ': expected ' || dbms_lob.substr(p_case.response, 1500, 1) || ' got '
                || dbms_lob.substr(p_response, 1500, 1)).to_be_true;
    end if;
  end expect_response;

  function count_rows(p_table in varchar2, p_where in varchar2, p_id in varchar2) return number
  is
    l_count number;
  begin
    execute immediate 'select count(*) from ' || dbms_assert.enquote_name(dbms_assert.simple_sql_name(p_table))
      || ' where ' || case p_where when 'source' then 'source_id = :1' else 'record_id = :1' end
      into l_count using p_id;
    return l_count;
  end count_rows;

  function record_of(p_response in clob) return json_object_t
  is
    l_response json_object_t := json_object_t.parse(p_response);
  begin
    -- IF, not a CASE expression: CASE results of object types are not
    -- documented beyond doubt.
    if l_response.get('record').is_null then
      return null;
    end if;
    return l_response.get_object('record');
  end record_of;

  ------------------------------------------------------------------------------
  -- Schema
  ------------------------------------------------------------------------------

  procedure event_timestamp_type
  is
    l_right number;
    l_wrong number;
  begin
    select count(case when data_type = 'TIMESTAMP(6) WITH TIME ZONE' then 1 end),
           count(case when data_type <> 'TIMESTAMP(6) WITH TIME ZONE' then 1 end)
      into l_right, l_wrong
      from user_tab_columns
     where table_name like 'UTS\_REC01\_%' escape '\' and column_name = 'EVENT_TIMESTAMP';
    -- THREAD, MESSAGE, MEMORY, ACTOR_PROFILE, THREAD_SUMMARY, DOCUMENT, RELATION
    ut.expect(l_right).to_equal(7);
    ut.expect(l_wrong).to_equal(0);
  end event_timestamp_type;

  procedure actor_profile_key
  is
    l_columns varchar2(400 char);
    l_actor   number;
  begin
    select listagg(column_name, ',') within group (order by position)
      into l_columns
      from user_cons_columns
     where constraint_name = 'UTS_REC01_ACTOR_PROFILE_PK';
    ut.expect(l_columns).to_equal('ACTOR_TYPE,RECORD_ID');
    select count(*) into l_actor from user_tab_columns
     where table_name = 'UTS_REC01_ACTOR_PROFILE' and column_name = 'ACTOR_ID';
    ut.expect(l_actor).to_equal(0);
  end actor_profile_key;

  procedure expiry_and_not_null_columns
  is
    l_expires  number;
    l_nullable varchar2(10 char);
  begin
    select count(*) into l_expires from user_tab_columns
     where table_name in ('UTS_REC01_THREAD', 'UTS_REC01_THREAD_SUMMARY') and column_name = 'EXPIRES_AT';
    ut.expect(l_expires).to_equal(0);
    select listagg(nullable, ',') within group (order by table_name)
      into l_nullable
      from user_tab_columns
     where (table_name = 'UTS_REC01_MESSAGE' and column_name = 'CONTENT')
        or (table_name = 'UTS_REC01_DOCUMENT' and column_name = 'CONTENT_BYTES');
    ut.expect(l_nullable).to_equal('N,N');
  end expiry_and_not_null_columns;

  procedure user_and_agent_share_id
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.add_user(co_rec01, '{"user_id": "x1", "information": "as a user"}');
    l_response := dbms_agent_memory_store.add_agent(co_rec01, '{"agent_id": "x1", "information": "as an agent"}');
    ut.expect(json_object_t.parse(l_response).get_string('id')).to_equal('x1');
    ut.expect(dbms_agent_memory_store.get_content(co_rec01, 'user_profile', 'x1')).to_equal(to_clob('as a user'));
    ut.expect(dbms_agent_memory_store.get_content(co_rec01, 'agent_profile', 'x1')).to_equal(to_clob('as an agent'));
  end user_and_agent_share_id;

  ------------------------------------------------------------------------------
  -- Fixtures
  ------------------------------------------------------------------------------

  procedure dataset_fixtures
  is
    l_cases t_case_list := cases(null, p_dataset => true);
  begin
    ut.expect(l_cases.count, 'data set cases').to_equal(9);
    for i in 1 .. l_cases.count loop
      expect_response(l_cases(i), g_dataset(l_cases(i).op || '/' || l_cases(i).name));
      if l_cases(i).chunks is not null then
        ut.expect(actual_chunks(co_rec01, l_cases(i).chunks), l_cases(i).name || ': chunk rows')
          .to_equal(expected_chunks(l_cases(i).chunks));
      end if;
    end loop;
  end dataset_fixtures;

  procedure add_records_accepted
  is
    l_cases    t_case_list := cases('add_records');
    l_response clob;
    l_count    pls_integer := 0;
  begin
    for i in 1 .. l_cases.count loop
      continue when l_cases(i).response is null;
      l_count := l_count + 1;
      l_response := call(l_cases(i).op, store_of(l_cases(i)), l_cases(i).request);
      expect_response(l_cases(i), l_response);
      if l_cases(i).chunks is not null then
        ut.expect(actual_chunks(store_of(l_cases(i)), l_cases(i).chunks), l_cases(i).name || ': chunk rows')
          .to_equal(expected_chunks(l_cases(i).chunks));
      end if;
      rollback;
    end loop;
    ut.expect(l_count, 'accepted add_records cases').to_be_greater_than(5);
  end add_records_accepted;

  procedure add_records_rejected
  is
    l_cases t_case_list := cases('add_records');
    l_count pls_integer := 0;
  begin
    for i in 1 .. l_cases.count loop
      continue when l_cases(i).error is null;
      l_count := l_count + 1;
      expect_rejected(l_cases(i));
      rollback;
    end loop;
    ut.expect(l_count, 'rejected add_records cases').to_be_greater_than(30);
  end add_records_rejected;

  procedure actor_fixtures
  is
    l_cases t_case_list := cases('add_user');
    l_agent t_case_list := cases('add_agent');
    l_count pls_integer := 0;
  begin
    for i in 1 .. l_agent.count loop
      l_cases.extend;
      l_cases(l_cases.last) := l_agent(i);
    end loop;
    for i in 1 .. l_cases.count loop
      if l_cases(i).error is not null then
        expect_rejected(l_cases(i));
      else
        expect_response(l_cases(i), call(l_cases(i).op, store_of(l_cases(i)), l_cases(i).request));
      end if;
      l_count := l_count + 1;
      rollback;
    end loop;
    ut.expect(l_count, 'add_user and add_agent cases').to_equal(4);
  end actor_fixtures;

  ------------------------------------------------------------------------------
  -- Behaviour beyond the fixtures
  ------------------------------------------------------------------------------

  procedure expect_error(p_label in varchar2, p_request in clob, p_code in number, p_fragment in varchar2)
  is
    l_case t_case;
  begin
    l_case.op := 'add_records';
    l_case.name := p_label;
    l_case.request := p_request;
    l_case.error := '{"code": ' || p_code || ', "name": "'
                    || case p_code when -20101 then 'NOT_FOUND' when -20102 then 'DUPLICATE_ID'
                                   else 'INVALID_ARGUMENT' end
                    || '", "message_contains": ["' || p_fragment || '"]}';
    expect_rejected(l_case);
  end expect_error;

  procedure batches_atomic
  is
  begin
    -- Batch 0 is valid and written before batch 1 fails on a missing thread.
    expect_error('batches_atomic', '{"batches": [{"record_type": "memory", "contents": ["first"], "record_ids": "ba1"},'
      || ' {"record_type": "message", "contents": ["second"], "thread_ids": "no-such-thread"}]}',
      -20101, 'batches[1].thread_ids ''no-such-thread''');
    ut.expect(record_of(dbms_agent_memory_store.get_record(co_rec01, '{"record_type": "memory", "record_id": "ba1"}'))
              is null, 'ba1 rolled back').to_be_true;
  end batches_atomic;

  procedure duplicate_atomic
  is
  begin
    expect_error('duplicate_atomic', '{"record_type": "fact", "contents": ["new", "dup"], "record_ids": ["dup-new", "m1"]}',
      -20102, 'record_ids[1] ''m1'' already exists');
    ut.expect(count_rows(co_rec01 || '_MEMORY', 'record', 'dup-new')).to_equal(0);
  end duplicate_atomic;

  procedure empty_versus_null_content
  is
    l_response clob;
    l_record   json_object_t;
  begin
    l_response := dbms_agent_memory_store.add_records(co_rec01,
      '{"record_type": "memory", "contents": ["", null], "record_ids": ["e1", "e2"]}');
    l_record := record_of(dbms_agent_memory_store.get_record(co_rec01, '{"record_type": "memory", "record_id": "e1"}'));
    ut.expect(l_record.get('content').is_string, 'e1 content is a string').to_be_true;
    ut.expect(l_record.get('content').to_string).to_equal('""');
    l_record := record_of(dbms_agent_memory_store.get_record(co_rec01, '{"record_type": "memory", "record_id": "e2"}'));
    ut.expect(l_record.get('content').is_null, 'e2 content is null').to_be_true;
    -- R6: neither has retrieval rows.
    ut.expect(count_rows(co_rec01 || '_RECORD_CHUNKS', 'source', 'e1')).to_equal(0);
    ut.expect(count_rows(co_rec01 || '_RECORD_CHUNKS', 'source', 'e2')).to_equal(0);
  end empty_versus_null_content;

  procedure expired_on_insert_hidden
  is
    l_response json_object_t;
  begin
    l_response := json_object_t.parse(dbms_agent_memory_store.add_records(co_rec01,
      '{"record_type": "memory", "contents": ["old"], "record_ids": "gone1", "timestamps": "2000-01-01T00:00:00Z",'
      || ' "ttl_days": 1, "ttl_anchor": "TIMESTAMP"}'));
    ut.expect(l_response.get_array('warnings').get_string(0))
      .to_equal('record ''gone1'' is expired on insert: expires_at 2000-01-02T00:00:00.000000Z is in the past');
    ut.expect(count_rows(co_rec01 || '_MEMORY', 'record', 'gone1'), 'row kept').to_equal(1);
    ut.expect(record_of(dbms_agent_memory_store.get_record(co_rec01, '{"record_type": "memory", "record_id": "gone1"}'))
              is null, 'hidden from get_record').to_be_true;
  end expired_on_insert_hidden;

  procedure chunk_rows_copy_record
  is
    l_message varchar2(400 char);
    l_part    varchar2(400 char);
    l_rows    varchar2(400 char);
  begin
    execute immediate 'select status || ''|'' || to_char(expires_at, ''YYYYMMDDHH24MISSFF'') from '
      || dbms_assert.enquote_name(co_rec01 || '_MESSAGE') || ' where record_id = ''msg2''' into l_message;
    execute immediate 'select status || ''|'' || to_char(expires_at, ''YYYYMMDDHH24MISSFF'') from '
      || dbms_assert.enquote_name(co_rec01 || '_DOCUMENT') || ' where record_id = ''img-p1''' into l_part;
    execute immediate 'select max(status || ''|'' || to_char(expires_at, ''YYYYMMDDHH24MISSFF'')) || count(*) from '
      || dbms_assert.enquote_name(co_rec01 || '_RECORD_CHUNKS') || ' where source_id in (''msg2'', ''img-p1'')'
      into l_rows;
    ut.expect(l_part, 'image part of msg2').to_equal(l_message);
    ut.expect(l_rows, 'rows of msg2 and its part').to_equal(l_message || '2');
  end chunk_rows_copy_record;

  procedure typed_conveniences
  is
    l_id      varchar2(128 char);
    l_message varchar2(128 char);
    l_deleted pls_integer;
  begin
    l_id := dbms_agent_memory_store.add_memory(co_rec01, 'Likes green tea', p_user_id => 'u1',
                                               p_metadata => '{"source": "sql"}');
    ut.expect(regexp_like(l_id, co_id_pattern, 'c'), 'generated id ' || l_id).to_be_true;
    ut.expect(dbms_agent_memory_store.get_content(co_rec01, 'memory', l_id)).to_equal(to_clob('Likes green tea'));
    ut.expect(dbms_agent_memory_store.add_memory(co_rec01, 'A fact', p_record_type => 'fact', p_record_id => 'cf1'))
      .to_equal('cf1');
    l_message := dbms_agent_memory_store.add_message(co_rec01, 't1', 'user', null);
    ut.expect(dbms_lob.getlength(dbms_agent_memory_store.get_content(co_rec01, 'message', l_message)),
              'null message content is sent as ""').to_equal(0);
    ut.expect(dbms_agent_memory_store.add_user_profile(co_rec01, 'u7', 'Seven')).to_equal('u7');
    ut.expect(dbms_agent_memory_store.get_content(co_rec01, 'user_profile', 'u7')).to_equal(to_clob('Seven'));
    ut.expect(dbms_agent_memory_store.add_agent_profile(co_rec01, 'a7', 'Agent seven')).to_equal('a7');
    ut.expect(dbms_agent_memory_store.get_content(co_rec01, 'thread_summary', 's2'))
      .to_equal(to_clob('{"text":"Short recap"}'));
    l_deleted := dbms_agent_memory_store.delete_by_id(co_rec01, 'memory', l_id);
    ut.expect(l_deleted, 'first delete').to_equal(1);
    l_deleted := dbms_agent_memory_store.delete_by_id(co_rec01, 'memory', l_id);
    ut.expect(l_deleted, 'second delete').to_equal(0);
    ut.expect(dbms_agent_memory_store.get_content(co_rec01, 'memory', l_id) is null, 'gone').to_be_true;
    begin
      l_id := dbms_agent_memory_store.add_memory(co_rec01, 'x', p_metadata => '[1]');
      ut.fail('expected INVALID_ARGUMENT for p_metadata [1]');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm).to_be_like('%p_metadata%');
    end;
  end typed_conveniences;

  procedure empty_calls
  is
  begin
    ut.expect(same_json(dbms_agent_memory_store.add_records(co_rec01, '{"record_type": "memory", "contents": []}'),
                        '{"ids": [], "warnings": []}'), 'contents []').to_be_true;
    ut.expect(same_json(dbms_agent_memory_store.add_records(co_rec01, '{"batches": []}'),
                        '{"ids": [], "warnings": []}'), 'batches []').to_be_true;
  end empty_calls;

  procedure comma_in_key_or_type
  is
  begin
    -- The allowed lists are comma-separated text: "record_type,contents"
    -- and "memory, fact" are runs of entries, not entries.
    expect_error('comma_key', '{"record_type": "memory", "contents": ["a"], "record_ids,user_ids": "x"}',
      -20100, 'key ''record_ids,user_ids'' is not allowed in the add_records request');
    expect_error('comma_type', '{"record_type": "memory, fact", "contents": ["a"]}',
      -20100, 'record_type ''memory, fact'' must be one of');
  end comma_in_key_or_type;

  procedure roles_ignored_off_messages
  is
    l_response clob;
    l_record   json_object_t;
  begin
    -- A scalar, and a list whose length differs from contents: both ignored.
    l_response := dbms_agent_memory_store.add_records(co_rec01,
      '{"record_type": "memory", "contents": ["roles ignored"], "record_ids": "ro1", "roles": "user"}');
    l_response := dbms_agent_memory_store.add_records(co_rec01,
      '{"record_type": "fact", "contents": ["roles ignored"], "record_ids": "ro2", "roles": ["user", "x", ""]}');
    l_record := record_of(dbms_agent_memory_store.get_record(co_rec01, '{"record_type": "memory", "record_id": "ro1"}'));
    ut.expect(l_record is null, 'ro1 stored').to_be_false;
    ut.expect(l_record.has('role'), 'a memory has no role').to_be_false;
    ut.expect(count_rows(co_rec01 || '_MEMORY', 'record', 'ro2'), 'ro2 stored').to_equal(1);
  end roles_ignored_off_messages;

  procedure non_ascii_at_limits
  is
    -- U+00E9 takes 2 bytes in AL32UTF8: each value below fits the limit the
    -- code counts in characters and overflows a VARCHAR2 of the same length
    -- in bytes, which raised ORA-06502 before the declarations took CHAR.
    l_e varchar2(1 char) := unistr('\00e9');
  begin
    -- AGENTMEM_UTIL.get_record_type: 64 characters into l_value.
    expect_error('non_ascii_type', '{"record_type": "' || rpad(l_e, 64, l_e) || '", "contents": ["a"]}',
      -20100, 'must be one of');
    -- AGENTMEM_UTIL.iso_to_utc: 40 characters, 24 of them in l_zone.
    expect_error('non_ascii_zone', '{"record_type": "memory", "contents": ["a"], "timestamps": ["2026-01-01T00:00'
      || rpad(l_e, 24, l_e) || '"]}', -20100, 'is not an ISO-8601 timestamp');
    -- AGENTMEM_RECORD_DATA.read_part: 10 characters into l_type.
    expect_error('non_ascii_part_type', '{"record_type": "message", "contents": [[{"type": "' || rpad(l_e, 10, l_e)
      || '", "text": "a"}]], "thread_ids": "t1"}', -20100, 'must be text or image');
  end non_ascii_at_limits;

end test_agentmem_records;
/
