package plsqlcheck

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// The length model of NARROW-INPUT: how many characters a string expression
// can hold, read from its text. Only what the text proves is used; anything
// else is "opaque" and never reported.
const (
	lenOpaque    = iota // unknown: not reported
	lenKnown            // at most n characters
	lenUnbounded        // unvalidated input: any length the caller sends
)

type strLen struct {
	kind int
	n    int
	src  string // the piece that makes the length: a parameter, a getter, a field
	// derived: a known length computed by a concatenation or read from a
	// function's RETURNs. Only derived lengths are reported: a plain copy of
	// a declared variable or field usually holds a value checked earlier.
	derived bool
	srcToks []plsql.Token // the unbounded source as written, for checkedBefore
	// chars: n counts characters (SUBSTR, DBMS_LOB.SUBSTR on a CLOB, a
	// CHAR-declared value), so the value may take up to 4*n bytes.
	chars bool
	// bytes: the length of a name declared without CHAR (counted in bytes):
	// a concatenation holding one is not taken as counted in characters.
	bytes bool
}

func opaque() strLen { return strLen{kind: lenOpaque} }

// concatLen: unbounded wins (the overflow does not depend on the other
// pieces), then any opaque piece hides the sum.
func concatLen(parts []strLen) strLen {
	sum := strLen{kind: lenKnown}
	var srcs []string
	for _, p := range parts {
		if p.kind == lenUnbounded {
			return p
		}
	}
	for _, p := range parts {
		if p.kind == lenOpaque {
			return opaque()
		}
		sum.n += p.n
		sum.chars = sum.chars || p.chars
		if p.src != "" {
			srcs = append(srcs, p.src)
		}
	}
	sum.src = strings.Join(srcs, " + ")
	sum.derived = len(parts) > 1
	for _, p := range parts {
		if p.bytes {
			sum.chars, sum.bytes = false, true
		}
	}
	return sum
}

// maxLen: the longest alternative (NVL, CASE branches, RETURN statements).
func maxLen(parts []strLen) strLen {
	if len(parts) == 0 {
		return opaque()
	}
	best := strLen{kind: lenKnown}
	for _, p := range parts {
		if p.kind == lenUnbounded {
			return p
		}
	}
	for _, p := range parts {
		if p.kind == lenOpaque {
			return opaque()
		}
		if p.n >= best.n {
			chars := best.chars || p.chars
			best = p
			best.chars = chars
		} else {
			best.chars = best.chars || p.chars
		}
	}
	return best
}

var varchar2Len = regexp.MustCompile(`^(?:VARCHAR2|VARCHAR)\((\d+)(?: BYTE| CHAR)?\)$`)

