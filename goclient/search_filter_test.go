package agentmemory

// The filter language's encoding and early checks against
// tests/go/testdata/contract/metadata_filter/cases.json. Matching is the
// package's job (its utPLSQL suite runs the same cases on real rows); here
// every filter must encode to the JSON of its case, and every invalid one
// be refused with the case's path and fragments.

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type searchFilterCases struct {
	Cases []struct {
		Name   string          `json:"name"`
		Filter json.RawMessage `json:"filter"` // nil when absent
		Match  bool            `json:"match"`
	} `json:"cases"`
	Invalid []struct {
		Name   string             `json:"name"`
		Filter json.RawMessage    `json:"filter"`
		Error  searchErrorFixture `json:"error"`
		Path   string             `json:"path"`
	} `json:"invalid"`
}

func searchLoadFilterCases(t testing.TB) searchFilterCases {
	t.Helper()
	var c searchFilterCases
	require.NoError(t, json.Unmarshal([]byte(readFixture(t, "../tests/go/testdata/contract/metadata_filter/cases.json")), &c))
	require.NotEmpty(t, c.Cases)
	require.NotEmpty(t, c.Invalid)
	return c
}

// searchFilterRequest is the part of a search request that carries a filter.
type searchFilterRequest struct {
	MetadataFilter Optional[Filter] `json:"metadata_filter,omitzero"`
}

func TestFilterCasesEncode(t *testing.T) {
	for _, c := range searchLoadFilterCases(t).Cases {
		t.Run(c.Name, func(t *testing.T) {
			in := `{}`
			if c.Filter != nil {
				in = `{"metadata_filter":` + string(c.Filter) + `}`
			}
			var r searchFilterRequest
			require.NoError(t, json.Unmarshal([]byte(in), &r))
			switch {
			case c.Filter == nil:
				assert.True(t, r.MetadataFilter.IsOmitted(), "absent filter stays omitted")
			case string(c.Filter) == "null":
				assert.True(t, r.MetadataFilter.IsNone(), "null filter is None")
			default:
				f, ok := r.MetadataFilter.Get()
				require.True(t, ok)
				raw, err := encodeFilter("test", f)
				require.NoError(t, err, "a valid filter passes the client's checks")
				assert.JSONEq(t, string(c.Filter), string(raw))
				// Numbers keep their written form (json.Number), so the
				// package sees the digits the caller wrote.
				assert.Equal(t, strings.Count(string(c.Filter), "."), strings.Count(searchCompactJSON(t, raw), "."))
			}
			out, err := json.Marshal(r)
			require.NoError(t, err)
			assert.JSONEq(t, in, string(out), "the request carries the filter unchanged in all three states")
		})
	}
}

func searchCompactJSON(t *testing.T, raw []byte) string {
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, raw))
	return b.String()
}

