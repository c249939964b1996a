package agentmemory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Filter is a metadata filter, the seed's metadata_filter language
// (docs/protocol-search.md §5). Its entries are ANDed; each maps a metadata
// key to a field expression:
//
//   - a scalar (string, number, bool, nil) or a list: exact equality; the
//     field must exist, no type coercion, lists equal in length and order;
//   - a nested Filter (or map[string]any) without operator keys: the field
//     must be an object matching the nested entries (other members allowed);
//   - an operator object, built with ArrayContains, ArrayContainsAny or Not
//     (several operators in one object are ANDed).
//
// Keys are literal ("review.status" is one key, not a path). Values may be
// any Go value that encodes to JSON ([]string, structs, ...): the filter is
// checked and sent as its JSON encoding. An empty Filter matches every
// record; to match records without metadata use None[Filter]() in
// SearchRequest.MetadataFilter. Matching is the package's job; the client
// checks the rules of §5 early and names the offending path.
//
//	agentmemory.Filter{
//		"source": "chat",
//		"travel": agentmemory.Filter{"need": "transit"},
//		"tags":   agentmemory.ArrayContains("trip"),
//		"labels": agentmemory.Not(agentmemory.ArrayContains("archived")),
//	}
type Filter map[string]any

// The operator names of the filter language.
const (
	OpArrayContains    = "$array_contains"     // every listed value is an element of the array field
	OpArrayContainsAny = "$array_contains_any" // at least one listed value is an element
	OpNot              = "$not"                // the operand expression does not hold (missing fields included)
)

// ArrayContains matches an array field holding every one of values
// (elements compared whole). One value is sent as a scalar operand, several
// as a list; pass a slice as the single argument to send it as the list.
func ArrayContains(values ...any) Filter { return Filter{OpArrayContains: operand(values)} }

// ArrayContainsAny matches an array field holding at least one of values.
func ArrayContainsAny(values ...any) Filter { return Filter{OpArrayContainsAny: operand(values)} }

// Not matches exactly when expr does not: expr is any field expression (a
// raw value, a nested Filter, an operator object, another Not). It matches a
// missing field and a record without metadata; a negated membership also
// matches a field that is not an array.
func Not(expr any) Filter { return Filter{OpNot: expr} }

func operand(values []any) any {
	if len(values) == 1 {
		return values[0]
	}
	if values == nil {
		return []any{} // rejected by the check, which names the operator's path
	}
	return values
}

// UnmarshalJSON decodes a filter keeping numbers as json.Number, so the
// digit rule of §5 sees the number as written (and encoding writes it back
// unchanged).
func (f *Filter) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return err
	}
	*f = m
	return nil
}

// Limits of §5 (validation before any row is read).
const (
	maxFilterKeyChars     = 128
	maxFilterDepth        = 8   // field levels
	maxFilterConditions   = 64  // field conditions in all
	maxFilterOperands     = 100 // values of one $array_contains(_any)
	maxFilterStringBytes  = 4000
	maxFilterNumberDigits = 38
)

var (
	plainKeyPattern = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)
	numberPattern   = regexp.MustCompile(`^-?([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$`)
)

const ruleFilterKey = "key is not allowed: keys must be 1 to 128 characters without double quotes, backslashes, apostrophes or control characters"

// encodeFilter checks f against the rules of §5 and returns the JSON text
// to send. The check runs on f's JSON encoding decoded again, so it sees
// exactly what the package will see whatever Go types f holds.
func encodeFilter(op string, f Filter) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return nil, invalidArgument(op, "metadata_filter cannot be encoded as JSON: %v", err)
	}
	raw := bytes.TrimRight(buf.Bytes(), "\n")
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, fmt.Errorf("agentmemory: %s: internal error: re-reading the metadata filter: %w", op, err)
	}
	m, ok := tree.(map[string]any)
	if !ok {
		// A nil Filter encodes as null; an explicit None is
		// Optional[Filter]'s job, so nil here is a mistake of the caller.
		return nil, invalidArgument(op, "metadata_filter must be a JSON object or null; use None[Filter]() for records without metadata")
	}
	c := filterCheck{op: op}
	if err := c.fields("metadata_filter", m, 0); err != nil {
		return nil, err
	}
	return raw, nil
}

// filterCheck walks a decoded filter; conditions counts the field
// conditions seen so far.
type filterCheck struct {
	op         string
	conditions int
}

func (c *filterCheck) bad(path, format string, args ...any) error {
	return invalidArgument(c.op, "%s: %s", path, fmt.Sprintf(format, args...))
}

// fields checks an object whose keys are field names (the filter itself, a
// nested filter); level is the field level of the object's parent.
func (c *filterCheck) fields(path string, m map[string]any, level int) error {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := path + displayKey(k)
		if !validFilterKey(k) {
			return c.bad(p, "%s", ruleFilterKey)
		}
		if isFilterOperator(k) {
			return c.bad(p, `operator %s cannot be a field name; write {"<field>": {"%s": ...}}`, k, k)
		}
		if level+1 > maxFilterDepth {
			return c.bad(p, "nesting deeper than %d levels", maxFilterDepth)
		}
		c.conditions++
		if c.conditions > maxFilterConditions {
			return c.bad(p, "more than %d field conditions in the filter; at most %d", maxFilterConditions, maxFilterConditions)
		}
		if err := c.expr(p, p, m[k], level+1); err != nil {
			return err
		}
	}
	return nil
}

