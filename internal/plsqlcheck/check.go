// Package plsqlcheck is a static checker for the project's PL/SQL sources.
//
// No Oracle database is reachable where the project is developed, so the
// checker catches, before deployment, the classes of compile errors and
// convention breaches that can be found from the text alone. Each rule lives
// in its own rule_<name>.go file and registers itself from init().
package plsqlcheck

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/agentmem/agentmem/internal/plsql"
)

// Finding is one problem reported by a rule.
type Finding struct {
	File      string
	Line, Col int
	Rule      string
	Msg       string
}

// String renders the finding as "file:line:col: RULE: msg".
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", f.File, f.Line, f.Col, f.Rule, f.Msg)
}

// File is one PL/SQL source file.
type File struct {
	Path   string        // relative to root, slash-separated
	Src    string        // full text
	Tokens []plsql.Token // from plsql.Lex (nil if LexErr != nil)
	LexErr error
}

// GoFile is one non-test Go source file of the module.
type GoFile struct {
	Path string // relative to root, slash-separated
	Src  string
}

// Project is everything the rules look at.
type Project struct {
	Root string
	SQL  []*File           // every .sql .pks .pkb under the given dirs
	Go   []*GoFile         // every .go under Root, not _test.go, not under testdata/
	Docs map[string]string // every .md under Root/docs, keyed by relative path

	pkgOnce  sync.Once
	pkgs     map[string]*Package
	unitOnce sync.Once
	units    map[*File][]*unit
}

// Rule is one named check.
type Rule struct {
	ID      string
	Summary string
	Check   func(p *Project) []Finding
}

// Param is one formal parameter of a subprogram header.
type Param struct {
	Name       string // upper-case
	Mode       string // "IN" | "OUT" | "IN OUT"
	NoCopy     bool
	Type       string
	HasDefault bool
	Default    string
	Line, Col  int
}

// Subprogram is one procedure or function header.
type Subprogram struct {
	Kind      string // "PROCEDURE" | "FUNCTION"
	Name      string // upper-case
	Params    []Param
	Return    string
	Line, Col int
	File      *File
}

// Package is a package spec and its body, matched by name.
type Package struct {
	Name      string
	Spec      *File
	Body      *File
	SpecSubs  []Subprogram
	BodySubs  []Subprogram      // top-level in body, including private ones
	Constants map[string]string // spec constant NAME -> literal text

	specUnit, bodyUnit *unit
}

// Packages returns the project's packages keyed by upper-case name. The
// parse runs once per Project; rules share the result.
func (p *Project) Packages() map[string]*Package {
	p.pkgOnce.Do(func() { p.pkgs = parsePackages(p) })
	return p.pkgs
}

var (
	regMu    sync.Mutex
	registry = map[string]Rule{}
)

// Register adds a rule. It is called from init() in each rule file and
// panics on a duplicate or empty ID, a programming error caught at startup.
func Register(r Rule) {
	regMu.Lock()
	defer regMu.Unlock()
	if r.ID == "" || r.Check == nil {
		panic("plsqlcheck: Register: rule needs an ID and a Check func")
	}
	if _, dup := registry[r.ID]; dup {
		panic("plsqlcheck: Register: duplicate rule ID " + r.ID)
	}
	registry[r.ID] = r
}

// Rules returns every registered rule sorted by ID.
func Rules() []Rule {
	regMu.Lock()
	defer regMu.Unlock()
	out := make([]Rule, 0, len(registry))
	for _, r := range registry {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Run applies every rule and returns the findings sorted by file, line,
// column and rule.
func Run(p *Project) []Finding {
	var all []Finding
	for _, r := range Rules() {
		all = append(all, r.Check(p)...)
	}
	SortFindings(all)
	return all
}

// SortFindings orders findings by file, line, column, rule, message.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Msg < b.Msg
	})
}

// IsSQLFile reports whether a path names a PL/SQL source the checker reads.
func IsSQLFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".sql", ".pks", ".pkb":
		return true
	}
	return false
}

// Load reads the project at root: PL/SQL files under each of dirs (relative
// to root, or absolute; a dir may also name a single file), every non-test Go
// file under root and every Markdown file under root/docs.
func Load(root string, dirs ...string) (*Project, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("plsqlcheck: root %q: %w", root, err)
	}
	p := &Project{Root: absRoot, Docs: map[string]string{}}
	seen := map[string]bool{}
	for _, d := range dirs {
		if err := p.loadSQL(d, seen); err != nil {
			return nil, err
		}
	}
	sort.Slice(p.SQL, func(i, j int) bool { return p.SQL[i].Path < p.SQL[j].Path })
	if err := p.loadGo(); err != nil {
		return nil, err
	}
	if err := p.loadDocs(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Project) rel(abs string) string {
	r, err := filepath.Rel(p.Root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

func (p *Project) loadSQL(dir string, seen map[string]bool) error {
	start := dir
	if !filepath.IsAbs(start) {
		start = filepath.Join(p.Root, dir)
	}
	info, err := os.Stat(start)
	if err != nil {
		return fmt.Errorf("plsqlcheck: path %q: %w", dir, err)
	}
	add := func(path string) error {
		if seen[path] {
			return nil
		}
		seen[path] = true
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("plsqlcheck: %w", err)
		}
		p.SQL = append(p.SQL, NewFile(p.rel(path), string(b)))
		return nil
	}
	if !info.IsDir() {
		return add(start)
	}
	return filepath.WalkDir(start, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != start && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if IsSQLFile(path) {
			return add(path)
		}
		return nil
	})
}

// NewFile lexes src into a File; tests and tools use it to build fixtures.
func NewFile(path, src string) *File {
	f := &File{Path: path, Src: src}
	toks, err := plsql.Lex(src)
	if err != nil {
		f.LexErr = err
	} else {
		f.Tokens = toks
	}
	return f
}

func (p *Project) loadGo() error {
	return filepath.WalkDir(p.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if path != p.Root && (n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		n := d.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("plsqlcheck: %w", err)
		}
		p.Go = append(p.Go, &GoFile{Path: p.rel(path), Src: string(b)})
		return nil
	})
}

func (p *Project) loadDocs() error {
	docs := filepath.Join(p.Root, "docs")
	if _, err := os.Stat(docs); os.IsNotExist(err) {
		return nil
	}
	return filepath.WalkDir(docs, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".md") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("plsqlcheck: %w", err)
		}
		p.Docs[p.rel(path)] = string(b)
		return nil
	})
}
