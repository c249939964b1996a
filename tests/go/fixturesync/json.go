package fixturesync

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"strconv"
	"strings"
)

// jsonKind is the type of a JSON value.
type jsonKind int

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

// Value is a parsed JSON value that keeps the key order of objects and the
// literal text of numbers, so that a fixture can be written back into a suite
// the way it reads in its file (encoding/json maps lose both).
type Value struct {
	Kind  jsonKind
	Bool  bool
	Str   string   // a string's value, or a number's literal text
	Keys  []string // object keys, in source order
	Items []*Value // array items, or object values in the order of Keys
}

// Member returns the value of key in an object, or nil.
func (v *Value) Member(key string) *Value {
	if v == nil || v.Kind != jsonObject {
		return nil
	}
	for i, k := range v.Keys {
		if k == key {
			return v.Items[i]
		}
	}
	return nil
}

// withMember returns a shallow copy of object v with key set to m.
func (v *Value) withMember(key string, m *Value) *Value {
	c := &Value{Kind: jsonObject, Keys: append([]string(nil), v.Keys...), Items: append([]*Value(nil), v.Items...)}
	for i, k := range c.Keys {
		if k == key {
			c.Items[i] = m
			return c
		}
	}
	c.Keys = append(c.Keys, key)
	c.Items = append(c.Items, m)
	return c
}

