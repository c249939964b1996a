package plsql

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkSplit verifies the invariant of a successful Split. Writing the script as
//
//	src = gap[0] + units[0].Text + gap[1] + units[1].Text + ... + units[n-1].Text + gap[n]
//
// where units[k].Text == src[units[k].Offset:][:len(units[k].Text)] and the units are in order and do not
// overlap, every gap lexes to nothing but blanks, line breaks, comments, '/' tokens alone on their line,
// and at most one ';' as the first token after a SQL unit. So no text outside comments and terminators
// is lost (it would sit in a gap), none is duplicated (units are disjoint slices of src), and units are
// cut at the right places: each unit begins with a non-comment token on line Line, has no blanks at
// either end, holds no '/' line (which would have ended it), and a SQL unit other than a WITH query holds
// no ';' (which would have ended it).
func checkSplit(t testing.TB, src string, units []Unit) {
	t.Helper()
	all, err := Lex(src)
	require.NoError(t, err, "Split succeeded on a script Lex rejects")
	// Offsets of '/' tokens alone on their line, found from the raw lines rather than with the
	// splitter's own logic.
	slashLines := map[int]bool{}
	for _, x := range all {
		if !x.Is("/") {
			continue
		}
		start := strings.LastIndexByte(src[:x.Offset], '\n') + 1
		end := strings.IndexByte(src[x.Offset:], '\n')
		if end < 0 {
			end = len(src) - x.Offset
		}
		if strings.TrimSpace(src[start:x.Offset+end]) == "/" {
			slashLines[x.Offset] = true
		}
	}
	at := 0
	for n, un := range units {
		require.GreaterOrEqual(t, un.Offset, at, "unit %d overlaps the previous one", n)
		require.LessOrEqual(t, un.Offset+len(un.Text), len(src), "unit %d runs past the source", n)
		require.Equal(t, src[un.Offset:un.Offset+len(un.Text)], un.Text, "unit %d is not the source text at its Offset", n)
		require.NotEmpty(t, un.Text, "unit %d is empty", n)
		require.Equal(t, strings.TrimSpace(un.Text), un.Text, "unit %d has blanks at an end", n)
		require.Equal(t, 1+strings.Count(src[:un.Offset], "\n"), un.Line, "unit %d Line", n)
		toks, err := Lex(un.Text)
		require.NoError(t, err, "unit %d does not lex on its own", n)
		require.NotEqual(t, Comment, toks[0].Kind, "unit %d starts with a comment", n)
		for _, x := range toks {
			require.False(t, slashLines[un.Offset+x.Offset], "unit %d holds a '/' line at offset %d", n, un.Offset+x.Offset)
			if !un.PLSQL && un.Kind != "WITH" {
				require.False(t, x.Is(";"), "SQL unit %d holds a ';'", n)
			}
		}
		checkGap(t, src, at, un.Offset, n > 0 && !units[n-1].PLSQL, slashLines)
		at = un.Offset + len(un.Text)
	}
	checkGap(t, src, at, len(src), len(units) > 0 && !units[len(units)-1].PLSQL, slashLines)
}

// checkGap verifies that src[from:to], the text between two units, holds nothing a unit should have.
func checkGap(t testing.TB, src string, from, to int, afterSQL bool, slashLines map[int]bool) {
	t.Helper()
	gap := src[from:to]
	toks, err := Lex(gap)
	require.NoError(t, err, "gap %q does not lex", gap)
	require.Equal(t, gap, rebuild(t, gap, toks), "gap %q lost text", gap)
	significant := 0
	for _, x := range toks {
		switch {
		case x.Kind == Newline, x.Kind == Comment:
			continue
		case x.Is("/"):
			require.True(t, slashLines[from+x.Offset], "gap %q holds a '/' that is not alone on its line", gap)
		case x.Is(";"):
			require.True(t, afterSQL && significant == 0, "gap %q holds a ';' that does not end a SQL unit", gap)
		default:
			require.Failf(t, "text lost between units", "gap %q holds %s %q", gap, x.Kind, x.Text)
		}
		significant++
	}
}

// sqlFiles returns the real scripts of the repository: migrations and packages.
func sqlFiles(t testing.TB) map[string]string {
	files := map[string]string{}
	for _, dir := range []string{"../../sql/migrations", "../../sql/packages"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch filepath.Ext(path) {
			case ".sql", ".pks", ".pkb":
				b, err := os.ReadFile(path)
				files[path] = string(b)
				return err
			}
			return nil
		})
		require.NoError(t, err)
	}
	require.NotEmpty(t, files, "no scripts found under ../../sql")
	return files
}

func TestSplitRepositoryScripts(t *testing.T) {
	for path, src := range sqlFiles(t) {
		t.Run(filepath.ToSlash(path), func(t *testing.T) {
			units, err := Split(src)
			require.NoError(t, err)
			require.NotEmpty(t, units, "a script with no statements")
			checkSplit(t, src, units)
			if ext := filepath.Ext(path); ext == ".pks" || ext == ".pkb" {
				for _, un := range units {
					require.True(t, un.PLSQL, "%s: %s at line %d is not a PL/SQL unit", path, un.Kind, un.Line)
				}
			}
		})
	}
}

// splitSeeds are valid scripts; with the lexer seeds they form the fuzz seed corpus.
var splitSeeds = []string{
	pkgBody + "\n/\n",
	"create table t (x number);\n/\ninsert into t values (';');\n-- c\nbegin null; end;\n/\n",
	"create or replace type t as table of varchar2(10);\r\n/\r\ncomment on table x is q'[a;/]';\r\n",
	"with function f return number is begin return 1; end;\nselect f from dual;\n/\n",
	"<<l>> declare x number := 1 / 2; begin null; end l;\n/",
	"delete from a; delete from b;",
}

func FuzzSplit(f *testing.F) {
	for _, s := range append(append([]string{}, splitSeeds...), lexSeeds...) {
		f.Add(s)
	}
	for _, s := range sqlFiles(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		units, err := Split(src)
		if err != nil {
			if se, ok := err.(*Error); !ok || se.Line < 1 || se.Col < 1 {
				t.Fatalf("error %v is not an *Error with a 1-based position", err)
			}
			return
		}
		checkSplit(t, src, units)
	})
}

func packageSources(b *testing.B) []string {
	var srcs []string
	for path, src := range sqlFiles(b) {
		if strings.Contains(filepath.ToSlash(path), "/packages/") {
			srcs = append(srcs, src)
		}
	}
	return srcs
}

func BenchmarkLex(b *testing.B) {
	srcs := packageSources(b)
	total := 0
	for _, s := range srcs {
		total += len(s)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, s := range srcs {
			if _, err := Lex(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkSplit(b *testing.B) {
	srcs := packageSources(b)
	total := 0
	for _, s := range srcs {
		total += len(s)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, s := range srcs {
			if _, err := Split(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
