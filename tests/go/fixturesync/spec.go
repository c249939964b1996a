package fixturesync

// This file says how each utPLSQL suite embeds the golden fixtures of
// tests/go/testdata/contract: which procedure calls carry which fixture, in
// which generated region, and which of the suites' own statements depend on
// the fixtures (case counts, store-id prefixes, the data set).

// Paths relative to the repository root.
const (
	ContractDir = "tests/go/testdata/contract"
	SuiteDir    = "tests/sql"
)

// quoteStyle is how a generated argument quotes its text.
type quoteStyle int

const (
	qQuote     quoteStyle = iota // q'~...~'
	plainQuote                   // '...'
)

// callShape is a fixture procedure of a suite and how a generated call of
// it is laid out.
type callShape struct {
	proc       string
	params     []string        // in declaration order
	positional bool            // generated with positional arguments
	lines      [][]string      // the parameters on each generated line
	omitNull   map[string]bool // parameters left to their default NULL when null
	plain      map[string]bool // parameters quoted '...' rather than q'~...~'
	style      jsonStyle
}

// opCases maps each call of shape to one fixture case, the files
// <op>/<name>.<kind>.json: a parameter per kind, NULL where the case has
// no file of that kind.
type opCases struct {
	shape     callShape
	opParam   string // the parameter holding the op; "" when fixedOp
	fixedOp   string
	nameParam string
	kinds     map[string]string // parameter -> file kind
	kindOrder []string          // parameters in kind order
}

// tableCalls maps each call of shape to one entry, by name, of a list in a
// table fixture (one JSON file holding many cases).
type tableCalls struct {
	shape     callShape
	file      string // relative to ContractDir
	list      string // key of the list in the file's object; "" when the file is the list
	nameParam string
	fields    []fieldMap
}

// region is a generated region of a suite: the lines between
// "-- genfixtures:begin <id>" and "-- genfixtures:end <id>".
type region struct {
	id    string
	about string   // for the begin marker
	ops   []string // op cases, in this order (by name within an op)
	table *tableCalls
}

// countAssertion is a utPLSQL expectation whose number depends on the
// fixtures, such as ut.expect(g_cases.count, 'valid cases loaded').to_equal(86).
type countAssertion struct {
	label   string
	matcher string // to_equal or to_be_greater_than
	count   func(f *fixtureSet) int
	what    string // what count is, for the message
	fixture string // what it counts, relative to ContractDir; "" when the suite itself
}

// derivedRequest is a request a suite writes itself from a fixture's, with
// documented substitutions (the store suite's UTS_ stores).
type derivedRequest struct {
	fixture string // relative to ContractDir
	proc    string // the procedure whose first string expression is the request
	subst   []substitution
}

// substitution is a request key whose value the suite replaces by its own;
// check says why the suite's value is not an acceptable replacement, or "".
type substitution struct {
	key   string
	check func(suite, fixture *Value) string
}

type suiteSpec struct {
	file         string // relative to SuiteDir
	ops          *opCases
	regions      []region
	counts       []countAssertion
	derived      []derivedRequest
	runPrefixes  string // regexp finding the name prefixes the suite runs; every case must have one
	datasetConst string // constant listing ,op/name, cases the suite loads first
}

var recordsSuite = suiteSpec{
	file: "test_agentmem_records.pkb",
	ops: &opCases{
		shape: callShape{
			proc:       "add_case",
			params:     []string{"p_op", "p_name", "p_request", "p_response", "p_error", "p_chunks"},
			positional: true,
			lines:      [][]string{{"p_op", "p_name"}, {"p_request"}, {"p_response"}, {"p_error"}, {"p_chunks"}},
			plain:      map[string]bool{"p_op": true, "p_name": true},
			style:      compactJSON,
		},
		opParam:   "p_op",
		nameParam: "p_name",
		kinds:     map[string]string{"p_request": "request", "p_response": "response", "p_error": "error", "p_chunks": "chunks"},
		kindOrder: []string{"p_request", "p_response", "p_error", "p_chunks"},
	},
	regions: []region{
		{id: "write_cases", about: "add_records, add_user, add_agent", ops: []string{"add_records", "add_user", "add_agent"}},
		{id: "edit_cases", about: "get_record, list_records, list_thread_messages, update_record, delete_record, delete_thread",
			ops: []string{"get_record", "list_records", "list_thread_messages", "update_record", "delete_record", "delete_thread"}},
	},
	// The expectations of dataset_fixtures, actor_fixtures, add_records_accepted and
	// add_records_rejected; the last three leave the data set's cases out.
	counts: []countAssertion{
		{label: "data set cases", matcher: "to_equal", what: "data set cases (co_dataset)",
			count: func(f *fixtureSet) int { return len(f.dataset) }},
		{label: "add_user and add_agent cases", matcher: "to_equal", what: "add_user and add_agent cases outside the data set", fixture: "add_user",
			count: func(f *fixtureSet) int { return f.count("add_user", "", false) + f.count("add_agent", "", false) }},
		{label: "accepted add_records cases", matcher: "to_be_greater_than", what: "add_records cases with a response outside the data set", fixture: "add_records",
			count: func(f *fixtureSet) int { return f.count("add_records", "response", false) }},
		{label: "rejected add_records cases", matcher: "to_be_greater_than", what: "add_records cases with an error", fixture: "add_records",
			count: func(f *fixtureSet) int { return f.count("add_records", "error", false) }},
	},
	datasetConst: "co_dataset",
}

