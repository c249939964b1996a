package fixturesync

import (
	"fmt"
	"strings"
)

// fieldMap ties a field of a table entry to the call parameters that carry
// it in a suite.
type fieldMap struct {
	field string
	codec codec
}

// codec converts one field of a table entry to call arguments and back.
// The value passed is nil when the entry lacks the field.
type codec interface {
	params() []string
	encode(v *Value, style jsonStyle) (map[string]Arg, error)
	// compare records in d why args do not carry v (path is v's JSON path).
	compare(args map[string]Arg, v *Value, path string, d *differ)
}

// argOf is the argument passed for param; a parameter left out takes its
// default, NULL, in every fixture procedure of the suites.
func argOf(args map[string]Arg, param string) Arg {
	if a, ok := args[param]; ok {
		return a
	}
	return Arg{Kind: argNull}
}

func isNull(v *Value) bool { return v == nil || v.Kind == jsonNull }

// compareJSON records how JSON text carried by a suite differs from v.
func compareJSON(param string, text string, v *Value, path string, d *differ) {
	parsed, err := ParseJSON(text)
	if err != nil {
		d.add("%s: %s is not valid JSON: %v", path, param, err)
		return
	}
	d.compare(path, parsed, v)
}

// jsonText: the parameter holds the field as JSON text; with nullIsNull a
// JSON null (or no field) is SQL NULL.
type jsonText struct {
	param      string
	nullIsNull bool
}

func (c jsonText) params() []string { return []string{c.param} }

func (c jsonText) encode(v *Value, style jsonStyle) (map[string]Arg, error) {
	switch {
	case c.nullIsNull && isNull(v):
		return map[string]Arg{c.param: {Kind: argNull}}, nil
	case v == nil:
		return nil, fmt.Errorf("the field for %s is missing", c.param)
	}
	return map[string]Arg{c.param: {Kind: argText, Text: v.Render(style)}}, nil
}

func (c jsonText) compare(args map[string]Arg, v *Value, path string, d *differ) {
	a := argOf(args, c.param)
	switch {
	case a.Kind == argNull && c.nullIsNull && isNull(v):
	case a.Kind == argNull:
		d.add("%s: the suite passes NULL for %s, the fixture has %s", path, c.param, briefOrMissing(v))
	case a.Kind != argText:
		d.add("%s: %s is not JSON text", path, c.param)
	case v == nil:
		d.add("%s: the suite passes %s, the fixture has no such field", path, c.param)
	default:
		compareJSON(c.param, a.Text, v, path, d)
	}
}

// flaggedJSON: an absent field is param NULL with given FALSE; a present one
// (JSON null included) is its JSON text with given TRUE.
type flaggedJSON struct {
	param, given string
}

func (c flaggedJSON) params() []string { return []string{c.param, c.given} }

func (c flaggedJSON) encode(v *Value, style jsonStyle) (map[string]Arg, error) {
	if v == nil {
		return map[string]Arg{c.param: {Kind: argNull}, c.given: {Kind: argBool, Bool: false}}, nil
	}
	return map[string]Arg{c.param: {Kind: argText, Text: v.Render(style)}, c.given: {Kind: argBool, Bool: true}}, nil
}

func (c flaggedJSON) compare(args map[string]Arg, v *Value, path string, d *differ) {
	a, g := argOf(args, c.param), argOf(args, c.given)
	switch {
	case g.Kind != argBool:
		d.add("%s: %s is not TRUE or FALSE", path, c.given)
	case v == nil && (g.Bool || a.Kind != argNull):
		d.add("%s: absent in the fixture (omitted), but the suite passes %s TRUE or a %s", path, c.given, c.param)
	case v == nil:
	case !g.Bool:
		d.add("%s: the fixture has %s, but the suite passes %s FALSE (omitted)", path, v.brief(), c.given)
	case a.Kind != argText:
		d.add("%s: %s is not JSON text", path, c.param)
	default:
		compareJSON(c.param, a.Text, v, path, d)
	}
}

// boolean: the parameter is TRUE or FALSE as the field.
type boolean struct{ param string }

func (c boolean) params() []string { return []string{c.param} }