// ParseJSON parses one JSON text. Duplicate object keys are an error: the
// suites parse the text with Oracle's JSON functions, and which duplicate
// wins there is not something a fixture should depend on.
func ParseJSON(text string) (*Value, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("text after the JSON value at offset %d", dec.InputOffset())
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (*Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &Value{Kind: jsonNull}, nil
	case bool:
		return &Value{Kind: jsonBool, Bool: t}, nil
	case json.Number:
		return &Value{Kind: jsonNumber, Str: string(t)}, nil
	case string:
		return &Value{Kind: jsonString, Str: t}, nil
	case json.Delim:
		if t == '[' {
			v := &Value{Kind: jsonArray}
			for dec.More() {
				item, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				v.Items = append(v.Items, item)
			}
			_, err := dec.Token() // the closing ]
			return v, err
		}
		v := &Value{Kind: jsonObject}
		seen := map[string]bool{}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key := keyTok.(string) // the decoder accepts only a string here
			if seen[key] {
				return nil, fmt.Errorf("duplicate object key %q", key)
			}
			seen[key] = true
			item, err := parseValue(dec)
			if err != nil {
				return nil, err
			}
			v.Keys = append(v.Keys, key)
			v.Items = append(v.Items, item)
		}
		_, err := dec.Token() // the closing }
		return v, err
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// jsonStyle is how a suite writes JSON text.
type jsonStyle int

const (
	// compactJSON has no blanks: {"a":1,"b":[1,2]}.
	compactJSON jsonStyle = iota
	// spacedJSON has a blank after each comma and colon: {"a": 1, "b": [1, 2]}.
	spacedJSON
)

// Render writes v as JSON text in style. Strings are ASCII-only (\uXXXX for
// everything else), so the suites' source stays ASCII whatever the client
// character set of the session that installs them; numbers keep their
// literal text.
func (v *Value) Render(style jsonStyle) string {
	var b strings.Builder
	v.render(&b, style)
	return b.String()
}

func (v *Value) render(b *strings.Builder, style jsonStyle) {
	comma, colon := ",", ":"
	if style == spacedJSON {
		comma, colon = ", ", ": "
	}
	switch v.Kind {
	case jsonNull:
		b.WriteString("null")
	case jsonBool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case jsonNumber:
		b.WriteString(v.Str)
	case jsonString:
		b.WriteString(quoteASCII(v.Str))
	case jsonArray:
		b.WriteByte('[')
		for i, item := range v.Items {
			if i > 0 {
				b.WriteString(comma)
			}
			item.render(b, style)
		}
		b.WriteByte(']')
	case jsonObject:
		b.WriteByte('{')
		for i, key := range v.Keys {
			if i > 0 {
				b.WriteString(comma)
			}
			b.WriteString(quoteASCII(key))
			b.WriteString(colon)
			v.Items[i].render(b, style)
		}
		b.WriteByte('}')
	}
}

// quoteASCII quotes s as a JSON string with every character outside
// printable ASCII escaped (UTF-16 surrogate pairs beyond U+FFFF).
func quoteASCII(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (r > 0x7e && r <= 0xffff):
			fmt.Fprintf(&b, `\u%04x`, r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// maxDiffs bounds the differences reported for one pair of values.
const maxDiffs = 5

// differ compares a suite's JSON with its fixture. Object key order and
// number spelling (3, 3.0, 3e0) do not matter: the suites compare parsed
// JSON too (JSON_EQUAL, JSON_OBJECT_T).
type differ struct {
	fixture    string               // the fixture file, to find its deviations
	deviations map[string]Deviation // by fixture file and JSON path
	used       map[string]bool      // deviations that were needed
	diffs      []string
}

func (d *differ) add(format string, args ...any) {
	d.diffs = append(d.diffs, fmt.Sprintf(format, args...))
}

func (d *differ) deviation(path string, kind DeviationKind) bool {
	key := d.fixture + " " + path
	dev, ok := d.deviations[key]
	if ok && dev.Kind == kind {
		d.used[key] = true
		return true
	}
	return false
}

// compare records how suite differs from fixture at path.
func (d *differ) compare(path string, suite, fixture *Value) {
	if suite.Kind != fixture.Kind {
		d.add("%s: the suite has %s, the fixture %s", path, suite.brief(), fixture.brief())
		return
	}
	switch suite.Kind {
	case jsonBool:
		if suite.Bool != fixture.Bool {
			d.add("%s: the suite has %s, the fixture %s", path, suite.brief(), fixture.brief())
		}
	case jsonNumber:
		if !sameNumber(suite.Str, fixture.Str) {
			d.add("%s: the suite has %s, the fixture %s", path, suite.Str, fixture.Str)
		}
	case jsonString:
		if suite.Str != fixture.Str && !(strings.EqualFold(suite.Str, fixture.Str) && d.deviation(path, LetterCase)) {
			d.add("%s: the suite has %s, the fixture %s", path, suite.brief(), fixture.brief())
		}
	case jsonArray:
		if len(suite.Items) != len(fixture.Items) {
			d.add("%s: the suite has %d items, the fixture %d", path, len(suite.Items), len(fixture.Items))
			return
		}
		for i := range suite.Items {
			d.compare(fmt.Sprintf("%s[%d]", path, i), suite.Items[i], fixture.Items[i])
		}
	case jsonObject:
		for i, key := range fixture.Keys {
			sub := memberPath(path, key)
			if s := suite.Member(key); s != nil {
				d.compare(sub, s, fixture.Items[i])
			} else if !d.deviation(sub, Omitted) {
				d.add("%s: in the fixture, missing in the suite", sub)
			}
		}
		for _, key := range suite.Keys {
			if fixture.Member(key) == nil {
				d.add("%s: in the suite, not in the fixture", memberPath(path, key))
			}
		}
	}
}

// summary is the differences found, at most maxDiffs of them, or "".
func (d *differ) summary() string {
	if len(d.diffs) == 0 {
		return ""
	}
	shown := d.diffs
	more := ""
	if len(shown) > maxDiffs {
		more = fmt.Sprintf("; and %d more", len(shown)-maxDiffs)
		shown = shown[:maxDiffs]
	}
	return strings.Join(shown, "; ") + more
}

func sameNumber(a, b string) bool {
	ra, okA := new(big.Rat).SetString(a)
	rb, okB := new(big.Rat).SetString(b)
	if !okA || !okB {
		return a == b
	}
	return ra.Cmp(rb) == 0
}

var plainKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// memberPath extends a JSON path ($.a.b) by key, bracketed when key is not
// an identifier.
func memberPath(path, key string) string {
	if plainKey.MatchString(key) {
		return path + "." + key
	}
	return path + "[" + strconv.Quote(key) + "]"
}

// brief is v for a message: scalars as JSON, containers by kind.
func (v *Value) brief() string {
	switch v.Kind {
	case jsonArray:
		return fmt.Sprintf("an array of %d", len(v.Items))
	case jsonObject:
		return "an object"
	}
	text := v.Render(spacedJSON)
	if len(text) > 80 {
		text = text[:77] + "..."
	}
	return text
}