var searchSuite = suiteSpec{
	file: "test_agentmem_search.pkb",
	ops: &opCases{
		shape: callShape{
			proc:     "add_fixture",
			params:   []string{"p_name", "p_request", "p_response", "p_error"},
			lines:    [][]string{{"p_name"}, {"p_request"}, {"p_response"}, {"p_error"}},
			omitNull: map[string]bool{"p_response": true, "p_error": true},
			style:    spacedJSON,
		},
		fixedOp:   "search",
		nameParam: "p_name",
		kinds:     map[string]string{"p_request": "request", "p_response": "response", "p_error": "error"},
		kindOrder: []string{"p_request", "p_response", "p_error"},
	},
	regions: []region{
		{id: "escapes", about: "search/keyword_escape/cases.json", table: &tableCalls{
			shape: callShape{
				proc:   "add_escape",
				params: []string{"p_name", "p_input", "p_escaped", "p_truncated", "p_error"},
				lines:  [][]string{{"p_name", "p_input"}, {"p_escaped", "p_truncated", "p_error"}},
				style:  spacedJSON,
			},
			file:      "search/keyword_escape/cases.json",
			nameParam: "p_name",
			fields: []fieldMap{
				{field: "input", codec: jsonText{param: "p_input"}},
				{field: "escaped", codec: jsonText{param: "p_escaped", nullIsNull: true}},
				{field: "truncated", codec: boolean{param: "p_truncated"}},
				{field: "error", codec: plainText{param: "p_error"}},
			},
		}},
		{id: "fixtures", about: "search/<name>.request/response/error.json", ops: []string{"search"}},
	},
	counts: []countAssertion{
		{label: "escape cases loaded", matcher: "to_equal", what: "entries of search/keyword_escape/cases.json", fixture: "search/keyword_escape/cases.json",
			count: func(f *fixtureSet) int { return f.tableLen("search/keyword_escape/cases.json", "") }},
	},
	runPrefixes: `run_fixtures\('([a-z]+_)'`,
}

var filterSuite = suiteSpec{
	file: "test_agentmem_filter.pkb",
	regions: []region{
		{id: "cases", about: `metadata_filter/cases.json "cases"`, table: &tableCalls{
			shape: callShape{
				proc:   "add_case",
				params: []string{"p_name", "p_filter", "p_filter_given", "p_metadata", "p_match"},
				lines:  [][]string{{"p_name", "p_filter", "p_filter_given"}, {"p_metadata", "p_match"}},
				style:  spacedJSON,
			},
			file: "metadata_filter/cases.json", list: "cases", nameParam: "p_name",
			fields: []fieldMap{
				{field: "filter", codec: flaggedJSON{param: "p_filter", given: "p_filter_given"}},
				{field: "metadata", codec: jsonText{param: "p_metadata", nullIsNull: true}},
				{field: "match", codec: boolean{param: "p_match"}},
			},
		}},
		{id: "invalid", about: `metadata_filter/cases.json "invalid"`, table: &tableCalls{
			shape: callShape{
				proc:   "add_invalid",
				params: []string{"p_name", "p_filter", "p_fragments", "p_path"},
				lines:  [][]string{{"p_name"}, {"p_filter"}, {"p_fragments", "p_path"}},
				style:  spacedJSON,
			},
			file: "metadata_filter/cases.json", list: "invalid", nameParam: "p_name",
			fields: []fieldMap{
				{field: "filter", codec: jsonText{param: "p_filter"}},
				// The suite catches only e_invalid_argument.
				{field: "error", codec: errorFragments{param: "p_fragments", code: -20100, name: "INVALID_ARGUMENT"}},
				{field: "path", codec: jsonText{param: "p_path"}},
			},
		}},
	},
	counts: []countAssertion{
		{label: "valid cases loaded", matcher: "to_equal", what: `entries of "cases" in metadata_filter/cases.json`, fixture: "metadata_filter/cases.json",
			count: func(f *fixtureSet) int { return f.tableLen("metadata_filter/cases.json", "cases") }},
		{label: "invalid cases loaded", matcher: "to_equal", what: `entries of "invalid" in metadata_filter/cases.json`, fixture: "metadata_filter/cases.json",
			count: func(f *fixtureSet) int { return f.tableLen("metadata_filter/cases.json", "invalid") }},
	},
}