func (c boolean) encode(v *Value, _ jsonStyle) (map[string]Arg, error) {
	if v == nil || v.Kind != jsonBool {
		return nil, fmt.Errorf("the field for %s is %s, not true or false", c.param, briefOrMissing(v))
	}
	return map[string]Arg{c.param: {Kind: argBool, Bool: v.Bool}}, nil
}

func (c boolean) compare(args map[string]Arg, v *Value, path string, d *differ) {
	a := argOf(args, c.param)
	switch {
	case v == nil || v.Kind != jsonBool:
		d.add("%s: the fixture has %s, not true or false", path, briefOrMissing(v))
	case a.Kind != argBool:
		d.add("%s: %s is not TRUE or FALSE", path, c.param)
	case a.Bool != v.Bool:
		d.add("%s: the suite passes %s %t, the fixture has %t", path, c.param, a.Bool, v.Bool)
	}
}

// plainText: the parameter is the field's string itself (not JSON); JSON
// null or no field is SQL NULL.
type plainText struct{ param string }

func (c plainText) params() []string { return []string{c.param} }

func (c plainText) encode(v *Value, _ jsonStyle) (map[string]Arg, error) {
	switch {
	case isNull(v):
		return map[string]Arg{c.param: {Kind: argNull}}, nil
	case v.Kind != jsonString:
		return nil, fmt.Errorf("the field for %s is %s, not a string", c.param, v.brief())
	}
	return map[string]Arg{c.param: {Kind: argText, Text: v.Str}}, nil
}

func (c plainText) compare(args map[string]Arg, v *Value, path string, d *differ) {
	a := argOf(args, c.param)
	switch {
	case a.Kind == argNull && isNull(v):
	case a.Kind == argNull || v == nil || v.Kind != jsonString || a.Kind != argText:
		d.add("%s: the suite passes %s for %s, the fixture has %s", path, a.brief(), c.param, briefOrMissing(v))
	case a.Text != v.Str:
		d.add("%s: the suite passes %s for %s, the fixture has %s", path, a.brief(), c.param, v.brief())
	}
}

// errorFragments: the parameter holds error.message_contains as JSON text;
// the suite expects every entry to raise the one error class it catches.
type errorFragments struct {
	param string
	code  int
	name  string
}

func (c errorFragments) params() []string { return []string{c.param} }

func (c errorFragments) encode(v *Value, style jsonStyle) (map[string]Arg, error) {
	if m := v.Member("message_contains"); m != nil {
		return map[string]Arg{c.param: {Kind: argText, Text: m.Render(style)}}, nil
	}
	return nil, fmt.Errorf("error.message_contains for %s is missing", c.param)
}

func (c errorFragments) compare(args map[string]Arg, v *Value, path string, d *differ) {
	if v == nil || v.Kind != jsonObject {
		d.add("%s: the fixture has %s, not an error object", path, briefOrMissing(v))
		return
	}
	if code := v.Member("code"); code == nil || !sameNumber(code.Str, fmt.Sprint(c.code)) {
		d.add("%s.code: the suite expects %d (it catches only that class), the fixture has %s", path, c.code, briefOrMissing(code))
	}
	if name := v.Member("name"); name == nil || name.Str != c.name {
		d.add("%s.name: the suite expects %s (it catches only that class), the fixture has %s", path, c.name, briefOrMissing(name))
	}
	for _, k := range v.Keys {
		if k != "code" && k != "name" && k != "message_contains" {
			d.add("%s: the suite does not copy this key", memberPath(path, k))
		}
	}
	jsonText{param: c.param}.compare(args, v.Member("message_contains"), path+".message_contains", d)
}

func briefOrMissing(v *Value) string {
	if v == nil {
		return "nothing (no such field)"
	}
	return v.brief()
}

// brief is an argument for a message.
func (a Arg) brief() string {
	switch a.Kind {
	case argNull:
		return "NULL"
	case argBool:
		return strings.ToUpper(fmt.Sprint(a.Bool))
	}
	if len(a.Text) > 80 {
		return fmt.Sprintf("'%s...'", a.Text[:77])
	}
	return fmt.Sprintf("'%s'", a.Text)
}