// declaredLen returns n for a type written VARCHAR2(n [BYTE|CHAR]).
func declaredLen(typ string) (int, bool) {
	m := varchar2Len.FindStringSubmatch(typ)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// unboundedParamType: string types a parameter declares without a length.
var unboundedParamType = map[string]bool{"VARCHAR2": true, "VARCHAR": true, "STRING": true, "CLOB": true, "NVARCHAR2": true, "NCLOB": true}

// jsonStringGetters are the JSON_ELEMENT_T/JSON_OBJECT_T/JSON_ARRAY_T
// methods that return the request's text as sent (shared reference §7.4).
var jsonStringGetters = map[string]bool{"GET_STRING": true, "GET_CLOB": true, "TO_STRING": true, "TO_CLOB": true}

// passThrough functions return at most the length of their first argument.
var passThrough = map[string]bool{"UPPER": true, "LOWER": true, "TRIM": true, "LTRIM": true, "RTRIM": true, "INITCAP": true}

// evaluator reads expressions of one unit.
type evaluator struct {
	u       *unit
	records map[string]map[string]string // record type (last name part) -> field -> type
	funcs   map[string]*strLen           // return length of the unit's own functions
	inFunc  *scope                       // set while reading a function's RETURNs: its parameters are opaque
	spec    map[string]bool              // subprograms the unit's package spec declares
	// accessible: the unit's package spec has ACCESSIBLE BY; p for the call sites.
	accessible bool
	p          *Project
	visiting   map[*subDecl]bool // callerArgs in progress
}

// publicParam: a parameter of a subprogram callers outside the package
// reach (declared in the package spec, or a standalone subprogram). The
// parameters of private and nested subprograms carry what the package's own
// code passes, which is checked before it gets there.
func (e *evaluator) publicParam(sc *scope) bool {
	if sc.sub == nil || sc.sub.parent == nil {
		return false
	}
	switch sc.sub.parent.kind {
	case "STANDALONE":
		return true
	case "PACKAGE BODY":
		return e.spec[sc.sub.Name]
	}
	return false
}

// eval returns the length of expression toks, read at token position at.
func (e *evaluator) eval(toks []plsql.Token, at int) strLen {
	parts := splitTop(toks, "||")
	if len(parts) > 1 {
		var ls []strLen
		for _, p := range parts {
			ls = append(ls, e.eval(p, at))
		}
		return concatLen(ls)
	}
	if len(toks) == 0 {
		return opaque()
	}
	if toks[0].Is("(") && matchParen(toks, 0) == len(toks)-1 {
		return e.eval(toks[1:len(toks)-1], at)
	}
	if len(toks) == 1 {
		switch {
		case toks[0].Kind == plsql.String && strings.HasPrefix(toks[0].Text, "'"):
			body := toks[0].Text[1 : len(toks[0].Text)-1]
			return strLen{kind: lenKnown, n: len([]rune(strings.ReplaceAll(body, "''", "'"))), derived: true, src: "a literal"}
		case toks[0].Kind == plsql.Number:
			return strLen{kind: lenKnown, n: len(toks[0].Text)}
		case toks[0].Is("NULL"):
			return strLen{kind: lenKnown}
		}
	}
	if toks[0].Is("CASE") {
		branches, whole := caseBranches(toks)
		if !whole {
			return opaque()
		}
		var ls []strLen
		for _, b := range branches {
			ls = append(ls, e.eval(b, at))
		}
		return maxLen(ls)
	}
	return e.chain(toks, at)
}

// chain reads name[(args)]{.name[(args)]} covering all of toks.
func (e *evaluator) chain(toks []plsql.Token, at int) strLen {
	var names []string
	var lastArgs []callArg
	calls := 0
	i := 0
	for {
		if i >= len(toks) || !isWord(toks[i]) {
			return opaque()
		}
		names = append(names, identName(toks[i]))
		i++
		lastArgs = nil
		if i < len(toks) && toks[i].Is("(") {
			args, end, ok := parseArgs(toks, i)
			if !ok {
				return opaque()
			}
			lastArgs, i = args, end
			calls++
		}
		if i == len(toks) {
			break
		}
		if !toks[i].Is(".") {
			return opaque()
		}
		i++
	}
	last := names[len(names)-1]
	text := tokensText(toks)
	if len(names) > 1 && jsonStringGetters[last] {
		return strLen{kind: lenUnbounded, src: "JSON getter " + text, srcToks: toks}
	}
	if calls == 0 {
		l := e.name(names, at, text)
		if l.kind == lenUnbounded {
			l.srcToks = toks
		}
		return l
	}
	if lastArgs == nil && calls > 0 && !toks[len(toks)-1].Is(")") {
		return opaque() // f(x).field: not followed
	}
	return e.call(strings.Join(names, "."), lastArgs, at, text)
}

// call evaluates the built-ins of the model and the unit's own functions.
func (e *evaluator) call(name string, args []callArg, at int, text string) strLen {
	arg := func(i int, formal string) ([]plsql.Token, bool) {
		for j, a := range args {
			if (a.Name == "" && j == i) || (formal != "" && a.Name == formal) {
				return a.Toks, true
			}
		}
		return nil, false
	}
	switch {
	case passThrough[name] && len(args) >= 1:
		return e.eval(args[0].Toks, at)
	case name == "NVL" && len(args) == 2:
		return maxLen([]strLen{e.eval(args[0].Toks, at), e.eval(args[1].Toks, at)})
	case (name == "REPLACE" && len(args) == 2):
		return e.eval(args[0].Toks, at) // removing text only shortens it
	case name == "SUBSTR" || name == "SUBSTRB":
		src, _ := arg(0, "")
		whole := e.eval(src, at)
		lenToks, ok := arg(2, "")
		if !ok {
			return whole // substr(x, k) keeps the tail: as long as x
		}
		if m, isNum := e.intValue(lenToks, at); isNum {
			if whole.kind == lenKnown && whole.n < m {
				return whole
			}
			return strLen{kind: lenKnown, n: m, src: text, derived: true, chars: name == "SUBSTR"}
		}
		if whole.kind == lenKnown {
			return whole
		}
		return opaque()
	case name == "DBMS_LOB.SUBSTR":
		if amt, ok := arg(1, "AMOUNT"); ok {
			if m, isNum := e.intValue(amt, at); isNum {
				return strLen{kind: lenKnown, n: m, src: text, derived: true, chars: true}
			}
			return opaque()
		}
		return strLen{kind: lenKnown, n: 32767, src: text, derived: true, chars: true} // the documented default amount
	case name == "JSON_VALUE":
		return jsonValueLen(args, text)
	case !strings.Contains(name, "."):
		return e.function(name)
	}
	return opaque()
}

// jsonValueLen: JSON_VALUE returns VARCHAR2(4000) unless RETURNING says
// otherwise (SQL Language Reference, JSON_VALUE, JSON_value_returning_clause).
func jsonValueLen(args []callArg, text string) strLen {
	if len(args) < 2 {
		return opaque()
	}
	t := args[len(args)-1].Toks
	for k := 0; k+3 < len(t); k++ {
		if t[k].Is("RETURNING") {
			if n, ok := declaredLen(joinTokens(t[k+1 : k+5])); ok {
				return strLen{kind: lenKnown, n: n, src: text, derived: true}
			}
			if n, ok := declaredLen(joinTokens(t[k+1 : k+4])); ok {
				return strLen{kind: lenKnown, n: n, src: text, derived: true}
			}
			return opaque()
		}
	}
	return strLen{kind: lenKnown, n: 4000, src: text, derived: true}
}

// intValue: an integer literal, or a constant of the enclosing sections
// declared with one (co_piece constant pls_integer := 8000).
func (e *evaluator) intValue(toks []plsql.Token, at int) (int, bool) {
	if n, ok := literalInt(toks); ok {
		return n, true
	}
	if len(toks) != 1 || toks[0].Kind != plsql.Ident {
		return 0, false
	}
	name := identName(toks[0])
	for sc := e.u.innermost(at); sc != nil; sc = sc.parent {
		for _, d := range sc.decls {
			if d.name == name {
				if d.kind != "CONSTANT" {
					return 0, false
				}
				n, err := strconv.Atoi(d.value)
				return n, err == nil
			}
		}
	}
	return 0, false
}

func literalInt(toks []plsql.Token) (int, bool) {
	if len(toks) != 1 || toks[0].Kind != plsql.Number {
		return 0, false
	}
	n, err := strconv.Atoi(toks[0].Text)
	return n, err == nil
}

// name resolves a variable, a parameter or a record field.
func (e *evaluator) name(names []string, at int, text string) strLen {
	typ, isParam, sc, ok := e.lookup(names[0], at)
	if !ok {
		return opaque()
	}
	if len(names) == 1 {
		if isParam && e.inFunc == sc {
			return opaque() // the caller's argument decides
		}
		if isParam && strings.HasPrefix(names[0], "P_") && unboundedParamType[typ] && e.publicParam(sc) {
			for i, prm := range sc.sub.Params {
				if prm.Name == names[0] {
					if l, ok := e.callerArgs(sc.sub, i); ok {
						return l
					}
				}
			}
			return strLen{kind: lenUnbounded, src: "parameter " + strings.ToLower(names[0])}
		}
	}
	typ, ok = e.fieldType(typ, names[1:])
	if !ok {
		return opaque()
	}
	if n, ok := declaredLen(typ); ok {
		chars := strings.HasSuffix(typ, " CHAR)")
		return strLen{kind: lenKnown, n: n, src: strings.ToLower(text) + " (" + strings.ToLower(typ) + ")",
			chars: chars, bytes: !chars}
	}
	return opaque()
}

// fieldType follows record fields from a declared type.
func (e *evaluator) fieldType(typ string, fields []string) (string, bool) {
	for _, f := range fields {
		parts := strings.Split(typ, ".")
		rec, ok := e.records[parts[len(parts)-1]]
		if !ok || rec == nil {
			return "", false
		}
		if typ, ok = rec[f]; !ok {
			return "", false
		}
	}
	return typ, true
}

// lookup finds the declaration of name visible at token at: a variable or
// constant of an enclosing section, or a parameter of an enclosing
// subprogram. It returns the declared type as normalized text.
func (e *evaluator) lookup(name string, at int) (typ string, isParam bool, where *scope, ok bool) {
	for sc := e.u.innermost(at); sc != nil; sc = sc.parent {
		for _, d := range sc.decls {
			if d.name == name && (d.kind == "VARIABLE" || d.kind == "CONSTANT") {
				t, _ := declType(e.u.toks, d.idx)
				return joinTokens(t), false, sc, true
			}
		}
		if sc.sub != nil {
			for _, prm := range sc.sub.Params {
				if prm.Name == name {
					return prm.Type, true, sc, true
				}
			}
		}
	}
	return "", false, nil, false
}

// declType returns the type tokens of the declaration whose name is at idx
// and the index of its ':=' or DEFAULT (-1 when it has no initialiser).
func declType(toks []plsql.Token, idx int) ([]plsql.Token, int) {
	k := idx + 1
	if k < len(toks) && toks[k].Is("CONSTANT") {
		k++
	}
	start := k
	for depth := 0; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth > 0:
		case t.Is(":=") || t.Is("DEFAULT"):
			return toks[start:k], k
		case t.Is(";") || t.Is("NOT"):
			return toks[start:k], -1
		}
	}
	return toks[start:k], -1
}