// Filters written in Go with the helpers encode to the JSON of the case of
// the same name.
func TestFilterHelpersEncodeLikeTheCases(t *testing.T) {
	built := map[string]Filter{
		"scalar_string_equal":          {"source": "slack"},
		"number_equal":                 {"count": 3},
		"fraction_equal":               {"ratio": 0.5},
		"boolean_true_equal":           {"flag": true},
		"null_value_matches_json_null": {"note": nil},
		"nested_partial_match":         {"review": Filter{"status": "open"}},
		"nested_two_levels":            {"nested": Filter{"deep": map[string]any{"level": 2}}},
		"list_exact_equal":             {"tags": []string{"prod", "urgent"}},
		"list_of_objects_exact":        {"items": []map[string]any{{"qty": 1, "sku": "a1"}, {"sku": "b2", "qty": 2}}},
		"empty_list_equal":             {"tags": []string{}},
		"contains_scalar":              {"tags": ArrayContains("prod")},
		"contains_list_all_present":    {"tags": ArrayContains("urgent", "prod")},
		"contains_any_one_present":     {"tags": ArrayContainsAny("dev", "urgent")},
		"contains_any_scalar_operand":  {"tags": ArrayContainsAny("prod")},
		"contains_null_member":         {"m": ArrayContains(nil)},
		"not_scalar_different":         {"source": Not("email")},
		"not_contains_absent":          {"tags": Not(ArrayContains("dev"))},
		"not_list_exact":               {"tags": Not([]string{"prod", "urgent"})},
		"not_nested_object":            {"review": Not(Filter{"status": "closed"})},
		"not_null_value":               {"note": Not(nil)},
		"double_negation":              {"source": Not(Not("slack"))},
		"operators_combined_and":       {"tags": Filter{OpArrayContains: "prod", OpNot: ArrayContains("dev")}},
		"and_across_keys_all":          {"source": "slack", "review": Filter{"status": "open"}, "tags": []any{"prod", "urgent"}},
		"dollar_prefixed_field_name":   {"$agent_memory": Filter{"kind": "fact"}},
		"dotted_key_is_one_key":        {"review.status": "dotted"},
		"unicode_key_and_value":        {"catégorie": "été"},
	}
	found := 0
	for _, c := range searchLoadFilterCases(t).Cases {
		f, ok := built[c.Name]
		if !ok {
			continue
		}
		found++
		raw, err := encodeFilter("test", f)
		require.NoError(t, err, c.Name)
		assert.JSONEq(t, string(c.Filter), string(raw), c.Name)
	}
	assert.Equal(t, len(built), found, "every built filter names a case")
}

func TestFilterInvalidCases(t *testing.T) {
	for _, c := range searchLoadFilterCases(t).Invalid {
		t.Run(c.Name, func(t *testing.T) {
			var r searchFilterRequest
			err := json.Unmarshal([]byte(`{"metadata_filter":`+string(c.Filter)+`}`), &r)
			if err == nil {
				f, ok := r.MetadataFilter.Get()
				require.True(t, ok)
				_, err = encodeFilter("Store.Search", f)
			} else {
				// Not an object: Filter cannot hold it (a strict-decoding
				// refusal); the Go value of the same shape is refused too.
				var v any
				require.NoError(t, json.Unmarshal(c.Filter, &v))
				_, isObject := v.(map[string]any)
				require.False(t, isObject, "only non-objects fail to decode: %v", err)
				return
			}
			require.Error(t, err)
			var e *Error
			require.True(t, errors.As(err, &e))
			assert.Equal(t, -c.Error.Code, e.Code)
			assert.Equal(t, c.Error.Name, e.Name)
			assert.True(t, errors.Is(err, ErrInvalidArgument))
			for _, frag := range c.Error.MessageContains {
				assert.Contains(t, e.Message, frag)
			}
			assert.Contains(t, e.Message, "INVALID_ARGUMENT: "+c.Path+": ", "names the display path first")
		})
	}
}

