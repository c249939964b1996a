create or replace package test_agentmem_records
  authid current_user
as
  ------------------------------------------------------------------------------
  -- utPLSQL suite for the write calls of the records contract
  -- (docs/protocol-records.md): add_records, add_user, add_agent, the typed
  -- conveniences, the per-store schema of issue 5, and atomicity. The read,
  -- update and delete calls are in test_agentmem_record_edit, which uses
  -- the public helpers below (utPLSQL ignores subprograms without
  -- annotations).
  --
  -- Data-driven from the golden fixtures tests/go/testdata/contract/<op>/,
  -- copied into load_cases of the body as q-quoted JSON literals (one
  -- add_case line per case, generated from the files; regenerate those lines
  -- when the files change). Cases named vec_* run on UTS_REC02, the others
  -- on UTS_REC01 (the stores of §14, with UTS_ ids). The data set (d1..d9)
  -- is written and committed in beforeall; every other case runs on it and
  -- is rolled back after its check, so each sees a fresh copy.
  --
  -- Volatile values are compared as §14 says: generated ids by pattern;
  -- created_at/updated_at by format; expires_at of CREATED_AT anchors as
  -- days after creation ("+7d"); seq_no as the rank of the message in the
  -- data set. Chunk rows are compared with the .chunks.json rows (vectors
  -- rounded to 4 decimals).
  --
  -- Store DDL commits, so the suite runs with --%rollback(manual): its
  -- stores have ids starting with UTS_REC and are dropped in afterall (and,
  -- left by an interrupted run, in beforeall). UTS_REC01 is KEYWORD as the
  -- contract fixes it: the suite needs Oracle Text (user CTXSYS); without
  -- it beforeall fails with UNSUPPORTED_RELEASE, which names the cause.
  ------------------------------------------------------------------------------

  --%suite(DBMS_AGENT_MEMORY_STORE records: add)
  --%suitepath(agentmem.records)
  --%rollback(manual)

  --%beforeall
  procedure setup_suite;

  --%afterall
  procedure cleanup_suite;

  --%aftereach
  procedure rollback_test;

  --%context(schema)

  --%test(EVENT_TIMESTAMP is TIMESTAMP(6) WITH TIME ZONE on every table that has it)
  procedure event_timestamp_type;

  --%test(ACTOR_PROFILE is keyed by (ACTOR_TYPE, RECORD_ID) and has no ACTOR_ID)
  procedure actor_profile_key;

  --%test(THREAD and THREAD_SUMMARY have no EXPIRES_AT; MESSAGE.CONTENT and DOCUMENT.CONTENT_BYTES are NOT NULL)
  procedure expiry_and_not_null_columns;

  --%test(a user and an agent may share an id: add_agent after add_user with the same id)
  procedure user_and_agent_share_id;

  --%endcontext

  --%context(fixtures)

  --%test(the data set d1..d9: every response and every chunk row as the fixtures say)
  procedure dataset_fixtures;

  --%test(add_records accepted fixtures: response and chunk rows)
  procedure add_records_accepted;

  --%test(add_records rejected fixtures: class, message fragments, nothing written)
  procedure add_records_rejected;

  --%test(add_user and add_agent fixtures)
  procedure actor_fixtures;

  --%endcontext

  --%context(behaviour beyond the fixtures)

  --%test(a failing later batch leaves nothing of the earlier batches)
  procedure batches_atomic;

  --%test(a duplicate id in a later record leaves nothing of the earlier records)
  procedure duplicate_atomic;

  --%test("" content is stored as an empty text and read back as "", null as null)
  procedure empty_versus_null_content;

  --%test(a record expired on insert is kept but hidden from get_record)
  procedure expired_on_insert_hidden;

  --%test(chunk rows copy the record's scope, status and expiry; image parts take the message's)
  procedure chunk_rows_copy_record;

  --%test(add_memory, add_message, add_user_profile, get_content and delete_by_id)
  procedure typed_conveniences;

  --%test(add_records with contents [] and batches [] return no ids)
  procedure empty_calls;

  --%test(a key or a record_type holding a comma matches no entry of the allowed lists)
  procedure comma_in_key_or_type;

  --%test(roles on a non-message record are ignored, not rejected, and not stored)
  procedure roles_ignored_off_messages;
  --%test(non-ASCII text at the length limits is INVALID_ARGUMENT, not ORA-06502 (issue 9 item 2))
  procedure non_ascii_at_limits;

  --%endcontext

  -- Helpers shared with test_agentmem_record_edit ------------------------------

  co_rec01 constant varchar2(16 char) := 'UTS_REC01';
  co_rec02 constant varchar2(16 char) := 'UTS_REC02';

  -- One golden fixture case: request, and response or error, and chunks.
  type t_case is record (op varchar2(30 char), name varchar2(100 char), request clob, response clob, error clob,
                         chunks clob);
  type t_case_list is table of t_case;

  -- Creates UTS_REC01 and UTS_REC02 afresh, writes the data set into
  -- UTS_REC01 and commits it.
  procedure prepare_stores;

  -- Drops the UTS_REC stores.
  procedure drop_stores;

  -- The fixture cases of p_op (all when NULL), data set cases excluded
  -- unless p_dataset.
  function cases(p_op in varchar2, p_dataset in boolean default false) return t_case_list;

  -- The store a case runs on.
  function store_of(p_case in t_case) return varchar2;

  -- Calls the rich facade function p_op.
  function call(p_op in varchar2, p_store in varchar2, p_request in clob) return clob;

  -- Runs a rejected case: the error class and every message fragment of
  -- its .error.json, and no row added, changed or removed in the store.
  procedure expect_rejected(p_case in t_case);

  -- The chunk rows of the sources of a .chunks.json, and the rows it
  -- expects, as comparable text (one line per row).
  function actual_chunks(p_store in varchar2, p_chunks in clob) return clob;
  function expected_chunks(p_chunks in clob) return clob;

  -- True when two JSON texts are equal (JSON_EQUAL: member order ignored).
  function same_json(p_a in clob, p_b in clob) return boolean;

  -- The rank (1-based) of a message seq_no in the data set, and back.
  function seq_rank(p_seq_no in number) return number;
  function seq_of_rank(p_rank in number) return number;

  -- A record object with the volatile values normalized (§14); p_expected:
  -- the object comes from a fixture (created_at 2026-11-30T10:00:00Z).
  function normalized(p_record in json_object_t, p_expected in boolean) return json_object_t;

end test_agentmem_records;
/
