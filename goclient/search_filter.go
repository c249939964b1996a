package agentmemory

import (
	"bytes"
	"encoding/json"
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
// sent as its JSON encoding. An empty Filter matches every record; to match
// records without metadata use None[Filter]() in
// SearchRequest.MetadataFilter. Checking and matching are the package's
// job: a filter it refuses is ErrInvalidArgument naming the offending path.
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
		return []any{} // the package names the operator's path when it refuses this
	}
	return values
}

// UnmarshalJSON decodes a filter keeping numbers as json.Number, so that
// encoding writes them back as written (a float64 would round 38 digits).
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