func TestFilterGoValuesChecked(t *testing.T) {
	cases := []struct {
		name string
		f    Filter
		want string // "" = valid
	}{
		{"NaN cannot be sent", Filter{"x": math.NaN()}, "metadata_filter cannot be encoded as JSON"},
		{"huge float", Filter{"x": 1e200}, "metadata_filter.x: number 1e+200 is outside the range of Oracle NUMBER"},
		{"tiny float", Filter{"x": 1e-200}, "metadata_filter.x: number 1e-200 is outside the range"},
		{"largest int64 fits", Filter{"x": int64(math.MaxInt64)}, ""},
		{"uint64 fits", Filter{"x": uint64(math.MaxUint64)}, ""},
		{"float32 value", Filter{"x": float32(0.1)}, ""},
		{"string of 4000 bytes", Filter{"s": strings.Repeat("é", 2000)}, ""},
		{"string of 4002 bytes", Filter{"s": strings.Repeat("é", 2001)}, "metadata_filter.s: string of 4002 bytes; at most 4000 bytes"},
		{"long string inside a list is compared whole", Filter{"s": []string{strings.Repeat("x", 5000)}}, ""},
		{"long contains member", Filter{"s": ArrayContains(strings.Repeat("x", 4001))}, "metadata_filter.s: string of 4001 bytes"},
		{"huge number in a list is not bound", Filter{"n": []any{json.Number("1e200")}}, ""},
		{"number member checked", Filter{"n": ArrayContainsAny(1, json.Number("1e126"))}, "metadata_filter.n: number 1e126"},
		{"no values", Filter{"tags": ArrayContains()}, "metadata_filter.tags.$array_contains: the operand must be a scalar or a non-empty list"},
		{"slice operand", Filter{"tags": ArrayContains([]string{"a", "b"})}, ""},
		{"object member", Filter{"tags": ArrayContainsAny(Filter{"a": 1})}, "metadata_filter.tags.$array_contains_any: the operand"},
		{"key with apostrophe in Not", Filter{"r": Not(Filter{"it's": 1})}, `metadata_filter.r.$not["it's"]: key is not allowed`},
		{"operator inside Not", Filter{"r": Not(Filter{"$eq": 1})}, "metadata_filter.r.$not.$eq: unknown operator"},
		{"key of 128 characters", Filter{strings.Repeat("k", 128): 1}, ""},
		{"key with DEL", Filter{"a\x7f": 1}, `metadata_filter["a\u007f"]: key is not allowed`},
		{"key with a C1 control", Filter{"a\u0085": 1}, "key is not allowed"},
		{"key with a space needs brackets", Filter{"a b": Filter{"$x": 1}}, `metadata_filter["a b"].$x: unknown operator`},
		{"HTML characters are not escaped in paths", Filter{"<a&b>": Filter{"$x": 1}}, `metadata_filter["<a&b>"].$x`},
		{"eight levels", Filter{"a": Filter{"b": Filter{"c": Filter{"d": Filter{"e": Filter{"f": Filter{"g": Filter{"h": 1}}}}}}}}, ""},
		{"Not does not add a level", Filter{"a": Filter{"b": Filter{"c": Filter{"d": Filter{"e": Filter{"f": Filter{"g": Not(Filter{"h": 1})}}}}}}}, ""},
		{"nine levels through Not", Filter{"a": Filter{"b": Filter{"c": Filter{"d": Filter{"e": Filter{"f": Filter{"g": Not(Filter{"h": Filter{"i": 1}})}}}}}}}, "metadata_filter.a.b.c.d.e.f.g.$not.h.i: nesting deeper than 8 levels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := encodeFilter("test", c.f)
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, errors.Is(err, ErrInvalidArgument))
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestFilterConditionLimit(t *testing.T) {
	f := Filter{}
	for i := range 64 {
		f["k"+strconv.Itoa(100+i)] = i
	}
	_, err := encodeFilter("test", f)
	require.NoError(t, err, "64 field conditions are allowed")
	f["nested"] = Filter{"x": 1} // 66 conditions: the 65th is named
	_, err = encodeFilter("test", f)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 64 field conditions")
}

func TestFilterNumberRule(t *testing.T) {
	c := filterCheck{op: "test"}
	for s, ok := range map[string]bool{
		"0": true, "-0": true, "0.000": true, "0e999999999999999999999": true,
		"12345678901234567890123456789012345678":       true, // 38 digits
		"123456789012345678901234567890123456789":      false,
		"1234567890123456789012345678901234567800000":  true, // trailing zeros are not significant
		"0.00012345678901234567890123456789012345678":  true,
		"0.000123456789012345678901234567890123456789": false,
		"9.999e125": true, "1e126": false, "-1E126": false, "99e124": true, "100e124": false,
		"1e-130": true, "0.1e-129": true, "1e-131": false, "-0.00001e-126": false,
		"1e99999999999999999999": false,
	} {
		err := c.number("metadata_filter.n", s)
		assert.Equal(t, ok, err == nil, "%s: %v", s, err)
	}
}
