create or replace package body agentmem_filter
as

  -- How the SQL is built (docs/protocol-search.md section 5, docs/search.md):
  --
  --   * Every leaf is a 0/1 number, 'case when <condition> then 1 else 0
  --     end', so a missing field, NULL metadata or a path error give 0 and
  --     the logic stays two-valued: $not x = (1 - x), AND = least(...),
  --     $array_contains_any = greatest(...), the filter = (<expr>) = 1.
  --   * Every test is one filter on the root, the documented json_exists
  --     form '$?(...)': $?(@."k1".type() == "object" && @."k1"."k2".type()
  --     == "string" && @."k1"."k2" == $v1). Each parent is checked to be an
  --     object, so no member step crosses an array (which lax mode would
  --     unwrap); type() states the type of what is tested (the SQL/JSON
  --     standard exempts type() from lax unwrapping), so a scalar never
  --     matches a one-element array and nothing is coerced. (A filter after
  --     '$' followed by further steps is in neither the grammar nor the
  --     examples of the JSON Developer's Guide, so it is not used.)
  --   * Array membership reads the elements with JSON_TABLE ('...[*]') and
  --     compares each element whole in SQL by its type() and value: a filter
  --     on the elements themselves would be unwrapped in lax mode when an
  --     element is an array, and reach into nested arrays.
  --   * Values are binds (:fN, PASSING ... AS "vN"); true, false, null and
  --     the empty string are path literals. Keys enter the text only through
  --     agentmem_util.sql_json_key, path literals only through
  --     agentmem_util.sql_literal.

  subtype t_sql is varchar2(32767);

  co_array_contains     constant varchar2(20 char) := '$array_contains';
  co_array_contains_any constant varchar2(20 char) := '$array_contains_any';
  co_not                constant varchar2(20 char) := '$not';

  co_max_string_bytes constant pls_integer := 4000;
  co_max_digits       constant pls_integer := 38;

  co_key_rule constant varchar2(200 char) :=
    'key is not allowed: keys must be 1 to 128 characters without double quotes, backslashes, apostrophes'
    || ' or control characters';
  co_operand_rule constant varchar2(100 char) :=
    'the operand must be a scalar or a non-empty list of at most 100 scalars';
  co_range_rule constant varchar2(120 char) :=
    'is outside the range of Oracle NUMBER (absolute value below 1E126 and, unless 0, at least 1E-130)';

  -- Characters of a key shown as .key in a display path; listed, not
  -- ranges, so no NLS_SORT can widen them.
  co_plain_first constant varchar2(60 char) := 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';
  co_plain_next  constant varchar2(70 char) := co_plain_first || '0123456789';

  -- The walk's state: the caller's table alias, the binds, the number of
  -- field conditions seen.
  type t_state is record (
    alias      varchar2(128 char),
    path       varchar2(4000 char),   -- display path of the filter itself
    binds      t_bind_list,
    conditions pls_integer := 0
  );

  -- A scalar operand of an equality or a membership test.
  type t_scalar is record (
    kind         varchar2(8 char),      -- STRING | NUMBER | TRUE | FALSE | NULL
    text_value   varchar2(4000 byte),
    number_value number
  );
  type t_scalar_list is table of t_scalar;

  ------------------------------------------------------------------------------
  -- Messages
  ------------------------------------------------------------------------------

  -- '"M".metadata' for the caller's alias (validated and quoted).
  -- agentmem:sql-builder
  function meta(p_alias in varchar2) return varchar2
  is
  begin
    return agentmem_util.sql_name(p_alias, 'table alias') || '.metadata';
  end meta;

  procedure bad(p_path in varchar2, p_rule in varchar2)
  is
  begin
    agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument,
      'INVALID_ARGUMENT: ' || p_path || ': ' || p_rule);
  end bad;

  -- A key as a JSON string, escaped as Go's encoding/json does (the Go
  -- client names the same paths): \" \\ \b \f \n \r \t, other C0 controls
  -- as \u00xx, U+2028/U+2029 as \u2028/\u2029.
  function json_quoted(p_key in varchar2) return varchar2
  is
    l_out  varchar2(32767) := '"';
    l_char varchar2(8 char);
    l_code number;
  begin
    for i in 1 .. nvl(length(p_key), 0) loop
      l_char := substr(p_key, i, 1);
      l_code := ascii(l_char);
      l_out := l_out
        || case
             when l_char = '"' then '\"'
             when l_char = '\' then '\\'
             when l_code = 8 then '\b'
             when l_code = 12 then '\f'
             when l_code = 10 then '\n'
             when l_code = 13 then '\r'
             when l_code = 9 then '\t'
             when l_code < 32 then '\u00' || lower(to_char(l_code, 'FM0X'))
             when asciistr(l_char) in ('\2028', '\2029') then '\u' || substr(asciistr(l_char), 2)
             else l_char
           end;
    end loop;
    return l_out || '"';
  end json_quoted;

  -- One step of a display path: .key for a plain key, else ["key"].
  function display_key(p_key in varchar2) return varchar2
  is
  begin
    if p_key is not null
       and instr(co_plain_first, substr(p_key, 1, 1)) > 0
       and nvl(length(translate(p_key, '#' || co_plain_next, '#')), 0) = 0 then
      return '.' || p_key;
    end if;
    return '[' || json_quoted(p_key) || ']';
  end display_key;

  function is_operator(p_key in varchar2) return boolean
  is
  begin
    return p_key in (co_array_contains, co_array_contains_any, co_not);
  end is_operator;

  ------------------------------------------------------------------------------
  -- Scalar values
  ------------------------------------------------------------------------------

  -- UTF-8 bytes of a CLOB (AL32UTF8: LENGTHB of its pieces).
  function clob_bytes(p_text in clob) return number
  is
    l_total  number := 0;
    l_offset number := 1;
    l_length number := nvl(dbms_lob.getlength(lob_loc => p_text), 0);
  begin
    while l_offset <= l_length loop
      l_total := l_total + lengthb(dbms_lob.substr(lob_loc => p_text, amount => 8000, offset => l_offset));
      l_offset := l_offset + 8000;
    end loop;
    return l_total;
  end clob_bytes;

  -- Oracle NUMBER limits on the JSON text of a number: at most 38
  -- significant digits, absolute value below 1E126, 0 or at least 1E-130
  -- (the same rule and wording as the Go client).
  procedure check_number(p_text in varchar2, p_path in varchar2)
  is
    l_int    varchar2(32767) := regexp_substr(p_text, '^-?([0123456789]+)', 1, 1, 'c', 1);
    l_frac   varchar2(32767) := regexp_substr(p_text, '^-?[0123456789]+\.([0123456789]+)', 1, 1, 'c', 1);
    l_exp    varchar2(32767) := regexp_substr(p_text, '[eE]([+-]?[0123456789]+)$', 1, 1, 'c', 1);
    l_digits varchar2(32767);
    l_lead   pls_integer;
    l_top    number;
  begin
    if l_int is null then
      bad(p_path, 'number ' || p_text || ' is not a JSON number');
    end if;
    l_digits := ltrim(l_int || l_frac, '0');
    if l_digits is null then
      return;   -- zero
    end if;
    l_lead := length(l_int || l_frac) - length(l_digits);
    l_digits := rtrim(l_digits, '0');
    if length(l_digits) > co_max_digits then
      bad(p_path, 'number ' || p_text || ' has more than ' || co_max_digits || ' significant digits');
    end if;
    if length(ltrim(l_exp, '+-0')) > 6 then
      bad(p_path, 'number ' || p_text || ' ' || co_range_rule);
    end if;
    -- Decimal exponent of the first significant digit.
    l_top := nvl(to_number(l_exp), 0) + length(l_int) - 1 - l_lead;
    if l_top >= 126 or l_top < -130 then
      bad(p_path, 'number ' || p_text || ' ' || co_range_rule);
    end if;
  end check_number;

  -- Reads the scalar p_container.get(p_key) (an object member) or element
  -- p_index of p_array, applying the value rules at p_path (the field's).
  function read_scalar(p_element in json_element_t, p_object in json_object_t, p_key in varchar2,
                       p_array in json_array_t, p_index in pls_integer, p_path in varchar2) return t_scalar
  is
    l_scalar t_scalar;
    l_true   boolean;
    l_text   clob;
    l_bytes  number;
  begin
    if p_element.is_null then
      l_scalar.kind := 'NULL';
    elsif p_element.is_boolean then
      if p_object is not null then
        l_true := p_object.get_boolean(p_key);
      else
        l_true := p_array.get_boolean(p_index);
      end if;
      l_scalar.kind := case when l_true then 'TRUE' else 'FALSE' end;
    elsif p_element.is_number then
      check_number(p_element.to_string, p_path);
      l_scalar.kind := 'NUMBER';
      if p_object is not null then
        l_scalar.number_value := p_object.get_number(p_key);
      else
        l_scalar.number_value := p_array.get_number(p_index);
      end if;
    elsif p_element.is_string then
      if p_object is not null then
        l_text := p_object.get_clob(p_key);
      else
        l_text := p_array.get_clob(p_index);
      end if;
      l_bytes := clob_bytes(l_text);
      if l_bytes > co_max_string_bytes then
        bad(p_path, 'string of ' || l_bytes || ' bytes; at most ' || co_max_string_bytes || ' bytes');
      end if;
      l_scalar.kind := 'STRING';
      l_scalar.text_value := substrb(dbms_lob.substr(lob_loc => l_text, amount => co_max_string_bytes, offset => 1), 1,
                                     co_max_string_bytes);   -- checked above; SUBSTRB states the byte bound
    else
      bad(p_path, 'value ' || agentmem_util.shown(p_element) || ' is not a JSON scalar');
    end if;
    return l_scalar;
  end read_scalar;

  -- Adds a bind and returns its number (names fN continue the list).
  function add_bind(p_state in out nocopy t_state, p_kind in varchar2, p_text in varchar2,
                    p_number in number, p_clob in clob) return pls_integer
  is
    l_bind t_bind;
  begin
    l_bind.name := 'f' || (p_state.binds.count + 1);
    l_bind.kind := p_kind;
    l_bind.text_value := p_text;
    l_bind.number_value := p_number;
    l_bind.clob_value := p_clob;
    p_state.binds.extend;
    p_state.binds(p_state.binds.count) := l_bind;
    return p_state.binds.count;
  end add_bind;

  -- ':fN' for bind number p_no.
  -- agentmem:sql-builder
  function placeholder(p_no in pls_integer) return varchar2
  is
  begin
    return ':f' || agentmem_util.sql_int(p_no, 1, 1000000, 'bind number');
  end placeholder;

  ------------------------------------------------------------------------------
  -- SQL/JSON paths (text inside a path literal; never SQL by itself)
  ------------------------------------------------------------------------------

  -- The first p_count keys of p_keys as member steps: '."k1"."k2"'.
  function steps(p_keys in agentmem_util.t_text_list, p_count in pls_integer) return varchar2
  is
    l_steps t_sql;
  begin
    for i in 1 .. p_count loop
      l_steps := l_steps || '.' || agentmem_util.sql_json_key(p_keys(i));
    end loop;
    return l_steps;
  end steps;

  -- '@."k1"."k2"': the tested field, relative to the document root.
  function member(p_keys in agentmem_util.t_text_list) return varchar2
  is
  begin
    return '@' || steps(p_keys, p_keys.count);
  end member;

  -- '$?(@."k1".type() == "object" && ... && <p_test>)': one filter on the
  -- root, the form of the json_exists examples in the JSON Developer's
  -- Guide ('$?(@.LineItems.Part.UPCCode == 85391628927)'). Every parent of
  -- the field is type-checked as an object, so a member step never goes
  -- through an array (which lax mode would unwrap) and a test never holds
  -- on an element of one.
  function root_filter(p_keys in agentmem_util.t_text_list, p_test in varchar2) return varchar2
  is
    l_path t_sql := '$?(';
  begin
    for i in 1 .. p_keys.count - 1 loop
      l_path := l_path || '@' || steps(p_keys, i) || '.type() == "object" && ';
    end loop;
    return l_path || p_test || ')';
  end root_filter;

  -- A SQL/JSON path as the SQL string literal it must be (ORA-40454: no
  -- bind). A text literal holds at most 4000 bytes with MAX_STRING_SIZE =
  -- STANDARD (SQL Language Reference, Text Literals; ORA-01704 beyond), and
  -- the guards repeat the parents' keys, so 8 levels of long keys can
  -- exceed it: rejected here, naming the field, rather than by the parser.
  -- agentmem:sql-builder
  function path_literal(p_state in t_state, p_keys in agentmem_util.t_text_list, p_path in varchar2)
    return varchar2
  is
    l_field varchar2(32767) := p_state.path;
  begin
    if lengthb(p_path) + 2 > 4000 then
      for i in 1 .. p_keys.count loop
        l_field := l_field || display_key(p_keys(i));
      end loop;
      bad(l_field, 'the SQL/JSON path of this condition is ' || lengthb(p_path) || ' bytes long, above the'
                   || ' 4000 bytes of a SQL text literal; use shorter keys or less nesting');
    end if;
    return agentmem_util.sql_literal(p_path);
  end path_literal;

  -- The type test of a scalar kind on p_item ('@."k"' or '@').
  function type_test(p_kind in varchar2, p_item in varchar2) return varchar2
  is
  begin
    return case p_kind
             when 'STRING' then p_item || '.type() == "string"'
             when 'NUMBER' then '(' || p_item || '.type() == "number" || ' || p_item || '.type() == "double" || '
                                || p_item || '.type() == "float")'
             when 'NULL' then p_item || '.type() == "null"'
             else p_item || '.type() == "boolean"'
           end;
  end type_test;

  ------------------------------------------------------------------------------
  -- SQL fragments (each a 0/1 number expression)
  ------------------------------------------------------------------------------

  -- 'case when json_exists(<meta>, '$?(<guards> && <p_test>)' [passing :fN as "vN"]) then 1 else 0 end'.
  -- agentmem:sql-builder
  function exists_leaf(p_state in t_state, p_keys in agentmem_util.t_text_list, p_test in varchar2,
                       p_bind_no in pls_integer) return varchar2
  is
  begin
    return 'case when json_exists(' || meta(p_state.alias) || ', '
           || path_literal(p_state, p_keys, root_filter(p_keys, p_test))
           || case when p_bind_no is not null then
                ' passing ' || placeholder(p_bind_no) || ' as "v' || agentmem_util.sql_int(p_bind_no, 1, 1000000) || '"'
              end
           || ') then 1 else 0 end';
  end exists_leaf;

  -- Exact equality with a scalar: the field exists, has the scalar's type
  -- and its value.
  -- agentmem:sql-builder
  function scalar_equal(p_state in out nocopy t_state, p_keys in agentmem_util.t_text_list,
                        p_scalar in t_scalar) return varchar2
  is
    l_item t_sql := member(p_keys);
    l_no   pls_integer;
  begin
    if p_scalar.kind = 'STRING' and p_scalar.text_value is not null then
      l_no := add_bind(p_state, 'VARCHAR2', p_scalar.text_value, null, null);
      return exists_leaf(p_state, p_keys,
               type_test('STRING', l_item) || ' && ' || l_item || ' == $v' || agentmem_util.sql_int(l_no, 1, 1000000),
               l_no);
    elsif p_scalar.kind = 'NUMBER' then
      l_no := add_bind(p_state, 'NUMBER', null, p_scalar.number_value, null);
      return exists_leaf(p_state, p_keys,
               type_test('NUMBER', l_item) || ' && ' || l_item || ' == $v' || agentmem_util.sql_int(l_no, 1, 1000000),
               l_no);
    end if;
    -- The empty string (NULL in SQL), true, false and null: path literals.
    return exists_leaf(p_state, p_keys,
             type_test(p_scalar.kind, l_item)
             || case p_scalar.kind
                  when 'STRING' then ' && ' || l_item || ' == ""'
                  when 'TRUE' then ' && ' || l_item || ' == true'
                  when 'FALSE' then ' && ' || l_item || ' == false'
                end,
             null);
  end scalar_equal;

  -- Exact equality with a list: the field is an array (json_exists on the
  -- root, as every leaf) equal to the list (same length and order, objects
  -- compared whole): JSON_EQUAL of the field, read with JSON_QUERY through
  -- plain member steps (the guard has checked that none crosses an array).
  -- agentmem:sql-builder
  function list_equal(p_state in out nocopy t_state, p_keys in agentmem_util.t_text_list,
                      p_list in json_array_t) return varchar2
  is
    l_no pls_integer := add_bind(p_state, 'CLOB', null, null, p_list.to_clob);
  begin
    return 'case when json_exists(' || meta(p_state.alias) || ', '
           || path_literal(p_state, p_keys, root_filter(p_keys, member(p_keys) || '.type() == "array"'))
           || ') and json_equal(json_query(' || meta(p_state.alias) || ', '
           || path_literal(p_state, p_keys, '$' || steps(p_keys, p_keys.count))
           || ' returning json null on error null on empty), json(' || placeholder(l_no)
           || ')) then 1 else 0 end';
  end list_equal;

  -- The field is an object ({} nested, and the guard of a nested filter).
  -- agentmem:sql-builder
  function is_object(p_state in t_state, p_keys in agentmem_util.t_text_list) return varchar2
  is
  begin
    return exists_leaf(p_state, p_keys, member(p_keys) || '.type() == "object"', null);
  end is_object;

  -- One operand of a membership test, as a CASE branch over the JSON_TABLE
  -- row e (columns t = type(), s, n, c).
  -- agentmem:sql-builder
  function element_match(p_state in out nocopy t_state, p_scalar in t_scalar) return varchar2
  is
  begin
    return case p_scalar.kind
             when 'STRING' then
               case when p_scalar.text_value is null then
                 'e.t = ''string'' and nvl(sys.dbms_lob.getlength(e.c), 0) = 0'
               else
                 'e.t = ''string'' and e.s = '
                 || placeholder(add_bind(p_state, 'VARCHAR2', p_scalar.text_value, null, null))
               end
             when 'NUMBER' then
               'e.t in (''number'', ''double'', ''float'') and e.n = '
               || placeholder(add_bind(p_state, 'NUMBER', null, p_scalar.number_value, null))
             when 'TRUE' then 'e.t = ''boolean'' and e.s = ''true'''
             when 'FALSE' then 'e.t = ''boolean'' and e.s = ''false'''
             else 'e.t = ''null'''
           end;
  end element_match;

  -- True when two scalars are the same JSON value (operands deduplicated,
  -- so that counting matched operands counts each once).
  function same_scalar(p_a in t_scalar, p_b in t_scalar) return boolean
  is
  begin
    return p_a.kind = p_b.kind
       and (p_a.kind in ('TRUE', 'FALSE', 'NULL')
            or (p_a.kind = 'STRING' and (p_a.text_value = p_b.text_value
                                         or (p_a.text_value is null and p_b.text_value is null)))
            or (p_a.kind = 'NUMBER' and p_a.number_value = p_b.number_value));
  end same_scalar;

  -- $array_contains (p_all) / $array_contains_any: the field is an array
  -- and all / at least one of the operands equal some element (whole).
  -- One JSON_TABLE per operator: the distinct operands matched are counted.
  -- agentmem:sql-builder
  function membership(p_state in out nocopy t_state, p_keys in agentmem_util.t_text_list,
                      p_operands in t_scalar_list, p_all in boolean) return varchar2
  is
    l_unique t_scalar_list := t_scalar_list();
    l_dup    boolean;
    l_cases  t_sql;
  begin
    for i in 1 .. p_operands.count loop
      l_dup := false;
      for j in 1 .. l_unique.count loop
        l_dup := l_dup or same_scalar(p_operands(i), l_unique(j));
      end loop;
      if not l_dup then
        l_unique.extend;
        l_unique(l_unique.count) := p_operands(i);
      end if;
    end loop;
    for i in 1 .. l_unique.count loop
      l_cases := l_cases || ' when ' || element_match(p_state, l_unique(i))
                 || ' then ' || agentmem_util.sql_int(i, 1, co_max_operands);
    end loop;
    -- The guard checks that the field is an array reached through objects;
    -- the row path then only names it, so '[*]' yields its elements whole.
    return 'case when json_exists(' || meta(p_state.alias) || ', '
           || path_literal(p_state, p_keys, root_filter(p_keys, member(p_keys) || '.type() == "array"'))
           || ') and (select count(distinct case' || l_cases || ' end) from json_table(' || meta(p_state.alias) || ', '
           || path_literal(p_state, p_keys, '$' || steps(p_keys, p_keys.count) || '[*]')
           || ' columns (t varchar2(30) path ''$.type()'', s varchar2(4000) path ''$'' null on error,'
           || ' n number path ''$'' null on error, c clob path ''$'' null on error)) e) '
           || case when p_all then '= ' || agentmem_util.sql_int(l_unique.count, 1, co_max_operands)
                   else '> 0' end
           || ' then 1 else 0 end';
  end membership;

  ------------------------------------------------------------------------------
  -- The walk
  ------------------------------------------------------------------------------

  function with_key(p_keys in agentmem_util.t_text_list, p_key in varchar2) return agentmem_util.t_text_list
  is
    l_keys agentmem_util.t_text_list := p_keys;
  begin
    l_keys.extend;
    l_keys(l_keys.count) := p_key;
    return l_keys;
  end with_key;

  -- Operands of $array_contains(_any): a scalar or 1..100 scalars.
  function operands(p_object in json_object_t, p_operator in varchar2, p_op_path in varchar2,
                    p_field_path in varchar2) return t_scalar_list
  is
    l_element json_element_t := p_object.get(p_operator);
    l_array   json_array_t;
    l_item    json_element_t;
    l_list    t_scalar_list := t_scalar_list();
  begin
    if l_element.is_object then
      bad(p_op_path, co_operand_rule);
    end if;
    if not l_element.is_array then
      l_list.extend;
      l_list(1) := read_scalar(l_element, p_object, p_operator, null, null, p_field_path);
      return l_list;
    end if;
    l_array := treat(l_element as json_array_t);
    if l_array.get_size = 0 or l_array.get_size > co_max_operands then
      bad(p_op_path, co_operand_rule);
    end if;
    for i in 0 .. l_array.get_size - 1 loop
      l_item := l_array.get(i);
      if l_item.is_object or l_item.is_array then
        bad(p_op_path, co_operand_rule);
      end if;
      l_list.extend;
      l_list(l_list.count) := read_scalar(l_item, null, null, l_array, i, p_field_path);
    end loop;
    return l_list;
  end operands;

  -- The keys of an object (an empty list for {}).
  function keys_of(p_object in json_object_t) return json_key_list
  is
    l_keys json_key_list := p_object.get_keys;
  begin
    -- IF, not NVL: no documentation states NVL accepts collections.
    if l_keys is null then
      return json_key_list();
    end if;
    return l_keys;
  end keys_of;

  -- The entries of an object at field position (the filter, a nested
  -- filter), ANDed; p_keys is the path of the object itself. Returns NULL
  -- for an object without entries.
  -- agentmem:sql-builder
  function field_entries(p_state in out nocopy t_state, p_object in json_object_t,
                         p_keys in agentmem_util.t_text_list, p_path in varchar2) return varchar2;

  -- A field expression: the value p_object.get(p_key) applied to the field
  -- p_keys (raw value, nested filter, operator object). p_path is where
  -- the value sits (for messages), p_field_path the field's own path.
  -- agentmem:sql-builder
  function field_expr(p_state in out nocopy t_state, p_object in json_object_t, p_key in varchar2,
                      p_keys in agentmem_util.t_text_list, p_path in varchar2, p_field_path in varchar2)
    return varchar2
  is
    l_element json_element_t := p_object.get(p_key);
    l_value   json_object_t;
    l_names   json_key_list;
    l_plain   varchar2(32767);
    l_has_op  boolean := false;
    l_op_path varchar2(32767);
    l_expr    t_sql;
    l_count   pls_integer := 0;
  begin
    if l_element.is_array then
      return list_equal(p_state, p_keys, treat(l_element as json_array_t));
    elsif not l_element.is_object then
      return scalar_equal(p_state, p_keys, read_scalar(l_element, p_object, p_key, null, null, p_field_path));
    end if;

    l_value := treat(l_element as json_object_t);
    l_names := keys_of(l_value);
    for i in 1 .. l_names.count loop
      if substr(l_names(i), 1, 1) = '$' then
        l_has_op := true;
      else
        l_plain := l_plain || case when l_plain is not null then ', ' end || l_names(i);
      end if;
    end loop;
    if not l_has_op then
      -- Nested filter: the field is an object and every entry holds.
      if l_names.count = 0 then
        return is_object(p_state, p_keys);
      end if;
      return 'least(' || is_object(p_state, p_keys) || ', ' || field_entries(p_state, l_value, p_keys, p_path) || ')';
    end if;
    if l_plain is not null then
      bad(p_path, 'an operator object cannot also hold field names (' || l_plain
                  || '); put fields in a nested object');
    end if;
    -- Operator object: every operator holds.
    for i in 1 .. l_names.count loop
      l_op_path := p_path || '.' || l_names(i);
      if l_names(i) not in (co_array_contains, co_array_contains_any, co_not) then
        bad(l_op_path, 'unknown operator; allowed: ' || co_array_contains || ', ' || co_array_contains_any
                       || ', ' || co_not);
      end if;
      l_expr := l_expr || case when i > 1 then ', ' end
                || case
                     when l_names(i) = co_not then
                       '(1 - ' || field_expr(p_state, l_value, co_not, p_keys, l_op_path, p_field_path) || ')'
                     else
                       membership(p_state, p_keys, operands(l_value, l_names(i), l_op_path, p_field_path),
                                  l_names(i) = co_array_contains)
                   end;
      l_count := l_count + 1;
    end loop;
    return case when l_count = 1 then l_expr else 'least(' || l_expr || ')' end;
  end field_expr;

  function field_entries(p_state in out nocopy t_state, p_object in json_object_t,
                         p_keys in agentmem_util.t_text_list, p_path in varchar2) return varchar2
  is
    l_names json_key_list := keys_of(p_object);
    l_path  varchar2(32767);
    l_expr  t_sql;
  begin
    for i in 1 .. l_names.count loop
      l_path := p_path || display_key(l_names(i));
      if not agentmem_util.json_key_allowed(l_names(i)) then
        bad(l_path, co_key_rule);
      end if;
      if is_operator(l_names(i)) then
        bad(l_path, 'operator ' || l_names(i) || ' cannot be a field name; write {"<field>": {"'
                    || l_names(i) || '": ...}}');
      end if;
      if p_keys.count + 1 > co_max_depth then
        bad(l_path, 'nesting deeper than ' || co_max_depth || ' levels');
      end if;
      p_state.conditions := p_state.conditions + 1;
      if p_state.conditions > co_max_conditions then
        bad(l_path, 'more than ' || co_max_conditions || ' field conditions in the filter; at most '
                    || co_max_conditions);
      end if;
      l_expr := l_expr || case when i > 1 then ', ' end
                || field_expr(p_state, p_object, l_names(i), with_key(p_keys, l_names(i)), l_path, l_path);
    end loop;
    return case when l_names.count <= 1 then l_expr else 'least(' || l_expr || ')' end;
  end field_entries;

  ------------------------------------------------------------------------------
  -- Public
  ------------------------------------------------------------------------------

  -- agentmem:sql-builder
  function compile(p_filter in json_element_t, p_alias in varchar2, p_binds in out nocopy t_bind_list,
                   p_path in varchar2 default 'metadata_filter') return varchar2
  is
    l_meta   varchar2(300 char) := meta(p_alias);   -- validates the alias first
    l_state  t_state;
    l_filter json_object_t;
    l_expr   t_sql;
  begin
    l_state.alias := p_alias;
    l_state.path := p_path;
    if p_binds is null then   -- IF, not NVL: no documentation states NVL accepts collections
      l_state.binds := t_bind_list();
    else
      l_state.binds := p_binds;
    end if;
    if p_filter is null then
      return '1 = 1';
    elsif p_filter.is_null then
      return l_meta || ' is null';
    elsif not p_filter.is_object then
      agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || ' must be a JSON object or null, not '
        || dbms_lob.substr(lob_loc => p_filter.to_clob, amount => 100, offset => 1));
    end if;
    l_filter := treat(p_filter as json_object_t);
    if l_filter.get_size = 0 then
      return '1 = 1';
    end if;
    l_expr := field_entries(l_state, l_filter, agentmem_util.t_text_list(), p_path);
    p_binds := l_state.binds;
    return '(' || l_expr || ') = 1';
  exception
    when value_error then
      -- The compiled text outgrew VARCHAR2(32767): 64 conditions on keys of
      -- about 128 characters nested 8 deep can.
      agentmem_util.raise_error(dbms_agent_memory_store.co_invalid_argument,
        'INVALID_ARGUMENT: ' || p_path || ': the filter compiles to more than 32767 bytes of SQL;'
        || ' use fewer conditions or shorter keys');
  end compile;

  procedure bind_all(p_cursor in integer, p_binds in t_bind_list)
  is
  begin
    if p_binds is null then
      return;
    end if;
    for i in 1 .. p_binds.count loop
      case p_binds(i).kind
        when 'VARCHAR2' then
          dbms_sql.bind_variable(c => p_cursor, name => ':' || p_binds(i).name, value => p_binds(i).text_value,
                                 out_value_size => 4000);
        when 'NUMBER' then
          dbms_sql.bind_variable(c => p_cursor, name => ':' || p_binds(i).name, value => p_binds(i).number_value);
        else
          dbms_sql.bind_variable(c => p_cursor, name => ':' || p_binds(i).name, value => p_binds(i).clob_value);
      end case;
    end loop;
  end bind_all;

end agentmem_filter;
/
