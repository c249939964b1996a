package fixturesync

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// maxPiece is the longest q-quoted piece written on one line; longer text is
// cut into pieces joined by ||. It keeps source lines near 3000 characters,
// below SQL*Plus's 5000-character line limit (SQL*Plus User's Guide,
// "SQL*Plus Limits"), for whoever installs a suite with SQL*Plus.
const maxPiece = 3000

// qDelimiters are tried in order for a q-quoted piece; the first that does
// not occur before a quote in the piece (nor ends it) is used.
const qDelimiters = "~^#|!"

// Generate rewrites the generated regions of the suites under root from the
// fixtures and returns the suite files it changed.
func Generate(root string) ([]string, error) {
	fx, err := loadFixtures(root)
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, s := range suites {
		if len(s.regions) == 0 {
			continue
		}
		rel := path.Join(SuiteDir, s.file)
		file := filepath.Join(root, filepath.FromSlash(rel))
		old, err := os.ReadFile(file)
		if err != nil {
			return changed, err
		}
		text, err := generateSuite(fx, s, rel, string(old))
		if err != nil {
			return changed, err
		}
		if text == string(old) {
			continue
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			return changed, err
		}
		changed = append(changed, rel)
	}
	return changed, nil
}

// generateSuite returns text with the lines of every region of s replaced.
func generateSuite(fx *fixtureSet, s *suiteSpec, rel, text string) (string, error) {
	src := &source{path: rel, text: text, lines: strings.Split(text, "\n")}
	spans, errs := src.regions()
	if len(errs) > 0 {
		return "", errs[0]
	}
	lines := src.lines
	// Last region first: replacing it leaves the line numbers of the earlier ones valid.
	for i := len(s.regions) - 1; i >= 0; i-- {
		r := s.regions[i]
		span, ok := spans[r.id]
		if !ok {
			return "", fmt.Errorf("%s: no generated region %s: add the lines -- genfixtures:begin %s and -- genfixtures:end %s where its calls go",
				rel, r.id, r.id, r.id)
		}
		body, err := renderRegion(fx, s, r)
		if err != nil {
			return "", fmt.Errorf("%s: region %s: %w", rel, r.id, err)
		}
		lines = append(lines[:span.begin:span.begin], append(body, lines[span.end-1:]...)...)
	}
	return strings.Join(lines, "\n"), nil
}

// renderRegion returns the calls of region r, one string per source line.
func renderRegion(fx *fixtureSet, s *suiteSpec, r region) ([]string, error) {
	var calls []string
	if r.table != nil {
		t := r.table
		entries, err := fx.table(t.file, t.list)
		if err != nil {
			return nil, err
		}
		for i, e := range entries {
			name := entryName(e)
			if name == "" {
				return nil, fmt.Errorf("%s: entry %d has no string \"name\"", display(t.file), i)
			}
			args := map[string]Arg{t.nameParam: {Kind: argText, Text: name}}
			for _, f := range t.fields {
				a, err := f.codec.encode(e.Member(f.field), t.shape.style)
				if err != nil {
					return nil, fmt.Errorf("%s: entry %s: %w", display(t.file), name, err)
				}
				for k, v := range a {
					args[k] = v
				}
			}
			call, err := renderCall(t.shape, args)
			if err != nil {
				return nil, fmt.Errorf("%s: entry %s: %w", display(t.file), name, err)
			}
			calls = append(calls, call)
		}
		return splitLines(calls), nil
	}
	oc := s.ops
	for _, op := range r.ops {
		for _, name := range fx.names(op) {
			args := map[string]Arg{oc.nameParam: {Kind: argText, Text: name}}
			if oc.opParam != "" {
				args[oc.opParam] = Arg{Kind: argText, Text: op}
			}
			for _, p := range oc.kindOrder {
				args[p] = Arg{Kind: argNull}
				if rel := fx.cases[op][name][oc.kinds[p]]; rel != "" {
					v, err := fx.json(rel)
					if err != nil {
						return nil, err
					}
					args[p] = Arg{Kind: argText, Text: v.Render(oc.shape.style)}
				}
			}
			call, err := renderCall(oc.shape, args)
			if err != nil {
				return nil, fmt.Errorf("case %s/%s: %w", op, name, err)
			}
			calls = append(calls, call)
		}
	}
	return splitLines(calls), nil
}

func splitLines(calls []string) []string {
	if len(calls) == 0 {
		return nil
	}
	return strings.Split(strings.Join(calls, "\n"), "\n")
}

// renderCall writes one call of shape: "    proc(" and the arguments of each
// line of shape.lines, continuation lines indented under the first argument
// (named notation) or by six blanks (positional).
func renderCall(shape callShape, args map[string]Arg) (string, error) {
	head := "    " + shape.proc + "("
	indent := strings.Repeat(" ", len(head))
	if shape.positional {
		indent = "      "
	}
	var lines []string
	for _, group := range shape.lines {
		var parts []string
		for _, p := range group {
			a := argOf(args, p)
			if a.Kind == argNull && shape.omitNull[p] {
				continue
			}
			text, err := renderArg(a, shape.plain[p])
			if err != nil {
				return "", fmt.Errorf("%s: %w", p, err)
			}
			if !shape.positional {
				text = p + " => " + text
			}
			parts = append(parts, text)
		}
		if len(parts) > 0 {
			lines = append(lines, strings.Join(parts, ", "))
		}
	}
	return head + strings.Join(lines, ",\n"+indent) + ");", nil
}

func renderArg(a Arg, plain bool) (string, error) {
	switch a.Kind {
	case argNull:
		return "null", nil
	case argBool:
		return fmt.Sprint(a.Bool), nil
	}
	if plain {
		if strings.ContainsAny(a.Text, "\r\n") {
			return "", fmt.Errorf("a plain literal cannot hold a line break")
		}
		return "'" + strings.ReplaceAll(a.Text, "'", "''") + "'", nil
	}
	runes := []rune(a.Text)
	var pieces []string
	for start := 0; start == 0 || start < len(runes); start += maxPiece {
		piece := string(runes[start:min(start+maxPiece, len(runes))])
		q, err := qQuoted(piece)
		if err != nil {
			return "", err
		}
		pieces = append(pieces, q)
	}
	return strings.Join(pieces, "\n        || "), nil
}

// qQuoted quotes piece as q'<d>piece<d>' with the first delimiter d that
// cannot end the literal early.
func qQuoted(piece string) (string, error) {
	for _, d := range qDelimiters {
		ds := string(d)
		if !strings.Contains(piece, ds+"'") && !strings.HasSuffix(piece, ds) {
			return "q'" + ds + piece + ds + "'", nil
		}
	}
	return "", fmt.Errorf("no q-quote delimiter of %q fits %.40q...", qDelimiters, piece)
}