// function returns the longest value a function of the unit returns, read
// from its RETURN statements with its own parameters opaque.
func (e *evaluator) function(name string) strLen {
	if l, seen := e.funcs[name]; seen {
		if l == nil {
			return opaque() // recursion
		}
		return *l
	}
	e.funcs[name] = nil
	var body *scope
	for _, sd := range e.u.subs {
		if sd.isDef && sd.Kind == "FUNCTION" && sd.Name == name && sd.body != nil {
			if body != nil {
				return opaque() // overloads: not told apart
			}
			body = sd.body
		}
	}
	res := opaque()
	if body != nil {
		saved := e.inFunc
		e.inFunc = body
		var ls []strLen
		for _, s := range e.u.simples {
			if s.first.Is("RETURN") && enclosingRoutine(s.owner) == body && s.end-1 > s.start+1 {
				ls = append(ls, e.eval(e.u.toks[s.start+1:s.end-1], s.start))
			}
		}
		e.inFunc = saved
		res = maxLen(ls)
		switch res.kind {
		case lenKnown:
			res.src = strings.ToLower(name) + " returns up to " + strconv.Itoa(res.n)
		case lenUnbounded:
			res = opaque() // the function may validate what it returns: not assumed
		}
	}
	e.funcs[name] = &res
	return res
}

