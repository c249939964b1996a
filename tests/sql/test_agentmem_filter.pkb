create or replace package body test_agentmem_filter
as

  -- A valid case: the filter (JSON text; p_filter_given false = omitted),
  -- the metadata of its row (NULL = no metadata), whether the row matches.
  type t_case is record (
    name         varchar2(200 char),
    filter       clob,
    filter_given boolean,
    metadata     clob,
    match        boolean
  );
  type t_case_list is table of t_case;

  -- An invalid case: the filter, the message fragments (JSON array text)
  -- and the display path (JSON string text) the message must name.
  type t_invalid is record (
    name      varchar2(200 char),
    filter    clob,
    fragments clob,
    path      clob
  );
  type t_invalid_list is table of t_invalid;

  g_cases   t_case_list := t_case_list();
  g_invalid t_invalid_list := t_invalid_list();

  -- Rows beyond the cases, for the tests of the compiled SQL.
  co_hostile_row   constant pls_integer := 1001;
  co_plain_row     constant pls_integer := 1002;
  co_path_key_row  constant pls_integer := 1003;

  ------------------------------------------------------------------------------
  -- Cases (copied from tests/go/testdata/contract/metadata_filter/cases.json)
  ------------------------------------------------------------------------------

  procedure add_case(p_name in varchar2, p_filter in clob, p_filter_given in boolean, p_metadata in clob,
                     p_match in boolean)
  is
  begin
    g_cases.extend;
    g_cases(g_cases.count).name := p_name;
    g_cases(g_cases.count).filter := p_filter;
    g_cases(g_cases.count).filter_given := p_filter_given;
    g_cases(g_cases.count).metadata := p_metadata;
    g_cases(g_cases.count).match := p_match;
  end add_case;

  procedure add_invalid(p_name in varchar2, p_filter in clob, p_fragments in clob, p_path in clob)
  is
  begin
    g_invalid.extend;
    g_invalid(g_invalid.count).name := p_name;
    g_invalid(g_invalid.count).filter := p_filter;
    g_invalid(g_invalid.count).fragments := p_fragments;
    g_invalid(g_invalid.count).path := p_path;
  end add_invalid;

  procedure load_cases
  is
  begin
    g_cases := t_case_list();
    g_invalid := t_invalid_list();
    -- genfixtures:begin cases (metadata_filter/cases.json "cases"): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_case(p_name => q'~omitted_filter_matches_everything~', p_filter => null, p_filter_given => false,
             p_metadata => null, p_match => true);
    add_case(p_name => q'~null_filter_matches_record_without_metadata~', p_filter => q'~null~', p_filter_given => true,
             p_metadata => null, p_match => true);
    add_case(p_name => q'~null_filter_rejects_record_with_metadata~', p_filter => q'~null~', p_filter_given => true,
             p_metadata => q'~{"source": "slack"}~', p_match => false);
    add_case(p_name => q'~null_filter_rejects_empty_metadata_object~', p_filter => q'~null~', p_filter_given => true,
             p_metadata => q'~{}~', p_match => false);
    add_case(p_name => q'~empty_filter_matches_any_metadata~', p_filter => q'~{}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~empty_filter_matches_record_without_metadata~', p_filter => q'~{}~', p_filter_given => true,
             p_metadata => null, p_match => true);
    add_case(p_name => q'~scalar_string_equal~', p_filter => q'~{"source": "slack"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~scalar_string_different~', p_filter => q'~{"source": "email"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~scalar_string_case_sensitive~', p_filter => q'~{"source": "Slack"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~scalar_missing_key~', p_filter => q'~{"channel": "slack"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~scalar_on_record_without_metadata~', p_filter => q'~{"source": "slack"}~', p_filter_given => true,
             p_metadata => null, p_match => false);
    add_case(p_name => q'~scalar_vs_array_field~', p_filter => q'~{"tags": "prod"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~scalar_vs_single_element_array~', p_filter => q'~{"tags": "prod"}~', p_filter_given => true,
             p_metadata => q'~{"tags": ["prod"]}~', p_match => false);
    add_case(p_name => q'~number_equal~', p_filter => q'~{"count": 3}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~number_equal_decimal_form~', p_filter => q'~{"count": 3.0}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~number_vs_string~', p_filter => q'~{"count": "3"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~string_vs_number~', p_filter => q'~{"source": 1}~', p_filter_given => true,
             p_metadata => q'~{"source": "1"}~', p_match => false);
    add_case(p_name => q'~fraction_equal~', p_filter => q'~{"ratio": 0.5}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~boolean_true_equal~', p_filter => q'~{"flag": true}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~boolean_vs_number~', p_filter => q'~{"flag": 1}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~boolean_false_vs_true~', p_filter => q'~{"flag": false}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~null_value_matches_json_null~', p_filter => q'~{"note": null}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~null_value_requires_key~', p_filter => q'~{"note": null}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack"}~', p_match => false);
    add_case(p_name => q'~null_value_vs_string~', p_filter => q'~{"source": null}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~empty_string_equal~', p_filter => q'~{"empty": ""}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~empty_string_vs_null~', p_filter => q'~{"note": ""}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~nested_partial_match~', p_filter => q'~{"review": {"status": "open"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~nested_value_differs~', p_filter => q'~{"review": {"status": "closed"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~nested_on_scalar_field~', p_filter => q'~{"source": {"status": "open"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~nested_through_array_not_unwrapped~', p_filter => q'~{"items": {"sku": "a1"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~nested_two_levels~', p_filter => q'~{"nested": {"deep": {"level": 2}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~nested_empty_object_requires_object~', p_filter => q'~{"review": {}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~nested_empty_object_on_scalar~', p_filter => q'~{"source": {}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~nested_empty_object_missing~', p_filter => q'~{"absent": {}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~dotted_key_is_one_key~', p_filter => q'~{"review.status": "dotted"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~dotted_key_does_not_navigate~', p_filter => q'~{"review.status": "open"}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~list_exact_equal~', p_filter => q'~{"tags": ["prod", "urgent"]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~list_order_matters~', p_filter => q'~{"tags": ["urgent", "prod"]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~list_length_matters~', p_filter => q'~{"tags": ["prod"]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~list_extra_element~', p_filter => q'~{"tags": ["prod", "urgent", "x"]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~list_vs_scalar_field~', p_filter => q'~{"source": ["slack"]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~list_of_objects_exact~', p_filter => q'~{"items": [{"qty": 1, "sku": "a1"}, {"sku": "b2", "qty": 2}]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~list_of_objects_partial_fails~', p_filter => q'~{"items": [{"sku": "a1"}, {"sku": "b2"}]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~empty_list_equal~', p_filter => q'~{"tags": []}~', p_filter_given => true,
             p_metadata => q'~{"tags": []}~', p_match => true);
    add_case(p_name => q'~empty_list_vs_nonempty~', p_filter => q'~{"tags": []}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_scalar~', p_filter => q'~{"tags": {"$array_contains": "prod"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~contains_scalar_absent~', p_filter => q'~{"tags": {"$array_contains": "dev"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_list_all_present~', p_filter => q'~{"tags": {"$array_contains": ["urgent", "prod"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~contains_list_one_missing~', p_filter => q'~{"tags": {"$array_contains": ["prod", "dev"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_on_scalar_field~', p_filter => q'~{"source": {"$array_contains": "slack"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_on_string_field_substring~', p_filter => q'~{"source": {"$array_contains": "sla"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_missing_field~', p_filter => q'~{"labels": {"$array_contains": "prod"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_number_member~', p_filter => q'~{"nums": {"$array_contains": 2}}~', p_filter_given => true,
             p_metadata => q'~{"nums": [1, 2, 3]}~', p_match => true);
    add_case(p_name => q'~contains_number_vs_string_member~', p_filter => q'~{"nums": {"$array_contains": "2"}}~', p_filter_given => true,
             p_metadata => q'~{"nums": [1, 2, 3]}~', p_match => false);
    add_case(p_name => q'~contains_does_not_reach_nested_arrays~', p_filter => q'~{"m": {"$array_contains": "x"}}~', p_filter_given => true,
             p_metadata => q'~{"m": [["x"], "y"]}~', p_match => false);
    add_case(p_name => q'~contains_null_member~', p_filter => q'~{"m": {"$array_contains": null}}~', p_filter_given => true,
             p_metadata => q'~{"m": ["a", null]}~', p_match => true);
    add_case(p_name => q'~contains_boolean_member~', p_filter => q'~{"m": {"$array_contains": true}}~', p_filter_given => true,
             p_metadata => q'~{"m": [1, true]}~', p_match => true);
    add_case(p_name => q'~contains_any_one_present~', p_filter => q'~{"tags": {"$array_contains_any": ["dev", "urgent"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~contains_any_none_present~', p_filter => q'~{"tags": {"$array_contains_any": ["dev", "qa"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~contains_any_scalar_operand~', p_filter => q'~{"tags": {"$array_contains_any": "prod"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~contains_any_on_scalar_field~', p_filter => q'~{"source": {"$array_contains_any": ["slack"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~not_scalar_different~', p_filter => q'~{"source": {"$not": "email"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_scalar_equal~', p_filter => q'~{"source": {"$not": "slack"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~not_missing_field~', p_filter => q'~{"channel": {"$not": "slack"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_on_record_without_metadata~', p_filter => q'~{"source": {"$not": "slack"}}~', p_filter_given => true,
             p_metadata => null, p_match => true);
    add_case(p_name => q'~not_contains_absent~', p_filter => q'~{"tags": {"$not": {"$array_contains": "dev"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_contains_present~', p_filter => q'~{"tags": {"$not": {"$array_contains": "prod"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~not_contains_on_non_array~', p_filter => q'~{"source": {"$not": {"$array_contains": "slack"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_contains_missing_field~', p_filter => q'~{"labels": {"$not": {"$array_contains": "x"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_list_exact~', p_filter => q'~{"tags": {"$not": ["prod", "urgent"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~not_list_other_order~', p_filter => q'~{"tags": {"$not": ["urgent", "prod"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_nested_object~', p_filter => q'~{"review": {"$not": {"status": "closed"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~not_nested_object_equal~', p_filter => q'~{"review": {"$not": {"status": "open"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~not_null_value~', p_filter => q'~{"note": {"$not": null}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~not_null_value_missing~', p_filter => q'~{"absent": {"$not": null}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~double_negation~', p_filter => q'~{"source": {"$not": {"$not": "slack"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~double_negation_missing~', p_filter => q'~{"channel": {"$not": {"$not": "slack"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~operators_combined_and~', p_filter => q'~{"tags": {"$array_contains": "prod", "$not": {"$array_contains": "dev"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~operators_combined_and_fails~', p_filter => q'~{"tags": {"$array_contains": "prod", "$array_contains_any": ["dev"]}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~and_across_keys_all~', p_filter => q'~{"source": "slack", "review": {"status": "open"}, "tags": ["prod", "urgent"]}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~and_across_keys_one_fails~', p_filter => q'~{"source": "slack", "review": {"status": "closed"}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~nested_operator_inside_nested_object~', p_filter => q'~{"review": {"owner": {"$not": "bob"}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => true);
    add_case(p_name => q'~nested_operator_contains_deep~', p_filter => q'~{"nested": {"deep": {"level": {"$array_contains": 2}}}}~', p_filter_given => true,
             p_metadata => q'~{"source": "slack", "review": {"status": "open", "owner": "ann"}, "tags": ["prod", "urgent"], "count": 3, "ratio": 0.5, "flag": true, "note": null, "empty": "", "nested": {"deep": {"level": 2}}, "items": [{"sku": "a1", "qty": 1}, {"sku": "b2", "qty": 2}], "review.status": "dotted"}~', p_match => false);
    add_case(p_name => q'~dollar_prefixed_field_name~', p_filter => q'~{"$agent_memory": {"kind": "fact"}}~', p_filter_given => true,
             p_metadata => q'~{"$agent_memory": {"kind": "fact", "v": 1}}~', p_match => true);
    add_case(p_name => q'~unicode_key_and_value~', p_filter => q'~{"cat\u00e9gorie": "\u00e9t\u00e9"}~', p_filter_given => true,
             p_metadata => q'~{"cat\u00e9gorie": "\u00e9t\u00e9"}~', p_match => true);
    add_case(p_name => q'~key_with_space~', p_filter => q'~{"review status": "open"}~', p_filter_given => true,
             p_metadata => q'~{"review status": "open"}~', p_match => true);
    -- genfixtures:end cases
    -- genfixtures:begin invalid (metadata_filter/cases.json "invalid"): written by go run ./tests/go/cmd/genfixtures from the fixtures
    add_invalid(p_name => q'~filter_is_string~',
                p_filter => q'~"slack"~',
                p_fragments => q'~["metadata_filter", "JSON object or null"]~', p_path => q'~"metadata_filter"~');
    add_invalid(p_name => q'~filter_is_array~',
                p_filter => q'~[{"source": "slack"}]~',
                p_fragments => q'~["metadata_filter", "JSON object or null"]~', p_path => q'~"metadata_filter"~');
    add_invalid(p_name => q'~empty_key~',
                p_filter => q'~{"": "x"}~',
                p_fragments => q'~["metadata_filter", "1 to 128 characters"]~', p_path => q'~"metadata_filter[\"\"]"~');
    add_invalid(p_name => q'~key_with_double_quote~',
                p_filter => q'~{"a\"b": "x"}~',
                p_fragments => q'~["metadata_filter", "double quotes"]~', p_path => q'~"metadata_filter[\"a\\\"b\"]"~');
    add_invalid(p_name => q'~key_with_backslash~',
                p_filter => q'~{"a\\b": "x"}~',
                p_fragments => q'~["metadata_filter", "backslashes"]~', p_path => q'~"metadata_filter[\"a\\\\b\"]"~');
    add_invalid(p_name => q'~key_with_apostrophe~',
                p_filter => q'~{"it's": "x"}~',
                p_fragments => q'~["metadata_filter", "apostrophes"]~', p_path => q'~"metadata_filter[\"it's\"]"~');
    add_invalid(p_name => q'~key_with_control_character~',
                p_filter => q'~{"a\tb": "x"}~',
                p_fragments => q'~["metadata_filter", "control characters"]~', p_path => q'~"metadata_filter[\"a\\tb\"]"~');
    add_invalid(p_name => q'~key_too_long~',
                p_filter => q'~{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk": "x"}~',
                p_fragments => q'~["metadata_filter", "1 to 128 characters"]~', p_path => q'~"metadata_filter.kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"~');
    add_invalid(p_name => q'~nested_bad_key~',
                p_filter => q'~{"review": {"a\"b": 1}}~',
                p_fragments => q'~["metadata_filter.review", "double quotes"]~', p_path => q'~"metadata_filter.review[\"a\\\"b\"]"~');
    add_invalid(p_name => q'~operator_as_top_level_field~',
                p_filter => q'~{"$not": {"source": "slack"}}~',
                p_fragments => q'~["metadata_filter.$not", "operator", "field name"]~', p_path => q'~"metadata_filter.$not"~');
    add_invalid(p_name => q'~array_contains_as_top_level_field~',
                p_filter => q'~{"$array_contains": "x"}~',
                p_fragments => q'~["metadata_filter.$array_contains", "field name"]~', p_path => q'~"metadata_filter.$array_contains"~');
    add_invalid(p_name => q'~unknown_operator~',
                p_filter => q'~{"tags": {"$in": ["a"]}}~',
                p_fragments => q'~["metadata_filter.tags.$in", "unknown operator", "$array_contains"]~', p_path => q'~"metadata_filter.tags.$in"~');
    add_invalid(p_name => q'~unknown_operator_eq~',
                p_filter => q'~{"source": {"$eq": "slack"}}~',
                p_fragments => q'~["metadata_filter.source.$eq", "unknown operator"]~', p_path => q'~"metadata_filter.source.$eq"~');
    add_invalid(p_name => q'~operator_mixed_with_field~',
                p_filter => q'~{"review": {"status": "open", "$not": {"owner": "bob"}}}~',
                p_fragments => q'~["metadata_filter.review", "operator", "field"]~', p_path => q'~"metadata_filter.review"~');
    add_invalid(p_name => q'~contains_operand_object~',
                p_filter => q'~{"tags": {"$array_contains": {"a": 1}}}~',
                p_fragments => q'~["metadata_filter.tags.$array_contains", "scalar"]~', p_path => q'~"metadata_filter.tags.$array_contains"~');
    add_invalid(p_name => q'~contains_operand_empty_list~',
                p_filter => q'~{"tags": {"$array_contains": []}}~',
                p_fragments => q'~["metadata_filter.tags.$array_contains", "non-empty"]~', p_path => q'~"metadata_filter.tags.$array_contains"~');
    add_invalid(p_name => q'~contains_operand_nested_list~',
                p_filter => q'~{"tags": {"$array_contains": [["a"]]}}~',
                p_fragments => q'~["metadata_filter.tags.$array_contains", "scalar"]~', p_path => q'~"metadata_filter.tags.$array_contains"~');
    add_invalid(p_name => q'~contains_any_operand_empty_list~',
                p_filter => q'~{"tags": {"$array_contains_any": []}}~',
                p_fragments => q'~["metadata_filter.tags.$array_contains_any", "non-empty"]~', p_path => q'~"metadata_filter.tags.$array_contains_any"~');
    add_invalid(p_name => q'~contains_any_operand_object~',
                p_filter => q'~{"tags": {"$array_contains_any": {}}}~',
                p_fragments => q'~["metadata_filter.tags.$array_contains_any", "scalar"]~', p_path => q'~"metadata_filter.tags.$array_contains_any"~');
    add_invalid(p_name => q'~contains_operand_too_many~',
                p_filter => q'~{"tags": {"$array_contains": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64", "65", "66", "67", "68", "69", "70", "71", "72", "73", "74", "75", "76", "77", "78", "79", "80", "81", "82", "83", "84", "85", "86", "87", "88", "89", "90", "91", "92", "93", "94", "95", "96", "97", "98", "99", "100"]}}~',
                p_fragments => q'~["metadata_filter.tags.$array_contains", "100"]~', p_path => q'~"metadata_filter.tags.$array_contains"~');
    add_invalid(p_name => q'~not_with_bad_inner_operator~',
                p_filter => q'~{"tags": {"$not": {"$has": "x"}}}~',
                p_fragments => q'~["metadata_filter.tags.$not.$has", "unknown operator"]~', p_path => q'~"metadata_filter.tags.$not.$has"~');
    add_invalid(p_name => q'~too_deep~',
                p_filter => q'~{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": 1}}}}}}}}}~',
                p_fragments => q'~["metadata_filter", "8 levels"]~', p_path => q'~"metadata_filter.a.b.c.d.e.f.g.h.i"~');
    add_invalid(p_name => q'~number_too_precise~',
                p_filter => q'~{"n": 1.2345678901234567890123456789012345678901}~',
                p_fragments => q'~["metadata_filter.n", "38 significant digits"]~', p_path => q'~"metadata_filter.n"~');
    add_invalid(p_name => q'~string_value_too_long~',
                p_filter => q'~{"s": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx~'
        || q'~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}~',
                p_fragments => q'~["metadata_filter.s", "4000 bytes"]~', p_path => q'~"metadata_filter.s"~');
    -- genfixtures:end invalid
  end load_cases;

  ------------------------------------------------------------------------------
  -- Helpers
  ------------------------------------------------------------------------------

  procedure insert_row(p_case_no in pls_integer, p_metadata in clob)
  is
  begin
    if p_metadata is null then
      execute immediate 'insert into uts_filter_rows (case_no, metadata) values (:1, null)' using p_case_no;
    else
      execute immediate 'insert into uts_filter_rows (case_no, metadata) values (:1, json(:2))'
        using p_case_no, p_metadata;
    end if;
  end insert_row;

  -- 1 when row p_case_no satisfies p_predicate (compiled with alias m and
  -- the values in p_binds), else 0.
  function row_matches(p_case_no in pls_integer, p_predicate in varchar2,
                       p_binds in agentmem_filter.t_bind_list) return pls_integer
  is
    l_cursor integer := dbms_sql.open_cursor;
    l_rc     sys_refcursor;
    l_status integer;
    l_count  pls_integer;
    l_handed boolean := false;
  begin
    dbms_sql.parse(c => l_cursor,
                   statement => 'select count(*) from uts_filter_rows m where m.case_no = :case_no and ' || p_predicate,
                   language_flag => dbms_sql.native);
    agentmem_filter.bind_all(l_cursor, p_binds);
    dbms_sql.bind_variable(c => l_cursor, name => ':case_no', value => p_case_no);
    l_status := dbms_sql.execute(c => l_cursor);
    l_rc := dbms_sql.to_refcursor(cursor_number => l_cursor);
    l_handed := true;
    fetch l_rc into l_count;
    close l_rc;
    return l_count;
  exception
    when others then
      if l_handed and l_rc%isopen then
        close l_rc;
      elsif not l_handed then
        dbms_sql.close_cursor(c => l_cursor);
      end if;
      raise;
  end row_matches;

  function json_equal_text(p_a in clob, p_b in clob) return boolean
  is
    l_equal pls_integer;
  begin
    select case when json_equal(json(p_a), json(p_b)) then 1 else 0 end into l_equal from dual;
    return l_equal = 1;
  end json_equal_text;

  function parsed(p_json in clob) return json_element_t
  is
  begin
    return json_element_t.parse(p_json);
  end parsed;

  procedure add_failure(p_failures in out nocopy varchar2, p_text in varchar2)
  is
  begin
    p_failures := substr(p_failures || chr(10) || p_text, 1, 30000);
  end add_failure;

  ------------------------------------------------------------------------------
  -- Suite
  ------------------------------------------------------------------------------

  procedure setup_suite
  is
  begin
    load_cases;
    execute immediate 'drop table if exists uts_filter_rows purge';
    execute immediate 'create table uts_filter_rows (case_no number primary key, metadata json)';
    for i in 1 .. g_cases.count loop
      insert_row(i, g_cases(i).metadata);
    end loop;
    insert_row(co_hostile_row, '{"source": "x'' or 1=1 --", "path": "$.source"}');
    insert_row(co_plain_row, '{"source": "slack", "path": "other"}');
    insert_row(co_path_key_row, '{"a": {"b": 1}, "a.b": 2, "$": "dollar", "@x": true, "review status": "open"}');
    commit;
  end setup_suite;

  procedure cleanup_suite
  is
  begin
    execute immediate 'drop table if exists uts_filter_rows purge';
  end cleanup_suite;

  ------------------------------------------------------------------------------
  -- cases.json
  ------------------------------------------------------------------------------

  procedure every_case_matches
  is
    l_binds     agentmem_filter.t_bind_list;
    l_filter    json_element_t;
    l_predicate varchar2(32767);
    l_matched   pls_integer;
    l_failures  varchar2(32767);
  begin
    ut.expect(g_cases.count, 'valid cases loaded').to_equal(86);
    for i in 1 .. g_cases.count loop
      begin
        l_binds := null;
        -- IF, not a CASE expression: CASE results of object types are not
        -- documented beyond doubt.
        l_filter := null;
        if g_cases(i).filter_given then
          l_filter := parsed(g_cases(i).filter);
        end if;
        l_predicate := agentmem_filter.compile(l_filter, 'm', l_binds);
        l_matched := row_matches(i, l_predicate, l_binds);
        if l_matched <> case when g_cases(i).match then 1 else 0 end then
          add_failure(l_failures, g_cases(i).name || ': expected ' || case when g_cases(i).match then 'a match'
                      else 'no match' end || ', got ' || case when l_matched = 1 then 'a match' else 'no match' end
                      || ' (' || substr(l_predicate, 1, 300) || ')');
        end if;
      exception
        when others then
          dbms_output.put_line('case ' || g_cases(i).name || ' failed: ' || sqlerrm);
          raise;
      end;
    end loop;
    ut.expect(l_failures, 'cases whose result differs from cases.json').to_be_null();
  end every_case_matches;

  procedure every_invalid_case_rejected
  is
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
    l_fragments json_array_t;
    l_path      varchar2(4000 char);
    l_failures  varchar2(32767);
  begin
    ut.expect(g_invalid.count, 'invalid cases loaded').to_equal(24);
    for i in 1 .. g_invalid.count loop
      l_fragments := json_array_t.parse(g_invalid(i).fragments);
      l_path := json_array_t.parse('[' || g_invalid(i).path || ']').get_string(0);
      begin
        l_binds := null;
        l_predicate := agentmem_filter.compile(parsed(g_invalid(i).filter), 'm', l_binds);
        add_failure(l_failures, g_invalid(i).name || ': accepted, compiled to ' || substr(l_predicate, 1, 200));
      exception
        when dbms_agent_memory_store.e_invalid_argument then
          for j in 0 .. l_fragments.get_size - 1 loop
            if instr(sqlerrm, l_fragments.get_string(j)) = 0 then
              add_failure(l_failures, g_invalid(i).name || ': message lacks ''' || l_fragments.get_string(j)
                          || ''': ' || sqlerrm);
            end if;
          end loop;
          if instr(sqlerrm, l_path) = 0 then
            add_failure(l_failures, g_invalid(i).name || ': message does not name ' || l_path || ': ' || sqlerrm);
          end if;
      end;
    end loop;
    ut.expect(l_failures, 'invalid cases not rejected as cases.json says').to_be_null();
  end every_invalid_case_rejected;

  ------------------------------------------------------------------------------
  -- The compiled SQL
  ------------------------------------------------------------------------------

  procedure values_are_binds
  is
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
  begin
    l_predicate := agentmem_filter.compile(
      parsed('{"s": "secret-value", "n": 12345, "l": ["list-x", "list-y"], "t": {"$array_contains": "zz-member"}}'),
      'm', l_binds);
    ut.expect(instr(l_predicate, 'secret-value'), 'string value in the text').to_equal(0);
    ut.expect(instr(l_predicate, '12345'), 'number value in the text').to_equal(0);
    ut.expect(instr(l_predicate, 'list-x'), 'list value in the text').to_equal(0);
    ut.expect(instr(l_predicate, 'zz-member'), 'operand in the text').to_equal(0);
    ut.expect(l_binds.count, 'binds').to_equal(4);
    ut.expect(l_binds(1).kind || '/' || l_binds(1).text_value).to_equal('VARCHAR2/secret-value');
    ut.expect(l_binds(2).kind || '/' || l_binds(2).number_value).to_equal('NUMBER/12345');
    ut.expect(l_binds(3).kind).to_equal('CLOB');
    ut.expect(json_equal_text(l_binds(3).clob_value, '["list-x", "list-y"]'), 'list bound as JSON text').to_be_true();
    ut.expect(l_binds(4).kind || '/' || l_binds(4).text_value).to_equal('VARCHAR2/zz-member');
    for i in 1 .. l_binds.count loop
      ut.expect(instr(l_predicate, ':' || l_binds(i).name), 'placeholder :' || l_binds(i).name).to_be_greater_than(0);
    end loop;
  end values_are_binds;

  procedure hostile_value_is_data
  is
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
  begin
    l_predicate := agentmem_filter.compile(parsed('{"source": "x'' or 1=1 --"}'), 'm', l_binds);
    ut.expect(instr(l_predicate, '1=1'), 'hostile value in the text').to_equal(0);
    ut.expect(row_matches(co_hostile_row, l_predicate, l_binds), 'the row holding the value').to_equal(1);
    ut.expect(row_matches(co_plain_row, l_predicate, l_binds), 'another row').to_equal(0);

    l_binds := null;
    l_predicate := agentmem_filter.compile(parsed('{"path": "$.source"}'), 'm', l_binds);
    ut.expect(row_matches(co_hostile_row, l_predicate, l_binds), 'a value written like a path').to_equal(1);
    ut.expect(row_matches(co_plain_row, l_predicate, l_binds), 'a value written like a path, other row').to_equal(0);
  end hostile_value_is_data;

  procedure bind_names_continue
  is
    l_binds  agentmem_filter.t_bind_list;
    l_first  varchar2(32767);
    l_second varchar2(32767);
  begin
    l_first := agentmem_filter.compile(parsed('{"source": "slack"}'), 'm', l_binds);
    l_second := agentmem_filter.compile(parsed('{"path": "other"}'), 'm', l_binds);
    ut.expect(l_binds.count).to_equal(2);
    ut.expect(l_binds(1).name || ',' || l_binds(2).name).to_equal('f1,f2');
    ut.expect(instr(l_second, ':f2'), 'second filter uses :f2').to_be_greater_than(0);
    ut.expect(instr(l_second, ':f1'), 'second filter does not reuse :f1').to_equal(0);
    ut.expect(row_matches(co_plain_row, l_first || ' and ' || l_second, l_binds), 'both on one statement').to_equal(1);
  end bind_names_continue;

  procedure trivial_filters
  is
    l_binds agentmem_filter.t_bind_list;
  begin
    ut.expect(agentmem_filter.compile(null, 'm', l_binds), 'omitted').to_equal('1 = 1');
    ut.expect(agentmem_filter.compile(parsed('{}'), 'm', l_binds), '{}').to_equal('1 = 1');
    ut.expect(agentmem_filter.compile(parsed('null'), 'm', l_binds), 'null').to_equal('"M".metadata is null');
    ut.expect(l_binds is null, 'no binds').to_be_true();
  end trivial_filters;

  procedure bad_alias_rejected
  is
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
  begin
    l_predicate := agentmem_filter.compile(parsed('{"a": 1}'), 'm) or (1', l_binds);
  end bad_alias_rejected;

  procedure condition_limit
  is
    l_filter    json_object_t := json_object_t();
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
  begin
    for i in 1 .. 64 loop
      l_filter.put('k' || i, i);
    end loop;
    l_predicate := agentmem_filter.compile(parsed(l_filter.to_clob), 'm', l_binds);
    ut.expect(l_binds.count, '64 conditions compile').to_equal(64);
    l_filter.put('k65', 65);
    begin
      l_binds := null;
      l_predicate := agentmem_filter.compile(parsed(l_filter.to_clob), 'm', l_binds);
      ut.fail('65 field conditions were accepted');
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        ut.expect(sqlerrm).to_be_like('%metadata_filter.k65%more than 64 field conditions%');
    end;
  end condition_limit;

  procedure path_like_key_is_literal
  is
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
  begin
    l_predicate := agentmem_filter.compile(parsed('{"a.b": 2, "$": "dollar", "@x": true, "review status": "open"}'),
                                           'm', l_binds);
    ut.expect(row_matches(co_path_key_row, l_predicate, l_binds), 'literal keys').to_equal(1);
    l_binds := null;
    l_predicate := agentmem_filter.compile(parsed('{"a.b": 1}'), 'm', l_binds);
    ut.expect(row_matches(co_path_key_row, l_predicate, l_binds), '"a.b" is not a.b').to_equal(0);
  end path_like_key_is_literal;

  procedure long_path_rejected
  is
    l_json      varchar2(32767) := '1';
    l_path      varchar2(4000 char) := 'metadata_filter';
    l_binds     agentmem_filter.t_bind_list;
    l_predicate varchar2(32767);
    l_stack     varchar2(4000 char);
  begin
    -- 8 levels of 128-character keys: the deepest test repeats every parent
    -- key in its guards, about 6000 bytes of path (a SQL text literal holds
    -- 4000). Keys a..., b..., ... h..., outermost first.
    for i in reverse 1 .. 8 loop
      l_json := '{"' || rpad(chr(96 + i), 128, chr(96 + i)) || '": ' || l_json || '}';
    end loop;
    for i in 1 .. 8 loop
      l_path := l_path || '.' || rpad(chr(96 + i), 128, chr(96 + i));
    end loop;
    begin
      l_predicate := agentmem_filter.compile(parsed(l_json), 'm', l_binds);
      ut.fail('a path beyond the 4000-byte literal limit compiled: ' || substr(l_predicate, 1, 200));
    exception
      when dbms_agent_memory_store.e_invalid_argument then
        -- FORMAT_ERROR_STACK: the message is longer than SQLERRM's 512 bytes.
        l_stack := dbms_utility.format_error_stack;
        ut.expect(instr(l_stack, l_path || ':'), 'message names the deepest field').to_be_greater_than(0);
        ut.expect(l_stack).to_be_like('%4000 bytes of a SQL text literal%');
    end;
  end long_path_rejected;

end test_agentmem_filter;
/
