// Package fixturesync keeps the utPLSQL suites of tests/sql in step with the
// golden fixtures of tests/go/testdata/contract that they copy as q-quoted
// JSON literals. Check compares every copied literal with its fixture as
// parsed JSON and reports fixtures without a counterpart; Generate rewrites
// the generated regions of the suites from the fixtures
// (go run ./tests/go/cmd/genfixtures).
package fixturesync

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Finding is one difference between a suite and the fixtures.
type Finding struct {
	Suite   string // the suite file from the repository root, "" when none is involved
	Line    int    // 0 when the finding concerns the suite as a whole
	Fixture string // the fixture file from the repository root, "" when none is involved
	Message string
}

func (f Finding) String() string {
	var parts []string
	switch {
	case f.Suite != "" && f.Line > 0:
		parts = append(parts, fmt.Sprintf("%s:%d", f.Suite, f.Line))
	case f.Suite != "":
		parts = append(parts, f.Suite)
	}
	if f.Fixture != "" {
		parts = append(parts, f.Fixture)
	}
	return strings.Join(append(parts, f.Message), ": ")
}

// regenerate is the advice for drift inside a generated region.
const regenerate = "run go run ./tests/go/cmd/genfixtures"

// Check compares the suites under root/SuiteDir with the fixtures under
// root/ContractDir and returns every difference not covered by ex.
func Check(root string, ex Exceptions) []Finding {
	st, out := newExceptionState(ex)
	fx, err := loadFixtures(root)
	if err != nil {
		return append(out, Finding{Message: err.Error()})
	}
	c := &checker{fx: fx, st: st, copied: map[string]bool{}, lists: map[string]map[string]bool{}}
	for _, s := range suites {
		c.suite(root, s)
	}
	c.tableKeys()
	for _, rel := range fx.files {
		if !c.copied[rel] && !st.notCopied(rel) {
			c.add(Finding{Fixture: display(rel), Message: "no suite copies this fixture file and no exception lists it"})
		}
	}
	// Map iteration (ops, table files) must not reorder the report between runs.
	sort.SliceStable(c.out, func(i, j int) bool {
		a, b := c.out[i], c.out[j]
		if a.Suite != b.Suite {
			return a.Suite < b.Suite
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Fixture+a.Message < b.Fixture+b.Message
	})
	out = append(out, c.out...)
	return append(out, st.stale()...)
}

type checker struct {
	fx     *fixtureSet
	st     *exceptionState
	copied map[string]bool            // fixture files some suite copies
	lists  map[string]map[string]bool // table file -> lists the suites copy
	out    []Finding

	src *source // the suite being checked
}

func (c *checker) add(f Finding) { c.out = append(c.out, f) }

// at adds a finding at line of the current suite.
func (c *checker) at(line int, fixture, format string, args ...any) {
	c.add(Finding{Suite: c.src.path, Line: line, Fixture: fixture, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) suite(root string, s *suiteSpec) {
	rel := path.Join(SuiteDir, s.file)
	text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		c.add(Finding{Suite: rel, Message: err.Error()})
		return
	}
	src, err := newSource(rel, string(text))
	if err != nil {
		var le *lineError
		errors.As(err, &le) // newSource returns only lineErrors
		c.add(Finding{Suite: rel, Line: le.Line, Message: "cannot be read as PL/SQL: " + le.Msg})
		return
	}
	c.src = src
	spans, errs := src.regions()
	c.errors(errs)
	for _, r := range s.regions {
		if _, ok := spans[r.id]; !ok {
			c.at(0, "", "generated region %s (%s) is missing: add the lines -- genfixtures:begin %s and -- genfixtures:end %s, then %s",
				r.id, r.about, r.id, r.id, regenerate)
		}
	}
	if s.datasetConst != "" {
		c.dataset(s)
	}
	if s.ops != nil {
		c.opCases(s, spans)
	}
	for _, r := range s.regions {
		if r.table != nil {
			c.table(r, spans[r.id])
		}
	}
	for _, d := range s.derived {
		c.derived(d)
	}
	for _, a := range s.counts {
		c.count(a)
	}
	if s.runPrefixes != "" {
		c.prefixes(s)
	}
}

func (c *checker) errors(errs []error) {
	for _, err := range errs {
		c.report(err, "")
	}
}

// report adds err, found in the current suite, as a finding.
func (c *checker) report(err error, fixture string) {
	var le *lineError
	if errors.As(err, &le) {
		c.add(Finding{Suite: le.Path, Line: le.Line, Fixture: fixture, Message: le.Msg})
		return
	}
	c.add(Finding{Suite: c.src.path, Fixture: fixture, Message: err.Error()})
}

// suiteOps is the set of ops whose cases the suite claims: those of its regions.
func suiteOps(s *suiteSpec) map[string]int {
	ops := map[string]int{}
	for i, r := range s.regions {
		for _, op := range r.ops {
			ops[op] = i
		}
	}
	return ops
}

func (c *checker) opCases(s *suiteSpec, spans map[string]regionSpan) {
	oc := s.ops
	ops := suiteOps(s)
	calls, errs := c.src.calls(oc.shape.proc, oc.shape.params)
	c.errors(errs)
	seen := map[string]int{}
	for _, call := range calls {
		op, name := oc.fixedOp, argOf(call.Args, oc.nameParam)
		if oc.opParam != "" {
			a := argOf(call.Args, oc.opParam)
			if a.Kind != argText {
				c.at(call.Line, "", "%s: %s is not a string literal", oc.shape.proc, oc.opParam)
				continue
			}
			op = a.Text
		}
		if name.Kind != argText {
			c.at(call.Line, "", "%s: %s is not a string literal", oc.shape.proc, oc.nameParam)
			continue
		}
		key := op + "/" + name.Text
		if _, ok := ops[op]; !ok {
			c.at(call.Line, "", "%s names op %s, which this suite does not cover (its ops: %s)", key, op, sortedKeys(ops))
			continue
		}
		if first, dup := seen[key]; dup {
			c.at(call.Line, "", "%s is loaded twice (first at line %d)", key, first)
			continue
		}
		seen[key] = call.Line
		files := c.fx.cases[op][name.Text]
		if files == nil {
			c.at(call.Line, display(op+"/"+name.Text+".*.json"), "no fixture case %s: remove the call or add the files", key)
			continue
		}
		for _, p := range oc.kindOrder {
			c.opArg(call, p, op+"/"+name.Text+"."+oc.kinds[p]+".json", files[oc.kinds[p]] != "")
		}
		for kind, rel := range files {
			c.copied[rel] = true
			if !hasKind(oc, kind) {
				c.at(call.Line, display(rel), "the suite has no parameter for fixture files of kind %s", kind)
			}
		}
	}
	for op, region := range ops {
		names := c.fx.names(op)
		if len(names) == 0 {
			c.at(0, display(op), "the suite covers op %s, but there are no fixture cases for it", op)
		}
		for _, name := range names {
			if _, ok := seen[op+"/"+name]; !ok {
				for _, rel := range c.fx.cases[op][name] {
					c.copied[rel] = true // reported here, not again as a file no suite copies
				}
				c.at(spans[s.regions[region].id].begin, display(op+"/"+name+".request.json"),
					"fixture case %s/%s has no %s call in this suite, which covers op %s: %s",
					op, name, oc.shape.proc, op, regenerate)
			}
		}
	}
}

func hasKind(oc *opCases, kind string) bool {
	for _, k := range oc.kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// opArg compares argument param of call with fixture file rel.
func (c *checker) opArg(call Call, param, rel string, exists bool) {
	a := argOf(call.Args, param)
	line := max(a.Line, call.Line)
	switch {
	case a.Kind == argNull && exists:
		c.at(line, display(rel), "%s is NULL, but the fixture file exists: %s", param, regenerate)
	case a.Kind == argNull:
	case !exists:
		c.at(line, display(rel), "%s holds JSON, but there is no such fixture file: %s", param, regenerate)
	case a.Kind != argText:
		c.at(line, display(rel), "%s is not a string literal", param)
	default:
		want, err := c.fx.json(rel)
		if err != nil {
			c.at(line, display(rel), "%v", err)
			return
		}
		d := c.st.differ(rel)
		compareJSON(param, a.Text, want, "$", d)
		if msg := d.summary(); msg != "" {
			c.at(line, display(rel), "%s differs from the fixture: %s; %s", param, msg, regenerate)
		}
	}
}

func sortedKeys[V any](m map[string]V) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// dataset reads the records suite's list of data-set cases.
func (c *checker) dataset(s *suiteSpec) {
	text, line, err := c.src.constantValue(s.datasetConst)
	if err != nil {
		c.report(err, "")
		return
	}
	ops := suiteOps(s)
	for _, entry := range strings.Split(text, ",") {
		if entry == "" {
			continue
		}
		op, name, _ := strings.Cut(entry, "/")
		_, covered := ops[op]
		if c.fx.cases[op][name]["request"] == "" || !covered {
			c.at(line, display(entry+".request.json"), "%s lists %s, which is not a fixture case with a request of an op this suite covers",
				s.datasetConst, entry)
			continue
		}
		c.fx.dataset[entry] = true
	}
}

func (c *checker) count(a countAssertion) {
	text, line, err := c.src.assertion(a.label, a.matcher)
	if err != nil {
		c.report(err, "")
		return
	}
	n, _ := strconv.Atoi(text) // digits only: the pattern matched \d+
	have := a.count(c.fx)
	fixture := ""
	if a.fixture != "" {
		fixture = display(a.fixture)
	}
	switch {
	case have < 0:
		// the table could not be read: reported where it is compared
	case a.matcher == "to_equal" && n != have:
		c.at(line, fixture, "the suite expects %d %s; the fixtures have %d: update the number", n, a.what, have)
	case a.matcher == "to_be_greater_than" && have <= n:
		c.at(line, fixture, "the suite expects more than %d %s; the fixtures have %d: update the bound", n, a.what, have)
	}
}

// prefixes checks that every case name starts with a prefix the suite runs.
func (c *checker) prefixes(s *suiteSpec) {
	var prefixes []string
	for _, m := range regexp.MustCompile(s.runPrefixes).FindAllStringSubmatch(c.src.text, -1) {
		prefixes = append(prefixes, m[1])
	}
	for op := range suiteOps(s) {
		for _, name := range c.fx.names(op) {
			ok := false
			for _, p := range prefixes {
				ok = ok || strings.HasPrefix(name, p)
			}
			if !ok {
				c.at(0, display(op+"/"+name+".request.json"),
					"case %s starts with none of the prefixes the suite runs (%s): it would be loaded but never run",
					name, strings.Join(prefixes, ", "))
			}
		}
	}
}