// enclosingRoutine returns the innermost subprogram scope holding sc.
func enclosingRoutine(sc *scope) *scope {
	for ; sc != nil; sc = sc.parent {
		if sc.sub != nil {
			return sc
		}
	}
	return nil
}

// splitTop splits toks at the operator op outside parentheses and CASE.
func splitTop(toks []plsql.Token, op string) [][]plsql.Token {
	var out [][]plsql.Token
	depth, cases, start := 0, 0, 0
	for k, t := range toks {
		switch {
		case t.Is("("):
			depth++
		case t.Is(")"):
			depth--
		case depth > 0:
		case t.Is("CASE"):
			cases++
		case t.Is("END") && cases > 0:
			cases--
		case cases == 0 && t.Is(op):
			out = append(out, toks[start:k])
			start = k + 1
		}
	}
	return append(out, toks[start:])
}

// recordTypes collects the fields of every RECORD type of the project,
// keyed by type name; a name defined twice with different fields is dropped.
func recordTypes(p *Project) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			for _, sc := range u.scopes {
				for _, d := range sc.decls {
					if d.kind != "TYPE" {
						continue
					}
					fields, ok := recordFields(u.toks, d.idx)
					if !ok {
						continue
					}
					if prev, dup := out[d.name]; dup && !sameFields(prev, fields) {
						out[d.name] = nil
						continue
					}
					out[d.name] = fields
				}
			}
		}
	}
	return out
}

