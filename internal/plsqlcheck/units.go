package plsqlcheck

import (
	"sort"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// unitsOf returns the parsed units of a file (nil when it did not lex). The
// parse is shared by every rule through the Project's cache.
func (p *Project) unitsOf(f *File) []*unit {
	p.unitOnce.Do(func() {
		p.units = make(map[*File][]*unit, len(p.SQL))
		for _, sf := range p.SQL {
			if sf.LexErr == nil {
				p.units[sf] = splitUnits(sf)
			}
		}
	})
	if u, ok := p.units[f]; ok {
		return u
	}
	if f.LexErr != nil {
		return nil
	}
	return splitUnits(f) // a File built outside Load
}

// modelledPLSQLUnits returns, in file and source order, every PL/SQL unit
// of the project's lexed SQL files whose block structure was modelled
// (u.root set): the units the scope-based rules read. A unit whose structure
// did not parse at all has no root; BLOCK reports it.
func modelledPLSQLUnits(p *Project) []*unit {
	var out []*unit
	for _, f := range p.SQL {
		if f.LexErr != nil {
			continue
		}
		for _, u := range p.unitsOf(f) {
			if u.plsql && u.root != nil {
				out = append(out, u)
			}
		}
	}
	return out
}

// parsePackages matches package specs and bodies by name across files.
func parsePackages(p *Project) map[string]*Package {
	out := map[string]*Package{}
	get := func(name string) *Package {
		if pk, ok := out[name]; ok {
			return pk
		}
		pk := &Package{Name: name, Constants: map[string]string{}}
		out[name] = pk
		return pk
	}
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if u.root == nil || u.name == "" {
				continue
			}
			switch u.kind {
			case "PACKAGE":
				pk := get(u.name)
				pk.Spec, pk.specUnit = f, u
				for _, sd := range u.root.subs {
					pk.SpecSubs = append(pk.SpecSubs, sd.Subprogram)
				}
				for _, d := range u.root.decls {
					if d.kind == "CONSTANT" {
						pk.Constants[d.name] = d.value
					}
				}
			case "PACKAGE BODY":
				pk := get(u.name)
				pk.Body, pk.bodyUnit = f, u
				for _, sd := range u.root.subs {
					if sd.isDef {
						pk.BodySubs = append(pk.BodySubs, sd.Subprogram)
					}
				}
			}
		}
	}
	return out
}

// sortedPackages returns the packages in name order, for stable output.
func sortedPackages(m map[string]*Package) []*Package {
	out := make([]*Package, 0, len(m))
	for _, pk := range m {
		out = append(out, pk)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// inPackageDir reports whether a project path holds installed PL/SQL
// packages: sql/packages/ or sql/scheduler/ (the jobs' packages, installed
// with the others and held to the same rules).
func inPackageDir(path string) bool {
	return inDir(path, "sql/packages/") || inDir(path, "sql/scheduler/")
}

// inDir reports whether a slash-separated project path lies under dir
// (given as "sql/packages/"), at the root or below a fixture root.
func inDir(path, dir string) bool {
	return strings.HasPrefix(path, dir) || strings.Contains(path, "/"+dir)
}

// innermost returns the innermost scope of u whose token range holds idx.
func (u *unit) innermost(idx int) *scope {
	var best *scope
	for _, sc := range u.scopes {
		if idx >= sc.start && idx < sc.end && (best == nil || sc.start >= best.start) {
			best = sc
		}
	}
	return best
}

// enclosingSubs lists the subprograms whose bodies enclose a scope,
// innermost first.
func enclosingSubs(sc *scope) []*subDecl {
	var out []*subDecl
	for ; sc != nil; sc = sc.parent {
		if sc.sub != nil {
			out = append(out, sc.sub)
		}
	}
	return out
}

// dottedName reads ident(.ident)* at token i of u and returns the parts in
// upper case.
func dottedName(toks []plsql.Token, i int) []string {
	var parts []string
	for i < len(toks) && isWord(toks[i]) {
		parts = append(parts, identName(toks[i]))
		if i+2 < len(toks) && toks[i+1].Is(".") && isWord(toks[i+2]) {
			i += 2
			continue
		}
		break
	}
	return parts
}
