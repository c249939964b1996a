package plsqlcheck

import (
	"fmt"
	"sort"
	"strings"
)

// The Oracle API catalog: the subprograms of the Oracle-supplied packages the
// project calls, with their formal parameter names, transcribed from the
// Oracle documentation (one catalog_<package>.go file per package). Rule
// ORA-API checks every call against it, so a misspelt parameter name or a
// forgotten mandatory argument is caught here instead of by PLS-00306 at
// install time on a database we cannot reach.

// OraParam is one formal parameter of a cataloged subprogram.
type OraParam struct {
	Name     string // upper-case
	Optional bool   // has a DEFAULT in the documented signature
}

// OraSub is one documented signature (one overload) of an Oracle-supplied
// subprogram or object-type method.
type OraSub struct {
	Package string // upper-case package or object type name, e.g. "DBMS_LOB", "JSON_OBJECT_T"
	Name    string // upper-case subprogram name
	// Member marks a method called on a variable of the object type
	// (l_obj.get_string('k')); static functions and package subprograms are
	// called on the type or package name.
	Member bool
	Params []OraParam
	// Source is the docs.oracle.com page the signature was read from.
	Source string
	// Unverified marks a signature that could not be read on an Oracle
	// documentation page (only third-party copies, or partly from memory);
	// Note says what is uncertain.
	Unverified bool
	Note       string
}

// oraCatalog maps package -> subprogram -> overloads. It is filled from
// init() in the catalog_*.go files and read-only afterwards.
var oraCatalog = map[string]map[string][]OraSub{}

// catalogAdd registers signatures; a malformed entry is a programming error
// caught at startup.
func catalogAdd(subs ...OraSub) {
	for _, s := range subs {
		if s.Package == "" || s.Name == "" || s.Source == "" {
			panic(fmt.Sprintf("plsqlcheck: catalog entry %s.%s needs a package, a name and a source", s.Package, s.Name))
		}
		if s.Package != strings.ToUpper(s.Package) || s.Name != strings.ToUpper(s.Name) {
			panic("plsqlcheck: catalog names must be upper-case: " + s.Package + "." + s.Name)
		}
		byName := oraCatalog[s.Package]
		if byName == nil {
			byName = map[string][]OraSub{}
			oraCatalog[s.Package] = byName
		}
		byName[s.Name] = append(byName[s.Name], s)
	}
}

// params builds a parameter list from a compact spec: "job_name, force?" is
// job_name (mandatory) then force (has a default). Keeping the tables in this
// form makes them easy to compare with the documentation's syntax boxes.
func params(spec string) []OraParam {
	if strings.TrimSpace(spec) == "" {
		return nil
	}
	var out []OraParam
	for _, f := range strings.Split(spec, ",") {
		f = strings.TrimSpace(f)
		p := OraParam{Name: strings.ToUpper(strings.TrimSuffix(f, "?")), Optional: strings.HasSuffix(f, "?")}
		if p.Name == "" {
			panic("plsqlcheck: empty parameter name in catalog spec " + spec)
		}
		out = append(out, p)
	}
	return out
}

// catalogLookup returns the overloads of pkg.name, and whether pkg is
// cataloged at all.
func catalogLookup(pkg, name string) (subs []OraSub, pkgKnown bool) {
	byName, ok := oraCatalog[pkg]
	if !ok {
		return nil, false
	}
	return byName[name], true
}

// callProblems lists what is wrong with args as a call of a subprogram with
// the given formals; nil means the call is acceptable. It is shared by the
// Oracle catalog (ORA-API) and the project's own specs (GO-CONTRACT).
func callProblems(formals []OraParam, args []callArg) []string {
	var probs []string
	covered := make([]bool, len(formals))
	seenNamed, mixed := false, false
	pos := 0
	for _, a := range args {
		if a.Name == "" {
			if seenNamed {
				if !mixed {
					probs = append(probs, "a positional argument follows a named one")
				}
				mixed = true
				continue
			}
			if pos < len(formals) {
				covered[pos] = true
			}
			pos++
			continue
		}
		seenNamed = true
		i := formalIndex(formals, a.Name)
		switch {
		case i < 0:
			probs = append(probs, fmt.Sprintf("no parameter named %s (it has: %s)", strings.ToLower(a.Name), formalNames(formals)))
		case covered[i]:
			probs = append(probs, fmt.Sprintf("parameter %s is given twice", strings.ToLower(a.Name)))
		default:
			covered[i] = true
		}
	}
	if pos > len(formals) {
		probs = append(probs, fmt.Sprintf("%d positional arguments, but it takes at most %d", pos, len(formals)))
	}
	var missing []string
	for i, f := range formals {
		if !covered[i] && !f.Optional {
			missing = append(missing, strings.ToLower(f.Name))
		}
	}
	if len(missing) > 0 {
		probs = append(probs, "mandatory parameter(s) not supplied: "+strings.Join(missing, ", "))
	}
	return probs
}

func formalIndex(formals []OraParam, name string) int {
	for i, f := range formals {
		if f.Name == name {
			return i
		}
	}
	return -1
}

func formalNames(formals []OraParam) string {
	if len(formals) == 0 {
		return "no parameters"
	}
	names := make([]string, len(formals))
	for i, f := range formals {
		names[i] = strings.ToLower(f.Name)
		if f.Optional {
			names[i] += "?"
		}
	}
	return strings.Join(names, ", ")
}

// bestOverload checks args against every overload. It returns nil when one
// accepts the call, otherwise the problems of the overload that comes
// closest (fewest problems), so the message points at the likely intent.
func bestOverload(overloads [][]OraParam, args []callArg) []string {
	var best []string
	for i, f := range overloads {
		p := callProblems(f, args)
		if p == nil {
			return nil
		}
		if i == 0 || len(p) < len(best) {
			best = p
		}
	}
	return best
}

// catalogPackages returns the cataloged package names, sorted; used in
// messages and tests.
func catalogPackages() []string {
	out := make([]string, 0, len(oraCatalog))
	for p := range oraCatalog {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
