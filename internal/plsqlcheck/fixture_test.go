package plsqlcheck

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fixture harness runs every registered rule over every fixture under
// testdata/<rule>/good and testdata/<rule>/bad and compares the findings
// with the fixtures' expectations, so every rule is tested the same way.
//
//   - A fixture project is one file, or the files of one directory sharing
//     a base name (x.pks + x.pkb). Paths are relative to good/ or bad/, so a
//     fixture at bad/sql/packages/x.pkb is checked as sql/packages/x.pkb
//     (rules scoped to sql/packages or tests/sql see it).
//   - A bad fixture marks each expected finding with "-- expect: RULE-ID" on
//     the offending line (several IDs separated by commas or blanks; an ID
//     repeated means that many findings). Every finding must be expected and
//     every expectation found: rule and line must match exactly.
//   - A good fixture must produce no finding at all, from any rule.

var expectRe = regexp.MustCompile(`--\s*expect:\s*([A-Z0-9, -]+)`)

// fixtureProject is one project built from fixture files.
type fixtureProject struct {
	name  string // for the subtest
	files []*File
}

func TestFixtures(t *testing.T) {
	ruleDirs, err := filepath.Glob(filepath.Join("testdata", "*"))
	require.NoError(t, err)
	cases := 0
	for _, rd := range ruleDirs {
		for _, kind := range []string{"good", "bad"} {
			root := filepath.Join(rd, kind)
			if st, err := os.Stat(root); err != nil || !st.IsDir() {
				continue
			}
			for _, fp := range loadFixtureProjects(t, root) {
				cases++
				t.Run(filepath.ToSlash(filepath.Join(rd, kind))+"/"+fp.name, func(t *testing.T) {
					runFixture(t, kind, fp)
				})
			}
		}
	}
	require.NotZero(t, cases, "no fixtures found under testdata/*/{good,bad}")
}

func runFixture(t *testing.T, kind string, fp fixtureProject) {
	p := &Project{Root: ".", SQL: fp.files, Docs: map[string]string{}}
	var got []string
	for _, f := range Run(p) {
		got = append(got, fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Rule))
	}
	want := expectations(fp.files)
	if kind == "bad" {
		require.NotEmpty(t, want, "a bad fixture must mark at least one '-- expect: RULE-ID'")
	} else {
		require.Empty(t, want, "a good fixture must not carry '-- expect:' marks")
	}
	sort.Strings(got)
	if !assert.Equal(t, want, got) {
		for _, f := range Run(p) {
			t.Log(f.String())
		}
	}
}

// expectations collects "file:line: RULE" for each expect mark, sorted.
func expectations(files []*File) []string {
	var out []string
	for _, f := range files {
		for i, line := range strings.Split(f.Src, "\n") {
			m := expectRe.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, id := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' }) {
				out = append(out, fmt.Sprintf("%s:%d: %s", f.Path, i+1, id))
			}
		}
	}
	sort.Strings(out)
	return out
}

// loadFixtureProjects groups the SQL files under root into projects.
func loadFixtureProjects(t *testing.T, root string) []fixtureProject {
	groups := map[string][]*File{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !IsSQLFile(path) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		key := strings.TrimSuffix(rel, filepath.Ext(rel))
		groups[key] = append(groups[key], NewFile(rel, string(src)))
		return nil
	})
	require.NoError(t, err)
	var out []fixtureProject
	for key, files := range groups {
		sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
		out = append(out, fixtureProject{name: key, files: files})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}
