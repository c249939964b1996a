package fixturesync

import (
	"fmt"
	"path"
	"path/filepath"
)

// Exceptions are the deliberate differences between the fixtures and the
// suites. Every entry needs a reason, and an entry that no longer matches
// anything is itself a finding, so the list cannot go stale.
type Exceptions struct {
	// NotCopied are fixture files that no suite copies.
	NotCopied []NotCopied
	// NotCopiedFields are keys of table fixtures that no suite copies.
	NotCopiedFields []NotCopiedField
	// Deviations are values a suite deliberately sends differently.
	Deviations []Deviation
}

// NotCopied is a fixture file, or a path.Match pattern of files, relative
// to ContractDir ("describe_store/*").
type NotCopied struct {
	Pattern, Reason string
}

// NotCopiedField is a key of a table fixture (relative to ContractDir):
// "about" for a key of the file's object, "cases[].why" for a key of each
// entry of list "cases", "[].why" when the file is the list.
type NotCopiedField struct {
	File, Field, Reason string
}

// DeviationKind is how a suite's value may differ from the fixture's.
type DeviationKind int

const (
	// Omitted: the suite leaves the key out.
	Omitted DeviationKind = iota
	// LetterCase: the suite's string differs only in letter case.
	LetterCase
)

func (k DeviationKind) String() string {
	if k == Omitted {
		return "Omitted"
	}
	return "LetterCase"
}

// Deviation is one value of one fixture file (relative to ContractDir) at a
// JSON path ("$.memory_retention_config").
type Deviation struct {
	Fixture, Path string
	Kind          DeviationKind
	Reason        string
}

// exceptionState tracks which exceptions were needed.
type exceptionState struct {
	ex          Exceptions
	deviations  map[string]Deviation
	usedDev     map[string]bool
	fields      map[string]NotCopiedField
	usedField   map[string]bool
	usedPattern map[int]bool
}

func newExceptionState(ex Exceptions) (*exceptionState, []Finding) {
	st := &exceptionState{ex: ex, deviations: map[string]Deviation{}, usedDev: map[string]bool{},
		fields: map[string]NotCopiedField{}, usedField: map[string]bool{}, usedPattern: map[int]bool{}}
	var out []Finding
	bad := func(what, reason string) {
		if reason == "" {
			out = append(out, Finding{Message: "exception " + what + " has no reason: say why it is deliberate"})
		}
	}
	for _, n := range ex.NotCopied {
		if _, err := path.Match(n.Pattern, ""); err != nil {
			out = append(out, Finding{Message: fmt.Sprintf("exception NotCopied %q: bad pattern: %v", n.Pattern, err)})
		}
		bad("NotCopied "+n.Pattern, n.Reason)
	}
	for _, f := range ex.NotCopiedFields {
		bad("NotCopiedField "+f.File+" "+f.Field, f.Reason)
		st.fields[f.File+" "+f.Field] = f
	}
	for _, d := range ex.Deviations {
		bad("Deviation "+d.Fixture+" "+d.Path, d.Reason)
		st.deviations[d.Fixture+" "+d.Path] = d
	}
	return st, out
}

func (st *exceptionState) differ(fixture string) *differ {
	return &differ{fixture: fixture, deviations: st.deviations, used: st.usedDev}
}

// fieldExcepted reports whether key field of table file is a listed exception.
func (st *exceptionState) fieldExcepted(file, field string) bool {
	k := file + " " + field
	if _, ok := st.fields[k]; ok {
		st.usedField[k] = true
		return true
	}
	return false
}

// notCopied reports whether fixture file rel is a listed exception.
func (st *exceptionState) notCopied(rel string) bool {
	for i, n := range st.ex.NotCopied {
		if ok, _ := path.Match(n.Pattern, rel); ok {
			st.usedPattern[i] = true
			return true
		}
	}
	return false
}

// stale returns a finding for every exception that matched nothing.
func (st *exceptionState) stale() []Finding {
	var out []Finding
	for i, n := range st.ex.NotCopied {
		if !st.usedPattern[i] {
			out = append(out, Finding{Fixture: display(filepath.ToSlash(n.Pattern)),
				Message: "exception NotCopied matches no fixture file that the suites leave out: remove it"})
		}
	}
	for _, f := range st.ex.NotCopiedFields {
		if !st.usedField[f.File+" "+f.Field] {
			out = append(out, Finding{Fixture: display(f.File),
				Message: fmt.Sprintf("exception NotCopiedField %q matches no key the suites leave out: remove it", f.Field)})
		}
	}
	for _, d := range st.ex.Deviations {
		if !st.usedDev[d.Fixture+" "+d.Path] {
			out = append(out, Finding{Fixture: display(d.Fixture),
				Message: fmt.Sprintf("exception Deviation %s %s is not needed: the suite agrees with the fixture there; remove it", d.Path, d.Kind)})
		}
	}
	return out
}
