package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// DUP-DECL reports a name declared twice in one declarative region: one
// declare section (with, for a subprogram, its parameter list), one
// parameter list, one cursor's parameter list, or one RECORD's fields. The PL/SQL Language
// Reference ("Scope and Visibility of Identifiers"): "You cannot declare the
// same identifier twice in the same PL/SQL unit. If you do, an error occurs
// when you reference the duplicate identifier" (PLS-00371). The rule reports
// the second declaration whether or not it is referenced: an unreferenced
// duplicate is dead code that the next edit turns into a compile error.
// Overloaded subprograms are not duplicates; a subprogram and a variable of
// one name are.
func init() {
	Register(Rule{
		ID:      "DUP-DECL",
		Summary: "no name declared twice in one declare section, parameter list, cursor parameter list or RECORD (PLS-00371, PLS-00410)",
		Check:   checkDupDecl,
	})
}

const docPLS371 = "PLS-00371, https://docs.oracle.com/en/database/oracle/oracle-database/26/lnpls/scope-and-visibility-identifiers.html"

func checkDupDecl(p *Project) []Finding {
	var out []Finding
	for _, u := range modelledPLSQLUnits(p) {
		out = append(out, dupDeclProblems(u)...)
	}
	return out
}

// region collects the names of one declarative region.
type region struct {
	u     *unit
	where string
	// why is the error and its consequence, quoted in the message.
	why  string
	seen map[string]plsql.Token
	out  []Finding
}

func newRegion(u *unit, where string) *region {
	return &region{u: u, where: where, seen: map[string]plsql.Token{},
		why: "(" + docPLS371 + "): any reference to it fails to compile"}
}

func (r *region) add(name string, t plsql.Token) {
	if first, ok := r.seen[name]; ok {
		r.out = append(r.out, at(r.u.file, t, "DUP-DECL", fmt.Sprintf(
			"%s is declared a second time in %s (first at %s) %s; remove or rename one",
			strings.ToLower(name), r.where, pos(first), r.why)))
		return
	}
	r.seen[name] = t
}

func dupDeclProblems(u *unit) []Finding {
	var out []Finding
	// Fields of one RECORD type (PLS-00410, duplicate fields in RECORD, TABLE
	// or argument list; text read in third-party copies of the catalogue).
	for _, rr := range recordRanges(u.toks) {
		r := newRegion(u, "one RECORD type's field list")
		r.why = "(PLS-00410): the type does not compile"
		depth := 0
		for k := rr.start; k < rr.end; k++ {
			switch t := u.toks[k]; {
			case t.Is("("):
				depth++
				if depth == 1 && k+1 < rr.end && isWord(u.toks[k+1]) {
					r.add(identName(u.toks[k+1]), u.toks[k+1])
				}
			case t.Is(")"):
				depth--
			case t.Is(",") && depth == 1 && k+1 < rr.end && isWord(u.toks[k+1]):
				r.add(identName(u.toks[k+1]), u.toks[k+1])
			}
		}
		out = append(out, r.out...)
	}
	// Parameter lists of every header (PLS-00410 names argument lists too).
	for _, sd := range u.subs {
		r := newRegion(u, "the parameter list of "+strings.ToLower(sd.Name))
		r.why = "(PLS-00410, duplicate fields in RECORD, TABLE or argument list): the header does not compile"
		for _, prm := range sd.Params {
			r.add(prm.Name, paramTok(u, sd, prm))
		}
		out = append(out, r.out...)
	}
	for _, sc := range u.scopes {
		where := "the declare section"
		if sc.sub != nil {
			where = "the parameters and declare section of " + strings.ToLower(sc.sub.Name)
		} else if sc.name != "" {
			where = "the declare section of " + strings.ToLower(sc.name)
		}
		r := newRegion(u, where)
		if sc.sub != nil { // a local named like a parameter (duplicate parameters are reported above)
			for _, prm := range sc.sub.Params {
				if _, ok := r.seen[prm.Name]; !ok {
					r.seen[prm.Name] = paramTok(u, sc.sub, prm)
				}
			}
		}
		cursors := map[int]*region{} // cursor parameter lists, keyed by their end
		for _, d := range sc.decls {
			if d.kind == "CURSOR PARAM" {
				cr := cursors[d.until]
				if cr == nil {
					cr = newRegion(u, "one cursor's parameter list")
					cursors[d.until] = cr
				}
				cr.add(d.name, d.tok)
				continue
			}
			if !isDeclarationOnly(u.toks, d) {
				r.add(d.name, d.tok)
			}
		}
		for _, s := range sc.subs {
			if first, ok := r.seen[s.Name]; ok && !isSubTok(sc, s.Name, first) {
				r.add(s.Name, s.kwTok) // a variable and a subprogram of one name
			} else if !ok {
				r.seen[s.Name] = s.kwTok
			}
		}
		out = append(out, r.out...)
		for _, cr := range cursors {
			out = append(out, cr.out...)
		}
	}
	return out
}

// isSubTok reports whether t is the keyword token of a subprogram of sc
// named name (overloads and forward declarations share a name).
func isSubTok(sc *scope, name string, t plsql.Token) bool {
	for _, s := range sc.subs {
		if s.Name == name && s.kwTok.Offset == t.Offset {
			return true
		}
	}
	return false
}

// isDeclarationOnly reports whether d is a cursor declaration without its
// query ("CURSOR c RETURN t;", completed by a later definition) or an
// incomplete type ("TYPE t;"): both announce a name defined again later.
func isDeclarationOnly(toks []plsql.Token, d *decl) bool {
	switch d.kind {
	case "TYPE":
		return d.idx+1 < len(toks) && toks[d.idx+1].Is(";")
	case "CURSOR":
		depth := 0
		for k := d.idx + 1; k < len(toks); k++ {
			switch {
			case toks[k].Is("("):
				depth++
			case toks[k].Is(")"):
				depth--
			case depth == 0 && toks[k].Is("IS"):
				return false
			case depth == 0 && toks[k].Is(";"):
				return true
			}
		}
	}
	return false
}
