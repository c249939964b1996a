package oramigrate

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

// packageFile is one .pks or .pkb file: exactly one CREATE OR REPLACE
// PACKAGE [BODY] unit.
type packageFile struct {
	Path string // path in the FS, e.g. "packages/AGENTMEM_UTIL.pks"
	Name string // package name, upper case
	Body bool
	Unit plsql.Unit
	deps []string // names of other specs in the directory that this spec references
}

// objectType is the ALL_OBJECTS / ALL_ERRORS type of the file's object.
func (f packageFile) objectType() string {
	if f.Body {
		return "PACKAGE BODY"
	}
	return "PACKAGE"
}

// InstallOrder returns the package files of sqlfiles.InstallDirs in fsys
// ("packages/NAME.pks", "scheduler/NAME.pks", ...) in the order
// InstallPackages installs them. The SQL*Plus install script must list them
// in this order; a test compares the two.
func InstallOrder(fsys fs.FS) ([]string, error) {
	return InstallOrderDir(fsys, sqlfiles.InstallDirs...)
}

// InstallOrderDir is InstallOrder for any directories, ordered together.
func InstallOrderDir(fsys fs.FS, dirs ...string) ([]string, error) {
	files, err := orderedPackageFiles(fsys, dirs...)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out, nil
}

// orderedPackageFiles loads the .pks and .pkb files of dirs and orders them
// together (a spec in one directory may reference a spec in another): every
// spec after the specs it references (a cycle is an error), then every
// body, alphabetically, since a body depends only on specs. Ties are broken
// by name so the order is stable. This is the only place the order is
// decided.
func orderedPackageFiles(fsys fs.FS, dirs ...string) ([]packageFile, error) {
	var specs, bodies []packageFile
	for _, dir := range dirs {
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			return nil, fmt.Errorf("oramigrate: reading package directory %q: %w", dir, err)
		}
		for _, e := range entries {
			ext := path.Ext(e.Name())
			if e.IsDir() || (ext != ".pks" && ext != ".pkb") {
				continue
			}
			f, err := loadPackageFile(fsys, path.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			if f.Body {
				bodies = append(bodies, f)
			} else {
				specs = append(specs, f)
			}
		}
	}
	if err := findSpecDeps(specs); err != nil {
		return nil, err
	}
	ordered, err := topoSort(specs)
	if err != nil {
		return nil, err
	}
	sort.Slice(bodies, func(i, j int) bool { return bodies[i].Name < bodies[j].Name })
	return append(ordered, bodies...), nil
}

// loadPackageFile reads and checks one package file.
func loadPackageFile(fsys fs.FS, p string) (packageFile, error) {
	src, err := fs.ReadFile(fsys, p)
	if err != nil {
		return packageFile{}, fmt.Errorf("oramigrate: %w", err)
	}
	units, err := plsql.Split(string(src))
	if err != nil {
		return packageFile{}, fmt.Errorf("oramigrate: %s: %w", p, err)
	}
	body := path.Ext(p) == ".pkb"
	want := "CREATE PACKAGE"
	if body {
		want = "CREATE PACKAGE BODY"
	}
	if len(units) != 1 {
		return packageFile{}, fmt.Errorf("oramigrate: %s holds %d statements; a package file must hold exactly one: "+
			"%s <name> ... end <name>; followed by a line holding only '/'", p, len(units), strings.ToLower(want))
	}
	u := units[0]
	if u.Kind != want {
		return packageFile{}, fmt.Errorf("oramigrate: %s:%d: starts with %s; a %s file must hold %s",
			p, u.Line, u.Kind, path.Ext(p), want)
	}
	if !orReplace(u.Text) {
		return packageFile{}, fmt.Errorf("oramigrate: %s:%d: write CREATE OR REPLACE so that installing again "+
			"replaces the package instead of failing with ORA-00955", p, u.Line)
	}
	if u.Schema != "" {
		return packageFile{}, fmt.Errorf("oramigrate: %s:%d: the package is qualified with schema %s; leave the "+
			"schema out so it is created in the schema being installed", p, u.Line, u.Schema)
	}
	stem := strings.TrimSuffix(path.Base(p), path.Ext(p))
	if !strings.EqualFold(stem, u.Name) {
		return packageFile{}, fmt.Errorf("oramigrate: %s:%d: defines package %s; name the file after the package "+
			"it defines (%s%s)", p, u.Line, u.Name, u.Name, path.Ext(p))
	}
	return packageFile{Path: p, Name: u.Name, Body: body, Unit: u}, nil
}