// The store suite writes its open_store requests itself (test_agentmem_store.pks:
// "send the request of that golden fixture ... with the suite's UTS_ store id
// (and vector_dim 8) in place of the fixture's").
var storeSuite = suiteSpec{
	file: "test_agentmem_store.pkb",
	derived: []derivedRequest{
		{fixture: "open_store/create_vector.request.json", proc: "setup_suite", subst: storeSubstitutions},
		{fixture: "open_store/reopen_require_existing.request.json", proc: "reopen_uses_stored_strategy", subst: storeSubstitutions},
		{fixture: "open_store/create_keyword_manual.request.json", proc: "create_keyword_store", subst: storeSubstitutions},
		// Not named in the spec's list, but the same request with the suite's id.
		{fixture: "open_store/auto_sync_keyword_rejected.request.json", proc: "auto_sync_rejected_for_keyword", subst: storeSubstitutions},
	},
}

var storeSubstitutions = []substitution{
	{key: "memory_store_id", check: utsStoreID},
	{key: "vector_dim", check: func(suite, _ *Value) string {
		if suite.Kind != jsonNumber || !sameNumber(suite.Str, "8") {
			return "the suite's stores use vector_dim 8, not " + suite.brief()
		}
		return ""
	}},
}

// The relations suite runs every case of the relation calls on its own
// store (docs/protocol-relations.md §11).
var relationsSuite = suiteSpec{
	file: "test_agentmem_relations.pkb",
	ops: &opCases{
		shape: callShape{
			proc:       "add_case",
			params:     []string{"p_op", "p_name", "p_request", "p_response", "p_error"},
			positional: true,
			lines:      [][]string{{"p_op", "p_name"}, {"p_request"}, {"p_response"}, {"p_error"}},
			plain:      map[string]bool{"p_op": true, "p_name": true},
			style:      compactJSON,
		},
		opParam:   "p_op",
		nameParam: "p_name",
		kinds:     map[string]string{"p_request": "request", "p_response": "response", "p_error": "error"},
		kindOrder: []string{"p_request", "p_response", "p_error"},
	},
	regions: []region{
		{id: "cases", about: "add_relations .. delete_relations",
			ops: []string{"add_relations", "get_relation", "list_relations", "update_relations", "delete_relations"}},
	},
}

// The threads suite runs every case of the thread calls on its own store
// after the data set of docs/protocol-threads.md section 8.
var threadsSuite = suiteSpec{
	file: "test_agentmem_threads.pkb",
	ops: &opCases{
		shape: callShape{
			proc:       "add_case",
			params:     []string{"p_op", "p_name", "p_request", "p_response", "p_error"},
			positional: true,
			lines:      [][]string{{"p_op", "p_name"}, {"p_request"}, {"p_response"}, {"p_error"}},
			plain:      map[string]bool{"p_op": true, "p_name": true},
			style:      compactJSON,
		},
		opParam:   "p_op",
		nameParam: "p_name",
		kinds:     map[string]string{"p_request": "request", "p_response": "response", "p_error": "error"},
		kindOrder: []string{"p_request", "p_response", "p_error"},
	},
	regions: []region{
		{id: "cases", about: "open_thread .. thread_get_context_card",
			ops: []string{"open_thread", "thread_add_messages", "thread_add_memory", "thread_get_message",
				"thread_get_messages", "thread_update_message", "thread_update_memory", "thread_delete_message",
				"thread_delete_memory", "thread_get_summary", "thread_add_image", "thread_list_images",
				"thread_delete_image", "thread_link_records", "thread_update_record_link", "thread_delete_record_link",
				"thread_update_image", "thread_search", "thread_get_context_card"}},
	},
	datasetConst: "co_dataset",
}

// Suites lists every suite that copies fixtures; record_edit has none of its
// own: it runs the cases that test_agentmem_records loads.
var suites = []*suiteSpec{&recordsSuite, &searchSuite, &filterSuite, &storeSuite, &relationsSuite, &threadsSuite}
