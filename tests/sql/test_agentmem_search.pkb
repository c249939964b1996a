create or replace package body test_agentmem_search
as

  co_vector_store  constant varchar2(16 char) := 'UTS_SRCH_V';
  co_keyword_store constant varchar2(16 char) := 'UTS_SRCH_K';
  co_manual_store  constant varchar2(16 char) := 'UTS_SRCH_KM';
  co_hybrid_store  constant varchar2(16 char) := 'UTS_SRCH_H';
  co_rounds_store  constant varchar2(16 char) := 'UTS_SRCH_R';
  co_status_store  constant varchar2(16 char) := 'UTS_SRCH_S';
  co_hybrid_model  constant varchar2(30 char) := 'ALL_MINILM_L12_V2';
  co_tolerance     constant number := 1e-6;

  type t_escape is record (
    name      varchar2(200 char),
    input     clob,          -- JSON string text
    escaped   clob,          -- JSON string text, NULL = rejected
    truncated boolean,
    error     varchar2(200 char)  -- message fragment of a rejection
  );
  type t_escape_list is table of t_escape;

  type t_fixture is record (
    name     varchar2(200 char),
    request  clob,
    response clob,           -- NULL for an error fixture
    error    clob
  );
  type t_fixture_list is table of t_fixture;

  g_escapes       t_escape_list := t_escape_list();
  g_fixtures      t_fixture_list := t_fixture_list();
  g_keyword_ready boolean := false;
  g_keyword_why   varchar2(4000 char);
  g_hybrid_ready  boolean := false;
  g_hybrid_why    varchar2(4000 char);

  ------------------------------------------------------------------------------
  -- Fixtures (copied from tests/go/testdata/contract/search/)
  ------------------------------------------------------------------------------

  procedure add_escape(p_name in varchar2, p_input in clob, p_escaped in clob, p_truncated in boolean,
                       p_error in varchar2)
  is
  begin
    g_escapes.extend;
    g_escapes(g_escapes.count).name := p_name;
    g_escapes(g_escapes.count).input := p_input;
    g_escapes(g_escapes.count).escaped := p_escaped;
    g_escapes(g_escapes.count).truncated := p_truncated;
    g_escapes(g_escapes.count).error := p_error;
  end add_escape;

  procedure add_fixture(p_name in varchar2, p_request in clob, p_response in clob default null,
                        p_error in clob default null)
  is
  begin
    g_fixtures.extend;
    g_fixtures(g_fixtures.count).name := p_name;
    g_fixtures(g_fixtures.count).request := p_request;
    g_fixtures(g_fixtures.count).response := p_response;
    g_fixtures(g_fixtures.count).error := p_error;
  end add_fixture;

  procedure load_escapes
  is
  begin
    g_escapes := t_escape_list();
    -- genfixtures:begin escapes (search/keyword_escape/cases.json): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_escape(p_name => q'~single_word~', p_input => q'~"pizza"~',
               p_escaped => q'~"{pizza}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~two_words~', p_input => q'~"pizza release"~',
               p_escaped => q'~"{pizza} ACCUM {release}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~surrounding_spaces~', p_input => q'~"   pizza   "~',
               p_escaped => q'~"{pizza}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~tabs_and_newlines~', p_input => q'~"tab\tseparated\nlines\r\nend"~',
               p_escaped => q'~"{tab} ACCUM {separated} ACCUM {lines} ACCUM {end}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~empty~', p_input => q'~""~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~only_spaces~', p_input => q'~"   \t\n "~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~only_punctuation~', p_input => q'~"!!! ??"~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~only_operator_characters~', p_input => q'~"& | ~ , ; = ? ! $ > * - ( ) [ ]"~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~lone_percent~', p_input => q'~"%"~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~lone_underscore~', p_input => q'~"_"~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~lone_braces~', p_input => q'~"{ } }}{{"~',
               p_escaped => null, p_truncated => false, p_error => q'~no searchable word~');
    add_escape(p_name => q'~ampersand_inside_word~', p_input => q'~"AT&T"~',
               p_escaped => q'~"{AT&T}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~hyphenated_word~', p_input => q'~"high-voltage"~',
               p_escaped => q'~"{high-voltage}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~minus_between_words~', p_input => q'~"x - y"~',
               p_escaped => q'~"{x} ACCUM {y}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~operator_words~', p_input => q'~"pizza AND pasta OR NOT salad"~',
               p_escaped => q'~"{pizza} ACCUM {AND} ACCUM {pasta} ACCUM {OR} ACCUM {NOT} ACCUM {salad}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~lowercase_operator_words~', p_input => q'~"near about within"~',
               p_escaped => q'~"{near} ACCUM {about} ACCUM {within}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~reserved_function_syntax~', p_input => q'~"ABOUT(cats) NEAR((a,b),5)"~',
               p_escaped => q'~"{ABOUT(cats)} ACCUM {NEAR((a,b),5)}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~fuzzy_stem_soundex_prefixes~', p_input => q'~"?fuzzy $stem !soundex"~',
               p_escaped => q'~"{?fuzzy} ACCUM {$stem} ACCUM {!soundex}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~threshold_and_weight~', p_input => q'~"pizza*3 dessert>10"~',
               p_escaped => q'~"{pizza*3} ACCUM {dessert>10}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~wildcards~', p_input => q'~"50% foo_bar %pizza%"~',
               p_escaped => q'~"{50%} ACCUM {foo_bar} ACCUM {%pizza%}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~closing_brace_inside_word~', p_input => q'~"a}b"~',
               p_escaped => q'~"{a}}b}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~trailing_closing_brace~', p_input => q'~"pizza}"~',
               p_escaped => q'~"{pizza}}}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~braced_input~', p_input => q'~"{pizza}"~',
               p_escaped => q'~"{{pizza}}}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~dollar_braces~', p_input => q'~"${x}"~',
               p_escaped => q'~"{${x}}}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~single_quotes~', p_input => q'~"it's O'Brien"~',
               p_escaped => q'~"{it's} ACCUM {O'Brien}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~double_quotes~', p_input => q'~"\"quoted phrase\""~',
               p_escaped => q'~"{\"quoted} ACCUM {phrase\"}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~backslash~', p_input => q'~"back\\slash C:\\temp"~',
               p_escaped => q'~"{back\\slash} ACCUM {C:\\temp}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~comma_semicolon_in_word~', p_input => q'~"a,b;c"~',
               p_escaped => q'~"{a,b;c}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~punctuation_tokens_dropped~', p_input => q'~"pizza , ; - pasta"~',
               p_escaped => q'~"{pizza} ACCUM {pasta}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~accented_letters~', p_input => q'~"caf\u00e9 cr\u00e8me"~',
               p_escaped => q'~"{caf\u00e9} ACCUM {cr\u00e8me}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~cjk~', p_input => q'~"\u65e5\u672c\u8a9e \u691c\u7d22"~',
               p_escaped => q'~"{\u65e5\u672c\u8a9e} ACCUM {\u691c\u7d22}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~non_ascii_punctuation_kept~', p_input => q'~"\u2014 \u2026"~',
               p_escaped => q'~"{\u2014} ACCUM {\u2026}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~no_break_space_is_not_a_separator~', p_input => q'~"a\u00a0b"~',
               p_escaped => q'~"{a\u00a0b}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~sql_injection_attempt~', p_input => q'~"') or 1=1 --"~',
               p_escaped => q'~"{or} ACCUM {1=1}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~contains_injection_attempt~', p_input => q'~"pizza} OR {x"~',
               p_escaped => q'~"{pizza}}} ACCUM {OR} ACCUM {{x}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~stopwords_kept~', p_input => q'~"the of and"~',
               p_escaped => q'~"{the} ACCUM {of} ACCUM {and}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~numbers~', p_input => q'~"2026 42"~',
               p_escaped => q'~"{2026} ACCUM {42}"~', p_truncated => false, p_error => null);
    add_escape(p_name => q'~truncated_at_4000_bytes~', p_input => q'~"w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w"~',
               p_escaped => q'~"{w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM~'
        || q'~ {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w} ACCUM {w}"~', p_truncated => true, p_error => null);
    add_escape(p_name => q'~single_word_longer_than_limit~', p_input => q'~"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx~'
        || q'~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"~',
               p_escaped => null, p_truncated => false, p_error => q'~longer than 4000 bytes~');
    -- genfixtures:end escapes
  end load_escapes;

  procedure load_fixtures
  is
  begin
    g_fixtures := t_fixture_list();
    -- genfixtures:begin fixtures (search/<name>.*.json): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_fixture(p_name => q'~any_blank_query~',
                p_request => q'~{"query": "  \t "}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query", "non-space character"]}~');
    add_fixture(p_name => q'~any_include_invalid_not_boolean~',
                p_request => q'~{"query_vector": [1, 0, 0], "include_invalid_results": "no"}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["include_invalid_results", "true or false"]}~');
    add_fixture(p_name => q'~any_k_fraction~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 2.5}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["k", "2.5", "whole number"]}~');
    add_fixture(p_name => q'~any_k_null~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": null}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["k", "null", "whole number"]}~');
    add_fixture(p_name => q'~any_k_zero~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 0}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["k", "0", "whole number"]}~');
    add_fixture(p_name => q'~any_max_linked_results_negative~',
                p_request => q'~{"query_vector": [1, 0, 0], "max_linked_results": -1}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["max_linked_results", "-1", "0 to 1000"]}~');
    add_fixture(p_name => q'~any_metadata_filter_bad_key~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": {"a\"b": 1}}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["metadata_filter", "double quotes"]}~');
    add_fixture(p_name => q'~any_metadata_filter_not_object~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": "slack"}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["metadata_filter", "JSON object or null"]}~');
    add_fixture(p_name => q'~any_metadata_filter_unknown_operator~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": {"tags": {"$in": ["prod"]}}}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["metadata_filter.tags.$in", "unknown operator"]}~');
    add_fixture(p_name => q'~any_no_query~',
                p_request => q'~{"k": 3}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["exactly one of query, query_vector and query_vectors"]}~');
    add_fixture(p_name => q'~any_num_hops_out_of_range~',
                p_request => q'~{"query_vector": [1, 0, 0], "num_hops": 6}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["num_hops", "6", "0 to 5"]}~');
    add_fixture(p_name => q'~any_query_and_query_vector~',
                p_request => q'~{"query": "pizza", "query_vector": [1, 0, 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["exactly one of query, query_vector and query_vectors", "query_vector"]}~');
    add_fixture(p_name => q'~any_query_not_string~',
                p_request => q'~{"query": 42}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query", "string"]}~');
    add_fixture(p_name => q'~any_query_vector_all_zero~',
                p_request => q'~{"query_vector": [0, 0, 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector", "zero"]}~');
    add_fixture(p_name => q'~any_query_vector_empty~',
                p_request => q'~{"query_vector": []}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector", "empty"]}~');
    add_fixture(p_name => q'~any_query_vector_float32_overflow~',
                p_request => q'~{"query_vector": [1e+39, 0, 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector[0]", "FLOAT32"]}~');
    add_fixture(p_name => q'~any_query_vector_nested~',
                p_request => q'~{"query_vector": [[1, 0, 0]]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector[0]", "number"]}~');
    add_fixture(p_name => q'~any_query_vector_string_element~',
                p_request => q'~{"query_vector": [1, "0", 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector[1]", "number"]}~');
    add_fixture(p_name => q'~any_query_vectors_empty~',
                p_request => q'~{"query_vectors": []}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vectors", "1 to 16"]}~');
    add_fixture(p_name => q'~any_query_vectors_too_many~',
                p_request => q'~{"query_vectors": [[1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0]]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vectors", "17", "16"]}~');
    add_fixture(p_name => q'~any_record_types_empty~',
                p_request => q'~{"query_vector": [1, 0, 0], "record_types": []}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["record_types", "at least one"]}~');
    add_fixture(p_name => q'~any_record_types_unknown~',
                p_request => q'~{"query_vector": [1, 0, 0], "record_types": ["memory", "memories"]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["record_types", "memories", "user_profile"]}~');
    add_fixture(p_name => q'~any_search_strategy_unknown~',
                p_request => q'~{"query_vector": [1, 0, 0], "search_strategy": "FUZZY"}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["search_strategy", "FUZZY", "KEYWORD"]}~');
    add_fixture(p_name => q'~any_thread_id_too_long~',
                p_request => q'~{"query_vector": [1, 0, 0], "thread_id": "ttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt"}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["thread_id", "128"]}~');
    add_fixture(p_name => q'~any_unknown_key~',
                p_request => q'~{"query_vector": [1, 0, 0], "exact_user_match": true}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["exact_user_match", "not allowed", "user_id"]}~');
    add_fixture(p_name => q'~any_user_id_empty_string~',
                p_request => q'~{"query_vector": [1, 0, 0], "user_id": ""}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["user_id", "empty", "null"]}~');
    add_fixture(p_name => q'~any_user_id_number~',
                p_request => q'~{"query_vector": [1, 0, 0], "user_id": 42}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["user_id", "string or null"]}~');
    add_fixture(p_name => q'~hybrid_query_vector_dimension~',
                p_request => q'~{"query_vector": [1, 0, 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector", "3", "384"]}~');
    add_fixture(p_name => q'~keyword_only_punctuation~',
                p_request => q'~{"query": "!!! ?? -"}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query", "no searchable word"]}~');
    add_fixture(p_name => q'~keyword_pizza~',
                p_request => q'~{"query": "pizza", "k": 5}~',
                p_response => q'~{"search_strategy": "KEYWORD", "query_chunks": 1, "results": [{"record": {"record_type": "agent_profile", "id": "a1", "content": "Pizza ordering agent.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.88, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.88, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.88, "linked_results": []}, {"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.91, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~keyword_query_vector_rejected~',
                p_request => q'~{"query_vector": [1, 0, 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector", "KEYWORD", "query"]}~');
    add_fixture(p_name => q'~keyword_search_strategy_hybrid~',
                p_request => q'~{"query": "pizza", "search_strategy": "HYBRID"}~',
                p_error => q'~{"code": -20105, "name": "INCOMPATIBLE_STORE", "message_contains": ["search_strategy", "HYBRID", "KEYWORD"]}~');
    add_fixture(p_name => q'~vector_agent_exact_with_profile~',
                p_request => q'~{"query_vector": [1, 0, 0], "agent_id": "a1"}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.04, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.2, "linked_results": []}, {"record": {"record_type": "agent_profile", "id": "a1", "content": "Pizza ordering agent.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.4, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_all_scopes_none~',
                p_request => q'~{"query_vector": [1, 0, 0], "user_id": null, "agent_id": null, "thread_id": null}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.4, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_default_types~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 3}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}, {"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.04, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.2, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_exclude_invalid~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": {"source": "slack"}, "include_invalid_results": false}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_arguments_zero~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "num_hops": 0, "max_linked_results": 0}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_cycle_five_hops~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "num_hops": 5}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-2", "source_record_id": "fact-d", "source_record_type": "fact", "target_record_id": "mem-a", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-3", "source_record_id": "mem-b", "source_record_type": "memory", "target_record_id": "mem-c", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-5", "source_record_id": "mem-i", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.00~'
        || q'~0000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_exclude_invalid~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "include_invalid_results": false, "num_hops": 2}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-2", "source_record_id": "fact-d", "source_record_type": "fact", "target_record_id": "mem-a", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-3", "source_record_id": "mem-b", "source_record_type": "memory", "target_record_id": "mem-c", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_max_linked~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "num_hops": 2, "max_linked_results": 3}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-2", "source_record_id": "fact-d", "source_record_type": "fact", "target_record_id": "mem-a", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-3", "source_record_id": "mem-b", "source_record_type": "memory", "target_record_id": "mem-c", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_max_linked_zero~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "num_hops": 2, "max_linked_results": 0}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_message_not_expanded~',
                p_request => q'~{"query_vector": [0.96, 0.28, 0], "k": 2, "record_types": ["message", "memory"], "num_hops": 1}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.0, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.04, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_metadata_cut~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "metadata_filter": {"source": "slack"}, "num_hops": 3}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_one_hop~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "num_hops": 1}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-2", "source_record_id": "fact-d", "source_record_type": "fact", "target_record_id": "mem-a", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_record_types~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "record_types": ["memory"], "num_hops": 2}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-3", "source_record_id": "mem-b", "source_record_type": "memory", "target_record_id": "mem-c", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-5", "source_record_id": "mem-i", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_two_hops~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "num_hops": 2}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-2", "source_record_id": "fact-d", "source_record_type": "fact", "target_record_id": "mem-a", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-3", "source_record_id": "mem-b", "source_record_type": "memory", "target_record_id": "mem-c", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-5", "source_record_id": "mem-i", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.00~'
        || q'~0000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_two_results~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 2, "record_types": ["memory", "fact"], "num_hops": 1}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-2", "source_record_id": "fact-d", "source_record_type": "fact", "target_record_id": "mem-a", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}, {"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.2, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "t~'
        || q'~ags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-3", "source_record_id": "mem-b", "source_record_type": "memory", "target_record_id": "mem-c", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-5", "source_record_id": "mem-i", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_graph_user_scope~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 1, "user_id": "u1", "num_hops": 3}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": [{"relation": {"id": "rel-1", "source_record_id": "mem-a", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "supports", "opposite_relation_type": "is_supported_by", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": {"why": "graph fixture"}, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}, {"relation": {"id": "rel-5", "source_record_id": "mem-i", "source_record_type": "memory", "target_record_id": "mem-b", "target_record_type": "memory", "relation_type": "contradicts", "opposite_relation_type": "contradicts", "timestamp": "2026-11-30T10:00:00.000000Z", "metadata": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z"}, "record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}}]}], "warnings": []}~');
    add_fixture(p_name => q'~vector_metadata_array_contains~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": {"tags": {"$array_contains": "prod"}}}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_metadata_nested~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": {"review": {"status": "open"}}}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.2, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_metadata_none~',
                p_request => q'~{"query_vector": [0, 1, 0], "k": 3, "metadata_filter": null}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}, {"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.72, "linked_results": []}, {"record": {"record_type": "agent_profile", "id": "a1", "content": "Pizza ordering agent.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 1.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_metadata_not_missing_field~',
                p_request => q'~{"query_vector": [1, 0, 0], "record_types": ["memory", "fact"], "metadata_filter": {"source": {"$not": "slack"}}}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.2, "linked_results": []}, {"record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.4, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 1.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_metadata_scalar~',
                p_request => q'~{"query_vector": [1, 0, 0], "metadata_filter": {"source": "slack"}}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.72, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_query_text_without_model~',
                p_request => q'~{"query": "pizza"}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query", "embedding model", "query_vector"]}~');
    add_fixture(p_name => q'~vector_query_vector_dimension~',
                p_request => q'~{"query_vector": [1, 0]}~',
                p_error => q'~{"code": -20100, "name": "INVALID_ARGUMENT", "message_contains": ["query_vector", "2", "3"]}~');
    add_fixture(p_name => q'~vector_record_types_profiles~',
                p_request => q'~{"query_vector": [1, 0, 0], "record_types": ["user_profile", "agent_profile"]}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "agent_profile", "id": "a1", "content": "Pizza ordering agent.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.4, "linked_results": []}, {"record": {"record_type": "user_profile", "id": "u1", "content": "Prefers concise answers.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 1.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_rrf_query_vectors~',
                p_request => q'~{"query_vectors": [[1, 0, 0], [0, 1, 0]], "k": 3}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 2, "results": [{"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.031746031746, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.5, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-c", "content": "green salad", "thread_id": null, "user_id": "u2", "agent_id": null, "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.5, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_search_strategy_mismatch~',
                p_request => q'~{"query_vector": [1, 0, 0], "search_strategy": "HYBRID"}~',
                p_error => q'~{"code": -20105, "name": "INCOMPATIBLE_STORE", "message_contains": ["search_strategy", "HYBRID", "VECTOR"]}~');
    add_fixture(p_name => q'~vector_thread_exact~',
                p_request => q'~{"query_vector": [1, 0, 0], "thread_id": "t1"}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.04, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_user_exact~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 10, "user_id": "u1"}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "memory", "id": "mem-a", "content": "pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack", "tags": ["prod", "urgent"]}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.0, "linked_results": []}, {"record": {"record_type": "message", "id": "msg-1", "content": "I want pizza", "thread_id": "t1", "user_id": "u1", "agent_id": "a1", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null, "role": "user", "seq_no": 1}, "distance": 0.04, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-b", "content": "pasta preference", "thread_id": null, "user_id": "u1", "agent_id": "a1", "metadata": {"review": {"status": "open"}}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.2, "linked_results": []}, {"record": {"record_type": "memory", "id": "mem-i", "content": "old pizza preference", "thread_id": null, "user_id": "u1", "agent_id": null, "metadata": {"source": "slack"}, "status": "INVALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.72, "linked_results": []}, {"record": {"record_type": "user_profile", "id": "u1", "content": "Prefers concise answers.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 1.0, "linked_results": []}], "warnings": []}~');
    add_fixture(p_name => q'~vector_user_none~',
                p_request => q'~{"query_vector": [1, 0, 0], "k": 10, "user_id": null}~',
                p_response => q'~{"search_strategy": "VECTOR", "query_chunks": 1, "results": [{"record": {"record_type": "agent_profile", "id": "a1", "content": "Pizza ordering agent.", "metadata": null, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.4, "linked_results": []}, {"record": {"record_type": "fact", "id": "fact-d", "content": "likes cheese", "thread_id": null, "user_id": null, "agent_id": null, "metadata": {"source": "manual"}, "status": "VALID", "timestamp": "2026-11-30T10:00:00.000000Z", "event_timestamp": null, "created_at": "2026-11-30T10:00:00.000000Z", "updated_at": "2026-11-30T10:00:00.000000Z", "expires_at": null}, "distance": 0.4, "linked_results": []}], "warnings": []}~');
    -- genfixtures:end fixtures
  end load_fixtures;

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  -- The value of a JSON string given as JSON text ('"caf\u00e9"').
  function decoded(p_json_string in clob) return clob
  is
  begin
    return json_array_t.parse('[' || p_json_string || ']').get_clob(0);
  end decoded;

  function json_equal_text(p_a in clob, p_b in clob) return boolean
  is
    l_equal pls_integer;
  begin
    select case when json_equal(json(p_a), json(p_b)) then 1 else 0 end into l_equal from dual;
    return l_equal = 1;
  end json_equal_text;

  procedure add_failure(p_failures in out nocopy varchar2, p_text in varchar2)
  is
  begin
    p_failures := substr(p_failures || chr(10) || p_text, 1, 30000);
  end add_failure;

  procedure skipped(p_test in varchar2, p_reason in varchar2)
  is
  begin
    dbms_output.put_line('SKIPPED: test_agentmem_search.' || p_test || ': ' || p_reason);
  end skipped;

  -- Runs search; a package error comes back as its code and message.
  procedure call_search(p_store_id in varchar2, p_request in clob, p_response out clob, p_code out number,
                        p_message out varchar2)
  is
  begin
    p_code := null;
    p_response := dbms_agent_memory_store.search(p_store_id, p_request);
  exception
    when dbms_agent_memory_store.e_invalid_argument or dbms_agent_memory_store.e_not_found
      or dbms_agent_memory_store.e_duplicate_id or dbms_agent_memory_store.e_schema_missing
      or dbms_agent_memory_store.e_schema_outdated or dbms_agent_memory_store.e_incompatible_store
      or dbms_agent_memory_store.e_unsupported_release or dbms_agent_memory_store.e_end_user_context_required
      or dbms_agent_memory_store.e_end_user_context_forbidden or dbms_agent_memory_store.e_graph_expansion_timeout
      or dbms_agent_memory_store.e_privilege_missing or dbms_agent_memory_store.e_store_broken
      or dbms_agent_memory_store.e_embedding_failed then
      p_code := sqlcode;
      p_message := sqlerrm;
  end call_search;

  function searched(p_store_id in varchar2, p_request in clob) return json_object_t
  is
  begin
    return json_object_t.parse(dbms_agent_memory_store.search(p_store_id, p_request));
  end searched;

  -- A record object without the keys the data set cannot reproduce.
  function comparable(p_record in json_object_t) return clob
  is
    l_copy json_object_t := json_object_t.parse(p_record.to_clob);
  begin
    l_copy.remove('created_at');
    l_copy.remove('updated_at');
    l_copy.remove('seq_no');
    l_copy.remove('timestamp');
    l_copy.remove('event_timestamp');
    return l_copy.to_clob;
  end comparable;

  -- A relation object without the keys the data set cannot reproduce.
  function comparable_relation(p_relation in json_object_t) return clob
  is
    l_copy json_object_t := json_object_t.parse(p_relation.to_clob);
  begin
    l_copy.remove('created_at');
    l_copy.remove('updated_at');
    return l_copy.to_clob;
  end comparable_relation;

  -- Compares the linked_results of one hit: the same (relation, record)
  -- pairs in the same order (section 12).
  procedure compare_linked(p_what in varchar2, p_want in json_array_t, p_got in json_array_t,
                           p_failures in out nocopy varchar2)
  is
    l_w json_object_t;
    l_g json_object_t;
  begin
    if p_got is null then
      add_failure(p_failures, p_what || ': linked_results is missing');
      return;
    end if;
    if p_want.get_size <> p_got.get_size then
      add_failure(p_failures, p_what || ': ' || p_got.get_size || ' linked results, expected ' || p_want.get_size
                  || ': ' || substr(p_got.to_string, 1, 400));
      return;
    end if;
    for j in 0 .. p_want.get_size - 1 loop
      l_w := treat(p_want.get(j) as json_object_t);
      l_g := treat(p_got.get(j) as json_object_t);
      if not json_equal_text(comparable_relation(l_w.get_object('relation')),
                             comparable_relation(l_g.get_object('relation'))) then
        add_failure(p_failures, p_what || ': linked ' || j || ' relation differs: '
                    || substr(l_g.get_object('relation').to_string, 1, 400));
      elsif not json_equal_text(comparable(l_w.get_object('record')), comparable(l_g.get_object('record'))) then
        add_failure(p_failures, p_what || ': linked ' || j || ' record differs: '
                    || substr(l_g.get_object('record').to_string, 1, 400));
      end if;
    end loop;
  end compare_linked;

  -- Compares a response with a fixture: exactly (ids and types in order,
  -- distances within co_tolerance, records), or for Oracle Text scoring
  -- the set of ids and ascending distances in [0, 1].
  procedure compare_response(p_name in varchar2, p_expected in json_object_t, p_actual in json_object_t,
                             p_exact in boolean, p_failures in out nocopy varchar2)
  is
    l_want  json_array_t := p_expected.get_array('results');
    l_got   json_array_t := p_actual.get_array('results');
    l_a     json_object_t;
    l_b     json_object_t;
    l_ids_w varchar2(32767);
    l_ids_g varchar2(32767);
    l_prev  number := -1;
    l_want_text clob := p_expected.to_clob;
    l_got_text  clob := p_actual.to_clob;
  begin
    -- nvl: a key missing from the response must count as a difference.
    if p_expected.get_string('search_strategy') <> nvl(p_actual.get_string('search_strategy'), '-')
       or p_expected.get_number('query_chunks') <> nvl(p_actual.get_number('query_chunks'), -1) then
      add_failure(p_failures, p_name || ': strategy/query_chunks ' || p_actual.get_string('search_strategy') || '/'
                  || p_actual.get_number('query_chunks'));
    end if;
    if not json_equal_text(p_expected.get_array('warnings').to_clob, p_actual.get_array('warnings').to_clob) then
      add_failure(p_failures, p_name || ': warnings ' || p_actual.get_array('warnings').to_string);
    end if;
    if l_want.get_size <> l_got.get_size then
      add_failure(p_failures, p_name || ': ' || l_got.get_size || ' results, expected ' || l_want.get_size);
    end if;
    for i in 0 .. least(l_want.get_size, l_got.get_size) - 1 loop
      l_a := treat(l_want.get(i) as json_object_t);
      l_b := treat(l_got.get(i) as json_object_t);
      if p_exact then
        if l_a.get_object('record').get_string('id') <> l_b.get_object('record').get_string('id')
           or l_a.get_object('record').get_string('record_type') <> l_b.get_object('record').get_string('record_type') then
          add_failure(p_failures, p_name || ': result ' || i || ' is ' || l_b.get_object('record').get_string('id'));
        elsif abs(l_a.get_number('distance') - l_b.get_number('distance')) > co_tolerance then
          add_failure(p_failures, p_name || ': distance of ' || l_b.get_object('record').get_string('id') || ' is '
                      || l_b.get_number('distance') || ', expected ' || l_a.get_number('distance'));
        elsif not json_equal_text(comparable(l_a.get_object('record')), comparable(l_b.get_object('record'))) then
          add_failure(p_failures, p_name || ': record ' || l_b.get_object('record').get_string('id') || ' differs: '
                      || substr(l_b.get_object('record').to_string, 1, 400));
        end if;
      else
        if l_b.get_number('distance') is null
           or l_b.get_number('distance') < greatest(l_prev, 0) or l_b.get_number('distance') > 1 then
          add_failure(p_failures, p_name || ': distance ' || l_b.get_number('distance') || ' out of order or range');
        end if;
        l_prev := l_b.get_number('distance');
      end if;
      compare_linked(p_name || ': result ' || i, l_a.get_array('linked_results'), l_b.get_array('linked_results'),
                     p_failures);
    end loop;
    if not p_exact then
      select listagg(x.id, ',') within group (order by x.id) into l_ids_w
        from json_table(l_want_text, '$.results[*]' columns (id varchar2(512) path '$.record.id')) x;
      select listagg(x.id, ',') within group (order by x.id) into l_ids_g
        from json_table(l_got_text, '$.results[*]' columns (id varchar2(512) path '$.record.id')) x;
      if nvl(l_ids_w, '-') <> nvl(l_ids_g, '-') then
        add_failure(p_failures, p_name || ': ids ' || l_ids_g || ', expected ' || l_ids_w);
      end if;
    end if;
  end compare_response;

  -- Runs the fixtures whose name starts with p_prefix on p_store_id.
  function run_fixtures(p_prefix in varchar2, p_store_id in varchar2, p_exact in boolean) return varchar2
  is
    l_failures  varchar2(32767);
    l_response  clob;
    l_code      number;
    l_message   varchar2(4000 char);
    l_error     json_object_t;
    l_fragments json_array_t;
    l_ran       pls_integer := 0;
  begin
    for i in 1 .. g_fixtures.count loop
      if substr(g_fixtures(i).name, 1, length(p_prefix)) = p_prefix then
        l_ran := l_ran + 1;
        call_search(p_store_id, g_fixtures(i).request, l_response, l_code, l_message);
        if g_fixtures(i).error is not null then
          l_error := json_object_t.parse(g_fixtures(i).error);
          l_fragments := l_error.get_array('message_contains');
          if l_code is null then
            add_failure(l_failures, g_fixtures(i).name || ': accepted, expected ' || l_error.get_string('name'));
          elsif l_code <> l_error.get_number('code') then
            add_failure(l_failures, g_fixtures(i).name || ': ' || l_message);
          else
            for j in 0 .. l_fragments.get_size - 1 loop
              if instr(l_message, l_fragments.get_string(j)) = 0 then
                add_failure(l_failures, g_fixtures(i).name || ': message lacks ''' || l_fragments.get_string(j)
                            || ''': ' || l_message);
              end if;
            end loop;
          end if;
        elsif l_code is not null then
          add_failure(l_failures, g_fixtures(i).name || ': rejected: ' || l_message);
        else
          compare_response(g_fixtures(i).name, json_object_t.parse(g_fixtures(i).response),
                           json_object_t.parse(l_response), p_exact, l_failures);
        end if;
      end if;
    end loop;
    ut.expect(l_ran, 'fixtures named ' || p_prefix || '*').to_be_greater_than(0);
    return l_failures;
  end run_fixtures;

  ------------------------------------------------------------------------------
  -- Data set (docs/protocol-search.md section 11)
  ------------------------------------------------------------------------------

  procedure add_data(p_store_id in varchar2, p_request in clob, p_vectors in clob, p_with_vectors in boolean)
  is
    l_request  json_object_t := json_object_t.parse(p_request);
    l_response clob;
  begin
    if p_with_vectors then
      l_request.put('embeddings', json_array_t.parse(p_vectors));
    end if;
    l_response := dbms_agent_memory_store.add_records(p_store_id, l_request.to_clob);
  end add_data;

  procedure load_data(p_store_id in varchar2, p_with_vectors in boolean)
  is
  begin
    add_data(p_store_id, '{"record_type": "thread", "contents": [null], "record_ids": ["t1"], "user_ids": "u1",'
        || ' "agent_ids": "a1"}', null, false);
    add_data(p_store_id, '{"record_type": "memory",'
        || ' "contents": ["pizza preference", "pasta preference", "green salad", "old pizza preference", "expired pizza"],'
        || ' "record_ids": ["mem-a", "mem-b", "mem-c", "mem-i", "mem-x"],'
        || ' "user_ids": ["u1", "u1", "u2", "u1", "u1"], "agent_ids": [null, "a1", null, null, null],'
        || ' "metadata": [{"source": "slack", "tags": ["prod", "urgent"]}, {"review": {"status": "open"}}, null,'
        || ' {"source": "slack"}, null],'
        || ' "statuses": ["VALID", "VALID", "VALID", "INVALID", "VALID"]}',
        '[[1, 0, 0], [0.8, 0.6, 0], [0, 1, 0], [0.28, 0, 0.96], [1, 0, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "fact", "contents": ["likes cheese"], "record_ids": ["fact-d"],'
        || ' "metadata": [{"source": "manual"}]}', '[[0.6, 0.8, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "message", "contents": ["I want pizza"], "record_ids": ["msg-1"],'
        || ' "thread_ids": "t1", "user_ids": "u1", "agent_ids": "a1", "roles": "user"}',
        '[[0.96, 0.28, 0]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "user_profile", "contents": ["Prefers concise answers."], "record_ids": ["u1"]}',
        '[[0, 0, 1]]', p_with_vectors);
    add_data(p_store_id, '{"record_type": "agent_profile", "contents": ["Pizza ordering agent."], "record_ids": ["a1"]}',
        '[[0.6, 0, 0.8]]', p_with_vectors);
  end load_data;

  -- The relations of the graph fixtures (docs/protocol-search.md section
  -- 11), VECTOR store only: none of them is a lifecycle type, so no status
  -- changes. One call: the relations share created_at and come in id order.
  -- rel-6 links mem-a to mem-x before mem-x is expired (setup_suite): every
  -- graph fixture then checks that an expired record is never linked.
  procedure load_relations(p_store_id in varchar2)
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.add_relations(p_store_id,
      '{"relation_ids": ["rel-1", "rel-2", "rel-3", "rel-4", "rel-5", "rel-6"],'
      || ' "source_record_ids": ["mem-a", "fact-d", "mem-b", "mem-c", "mem-i", "mem-a"],'
      || ' "source_record_types": ["memory", "fact", "memory", "memory", "memory", "memory"],'
      || ' "target_record_ids": ["mem-b", "mem-a", "mem-c", "mem-i", "mem-b", "mem-x"], "target_record_types": "memory",'
      || ' "relation_types": ["supports", "supports", "contradicts", "mentions", "contradicts", "supports"],'
      || ' "timestamps": "2026-11-30T10:00:00Z", "metadata": [{"why": "graph fixture"}, null, null, null, null, null]}');
  end load_relations;

  procedure drop_quietly(p_store_id in varchar2)
  is
  begin
    dbms_agent_memory_store.drop_store(p_store_id);
  exception
    when dbms_agent_memory_store.e_not_found then
      null;   -- already gone: the goal of a cleanup
  end drop_quietly;

  -- Drops the test stores whose key sorts after p_after (all for NULL). A
  -- store that fails to drop must not keep the later ones: they are tried
  -- before the failure is raised, and each failure is printed.
  procedure drop_stores_after(p_after in varchar2)
  is
    l_error varchar2(4000 char);
  begin
    for r in (select store_key from agentmem_store_registry
               where store_key like 'UTS\_SRCH%' escape '\'
                 and (p_after is null or nlssort(store_key, 'NLS_SORT=BINARY') > nlssort(p_after, 'NLS_SORT=BINARY'))
               order by nlssort(store_key, 'NLS_SORT=BINARY')) loop
      begin
        drop_quietly(r.store_key);
      exception
        when others then
          l_error := sqlerrm;   -- kept before the calls below can replace it
          dbms_output.put_line('test_agentmem_search: dropping ' || r.store_key || ' failed: ' || l_error);
          drop_stores_after(r.store_key);
          raise_application_error(-20000, 'test_agentmem_search: dropping ' || r.store_key || ' failed: ' || l_error);
      end;
    end loop;
  end drop_stores_after;

  procedure drop_test_stores
  is
  begin
    drop_stores_after(null);
  end drop_test_stores;

  procedure open_store(p_request in varchar2)
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.open_store(p_request);
  end open_store;

  function text_installed return boolean
  is
    l_count pls_integer;
  begin
    select count(*) into l_count from all_users where username = 'CTXSYS';
    return l_count > 0;
  end text_installed;

  -- Why HYBRID cannot run here (feature absent), or NULL: Oracle Text, the
  -- model, the release. Only these conditions skip the HYBRID tests.
  function hybrid_possible return varchar2
  is
    l_models  pls_integer;
    l_version varchar2(160 char);
  begin
    if not text_installed then
      return 'Oracle Text is not installed (no user CTXSYS)';
    end if;
    select count(*) into l_models from user_mining_models where model_name = co_hybrid_model;
    if l_models = 0 then
      return 'no in-database model ' || co_hybrid_model || ' in this schema (USER_MINING_MODELS)';
    end if;
    select max(version_full) into l_version from product_component_version where version_full is not null;
    if to_number(regexp_substr(l_version, '[0123456789]+', 1, 1, 'c')) * 1000 + to_number(regexp_substr(l_version, '[0123456789]+', 1, 2, 'c'))
       < 23006 then
      return 'release ' || l_version || ' is before 23.6';
    end if;
    return null;
  end hybrid_possible;

  -- Skips only when Oracle Text is absent, checked explicitly; any other
  -- failure (a broken index, a missing grant) fails the whole suite.
  procedure setup_keyword
  is
  begin
    if not text_installed then
      g_keyword_why := 'Oracle Text is not installed (no user CTXSYS)';
      return;
    end if;
    open_store('{"memory_store_id": "' || co_keyword_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "KEYWORD"}');
    load_data(co_keyword_store, false);
    execute immediate 'update uts_srch_k_memory set expires_at = systimestamp - interval ''1'' day'
      || ' where record_id = ''mem-x''';
    execute immediate 'update uts_srch_k_record_chunks set expires_at = systimestamp - interval ''1'' day'
      || ' where source_id = ''mem-x''';
    open_store('{"memory_store_id": "' || co_manual_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "KEYWORD", "search_index_sync": "MANUAL"}');
    commit;   -- ON_COMMIT: rows become searchable when committed
    g_keyword_ready := true;
  end setup_keyword;

  procedure setup_rounds
  is
    l_request json_object_t := json_object_t();
    l_texts   json_array_t := json_array_t();
    l_ids     json_array_t := json_array_t();
    l_vectors json_array_t := json_array_t();
  begin
    open_store('{"memory_store_id": "' || co_rounds_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "VECTOR", "vector_dim": 3}');
    add_data(co_rounds_store, '{"record_type": "memory", "contents": ["near slack", "far slack"],'
        || ' "record_ids": ["r-near", "r-far"], "metadata": {"source": "slack"}}',
        '[[1, 0, 0], [0, 0, 1]]', true);
    -- 100 records nearer than r-far that the filter rejects.
    for i in 1 .. 100 loop
      l_texts.append('bulk ' || i);
      l_ids.append('bulk-' || i);
      l_vectors.append(json_array_t.parse('[1, 0.01, 0]'));
    end loop;
    l_request.put('record_type', 'memory');
    l_request.put('contents', l_texts);
    l_request.put('record_ids', l_ids);
    l_request.put('metadata', json_object_t.parse('{"bulk": true}'));
    add_data(co_rounds_store, l_request.to_clob, l_vectors.to_clob, true);
    -- Scope filter that removes most rows: 200 records of user u-many
    -- nearer to [0, 1, 0] than the 3 of user u-few.
    l_request := json_object_t();
    l_texts := json_array_t();
    l_ids := json_array_t();
    l_vectors := json_array_t();
    for i in 1 .. 200 loop
      l_texts.append('many ' || i);
      l_ids.append('many-' || i);
      l_vectors.append(json_array_t.parse('[0, 1, 0.01]'));
    end loop;
    l_request.put('record_type', 'memory');
    l_request.put('contents', l_texts);
    l_request.put('record_ids', l_ids);
    l_request.put('user_ids', 'u-many');
    add_data(co_rounds_store, l_request.to_clob, l_vectors.to_clob, true);
    add_data(co_rounds_store, '{"record_type": "memory", "contents": ["few 1", "few 2", "few 3"],'
        || ' "record_ids": ["few-1", "few-2", "few-3"], "user_ids": "u-few"}',
        '[[0, 0.8, 0.6], [0, 0.6, 0.8], [0, 0, 1]]', true);
    commit;
  end setup_rounds;

  -- INVALID records of a memory type and of other types, for
  -- include_invalid_results=false.
  procedure setup_status
  is
  begin
    open_store('{"memory_store_id": "' || co_status_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "VECTOR", "vector_dim": 3}');
    add_data(co_status_store, '{"record_type": "thread", "contents": [null], "record_ids": ["st1"]}', null, false);
    add_data(co_status_store, '{"record_type": "memory", "contents": ["bad memory", "good memory"],'
        || ' "record_ids": ["s-mem-i", "s-mem-v"], "statuses": ["INVALID", "VALID"]}',
        '[[1, 0, 0], [0.8, 0.6, 0]]', true);
    add_data(co_status_store, '{"record_type": "fact", "contents": ["bad fact"], "record_ids": ["s-fact-i"],'
        || ' "statuses": ["INVALID"]}', '[[1, 0, 0]]', true);
    add_data(co_status_store, '{"record_type": "message", "contents": ["old message"], "record_ids": ["s-msg-i"],'
        || ' "thread_ids": "st1", "roles": "user", "statuses": ["INVALID"]}', '[[1, 0, 0]]', true);
    add_data(co_status_store, '{"record_type": "user_profile", "contents": ["old profile"], "record_ids": ["s-u1"],'
        || ' "statuses": ["INVALID"]}', '[[1, 0, 0]]', true);
    commit;
  end setup_status;

  ------------------------------------------------------------------------------
  -- Suite
  ------------------------------------------------------------------------------

  procedure setup_suite
  is
  begin
    load_escapes;
    load_fixtures;
    drop_test_stores;
    open_store('{"memory_store_id": "' || co_vector_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
               || ' "search_strategy": "VECTOR", "vector_dim": 3}');
    load_data(co_vector_store, true);
    load_relations(co_vector_store);
    -- mem-x is the nearest record to [1, 0, 0] and must never appear.
    execute immediate 'update uts_srch_v_memory set expires_at = systimestamp - interval ''1'' day'
      || ' where record_id = ''mem-x''';
    execute immediate 'update uts_srch_v_record_chunks set expires_at = systimestamp - interval ''1'' day'
      || ' where source_id = ''mem-x''';
    commit;
    setup_keyword;
    g_hybrid_why := hybrid_possible;
    if g_hybrid_why is null then
      -- The features are present: a failure here is a defect, not a skip.
      open_store('{"memory_store_id": "' || co_hybrid_store || '", "schema_policy": "CREATE_IF_NECESSARY",'
                 || ' "search_strategy": "HYBRID", "embedding_model": "' || co_hybrid_model || '"}');
      g_hybrid_ready := true;
    end if;
    setup_rounds;
    setup_status;
  end setup_suite;

  -- Rolls back first, as the records suites do: after a failed setup with
  -- uncommitted rows, the autonomous drops would wait on this session's
  -- row locks and fail.
  procedure cleanup_suite
  is
  begin
    rollback;
    drop_test_stores;
  end cleanup_suite;

  ------------------------------------------------------------------------------
  -- Keyword text
  ------------------------------------------------------------------------------

  procedure keyword_escape_cases
  is
    l_escaped  varchar2(4000 char);
    l_kept     pls_integer;
    l_dropped  pls_integer;
    l_outcome  varchar2(8 char);
    l_failures varchar2(32767);
  begin
    ut.expect(g_escapes.count, 'escape cases loaded').to_equal(39);
    for i in 1 .. g_escapes.count loop
      l_outcome := agentmem_search_keyword.escape(dbms_lob.substr(decoded(g_escapes(i).input), 8191, 1),
                                                  l_escaped, l_kept, l_dropped);
      if g_escapes(i).escaped is null then
        -- A NULL outcome makes the condition NULL: tested on its own so it fails.
        if l_outcome is null
           or not (l_outcome = agentmem_search_keyword.co_no_word and g_escapes(i).error like '%no searchable word%'
                   or l_outcome = agentmem_search_keyword.co_too_long and g_escapes(i).error like '%longer than 4000 bytes%')
        then
          add_failure(l_failures, g_escapes(i).name || ': ' || l_outcome || ' ' || l_escaped
                      || ', expected the rejection ' || g_escapes(i).error);
        end if;
      -- NULL checks first: a comparison with NULL is NULL and would pass.
      elsif l_outcome is null or l_escaped is null or l_dropped is null
            or l_outcome <> agentmem_search_keyword.co_ok
            or l_escaped <> dbms_lob.substr(decoded(g_escapes(i).escaped), 4000, 1)
            or (l_dropped > 0) <> g_escapes(i).truncated then
        add_failure(l_failures, g_escapes(i).name || ': ' || l_outcome || ' ' || substr(l_escaped, 1, 200)
                    || ' (dropped ' || l_dropped || ')');
      end if;
    end loop;
    ut.expect(l_failures, 'escaping differs from keyword_escape/cases.json').to_be_null();
  end keyword_escape_cases;

  procedure hybrid_params_shape
  is
    l_params json_object_t;
  begin
    l_params := json_object_t.parse(agentmem_search_keyword.hybrid_params(
                  'APP.MEM01_RECORD_CHUNKS_HYB_IX', 'a "quoted" \ text', null, '{pizza} ACCUM {x}', false, 80));
    ut.expect(l_params.get_string('hybrid_index_name')).to_equal('APP.MEM01_RECORD_CHUNKS_HYB_IX');
    ut.expect(l_params.get_string('search_scorer')).to_equal('RSF');
    ut.expect(l_params.get_string('search_fusion')).to_equal('UNION');
    ut.expect(l_params.has('search_text'), 'no top-level search_text').to_be_false();
    ut.expect(l_params.get_object('vector').get_string('search_text')).to_equal('a "quoted" \ text');
    ut.expect(l_params.get_object('vector').get_string('search_mode')).to_equal('DOCUMENT');
    ut.expect(l_params.get_object('vector').get_string('aggregator')).to_equal('MAX');
    ut.expect(l_params.get_object('vector').get_number('result_max')).to_equal(80);
    ut.expect(l_params.get_object('text').get_string('contains')).to_equal('{pizza} ACCUM {x}');
    ut.expect(l_params.get_object('text').get_number('result_max')).to_equal(80);
    ut.expect(l_params.get_object('return').get_number('topN')).to_equal(80);
    ut.expect(l_params.get_object('return').get_array('values').to_string).to_equal('["rowid","score"]');

    l_params := json_object_t.parse(agentmem_search_keyword.hybrid_params(
                  'APP.IX', null, '[1,0,0]', null, false, 20));
    ut.expect(l_params.get_object('vector').get_string('search_vector'), 'query vector').to_equal('[1,0,0]');
    ut.expect(l_params.get_object('vector').has('search_text'), 'no search_text with a vector').to_be_false();
    ut.expect(l_params.has('text'), 'no text object without a text query').to_be_false();

    l_params := json_object_t.parse(agentmem_search_keyword.hybrid_params(
                  'APP.IX', 'pizza', null, '{pizza}', true, 20));
    ut.expect(l_params.has('vector'), 'text only: no vector object').to_be_false();
    ut.expect(l_params.get_object('text').get_string('contains')).to_equal('{pizza}');
  end hybrid_params_shape;

  procedure escape_huge_word
  is
    l_escaped varchar2(4000 char);
    l_kept    pls_integer;
    l_dropped pls_integer;
    l_outcome varchar2(8 char);
  begin
    -- Braced, 'a' and 20000 '}' would be 40003 bytes: decided from the
    -- token's length, before any bracing.
    l_outcome := agentmem_search_keyword.escape('a' || rpad('}', 20000, '}'), l_escaped, l_kept, l_dropped);
    ut.expect(l_outcome, 'first word').to_equal(agentmem_search_keyword.co_too_long);
    -- After a kept word, the same token is cut like any word that does not fit.
    l_outcome := agentmem_search_keyword.escape('pizza a' || rpad('}', 20000, '}') || ' pasta', l_escaped, l_kept,
                                                l_dropped);
    ut.expect(l_outcome, 'later word').to_equal(agentmem_search_keyword.co_ok);
    ut.expect(l_escaped, 'kept text').to_equal('{pizza}');
    ut.expect(l_dropped, 'dropped words').to_equal(2);
  end escape_huge_word;

  ------------------------------------------------------------------------------
  -- Golden fixtures
  ------------------------------------------------------------------------------

  procedure vector_fixtures
  is
    l_failures varchar2(32767);
  begin
    l_failures := run_fixtures('vector_', co_vector_store, true);
    add_failure(l_failures, run_fixtures('any_', co_vector_store, true));
    ut.expect(trim(chr(10) from l_failures), 'fixtures that differ').to_be_null();
  end vector_fixtures;

  procedure keyword_fixtures
  is
  begin
    if not g_keyword_ready then
      skipped('keyword_fixtures', g_keyword_why);
      return;
    end if;
    ut.expect(run_fixtures('keyword_', co_keyword_store, false), 'fixtures that differ').to_be_null();
  end keyword_fixtures;

  procedure hybrid_fixtures
  is
  begin
    if not g_hybrid_ready then
      skipped('hybrid_fixtures', g_hybrid_why);
      return;
    end if;
    ut.expect(run_fixtures('hybrid_', co_hybrid_store, false), 'fixtures that differ').to_be_null();
  end hybrid_fixtures;

  ------------------------------------------------------------------------------
  -- Behaviour
  ------------------------------------------------------------------------------

  procedure search_rows_match_search
  is
    -- With num_hops: search_rows returns the direct results only (G7).
    co_request constant varchar2(100 char) := '{"query_vector": [1, 0, 0], "k": 10, "user_id": "u1", "num_hops": 2}';
    l_results  json_array_t := searched(co_vector_store, co_request).get_array('results');
    l_record   json_object_t;
    l_ranks    dbms_sql.number_table;
    l_ids      dbms_sql.varchar2_table;
    l_dists    dbms_sql.number_table;
    l_users    dbms_sql.varchar2_table;
    l_agents   dbms_sql.varchar2_table;
    l_threads  dbms_sql.varchar2_table;
  begin
    select r.rank, r.record_id, r.distance, r.user_id, r.agent_id, r.thread_id
      bulk collect into l_ranks, l_ids, l_dists, l_users, l_agents, l_threads
      from dbms_agent_memory_store.search_rows(co_vector_store, co_request) r
     order by r.rank;
    ut.expect(l_ids.count, 'rows').to_equal(l_results.get_size);
    ut.expect(l_ids.count, 'rows').to_be_greater_than(0);
    ut.expect(treat(l_results.get(0) as json_object_t).get_array('linked_results').get_size,
              'search expands mem-a (rank 1)').to_be_greater_than(0);
    for i in 1 .. l_ids.count loop
      l_record := treat(l_results.get(i - 1) as json_object_t).get_object('record');
      ut.expect(l_ranks(i), 'rank').to_equal(i);
      ut.expect(l_ids(i), 'record_id of rank ' || i).to_equal(l_record.get_string('id'));
      ut.expect(abs(l_dists(i) - treat(l_results.get(i - 1) as json_object_t).get_number('distance')),
                'distance of ' || l_ids(i)).to_be_less_than(co_tolerance);
      if l_ids(i) = 'u1' then
        ut.expect(l_users(i) || '|' || l_agents(i) || '|' || l_threads(i), 'profile scope').to_equal('u1||');
      elsif l_ids(i) = 'msg-1' then
        ut.expect(l_users(i) || '|' || l_agents(i) || '|' || l_threads(i), 'message scope').to_equal('u1|a1|t1');
      end if;
    end loop;
  end search_rows_match_search;

  procedure read_only_from_sql
  is
    l_response clob;
    l_count    pls_integer;
  begin
    commit;
    select dbms_agent_memory_store.search(co_vector_store, '{"query_vector": [1, 0, 0], "k": 3}')
      into l_response from dual;
    ut.expect(json_object_t.parse(l_response).get_array('results').get_size, 'search in SQL').to_equal(3);
    select count(*) into l_count
      from dbms_agent_memory_store.search_rows(co_vector_store, '{"query_vector": [1, 0, 0], "k": 3}');
    ut.expect(l_count, 'search_rows in SQL').to_equal(3);
    ut.expect(dbms_transaction.local_transaction_id, 'transaction after searching').to_be_null();
  end read_only_from_sql;

  procedure failure_writes_nothing
  is
    l_before   number;
    l_after    number;
    l_response clob;
    l_code     number;
    l_message  varchar2(4000 char);
  begin
    commit;
    execute immediate 'select count(*) from uts_srch_v_record_chunks' into l_before;
    call_search(co_vector_store, '{"query_vector": [1, 0, 0], "num_hops": 2}', l_response, l_code, l_message);
    ut.expect(l_code, 'num_hops 2').to_equal(dbms_agent_memory_store.co_invalid_argument);
    call_search(co_vector_store, '{"query": "pizza"}', l_response, l_code, l_message);
    ut.expect(l_code, 'query without a model').to_equal(dbms_agent_memory_store.co_invalid_argument);
    call_search(co_vector_store, '{"query_vector": [1, 0, 0], "metadata_filter": {"a": {"$in": [1]}}}',
                l_response, l_code, l_message);
    ut.expect(l_code, 'bad filter').to_equal(dbms_agent_memory_store.co_invalid_argument);
    execute immediate 'select count(*) from uts_srch_v_record_chunks' into l_after;
    ut.expect(l_after, 'chunk rows').to_equal(l_before);
    ut.expect(dbms_transaction.local_transaction_id, 'transaction after failures').to_be_null();
  end failure_writes_nothing;

  procedure expired_never_returned
  is
    l_results json_array_t := searched(co_vector_store,
      '{"query_vector": [1, 0, 0], "k": 1000, "record_types": ["memory", "message", "fact", "user_profile",'
      || ' "agent_profile"]}').get_array('results');
    l_ids     varchar2(32767);
  begin
    for i in 0 .. l_results.get_size - 1 loop
      l_ids := l_ids || '|' || treat(l_results.get(i) as json_object_t).get_object('record').get_string('id');
    end loop;
    ut.expect(l_ids, 'results').not_to_be_like('%|mem-x%');
    ut.expect(l_ids, 'nearest unexpired first').to_be_like('|mem-a|%');
    ut.expect(l_results.get_size, 'every unexpired record').to_equal(8);
  end expired_never_returned;

  procedure rounds_fill_k
  is
    l_results json_array_t := searched(co_rounds_store,
      '{"query_vector": [1, 0, 0], "k": 2, "metadata_filter": {"source": "slack"}}').get_array('results');
  begin
    ut.expect(l_results.get_size, 'results').to_equal(2);
    ut.expect(treat(l_results.get(0) as json_object_t).get_object('record').get_string('id')).to_equal('r-near');
    ut.expect(treat(l_results.get(1) as json_object_t).get_object('record').get_string('id')).to_equal('r-far');
  end rounds_fill_k;

  -- Ids of a search response's results, '|'-separated with a leading '|'.
  function result_ids(p_results in json_array_t) return varchar2
  is
    l_ids varchar2(32767);
  begin
    for i in 0 .. p_results.get_size - 1 loop
      l_ids := l_ids || '|' || treat(p_results.get(i) as json_object_t).get_object('record').get_string('id');
    end loop;
    return l_ids;
  end result_ids;

  procedure scope_rounds_fill_k
  is
    l_results json_array_t := searched(co_rounds_store,
      '{"query_vector": [0, 1, 0], "k": 3, "user_id": "u-few"}').get_array('results');
  begin
    ut.expect(l_results.get_size, 'results').to_equal(3);
    ut.expect(result_ids(l_results), 'nearest first').to_equal('|few-1|few-2|few-3');
  end scope_rounds_fill_k;

  procedure invalid_hides_memory_types_only
  is
    l_excluded varchar2(32767) := result_ids(searched(co_status_store,
      '{"query_vector": [1, 0, 0], "k": 20, "include_invalid_results": false}').get_array('results'));
    l_included varchar2(32767) := result_ids(searched(co_status_store,
      '{"query_vector": [1, 0, 0], "k": 20}').get_array('results'));
  begin
    ut.expect(l_excluded, 'invalid memory hidden').not_to_be_like('%|s-mem-i%');
    ut.expect(l_excluded, 'invalid fact hidden').not_to_be_like('%|s-fact-i%');
    ut.expect(l_excluded, 'valid memory kept').to_be_like('%|s-mem-v%');
    ut.expect(l_excluded, 'invalid message kept').to_be_like('%|s-msg-i%');
    ut.expect(l_excluded, 'invalid profile kept').to_be_like('%|s-u1%');
    ut.expect(l_included, 'all by default').to_be_like('%|s-mem-i%');
    ut.expect(l_included, 'all by default').to_be_like('%|s-fact-i%');
  end invalid_hides_memory_types_only;

  procedure k_above_1000_accepted
  is
    l_results json_array_t := searched(co_rounds_store,
      '{"query_vector": [0, 1, 0], "k": 5000, "user_id": "u-few"}').get_array('results');
    l_huge    json_array_t := searched(co_rounds_store,
      '{"query_vector": [0, 1, 0], "k": 1e15, "user_id": "u-few"}').get_array('results');
  begin
    ut.expect(l_results.get_size, 'k 5000: every match').to_equal(3);
    ut.expect(l_huge.get_size, 'k beyond PLS_INTEGER: every match').to_equal(3);
  end k_above_1000_accepted;

  procedure long_query_fused
  is
    l_query    varchar2(32767);
    l_request  json_object_t := json_object_t();
    l_response json_object_t;
    l_results  json_array_t;
  begin
    if not g_keyword_ready then
      skipped('long_query_fused', g_keyword_why);
      return;
    end if;
    for i in 1 .. 450 loop
      l_query := l_query || 'pizza ';
    end loop;
    l_request.put('query', l_query);
    l_request.put('k', 3);
    l_response := searched(co_keyword_store, l_request.to_clob);
    l_results := l_response.get_array('results');
    ut.expect(l_response.get_number('query_chunks'), 'query chunks').to_be_greater_than(1);
    ut.expect(l_results.get_size, 'results').to_be_greater_than(0);
    -- Every chunk ranks the same record first: fused distance 0.
    ut.expect(treat(l_results.get(0) as json_object_t).get_number('distance'), 'first distance')
      .to_be_less_than(co_tolerance);
  end long_query_fused;

  procedure query_too_many_chunks_rejected
  is
    l_query    varchar2(32767);
    l_request  json_object_t := json_object_t();
    l_response clob;
    l_code     number;
    l_message  varchar2(4000 char);
  begin
    if not g_keyword_ready then
      skipped('query_too_many_chunks_rejected', g_keyword_why);
      return;
    end if;
    for i in 1 .. 3500 loop
      l_query := l_query || 'pizza ';
    end loop;
    l_request.put('query', l_query);
    call_search(co_keyword_store, l_request.to_clob, l_response, l_code, l_message);
    ut.expect(l_code).to_equal(dbms_agent_memory_store.co_invalid_argument);
    ut.expect(l_message).to_be_like('%query splits into % chunks%at most 16%');
  end query_too_many_chunks_rejected;

  procedure record_types_duplicates
  is
    l_types   json_array_t := json_array_t();
    l_request json_object_t := json_object_t();
    l_results json_array_t;
  begin
    for i in 1 .. 300 loop
      l_types.append('User_Profile');
    end loop;
    l_request.put('query_vector', json_array_t.parse('[0, 0, 1]'));
    l_request.put('record_types', l_types);
    l_results := searched(co_vector_store, l_request.to_clob).get_array('results');
    ut.expect(l_results.get_size, 'one user profile').to_equal(1);
    ut.expect(treat(l_results.get(0) as json_object_t).get_object('record').get_string('id')).to_equal('u1');
  end record_types_duplicates;

  procedure record_type_with_comma_rejected
  is
    l_request  json_object_t := json_object_t();
    l_response clob;
    l_code     number;
    l_message  varchar2(4000 char);
  begin
    l_request.put('query_vector', json_array_t.parse('[0, 0, 1]'));
    l_request.put('record_types', json_array_t.parse('["memory,fact"]'));
    call_search(co_vector_store, l_request.to_clob, l_response, l_code, l_message);
    ut.expect(l_code).to_equal(dbms_agent_memory_store.co_invalid_argument);
    -- SQLERRM starts with 'ORA-20100: ', hence the leading %.
    ut.expect(l_message).to_be_like('%INVALID_ARGUMENT: record_types%is not a record type%');
  end record_type_with_comma_rejected;

  procedure unknown_store
  is
    l_response clob;
  begin
    l_response := dbms_agent_memory_store.search('UTS_SRCH_NONE', '{"query_vector": [1, 0, 0]}');
  end unknown_store;

  ------------------------------------------------------------------------------
  -- chunk_text and sync_search_index
  ------------------------------------------------------------------------------

  procedure chunk_text_lists
  is
    l_long    varchar2(32767);
    l_texts   json_array_t := json_array_t();
    l_request json_object_t := json_object_t();
    l_chunks  json_array_t;
  begin
    for i in 1 .. 500 loop
      l_long := l_long || 'word' || i || ' ';
    end loop;
    l_texts.append('hello world');
    l_texts.append('   ');
    l_texts.append(l_long);
    l_request.put('texts', l_texts);
    l_chunks := json_object_t.parse(dbms_agent_memory_store.chunk_text(co_vector_store, l_request.to_clob))
                .get_array('chunks');
    ut.expect(l_chunks.get_size, 'one list per text').to_equal(3);
    ut.expect(treat(l_chunks.get(0) as json_array_t).get_size, 'short text').to_equal(1);
    ut.expect(treat(l_chunks.get(0) as json_array_t).get_string(0), 'short text chunk').to_be_like('%hello%');
    ut.expect(treat(l_chunks.get(1) as json_array_t).get_size, 'blank text').to_equal(0);
    ut.expect(treat(l_chunks.get(2) as json_array_t).get_size, '500 words').to_be_greater_than(1);
  end chunk_text_lists;

  procedure chunk_text_rejections
  is
    type t_requests is table of varchar2(200 char);
    l_requests  t_requests := t_requests('{"texts": ["a"], "max": 5}', '{}', '{"texts": ["a", 5]}', '{"texts": []}');
    l_fragments t_requests := t_requests('''max'' is not allowed', 'texts', 'texts[1]', '1 to 1000');
    l_response  clob;
  begin
    for i in 1 .. l_requests.count loop
      begin
        l_response := dbms_agent_memory_store.chunk_text(co_vector_store, l_requests(i));
        ut.fail('accepted: ' || l_requests(i));
      exception
        when dbms_agent_memory_store.e_invalid_argument then
          ut.expect(sqlerrm, l_requests(i)).to_be_like('%' || l_fragments(i) || '%');
      end;
    end loop;
  end chunk_text_rejections;

  procedure sync_vector_rejected
  is
  begin
    dbms_agent_memory_store.sync_search_index(co_vector_store);
  end sync_vector_rejected;

  procedure manual_sync
  is
    co_request constant varchar2(40 char) := '{"query": "zebra"}';
  begin
    if not g_keyword_ready then
      skipped('manual_sync', g_keyword_why);
      return;
    end if;
    add_data(co_manual_store, '{"record_type": "memory", "contents": ["zebra crossing"], "record_ids": ["zz-1"]}',
        null, false);
    commit;
    ut.expect(searched(co_manual_store, co_request).get_array('results').get_size, 'before sync').to_equal(0);
    dbms_agent_memory_store.sync_search_index(co_manual_store);
    ut.expect(searched(co_manual_store, co_request).get_array('results').get_size, 'after sync').to_equal(1);
  end manual_sync;

end test_agentmem_search;
/
