create or replace package body agentmem_util
as

  -- ORA-40441: JSON syntax error (raised by JSON_ELEMENT_T.PARSE).
  e_json_syntax exception;
  pragma exception_init(e_json_syntax, -40441);

  -- ORA-44001: invalid schema (DBMS_ASSERT.SCHEMA_NAME).
  e_invalid_schema exception;
  pragma exception_init(e_invalid_schema, -44001);

  -- The cut of text values in records messages (docs/protocol-records.md
  -- section 2). Declared here: item declarations precede subprogram bodies.
  co_shown_chars constant pls_integer := 60;

  ------------------------------------------------------------------------------
  -- Errors
  ------------------------------------------------------------------------------

  function error_name(p_code in pls_integer) return varchar2
  is
  begin
    return case p_code
             when dbms_agent_memory_store.co_invalid_argument then 'INVALID_ARGUMENT'
             when dbms_agent_memory_store.co_not_found then 'NOT_FOUND'
             when dbms_agent_memory_store.co_duplicate_id then 'DUPLICATE_ID'
             when dbms_agent_memory_store.co_schema_missing then 'SCHEMA_MISSING'
             when dbms_agent_memory_store.co_schema_outdated then 'SCHEMA_OUTDATED'
             when dbms_agent_memory_store.co_incompatible_store then 'INCOMPATIBLE_STORE'
             when dbms_agent_memory_store.co_unsupported_release then 'UNSUPPORTED_RELEASE'
             when dbms_agent_memory_store.co_end_user_context_required then 'END_USER_CONTEXT_REQUIRED'
             when dbms_agent_memory_store.co_end_user_context_forbidden then 'END_USER_CONTEXT_FORBIDDEN'
             when dbms_agent_memory_store.co_graph_expansion_timeout then 'GRAPH_EXPANSION_TIMEOUT'
             when dbms_agent_memory_store.co_privilege_missing then 'PRIVILEGE_MISSING'
             when dbms_agent_memory_store.co_store_broken then 'STORE_BROKEN'
             when dbms_agent_memory_store.co_embedding_failed then 'EMBEDDING_FAILED'
             when dbms_agent_memory_store.co_llm_failed then 'LLM_FAILED'
             when dbms_agent_memory_store.co_llm_output_invalid then 'LLM_OUTPUT_INVALID'
             when dbms_agent_memory_store.co_extraction_timeout then 'EXTRACTION_TIMEOUT'
           end;
  end error_name;

  procedure raise_error(p_code in pls_integer, p_message in varchar2)
  is
    l_name    varchar2(64 char) := error_name(p_code);
    l_message varchar2(32767) := p_message;
  begin
    if l_name is null then
      -- A code outside the table is a bug in the caller; report it as such
      -- rather than raising an unknown class the Go client cannot map.
      raise_application_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: internal error: raise_error got code ' || p_code
        || ', which is not in the error table (-20100 .. -20199)');
    end if;
    if l_message is null or substr(l_message, 1, length(l_name) + 1) <> l_name || ':' then
      l_message := l_name || ': ' || l_message;
    end if;
    raise_application_error(p_code, substr(l_message, 1, 2000));
  end raise_error;

  function quoted(p_value in varchar2) return varchar2
  is
  begin
    if p_value is null then
      return 'null';
    end if;
    return '''' || substr(p_value, 1, 200) || case when length(p_value) > 200 then '...' end || '''';
  end quoted;

  procedure append(p_list in out nocopy t_text_list, p_text in varchar2)
  is
  begin
    if p_list is null then
      p_list := t_text_list();
    end if;
    p_list.extend;
    p_list(p_list.last) := p_text;
  end append;

  function join_list(p_list in t_text_list, p_separator in varchar2 default ', ') return varchar2
  is
    l_text varchar2(32767);
  begin
    if p_list is null then
      return null;
    end if;
    for i in 1 .. p_list.count loop
      exit when nvl(length(l_text), 0) + length(p_separator) + nvl(length(p_list(i)), 0) > 32000;
      l_text := l_text || case when i > 1 then p_separator end || p_list(i);
    end loop;
    return l_text;
  end join_list;

  ------------------------------------------------------------------------------
  -- Naming helper
  ------------------------------------------------------------------------------

  function sql_name(p_name in varchar2, p_what in varchar2 default 'identifier') return varchar2
  is
  begin
    -- Only unquoted identifiers: what DBMS_ASSERT accepts as a simple name
    -- also includes quoted names, which this project never creates.
    if p_name is null or lengthb(p_name) > 128
       or not regexp_like(p_name, '^[' || co_ascii_letters || '][' || co_ascii_letters || '0123456789_$#]*$', 'c') then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' ' || quoted(p_name)
        || ' must be an unquoted identifier: a letter, then letters, digits, _, $ or #, at most 128 bytes');
    end if;
    return dbms_assert.enquote_name(str => dbms_assert.simple_sql_name(str => p_name), capitalize => true);
  end sql_name;

  function sql_qualified_name(p_name in varchar2, p_what in varchar2 default 'name') return varchar2
  is
    co_part constant varchar2(200 char) :=
      '[' || co_ascii_letters || '][' || co_ascii_letters || '0123456789_$#]*';
    l_out   varchar2(400 char);
    l_part  varchar2(128 char);
  begin
    -- One to three parts, each an unquoted identifier of at most 128 bytes
    -- (checked before any part is cut out, so no part overflows l_part).
    if p_name is null or lengthb(p_name) > 386
       or not regexp_like(p_name, '^' || co_part || '(\.' || co_part || '){0,2}$', 'c') then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' ' || quoted(p_name)
        || ' must be function, package.function or schema.package.function, each part an unquoted identifier'
        || ' (a letter, then letters, digits, _, $ or #)');
    end if;
    for i in 1 .. regexp_count(p_name, '\.') + 1 loop
      if lengthb(regexp_substr(p_name, '[^.]+', 1, i)) > 128 then
        raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: ' || p_what || ' ' || quoted(p_name) || ' has a part longer than 128 bytes');
      end if;
      l_part := regexp_substr(p_name, '[^.]+', 1, i);
      l_out := case when i = 1 then null else l_out || '.' end
               || dbms_assert.enquote_name(str => l_part, capitalize => true);
    end loop;
    return dbms_assert.qualified_sql_name(str => l_out);
  end sql_qualified_name;

  function sql_schema(p_owner in varchar2, p_what in varchar2 default 'schema_owner') return varchar2
  is
    l_owner varchar2(128 char);
  begin
    if p_owner is null or lengthb(p_owner) > 128
       or not regexp_like(p_owner, '^[' || co_ascii_letters || '][' || co_ascii_letters || '0123456789_$#]*$', 'c') then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' ' || quoted(p_owner)
        || ' must be an unquoted schema name (a letter, then letters, digits, _, $ or #); quoted names are not supported');
    end if;
    begin
      l_owner := dbms_assert.schema_name(str => upper(p_owner));
    exception
      when e_invalid_schema then
        raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: ' || p_what || ' ' || quoted(p_owner)
          || ' is not an existing schema; pass the owner of the store, unquoted');
    end;
    return dbms_assert.enquote_name(str => l_owner, capitalize => false);
  end sql_schema;

  function sql_object(p_owner in varchar2, p_name in varchar2) return varchar2
  is
  begin
    return sql_schema(p_owner) || '.' || sql_name(p_name, 'object name');
  end sql_object;

  function sql_bare_name(p_name in varchar2) return varchar2
  is
  begin
    if p_name is null or lengthb(p_name) > 128 or not regexp_like(p_name, '^[' || co_upper_letters || '][' || co_upper_letters || '0123456789_]*$', 'c') then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: name ' || quoted(p_name)
        || ' must be upper-case letters, digits and _ starting with a letter to appear in a DDL parameter string');
    end if;
    return dbms_assert.simple_sql_name(str => p_name);
  end sql_bare_name;

  function sql_int(p_value in number, p_min in number default 1, p_max in number default 65535,
                   p_what in varchar2 default 'value') return varchar2
  is
  begin
    if p_value is null or p_value <> trunc(p_value) or p_value < p_min or p_value > p_max then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' ' || nvl(to_char(p_value), 'null')
        || ' must be a whole number from ' || p_min || ' to ' || p_max);
    end if;
    return to_char(trunc(p_value));
  end sql_int;

  function sql_literal(p_text in varchar2) return varchar2
  is
  begin
    -- Quoted here, then verified: ENQUOTE_LITERAL adds no quotes to input
    -- that is already enclosed in them (text starting or ending with a
    -- quote would be taken for such a literal), and it checks that every
    -- inner quote is doubled.
    return dbms_assert.enquote_literal(str => '''' || replace(p_text, '''', '''''') || '''');
  end sql_literal;

  function sql_column_list(p_columns in varchar2) return varchar2
  is
    l_result varchar2(4000 char);
    l_count  pls_integer := regexp_count(p_columns, ',') + 1;
  begin
    for i in 1 .. l_count loop
      l_result := l_result || case when i > 1 then ', ' end
                  || sql_name(trim(regexp_substr(p_columns, '[^,]+', 1, i)), 'column name');
    end loop;
    return l_result;
  end sql_column_list;

  ------------------------------------------------------------------------------
  -- JSON request readers
  ------------------------------------------------------------------------------

  function parse_object(p_doc in clob, p_what in varchar2) return json_object_t
  is
    l_element json_element_t;
  begin
    if p_doc is null or dbms_lob.getlength(lob_loc => p_doc) = 0 then
      return json_object_t();
    end if;
    begin
      l_element := json_element_t.parse(p_doc);
    exception
      when e_json_syntax then
        raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: ' || p_what || ' is not valid JSON (' || sqlerrm
          || '); pass one JSON object, see docs/protocol.md');
    end;
    if not l_element.is_object then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' must be a JSON object, not an array or a scalar');
    end if;
    return treat(l_element as json_object_t);
  end parse_object;

  procedure reject_unknown_keys(p_obj in json_object_t, p_allowed in varchar2, p_path in varchar2 default null)
  is
    l_keys    json_key_list := p_obj.get_keys;
    l_allowed varchar2(4000 char) := ',' || replace(p_allowed, ' ') || ',';
  begin
    if l_keys is null then
      return;
    end if;
    for i in 1 .. l_keys.count loop
      -- A key holding a comma would match the list text between two allowed
      -- keys: it is never allowed.
      if instr(l_allowed, ',' || l_keys(i) || ',') = 0 or instr(l_keys(i), ',') > 0 then
        raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: unknown request key ' || quoted(p_path || l_keys(i))
          || '; allowed keys' || case when p_path is not null then ' of ' || rtrim(p_path, '.') end
          || ': ' || replace(p_allowed, ' '));
      end if;
    end loop;
  end reject_unknown_keys;

  function get_text(p_obj in json_object_t, p_key in varchar2, p_path in varchar2 default null,
                    p_max_length in pls_integer default 4000) return t_opt_text
  is
    l_result  t_opt_text;
    l_element json_element_t;
    l_value   clob;   -- GET_STRING returns VARCHAR2: a longer string would fail before the length check
  begin
    if not p_obj.has(p_key) then
      return l_result;
    end if;
    l_result.present := true;
    l_element := p_obj.get(p_key);
    if l_element.is_null then
      l_result.is_null := true;
      return l_result;
    end if;
    if not l_element.is_string then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || p_key || ' ' || shown(l_element)
        || ' must be a JSON string or null');
    end if;
    l_value := p_obj.get_clob(p_key);
    if dbms_lob.getlength(lob_loc => l_value) > p_max_length then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || p_key || ' '
        || quoted(dbms_lob.substr(lob_loc => l_value, amount => 201, offset => 1))
        || ' is longer than ' || p_max_length || ' characters');
    end if;
    l_result.value := dbms_lob.substr(lob_loc => l_value, amount => p_max_length, offset => 1);
    return l_result;
  end get_text;

  function get_enum(p_obj in json_object_t, p_key in varchar2, p_allowed in varchar2,
                    p_path in varchar2 default null) return t_opt_text
  is
    l_result t_opt_text := get_text(p_obj, p_key, p_path, 64);
  begin
    if l_result.present and not l_result.is_null then
      -- A value holding a comma ('VECTOR,KEYWORD') would match a run of
      -- entries of the list: refused.
      if l_result.value is null or instr(l_result.value, ',') > 0
         or instr(',' || replace(p_allowed, ' ') || ',', ',' || upper(l_result.value) || ',') = 0 then
        raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: ' || p_path || p_key || ' ' || quoted(l_result.value)
          || ' must be one of ' || replace(p_allowed, ' ') || ' (case-insensitive)');
      end if;
      l_result.value := upper(l_result.value);
    end if;
    return l_result;
  end get_enum;

  function get_integer(p_obj in json_object_t, p_key in varchar2, p_min in number, p_max in number,
                       p_path in varchar2 default null) return t_opt_number
  is
    l_result  t_opt_number;
    l_element json_element_t;
    l_value   number;
  begin
    if not p_obj.has(p_key) then
      return l_result;
    end if;
    l_result.present := true;
    l_element := p_obj.get(p_key);
    if l_element.is_null then
      l_result.is_null := true;
      return l_result;
    end if;
    if l_element.is_number then
      l_value := p_obj.get_number(p_key);
    end if;
    if l_value is null or l_value <> trunc(l_value) or l_value < p_min or l_value > p_max then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || p_key || ' ' || shown(l_element)
        || ' must be a whole number from ' || p_min || ' to ' || p_max || ', or null');
    end if;
    l_result.value := l_value;
    return l_result;
  end get_integer;

  procedure get_object(p_obj in json_object_t, p_key in varchar2, p_path in varchar2,
                       p_value out json_object_t, p_present out boolean, p_is_null out boolean)
  is
    l_element json_element_t;
  begin
    p_present := p_obj.has(p_key);
    p_is_null := false;
    if not p_present then
      return;
    end if;
    l_element := p_obj.get(p_key);
    if l_element.is_null then
      p_is_null := true;
      return;
    end if;
    if not l_element.is_object then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || p_key || ' ' || shown(l_element)
        || ' must be a JSON object or null');
    end if;
    p_value := treat(l_element as json_object_t);
  end get_object;

  ------------------------------------------------------------------------------
  -- Formatting, release, privileges
  ------------------------------------------------------------------------------

  function iso_utc(p_ts in timestamp with time zone) return varchar2
  is
    l_text varchar2(40 char);
  begin
    if p_ts is null then
      return null;
    end if;
    -- SYS_EXTRACT_UTC is a SQL function: evaluate it in SQL.
    select to_char(sys_extract_utc(p_ts), 'YYYY-MM-DD"T"HH24:MI:SS.FF6"Z"')
      into l_text
      from sys.dual;
    return l_text;
  end iso_utc;

  function db_version_full return varchar2
  is
    l_version varchar2(160 char);
  begin
    -- VERSION_FULL (18c+) carries the release update (23.6.0.24.10);
    -- DBMS_DB_VERSION only has compile-time VERSION/RELEASE constants.
    select max(version_full)
      into l_version
      from sys.product_component_version
     where version_full is not null
       and upper(product) like 'ORACLE%';
    return l_version;
  end db_version_full;

  function release_at_least(p_version_full in varchar2, p_major in pls_integer, p_minor in pls_integer,
                            p_update in pls_integer default 0)
    return boolean
  is
    l_major  number := to_number(regexp_substr(p_version_full, '^[0123456789]+', 1, 1, 'c'));
    l_minor  number := to_number(regexp_substr(p_version_full, '^[0123456789]+\.([0123456789]+)', 1, 1, 'c', 1));
    l_update number := nvl(to_number(regexp_substr(p_version_full, '^[0123456789]+\.[0123456789]+\.([0123456789]+)',
                                                   1, 1, 'c', 1)), 0);
  begin
    if l_major is null or l_minor is null then
      return false;
    end if;
    return l_major > p_major or (l_major = p_major and l_minor > p_minor)
           or (l_major = p_major and l_minor = p_minor and l_update >= nvl(p_update, 0));
  end release_at_least;

  procedure require_release(p_major in pls_integer, p_minor in pls_integer, p_feature in varchar2)
  is
    l_version varchar2(160 char) := db_version_full;
  begin
    if not release_at_least(l_version, p_major, p_minor) then
      raise_error(dbms_agent_memory_store.co_unsupported_release,
        'UNSUPPORTED_RELEASE: ' || p_feature || ' needs Oracle AI Database ' || p_major || '.' || p_minor
        || ' or later; this database reports '
        || nvl(l_version, 'no release (PRODUCT_COMPONENT_VERSION.VERSION_FULL is empty)')
        || '. Upgrade the database, or choose a search_strategy this release supports');
    end if;
  end require_release;

  function has_privilege(p_privilege in varchar2) return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from sys.session_privs where privilege = p_privilege;
    return l_count > 0;
  end has_privilege;

  function current_user_name return varchar2
  is
  begin
    return sys_context('USERENV', 'CURRENT_USER');
  end current_user_name;

  function current_schema_name return varchar2
  is
  begin
    return sys_context('USERENV', 'CURRENT_SCHEMA');
  end current_schema_name;

  -- == Records helpers ==

  function shown(p_element in json_element_t) return varchar2
  is
    l_text varchar2(32767);
  begin
    if p_element is null or p_element.is_null then
      return 'null';
    elsif p_element.is_object then
      return '{...}';
    elsif p_element.is_array then
      return '[...]';
    elsif p_element.is_string then
      -- TO_STRING gives the JSON form ("a\"b"): drop the quotes and undo
      -- the two escapes that matter for reading a message.
      l_text := dbms_lob.substr(lob_loc => p_element.to_clob, amount => 400, offset => 1);
      l_text := replace(replace(substr(l_text, 2, length(l_text) - 2), '\"', '"'), '\\', '\');
      return '''' || substr(l_text, 1, co_shown_chars) || case when length(l_text) > co_shown_chars then '...' end
             || '''';
    end if;
    return substr(p_element.to_string, 1, 60);   -- number, true, false
  end shown;

  function shown_text(p_value in varchar2) return varchar2
  is
  begin
    if p_value is null then
      return 'null';
    end if;
    return '''' || substr(p_value, 1, co_shown_chars) || case when length(p_value) > co_shown_chars then '...' end
           || '''';
  end shown_text;

  procedure reject_keys(p_obj in json_object_t, p_allowed in varchar2, p_op in varchar2,
                        p_where in varchar2 default null)
  is
    l_keys    json_key_list := p_obj.get_keys;
    l_allowed varchar2(4000 char) := ',' || replace(p_allowed, ' ') || ',';
  begin
    if l_keys is null then
      return;
    end if;
    for i in 1 .. l_keys.count loop
      -- A key holding a comma ("record_type,contents") would match the list
      -- text between two allowed keys: it is never allowed.
      if instr(l_allowed, ',' || l_keys(i) || ',') = 0 or instr(l_keys(i), ',') > 0 then
        raise_error(dbms_agent_memory_store.co_invalid_argument,
          'INVALID_ARGUMENT: key ' || shown_text(l_keys(i)) || ' is not allowed in the ' || p_op
          || ' request' || case when p_where is not null then ' (in ' || p_where || ')' end
          || '; allowed keys: ' || replace(p_allowed, ',', ', '));
      end if;
    end loop;
  end reject_keys;

  function iso_to_utc(p_text in varchar2) return timestamp with time zone
  is
    -- Parsed piece by piece with fixed positions: REGEXP_SUBSTR returns at
    -- most subexpression 9 (SQL Language Reference, REGEXP_SUBSTR: subexpr
    -- "from 0 to 9"), fewer than a one-pattern parse of this grammar needs.
    co_digit constant varchar2(12 char) := '[0123456789]';
    co_date  constant varchar2(80 char) := '^' || co_digit || '{4}-' || co_digit || '{2}-' || co_digit || '{2}$';
    co_time  constant varchar2(120 char) := '^[Tt ]' || co_digit || '{2}:' || co_digit || '{2}(:' || co_digit || '{2}(\.'
                                            || co_digit || '{1,9})?)?';
    co_zone  constant varchar2(80 char) := '^(Z|z|[+-]' || co_digit || '{2}(:?' || co_digit || '{2})?)$';
    l_year   pls_integer;
    l_month  pls_integer;
    l_day    pls_integer;
    l_hour   pls_integer := 0;
    l_minute pls_integer := 0;
    l_second pls_integer := 0;
    l_frac   varchar2(9 char);
    l_time   varchar2(40 char);
    l_zone   varchar2(40 char);
    l_offset pls_integer := 0;   -- minutes east of UTC
    l_oh     pls_integer;
    l_om     pls_integer := 0;
    l_local  timestamp with time zone;
  begin
    if p_text is null or length(p_text) > 40 or not regexp_like(substr(p_text, 1, 10), co_date, 'c') then
      return null;
    end if;
    l_year := to_number(substr(p_text, 1, 4));
    l_month := to_number(substr(p_text, 6, 2));
    l_day := to_number(substr(p_text, 9, 2));
    if length(p_text) > 10 then
      -- [Tt ]HH:MM[:SS[.F]] (T12:00:05.123: hour at 2, minute at 5, second
      -- at 8, fraction from 11), then the zone, which needs a time.
      l_time := regexp_substr(substr(p_text, 11), co_time, 1, 1, 'c');
      if l_time is null then
        return null;
      end if;
      l_zone := substr(p_text, 11 + length(l_time));
      if l_zone is not null and not regexp_like(l_zone, co_zone, 'c') then
        return null;
      end if;
      l_hour := to_number(substr(l_time, 2, 2));
      l_minute := to_number(substr(l_time, 5, 2));
      if length(l_time) >= 9 then
        l_second := to_number(substr(l_time, 8, 2));
      end if;
      l_frac := substr(l_time, 11, 9);
      if l_zone is not null and l_zone not in ('Z', 'z') then
        l_oh := to_number(substr(l_zone, 2, 2));
        if length(l_zone) > 3 then
          l_om := to_number(substr(l_zone, length(l_zone) - 1, 2));   -- +HHMM or +HH:MM
        end if;
        if l_om > 59 or l_oh * 60 + l_om > 14 * 60 then
          return null;
        end if;
        l_offset := (l_oh * 60 + l_om) * case substr(l_zone, 1, 1) when '-' then -1 else 1 end;
      end if;
    end if;
    -- Calendar checks before any conversion, so no NLS-dependent error
    -- text or exception decides validity.
    if l_year < 1 or l_month not between 1 and 12 or l_day < 1
       or l_day > to_number(to_char(last_day(to_date(lpad(l_year, 4, '0') || lpad(l_month, 2, '0'), 'YYYYMM')), 'DD'))
       or l_hour > 23 or l_minute > 59 or l_second > 59 then
      return null;
    end if;
    -- The UTC value must stay within years 1 .. 9999 (a datetime error
    -- otherwise): an offset can only cross the first or the last day.
    if (l_year = 9999 and l_month = 12 and l_day = 31 and l_offset < 0)
       or (l_year = 1 and l_month = 1 and l_day = 1 and l_offset > 0) then
      return null;
    end if;
    -- Digits only, fixed format: the result does not depend on NLS settings.
    l_local := to_timestamp_tz(lpad(l_year, 4, '0') || '-' || lpad(l_month, 2, '0') || '-' || lpad(l_day, 2, '0')
                               || ' ' || lpad(l_hour, 2, '0') || ':' || lpad(l_minute, 2, '0') || ':'
                               || lpad(l_second, 2, '0') || '.' || rpad(substr(nvl(l_frac, '0'), 1, 6), 6, '0')
                               || ' +00:00',
                               'YYYY-MM-DD HH24:MI:SS.FF6 TZH:TZM');
    return l_local - numtodsinterval(l_offset, 'MINUTE');
  end iso_to_utc;

  function base64_to_blob(p_text in clob) return blob
  is
    -- 8000 characters (a multiple of 4) fit a VARCHAR2(32767) even when
    -- some are multibyte (invalid input), and decode to 6000 bytes, below
    -- the 32767-byte RAW limit of UTL_ENCODE.
    co_piece constant pls_integer := 8000;
    -- The base64 alphabet spelled out (no ranges: see co_ascii_letters).
    co_alphabet constant varchar2(80 char) := '[' || co_ascii_letters || '0123456789+/]';
    l_length pls_integer;
    l_piece  varchar2(32767);
    l_raw    raw(6000);
    l_blob   blob;
  begin
    l_length := nvl(dbms_lob.getlength(lob_loc => p_text), 0);
    if l_length = 0 or mod(l_length, 4) <> 0 then
      return null;
    end if;
    dbms_lob.createtemporary(lob_loc => l_blob, cache => true);
    for i in 0 .. ceil(l_length / co_piece) - 1 loop
      l_piece := dbms_lob.substr(lob_loc => p_text, amount => co_piece, offset => i * co_piece + 1);
      -- '=' only in the last block of the whole text.
      if (i * co_piece + length(l_piece) < l_length and not regexp_like(l_piece, '^' || co_alphabet || '+$', 'c'))
         or (i * co_piece + length(l_piece) = l_length
             and not regexp_like(l_piece, '^(' || co_alphabet || '{4})*(' || co_alphabet || '{4}|' || co_alphabet || '{3}=|'
                                   || co_alphabet || '{2}==)$', 'c')) then
        return null;
      end if;
      l_raw := utl_encode.base64_decode(utl_raw.cast_to_raw(l_piece));
      dbms_lob.writeappend(lob_loc => l_blob, amount => utl_raw.length(l_raw), buffer => l_raw);
    end loop;
    return l_blob;
  end base64_to_blob;

  function blob_to_base64(p_blob in blob) return clob
  is
    -- 12000 bytes (a multiple of 3) encode to 16000 characters plus the
    -- line breaks UTL_ENCODE may insert: below the 32767-byte RAW limit.
    co_piece constant pls_integer := 12000;
    l_length pls_integer;
    l_text   varchar2(32767);
    l_clob   clob;
  begin
    if p_blob is null then
      return null;
    end if;
    l_length := dbms_lob.getlength(lob_loc => p_blob);
    dbms_lob.createtemporary(lob_loc => l_clob, cache => true);
    for i in 0 .. ceil(l_length / co_piece) - 1 loop
      l_text := utl_raw.cast_to_varchar2(
                  utl_encode.base64_encode(dbms_lob.substr(lob_loc => p_blob, amount => co_piece,
                                                           offset => i * co_piece + 1)));
      -- Whether UTL_ENCODE wraps lines is not documented: strip CR and LF.
      l_text := replace(replace(l_text, chr(13)), chr(10));
      dbms_lob.writeappend(lob_loc => l_clob, amount => length(l_text), buffer => l_text);
    end loop;
    return l_clob;
  end blob_to_base64;

  function new_ids(p_count in pls_integer) return t_text_list
  is
    l_ids t_text_list := t_text_list();
  begin
    if p_count > 0 then
      -- RAWTOHEX gives upper case; documented SYS_GUID on every release
      -- (UUID() is newer).
      select lower(rawtohex(sys_guid())) bulk collect into l_ids from sys.dual connect by level <= p_count;
    end if;
    return l_ids;
  end new_ids;

  procedure require_key(p_obj in json_object_t, p_key in varchar2, p_op in varchar2)
  is
  begin
    if not p_obj.has(p_key) then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_key || ' is required in the ' || p_op || ' request');
    end if;
  end require_key;

  function string_value(p_element in json_element_t) return clob
  is
  begin
    if p_element is null or not p_element.is_string then
      return null;
    end if;
    -- A scalar element has no getter of its own: wrap its JSON form in an
    -- array and read entry 0.
    return json_array_t.parse('[' || p_element.to_clob || ']').get_clob(0);
  end string_value;

  procedure put_clob(p_obj in out nocopy json_object_t, p_key in varchar2, p_text in clob)
  is
  begin
    if p_text is null then
      p_obj.put_null(p_key);
    elsif dbms_lob.getlength(lob_loc => p_text) = 0 then
      p_obj.put(p_key, json_element_t.parse('""'));
    elsif dbms_lob.getlength(lob_loc => p_text) <= 8000 then
      -- 8000 characters fit a VARCHAR2(32767) in any character set; only
      -- longer texts need the CLOB overload of PUT.
      p_obj.put(p_key, dbms_lob.substr(lob_loc => p_text, amount => 8000, offset => 1));
    else
      p_obj.put(p_key, p_text);
    end if;
  end put_clob;

  function check_id(p_element in json_element_t, p_path in varchar2, p_nullable in boolean) return varchar2
  is
    l_json  clob;
    l_value varchar2(32767);
  begin
    if p_element is null or p_element.is_null then
      if p_nullable then
        return null;
      end if;
    elsif p_element.is_string then
      l_json := p_element.to_clob;
      -- 128 characters take at most 6 * 128 + 2 in JSON form (\uXXXX
      -- escapes): longer text cannot be a valid id and is not parsed.
      if dbms_lob.getlength(lob_loc => l_json) <= 770 then
        l_value := json_array_t.parse('[' || l_json || ']').get_string(0);
      end if;
    end if;
    if l_value is null or length(l_value) > 128 or not p_element.is_string then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || ' ' || shown(p_element)
        || ' must be a non-empty string of at most 128 characters' || case when p_nullable then ', or null' end);
    end if;
    return l_value;
  end check_id;

  function get_record_type(p_obj in json_object_t, p_op in varchar2) return varchar2
  is
    l_element json_element_t;
    l_value   varchar2(64 char);
  begin
    require_key(p_obj, 'record_type', p_op);
    l_element := p_obj.get('record_type');
    -- GET_STRING returns VARCHAR2: a huge string would raise (ORA-40478)
    -- instead of INVALID_ARGUMENT, so only a short one is read.
    if l_element.is_string and dbms_lob.getlength(lob_loc => l_element.to_clob) <= 200 then
      l_value := lower(substr(p_obj.get_string('record_type'), 1, 64));
    end if;
    -- Membership in the comma-separated list: a value holding a comma
    -- ('memory, fact') would match a run of entries, so it is refused.
    if l_value is null or instr(l_value, ',') > 0
       or instr(', ' || co_record_types || ',', ', ' || l_value || ',') = 0 then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: record_type ' || shown(l_element) || ' must be one of ' || co_record_types);
    end if;
    return l_value;
  end get_record_type;

  function get_flag(p_obj in json_object_t, p_key in varchar2) return boolean
  is
    l_element json_element_t;
  begin
    if not p_obj.has(p_key) then
      return false;
    end if;
    l_element := p_obj.get(p_key);
    if l_element.is_null then
      return false;
    end if;
    if not l_element.is_boolean then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_key || ' ' || shown(l_element) || ' must be true or false');
    end if;
    return p_obj.get_boolean(p_key);
  end get_flag;

  -- == Search helpers ==

  function json_key_allowed(p_key in varchar2) return boolean
  is
    l_char varchar2(8 char);
    l_code number;
  begin
    if p_key is null or length(p_key) > 128 then
      return false;
    end if;
    if instr(p_key, '"') > 0 or instr(p_key, '\') > 0 or instr(p_key, '''') > 0 then
      return false;
    end if;
    for i in 1 .. length(p_key) loop
      l_char := substr(p_key, i, 1);
      -- ASCII returns the code of a one-byte character (C0 controls and DEL
      -- are one byte in every ASCII-based character set); ASCIISTR writes a
      -- non-ASCII character as \XXXX (UTF-16 hex), which names the C1 range.
      l_code := ascii(l_char);
      if l_code <= 31 or l_code = 127 or substr(asciistr(l_char), 1, 4) in ('\008', '\009') then
        return false;
      end if;
    end loop;
    return true;
  end json_key_allowed;

  function sql_json_key(p_key in varchar2, p_what in varchar2 default 'metadata key') return varchar2
  is
  begin
    if not json_key_allowed(p_key) then
      raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_what || ' ' || quoted(p_key) || ' is not allowed: keys must be 1 to 128'
        || ' characters without double quotes, backslashes, apostrophes or control characters');
    end if;
    return '"' || p_key || '"';
  end sql_json_key;

  -- == End of helpers ==

end agentmem_util;
/