// expr checks the field expression v at path; field is the path of the
// field it applies to (path without trailing operators), level its level.
func (c *filterCheck) expr(path, field string, v any, level int) error {
	switch x := v.(type) {
	case map[string]any:
		var ops, plain []string
		for k := range x {
			if strings.HasPrefix(k, "$") {
				ops = append(ops, k)
			} else {
				plain = append(plain, k)
			}
		}
		if len(ops) == 0 {
			return c.fields(path, x, level)
		}
		if len(plain) > 0 {
			slices.Sort(plain)
			return c.bad(path, "an operator object cannot also hold field names (%s); put fields in a nested object", strings.Join(plain, ", "))
		}
		slices.Sort(ops)
		for _, o := range ops {
			p := path + "." + o
			switch o {
			case OpArrayContains, OpArrayContainsAny:
				if err := c.membership(p, field, x[o]); err != nil {
					return err
				}
			case OpNot:
				if err := c.expr(p, field, x[o], level); err != nil {
					return err
				}
			default:
				return c.bad(p, "unknown operator; allowed: %s, %s, %s", OpArrayContains, OpArrayContainsAny, OpNot)
			}
		}
		return nil
	case []any:
		// Exact list equality: sent as JSON text and compared whole.
		return nil
	default:
		return c.scalar(field, x)
	}
}

// membership checks the operand of $array_contains(_any) at path.
func (c *filterCheck) membership(path, field string, v any) error {
	const rule = "the operand must be a scalar or a non-empty list of at most 100 scalars"
	values, isList := v.([]any)
	if !isList {
		values = []any{v}
	}
	if len(values) == 0 || len(values) > maxFilterOperands {
		return c.bad(path, "%s", rule)
	}
	for _, e := range values {
		switch e.(type) {
		case map[string]any, []any:
			return c.bad(path, "%s", rule)
		}
		if err := c.scalar(field, e); err != nil {
			return err
		}
	}
	return nil
}

// scalar checks a value compared on its own: strings fit a VARCHAR2 bind,
// numbers fit Oracle NUMBER.
func (c *filterCheck) scalar(field string, v any) error {
	switch x := v.(type) {
	case string:
		if n := len(x); n > maxFilterStringBytes {
			return c.bad(field, "string of %d bytes; at most %d bytes", n, maxFilterStringBytes)
		}
	case json.Number:
		return c.number(field, x.String())
	}
	return nil
}

// number applies Oracle NUMBER's limits to the decimal text s: at most 38
// significant digits, absolute value below 1E126, and 0 or at least 1E-130.
func (c *filterCheck) number(field, s string) error {
	m := numberPattern.FindStringSubmatch(s)
	if m == nil {
		return c.bad(field, "number %s is not a JSON number", s)
	}
	intPart, frac := m[1], m[2]
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return nil // zero
	}
	lead := len(intPart+frac) - len(digits) // leading zeros before the first significant digit
	digits = strings.TrimRight(digits, "0")
	if len(digits) > maxFilterNumberDigits {
		return c.bad(field, "number %s has more than %d significant digits", s, maxFilterNumberDigits)
	}
	exp := int64(0)
	if m[3] != "" {
		var err error
		if exp, err = strconv.ParseInt(m[3], 10, 64); err != nil {
			return c.bad(field, "number %s is outside the range of Oracle NUMBER (absolute value below 1E126 and, unless 0, at least 1E-130)", s)
		}
	}
	// The decimal exponent of the first significant digit.
	top := exp + int64(len(intPart)) - 1 - int64(lead)
	if top >= 126 || top < -130 {
		return c.bad(field, "number %s is outside the range of Oracle NUMBER (absolute value below 1E126 and, unless 0, at least 1E-130)", s)
	}
	return nil
}

// validFilterKey applies the key rule of §5: 1..128 characters, no ", \, '
// and no control characters (C0, DEL, C1).
func validFilterKey(k string) bool {
	n := utf8.RuneCountInString(k)
	if n < 1 || n > maxFilterKeyChars {
		return false
	}
	for _, r := range k {
		if r == '"' || r == '\\' || r == '\'' || r <= 0x1F || (r >= 0x7F && r <= 0x9F) {
			return false
		}
	}
	return true
}

func isFilterOperator(k string) bool {
	return k == OpArrayContains || k == OpArrayContainsAny || k == OpNot
}

// displayKey renders one step of a display path: ".key" for a plain key,
// else ["key"] with JSON string escaping.
func displayKey(k string) string {
	if plainKeyPattern.MatchString(k) {
		return "." + k
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(k) // a string always encodes
	quoted := strings.TrimRight(buf.String(), "\n")
	// JSON leaves DEL and the C1 controls raw; escape them so the message
	// stays printable.
	var b strings.Builder
	for _, r := range quoted {
		if r >= 0x7F && r <= 0x9F {
			fmt.Fprintf(&b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return "[" + b.String() + "]"
}
