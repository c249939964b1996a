package fixturesync

import "fmt"

// entryName returns the "name" of a table entry, or "".
func entryName(e *Value) string {
	if n := e.Member("name"); n != nil && n.Kind == jsonString {
		return n.Str
	}
	return ""
}

// table compares the calls of a table region with the entries of its list.
func (c *checker) table(r region, span regionSpan) {
	t := r.table
	c.copied[t.file] = true
	if c.lists[t.file] == nil {
		c.lists[t.file] = map[string]bool{}
	}
	c.lists[t.file][t.list] = true
	entries, err := c.fx.table(t.file, t.list)
	if err != nil {
		c.at(span.begin, display(t.file), "%v", err)
		return
	}
	byName := map[string]int{}
	for i, e := range entries {
		name := entryName(e)
		if _, dup := byName[name]; dup || name == "" {
			c.at(0, display(t.file), "%s[%d] needs a unique string \"name\" (the suite finds cases by name)", t.list, i)
			continue
		}
		byName[name] = i
		c.entryKeys(t, e, i)
	}
	calls, errs := c.src.calls(t.shape.proc, t.shape.params)
	c.errors(errs)
	seen := map[string]int{}
	for _, call := range calls {
		name := argOf(call.Args, t.nameParam)
		if name.Kind != argText {
			c.at(call.Line, "", "%s: %s is not a string literal", t.shape.proc, t.nameParam)
			continue
		}
		i, ok := byName[name.Text]
		switch {
		case !ok:
			c.at(call.Line, display(t.file), "%s %s: no entry of that name in %q: remove the call or %s",
				t.shape.proc, name.Text, t.list, regenerate)
			continue
		case seen[name.Text] > 0:
			c.at(call.Line, display(t.file), "%s %s is loaded twice (first at line %d)", t.shape.proc, name.Text, seen[name.Text])
			continue
		}
		seen[name.Text] = call.Line
		d := c.st.differ(t.file)
		for _, f := range t.fields {
			f.codec.compare(call.Args, entries[i].Member(f.field), fmt.Sprintf("%s[%d].%s", listPath(t.list), i, f.field), d)
		}
		if msg := d.summary(); msg != "" {
			c.at(call.Line, display(t.file), "%s %s differs from the fixture: %s; %s", t.shape.proc, name.Text, msg, regenerate)
		}
	}
	for i, e := range entries {
		if name := entryName(e); name != "" && seen[name] == 0 {
			c.at(span.begin, display(t.file), "%s[%d] %q has no %s call in this suite: %s", listPath(t.list), i, name, t.shape.proc, regenerate)
		}
	}
}

func listPath(list string) string {
	if list == "" {
		return "$"
	}
	return memberPath("$", list)
}

// entryKeys reports keys of an entry that the suite does not copy and no
// exception lists.
func (c *checker) entryKeys(t *tableCalls, e *Value, i int) {
	if e.Kind != jsonObject {
		return
	}
	for _, k := range e.Keys {
		mapped := k == "name"
		for _, f := range t.fields {
			mapped = mapped || f.field == k
		}
		if !mapped && !c.st.fieldExcepted(t.file, t.list+"[]."+k) {
			c.at(0, display(t.file), "%s[%d].%s: the suite has no parameter for this key and no exception lists it",
				listPath(t.list), i, k)
		}
	}
}

// tableKeys reports keys of table files (other than the lists copied) that
// no exception lists.
func (c *checker) tableKeys() {
	for file, lists := range c.lists {
		v, err := c.fx.json(file)
		if err != nil || v.Kind != jsonObject {
			continue // reported by table, or the file is the list itself
		}
		for _, k := range v.Keys {
			if !lists[k] && !c.st.fieldExcepted(file, k) {
				c.add(Finding{Fixture: display(file),
					Message: fmt.Sprintf("key %q: no suite copies it and no exception lists it", k)})
			}
		}
	}
}