// orReplace reports whether a CREATE unit starts CREATE OR REPLACE.
func orReplace(text string) bool {
	toks, err := plsql.Lex(text)
	if err != nil {
		return false
	}
	var words []string
	for _, t := range toks {
		if t.Kind == plsql.Comment || t.Kind == plsql.Newline {
			continue
		}
		words = append(words, t.Upper())
		if len(words) == 3 {
			break
		}
	}
	return len(words) == 3 && words[0] == "CREATE" && words[1] == "OR" && words[2] == "REPLACE"
}

// findSpecDeps records, for each spec, the other specs of the directory it
// names. Names inside ACCESSIBLE BY (...) are not dependencies: Oracle does
// not require an accessor to exist when the unit compiles.
func findSpecDeps(specs []packageFile) error {
	names := map[string]bool{}
	for _, s := range specs {
		names[s.Name] = true
	}
	for i := range specs {
		toks, err := plsql.Lex(specs[i].Unit.Text)
		if err != nil {
			return fmt.Errorf("oramigrate: %s: %w", specs[i].Path, err)
		}
		seen := map[string]bool{}
		for _, name := range referencedNames(toks) {
			if name != specs[i].Name && names[name] && !seen[name] {
				seen[name] = true
				specs[i].deps = append(specs[i].deps, name)
			}
		}
		sort.Strings(specs[i].deps)
	}
	return nil
}

// referencedNames lists the identifiers of toks (upper-cased; quoted ones
// as written), skipping ACCESSIBLE BY (...) accessor lists.
func referencedNames(toks []plsql.Token) []string {
	var out []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Is("ACCESSIBLE") {
			j := nextSignificant(toks, i+1)
			if j < len(toks) && toks[j].Is("BY") {
				if k := nextSignificant(toks, j+1); k < len(toks) && toks[k].Is("(") {
					i = closingParen(toks, k)
					continue
				}
			}
		}
		switch t.Kind {
		case plsql.Ident:
			out = append(out, t.Upper())
		case plsql.QuotedIdent:
			out = append(out, strings.ReplaceAll(strings.Trim(t.Text, `"`), `""`, `"`))
		}
	}
	return out
}

func nextSignificant(toks []plsql.Token, i int) int {
	for i < len(toks) && (toks[i].Kind == plsql.Comment || toks[i].Kind == plsql.Newline) {
		i++
	}
	return i
}

// closingParen returns the index of the ')' matching the '(' at open, or
// the last index when it is unbalanced.
func closingParen(toks []plsql.Token, open int) int {
	depth := 0
	for i := open; i < len(toks); i++ {
		switch {
		case toks[i].Is("("):
			depth++
		case toks[i].Is(")"):
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// topoSort orders specs so each comes after its dependencies, choosing the
// alphabetically first ready spec at each step; a cycle is reported with
// its members in order.
func topoSort(specs []packageFile) ([]packageFile, error) {
	byName := map[string]packageFile{}
	pending := map[string]int{} // unmet dependency count
	users := map[string][]string{}
	for _, s := range specs {
		byName[s.Name] = s
		pending[s.Name] = len(s.deps)
		for _, d := range s.deps {
			users[d] = append(users[d], s.Name)
		}
	}
	var ready []string
	for _, s := range specs {
		if pending[s.Name] == 0 {
			ready = append(ready, s.Name)
		}
	}
	var out []packageFile
	for len(ready) > 0 {
		sort.Strings(ready)
		n := ready[0]
		ready = ready[1:]
		out = append(out, byName[n])
		for _, u := range users[n] {
			pending[u]--
			if pending[u] == 0 {
				ready = append(ready, u)
			}
		}
	}
	if len(out) < len(specs) {
		return nil, fmt.Errorf("oramigrate: package specs reference each other in a cycle (%s); Oracle cannot "+
			"compile either spec first: move the shared declarations into a package both can use",
			strings.Join(findCycle(byName, pending), " -> "))
	}
	return out, nil
}

// findCycle walks dependencies among the specs left unsorted until a name
// repeats, and returns the cycle, e.g. [A B A].
func findCycle(byName map[string]packageFile, pending map[string]int) []string {
	var start string
	for n, c := range pending {
		if c > 0 && (start == "" || n < start) {
			start = n
		}
	}
	pos := map[string]int{}
	var walk []string
	for n := start; ; {
		if i, ok := pos[n]; ok {
			return append(walk[i:], n)
		}
		pos[n] = len(walk)
		walk = append(walk, n)
		for _, d := range byName[n].deps {
			if pending[d] > 0 {
				n = d
				break
			}
		}
	}
}
