package fixturesync

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
)

// caseFile matches <op>/<name>.<kind>.json, one file of an op case.
var caseFile = regexp.MustCompile(`^([a-z_]+)/([^/]+)\.(request|response|error|chunks)\.json$`)

// fixtureSet is the fixture tree under ContractDir.
type fixtureSet struct {
	root    string
	files   []string                                // every file, relative to ContractDir, sorted
	cases   map[string]map[string]map[string]string // op -> name -> kind -> file
	parsed  map[string]*Value
	dataset map[string]bool // op/name of the records suite's data set
}

func loadFixtures(root string) (*fixtureSet, error) {
	f := &fixtureSet{root: root, cases: map[string]map[string]map[string]string{}, parsed: map[string]*Value{},
		dataset: map[string]bool{}}
	dir := filepath.Join(root, ContractDir)
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		f.files = append(f.files, rel)
		if m := caseFile.FindStringSubmatch(rel); m != nil {
			if f.cases[m[1]] == nil {
				f.cases[m[1]] = map[string]map[string]string{}
			}
			if f.cases[m[1]][m[2]] == nil {
				f.cases[m[1]][m[2]] = map[string]string{}
			}
			f.cases[m[1]][m[2]][m[3]] = rel
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the fixtures: %w", err)
	}
	sort.Strings(f.files)
	return f, nil
}

// display is a fixture file's path from the repository root.
func display(rel string) string { return path.Join(ContractDir, rel) }

// json parses fixture file rel (relative to ContractDir), once.
func (f *fixtureSet) json(rel string) (*Value, error) {
	if v, ok := f.parsed[rel]; ok {
		return v, nil
	}
	b, err := os.ReadFile(filepath.Join(f.root, ContractDir, filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	v, err := ParseJSON(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", display(rel), err)
	}
	f.parsed[rel] = v
	return v, nil
}

// names returns the case names of op, sorted.
func (f *fixtureSet) names(op string) []string {
	var out []string
	for name := range f.cases[op] {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// count is the number of cases of op that have a file of kind ("" = any),
// with or without the data set's cases.
func (f *fixtureSet) count(op, kind string, withDataset bool) int {
	n := 0
	for name, files := range f.cases[op] {
		if _, ok := files[kind]; (ok || kind == "") && (withDataset || !f.dataset[op+"/"+name]) {
			n++
		}
	}
	return n
}

// table returns the entries of list in table file rel ("" = the file is
// the list).
func (f *fixtureSet) table(rel, list string) ([]*Value, error) {
	v, err := f.json(rel)
	if err != nil {
		return nil, err
	}
	if list != "" {
		v = v.Member(list)
	}
	if v == nil || v.Kind != jsonArray {
		return nil, fmt.Errorf("%s: %q is not a JSON array of cases", display(rel), list)
	}
	return v.Items, nil
}

// tableLen is the number of entries of a table, -1 when it cannot be read
// (reported elsewhere).
func (f *fixtureSet) tableLen(rel, list string) int {
	items, err := f.table(rel, list)
	if err != nil {
		return -1
	}
	return len(items)
}