// recordFields reads "name IS RECORD ( field type [...], ... )" at idx.
func recordFields(toks []plsql.Token, idx int) (map[string]string, bool) {
	if idx+3 >= len(toks) || !toks[idx+1].Is("IS") || !toks[idx+2].Is("RECORD") || !toks[idx+3].Is("(") {
		return nil, false
	}
	args, _, ok := parseArgs(toks, idx+3)
	if !ok {
		return nil, false
	}
	fields := map[string]string{}
	for _, a := range args {
		if len(a.Toks) < 2 || !isWord(a.Toks[0]) {
			continue
		}
		t, _ := declType(a.Toks, 0) // stops at := / DEFAULT / NOT NULL
		fields[identName(a.Toks[0])] = joinTokens(t)
	}
	return fields, true
}

func sameFields(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// callerArgs: when the unit's package is ACCESSIBLE BY (every caller is
// project code), the parameter idx of sub holds what its callers pass: the
// longest argument over every call in the checked files, each read in its
// caller with this same model. It fails (and the parameter stays
// unbounded) when there is no call or one argument is not known. The facade,
// called from outside, never qualifies.
func (e *evaluator) callerArgs(sub *subDecl, idx int) (strLen, bool) {
	if !e.accessible || e.p == nil || e.visiting[sub] {
		return strLen{}, false
	}
	e.visiting[sub] = true
	defer delete(e.visiting, sub)
	name := sub.Params[idx].Name
	var lens []strLen
	for _, f := range e.p.SQL {
		for _, u := range e.p.unitsOf(f) {
			if !u.plsql || u.root == nil {
				continue
			}
			toks := u.toks
			for k := 0; k+1 < len(toks); k++ {
				if !toks[k].Is(sub.Name) || !toks[k+1].Is("(") {
					continue
				}
				qualified := k >= 2 && toks[k-1].Is(".") && toks[k-2].Is(e.u.name)
				local := u == e.u && !(k >= 1 && (toks[k-1].Is(".") || toks[k-1].Is("FUNCTION") || toks[k-1].Is("PROCEDURE")))
				if !qualified && !local {
					continue
				}
				args, _, ok := parseArgs(toks, k+1)
				if !ok {
					return strLen{}, false
				}
				var a []plsql.Token
				for j, arg := range args {
					if (arg.Name == "" && j == idx) || arg.Name == name {
						a = arg.Toks
					}
				}
				if a == nil {
					continue // the default applies
				}
				spec := map[string]bool{} // another package's parameters stay opaque
				if u == e.u {
					spec = e.spec
				}
				caller := &evaluator{u: u, records: e.records, funcs: map[string]*strLen{}, spec: spec, p: e.p,
					accessible: e.accessible && u.name == e.u.name, visiting: e.visiting}
				l := caller.eval(a, k)
				if l.kind != lenKnown {
					return strLen{}, false
				}
				lens = append(lens, l)
			}
		}
	}
	if len(lens) == 0 {
		return strLen{}, false
	}
	l := maxLen(lens)
	l.derived, l.src = false, "what every caller passes"
	return l, true
}
