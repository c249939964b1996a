create or replace package agentmem_util
  authid current_user
  accessible by (package dbms_agent_memory_store,
                 package agentmem_store,
                 package agentmem_store_catalog,
                 package agentmem_store_ddl,
                 package agentmem_store_admin,
                 package agentmem_record_write,
                 package agentmem_record_read,
                 package agentmem_record_edit,
                 package agentmem_record_data,
                 package agentmem_chunks,
                 package agentmem_filter,
                 package agentmem_search,
                 package agentmem_jobs,
                 package agentmem_purge,
                 package agentmem_job_info,
                 package agentmem_relation,
                 package agentmem_thread,
                 package agentmem_thread_card,
                 package agentmem_end_user,
                 package agentmem_vpd,
                 package agentmem_llm,
                 package agentmem_llm_prompt,
                 package agentmem_llm_parse,
                 package agentmem_llm_apply,
                 package agentmem_llm_tasks,
                 package agentmem_security,
                 package agentmem_security_dds)
as
  ------------------------------------------------------------------------------
  -- AGENTMEM_UTIL: shared internals of DBMS_AGENT_MEMORY_STORE.
  --
  --   * raise_error: the only way the package raises its -201NN errors.
  --   * The naming helper (functions named sql_*): every identifier or DDL
  --     value that reaches EXECUTE IMMEDIATE goes through one of them; they
  --     validate with DBMS_ASSERT and return text that is safe to splice.
  --   * JSON request readers that keep the protocol's distinction between an
  --     omitted key and a key given as JSON null.
  --   * ISO-8601 formatting, database release and privilege checks.
  --
  -- ACCESSIBLE BY: callable only from the facade and the internal packages
  -- listed above. A call made from inside a SQL statement fails that check,
  -- so these functions are called from PL/SQL only, never from SQL text.
  ------------------------------------------------------------------------------

  -- A list of short texts (actions, warnings, names).
  type t_text_list is table of varchar2(4000 char);

  -- An optional request value: present = the key was in the request;
  -- is_null = it was given as JSON null. value is set only when present and
  -- not null.
  type t_opt_text is record (
    present boolean := false,
    is_null boolean := false,
    value   varchar2(4000 char)
  );
  type t_opt_number is record (
    present boolean := false,
    is_null boolean := false,
    value   number
  );

  -- Raises p_code (one of dbms_agent_memory_store.co_*) with p_message. The
  -- message must start with the class name and a colon; when it does not,
  -- the name is prepended. Messages are cut to 2000 characters.
  -- Raises: p_code; INVALID_ARGUMENT-class programming error (-20100) when
  -- p_code is outside -20100 .. -20199.
  procedure raise_error(p_code in pls_integer, p_message in varchar2);

  -- Returns the class name of a package error code, e.g. 'NOT_FOUND' for
  -- -20101; NULL for codes outside the table.
  function error_name(p_code in pls_integer) return varchar2;

  -- Naming helper ------------------------------------------------------------

  -- Returns p_name (an unquoted identifier: letter first, then letters,
  -- digits, _ $ #, at most 128 bytes) upper-cased and enclosed in double
  -- quotes, so it names the object Oracle would resolve the unquoted name to
  -- (DBMS_ASSERT.ENQUOTE_NAME with capitalize => true). Raises
  -- INVALID_ARGUMENT naming p_what when p_name breaks the rule.
  function sql_name(p_name in varchar2, p_what in varchar2 default 'identifier') return varchar2;

  -- Returns a dotted name of 1 to 3 unquoted identifiers (function,
  -- package.function, schema.package.function), each upper-cased and
  -- enclosed in double quotes, checked by DBMS_ASSERT.QUALIFIED_SQL_NAME:
  -- the name of a PL/SQL unit a dynamic block calls (the LLM function
  -- provider). Raises INVALID_ARGUMENT naming p_what when a part breaks
  -- the rule of sql_name or there are more than 3 parts.
  function sql_qualified_name(p_name in varchar2, p_what in varchar2 default 'name') return varchar2;

  -- Returns "OWNER" for an existing schema (DBMS_ASSERT.SCHEMA_NAME).
  -- Raises INVALID_ARGUMENT naming p_what when the schema does not exist.
  function sql_schema(p_owner in varchar2, p_what in varchar2 default 'schema_owner') return varchar2;

  -- Returns "OWNER"."NAME" for an object of an existing schema.
  function sql_object(p_owner in varchar2, p_name in varchar2) return varchar2;

  -- Returns p_name unquoted after checking it is a plain upper-case
  -- identifier ([A-Z][A-Z0-9_]*); for names placed inside DDL parameter
  -- strings (Oracle Text PARAMETERS), where quoting is not available.
  function sql_bare_name(p_name in varchar2) return varchar2;

  -- Returns the decimal text of a whole number in p_min .. p_max, for DDL
  -- values that cannot be binds (VECTOR(n, FLOAT32)). p_what names the
  -- value in the INVALID_ARGUMENT message.
  function sql_int(p_value in number, p_min in number default 1, p_max in number default 65535,
                   p_what in varchar2 default 'value') return varchar2;

  -- Returns p_text as a SQL string literal (quotes doubled, enclosed in
  -- quotes, verified by DBMS_ASSERT.ENQUOTE_LITERAL), for COMMENT ON and job
  -- actions.
  function sql_literal(p_text in varchar2) return varchar2;

  -- Returns a comma-separated list of quoted column names from a
  -- comma-separated list of unquoted ones ('THREAD_ID, SEQ_NO').
  function sql_column_list(p_columns in varchar2) return varchar2;

  -- JSON request readers -----------------------------------------------------

  -- Parses p_doc as a JSON object. p_what names the argument in errors.
  -- An empty or NULL document is an empty object.
  -- Raises INVALID_ARGUMENT when p_doc is not a JSON object.
  function parse_object(p_doc in clob, p_what in varchar2) return json_object_t;

  -- Raises INVALID_ARGUMENT naming the first key of p_obj that is not in
  -- p_allowed (a comma-separated list), and listing the allowed keys.
  -- p_path prefixes key names in messages ('chunking.').
  procedure reject_unknown_keys(p_obj in json_object_t, p_allowed in varchar2, p_path in varchar2 default null);

  -- Reads a string key. Raises INVALID_ARGUMENT when the value is not a
  -- string or is longer than p_max_length characters.
  function get_text(p_obj in json_object_t, p_key in varchar2, p_path in varchar2 default null,
                    p_max_length in pls_integer default 4000) return t_opt_text;

  -- Reads an enum key: a string matched case-insensitively against
  -- p_allowed (comma-separated, upper-case); the value is returned upper-case.
  function get_enum(p_obj in json_object_t, p_key in varchar2, p_allowed in varchar2,
                    p_path in varchar2 default null) return t_opt_text;

  -- Reads a whole-number key in p_min .. p_max.
  function get_integer(p_obj in json_object_t, p_key in varchar2, p_min in number, p_max in number,
                       p_path in varchar2 default null) return t_opt_number;

  -- Reads an object key: p_present tells whether the key was there and
  -- p_is_null whether it was JSON null; p_value is the object otherwise.
  -- Raises INVALID_ARGUMENT when the value is neither an object nor null.
  procedure get_object(p_obj in json_object_t, p_key in varchar2, p_path in varchar2,
                       p_value out json_object_t, p_present out boolean, p_is_null out boolean);

  -- Renders a value for an error message: 'text' in quotes, or null.
  function quoted(p_value in varchar2) return varchar2;

  -- Appends p_text to p_list (creating the list when it is NULL).
  procedure append(p_list in out nocopy t_text_list, p_text in varchar2);

  -- Joins a list into one text, items separated by p_separator; cut at
  -- 32000 characters (messages cut further when raised).
  function join_list(p_list in t_text_list, p_separator in varchar2 default ', ') return varchar2;

  -- Formatting, release, privileges ------------------------------------------

  -- ISO-8601 UTC with 6 fractional digits and Z: 2026-11-30T10:00:00.000000Z.
  function iso_utc(p_ts in timestamp with time zone) return varchar2;

  -- The database release (PRODUCT_COMPONENT_VERSION.VERSION_FULL, 18c+),
  -- e.g. '23.6.0.24.10'.
  function db_version_full return varchar2;

  -- True when p_version_full ('23.6.0.24.10') is at least
  -- p_major.p_minor.p_update (components compared as numbers, so 23.26.2 >
  -- 23.6; Deep Data Security needs 23.26.2). A missing third component counts
  -- as 0.
  function release_at_least(p_version_full in varchar2, p_major in pls_integer, p_minor in pls_integer,
                            p_update in pls_integer default 0)
    return boolean;

  -- Raises UNSUPPORTED_RELEASE naming p_feature, the release it needs and
  -- the release of this database, when the database is older than
  -- p_major.p_minor.
  procedure require_release(p_major in pls_integer, p_minor in pls_integer, p_feature in varchar2);

  -- True when the session holds p_privilege (SESSION_PRIVS: direct grants
  -- and enabled roles, which invoker's-rights code runs with).
  function has_privilege(p_privilege in varchar2) return boolean;

  -- The user whose privileges are in force (invoker's rights: the caller).
  function current_user_name return varchar2;

  -- The schema unqualified names resolve in (USERENV CURRENT_SCHEMA); it
  -- differs from current_user_name after ALTER SESSION SET CURRENT_SCHEMA.
  function current_schema_name return varchar2;

  -- == Records helpers ==
  -- Used by the record packages (docs/protocol-records.md §2).

  -- Renders a request value for an error message: a string in single
  -- quotes cut at 60 characters + '...', a number in JSON form, true,
  -- false, null, {...} for an object, [...] for a list.
  function shown(p_element in json_element_t) return varchar2;

  -- Renders a text value for a records error or warning message as shown
  -- renders a JSON string: in single quotes, cut at 60 characters + '...'
  -- (docs/protocol-records.md §2, "Values in messages"; the Go client cuts
  -- at the same length); null for NULL. quoted cuts at 200 and serves the
  -- store messages, whose contract sets no length.
  function shown_text(p_value in varchar2) return varchar2;

  -- Raises INVALID_ARGUMENT for the first key of p_obj not in p_allowed (a
  -- comma-separated list): "key '<k>' is not allowed in the <op> request
  -- (in <p_where>); allowed keys: <list>". p_where (batches[1],
  -- contents[0][2]) is left out when NULL.
  procedure reject_keys(p_obj in json_object_t, p_allowed in varchar2, p_op in varchar2,
                        p_where in varchar2 default null);

  -- Parses an ISO-8601 timestamp of the records grammar
  -- YYYY-MM-DD[(T|t|space)HH:MM[:SS[.F]]][Z|z|±HH:MM|±HHMM|±HH] (F = 1 to 9
  -- digits, truncated past 6; offset at most 14:00; a zone only after a
  -- time; no zone = UTC) into a UTC TIMESTAMP WITH TIME ZONE. Returns NULL
  -- when p_text does not match the grammar or names an invalid calendar
  -- value (the caller raises with the request path). No NLS dependence.
  function iso_to_utc(p_text in varchar2) return timestamp with time zone;

  -- Decodes standard base64 (RFC 4648 §4: A-Z a-z 0-9 + /, '=' padding
  -- required, no line breaks or spaces) of any length; NULL when the text
  -- breaks that rule or is empty.
  function base64_to_blob(p_text in clob) return blob;

  -- Encodes p_blob as standard base64 without line breaks (any length);
  -- NULL for NULL.
  function blob_to_base64(p_blob in blob) return clob;

  -- p_count new record ids: 32 lower-case hex characters each
  -- (lower(rawtohex(sys_guid()))), made in one SQL statement.
  function new_ids(p_count in pls_integer) return t_text_list;

  -- The ASCII letters spelled out, for bracket expressions in regular
  -- expressions: Oracle interprets a range such as [A-Z] in the session's
  -- collation (NLS_SORT), so under GERMAN [A-Za-z] also matches accented
  -- letters and under ESTONIAN [A-Z] misses T to Y (docs/checker.md,
  -- REGEXP-RANGE). Digits are written out as 0123456789 for the same reason,
  -- and such patterns pass match_param 'c': without it, case and accent
  -- sensitivity follow the collation too (REGEXP-CASE).
  co_upper_letters constant varchar2(26 char) := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  co_ascii_letters constant varchar2(52 char) := 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

  -- The record types, in the order of the contract's messages.
  co_record_types constant varchar2(200 char) :=
    'thread, message, memory, fact, guideline, preference, thread_summary, image, user_profile, agent_profile';

  -- Raises INVALID_ARGUMENT "<p_key> is required in the <p_op> request"
  -- when p_obj has no key p_key (a JSON null counts as present).
  procedure require_key(p_obj in json_object_t, p_key in varchar2, p_op in varchar2);

  -- The value of a JSON string element as a CLOB; NULL when p_element is
  -- not a string. For "" the result is NULL or a zero-length CLOB: callers
  -- test the element's type, not this value, to tell "" from null.
  function string_value(p_element in json_element_t) return clob;

  -- Puts a text into p_obj under p_key: JSON null for NULL, "" for a
  -- zero-length CLOB (an empty LOB is not NULL; a PL/SQL '' would be).
  procedure put_clob(p_obj in out nocopy json_object_t, p_key in varchar2, p_text in clob);

  -- Checks an id element (record, thread, user, agent, part id): a string
  -- of 1 to 128 characters, or JSON null when p_nullable. Returns the id,
  -- NULL for JSON null. Raises INVALID_ARGUMENT "<p_path> <value> must be a
  -- non-empty string of at most 128 characters[, or null]".
  function check_id(p_element in json_element_t, p_path in varchar2, p_nullable in boolean) return varchar2;

  -- Reads the record_type key of p_obj: required, one of co_record_types,
  -- case-insensitive; returns it lower case.
  function get_record_type(p_obj in json_object_t, p_op in varchar2) return varchar2;

  -- Reads a boolean key: omitted or null = false. Raises INVALID_ARGUMENT
  -- "<p_key> <value> must be true or false".
  function get_flag(p_obj in json_object_t, p_key in varchar2) return boolean;


  -- == Search helpers ==

  -- Returns p_key enclosed in double quotes ("review status"), for a member
  -- step of a SQL/JSON path literal ($."k1"."k2"). The key must have 1 to
  -- 128 characters and no double quote, backslash, apostrophe or control
  -- character (U+0000-U+001F, U+007F-U+009F): inside double quotes such a
  -- key needs no escape sequence, so its meaning does not depend on the path
  -- parser's escape rules, and the path needs no quote doubling inside its
  -- SQL literal (docs/protocol-search.md, section 5). p_what names the key
  -- in the INVALID_ARGUMENT message. Non-ASCII keys need an AL32UTF8
  -- database (the SQL text is in the database character set).
  function sql_json_key(p_key in varchar2, p_what in varchar2 default 'metadata key') return varchar2;

  -- True when p_key follows the rule of sql_json_key (for callers that
  -- report their own message with a display path).
  function json_key_allowed(p_key in varchar2) return boolean;

  -- == End of helpers ==

end agentmem_util;
/
