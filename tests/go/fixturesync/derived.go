package fixturesync

import (
	"fmt"
	"strings"
)

// derived compares a request the suite writes itself with its fixture,
// after the suite's documented substitutions.
func (c *checker) derived(d derivedRequest) {
	c.copied[d.fixture] = true
	text, line, err := c.src.firstStringIn(d.proc)
	if err != nil {
		c.report(err, display(d.fixture))
		return
	}
	want, err := c.fx.json(d.fixture)
	if err != nil {
		c.at(line, display(d.fixture), "%v", err)
		return
	}
	got, err := ParseJSON(text)
	if err != nil {
		c.at(line, display(d.fixture), "the request in %s is not valid JSON: %v", d.proc, err)
		return
	}
	if got.Kind != jsonObject || want.Kind != jsonObject {
		c.at(line, display(d.fixture), "the request in %s or its fixture is not a JSON object", d.proc)
		return
	}
	for _, s := range d.subst {
		mine, theirs := got.Member(s.key), want.Member(s.key)
		if mine == nil || theirs == nil {
			continue // a key on one side only: the comparison reports it
		}
		if msg := s.check(mine, theirs); msg != "" {
			c.at(line, display(d.fixture), "%s in %s: %s", s.key, d.proc, msg)
		}
		want = want.withMember(s.key, mine)
	}
	df := c.st.differ(d.fixture)
	df.compare("$", got, want)
	if msg := df.summary(); msg != "" {
		c.at(line, display(d.fixture), "the request in %s differs from the fixture: %s", d.proc, msg)
	}
}

// utsStoreID accepts the suite's own store id for a fixture's: UTS_
// followed by anything, in the letter case of the fixture's id (the
// fixtures use lower case to show that ids are folded).
func utsStoreID(suite, fixture *Value) string {
	if suite.Kind != jsonString || fixture.Kind != jsonString {
		return "both ids must be strings"
	}
	if !strings.HasPrefix(strings.ToUpper(suite.Str), "UTS_") {
		return fmt.Sprintf("the suite's store ids start with UTS_, not %s", suite.brief())
	}
	lower := func(s string) bool { return s == strings.ToLower(s) }
	if lower(suite.Str) != lower(fixture.Str) {
		return fmt.Sprintf("%s is not in the letter case of the fixture's %s", suite.brief(), fixture.brief())
	}
	return ""
}
