package plsqlcheck

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// BIND-OVER-4000: a USING value of EXECUTE IMMEDIATE or OPEN ... FOR that
// can be longer than 4,000 bytes, bound where the SQL text reads it as a
// VARCHAR2. A PL/SQL VARCHAR2 holds up to 32,767 bytes, a SQL VARCHAR2 up to
// 4,000 under MAX_STRING_SIZE = STANDARD (the default; EXTENDED raises it to
// 32,767 and this rule then reports too much). A longer bind value fails
// before the statement's own functions see it: ORA-01461 ("The value at bind
// position ... exceeded the maximum VARCHAR2 length"), or ORA-12899 when it
// reaches a narrower column. Found in AGENTMEM_LLM_TASKS.fail_task, whose
// UPDATE cut the error text with substrb(:b_error, 1, 4000) in SQL: the cut
// never ran for a 2,000-character error of 4-byte characters.
//
// What the checker sees (rule_bindover4000.go):
//   - the bind's size, from its declaration: VARCHAR2(n CHAR) takes up to 4n
//     bytes in AL32UTF8 (the database character set the project requires),
//     VARCHAR2(n) and VARCHAR2(n BYTE) n bytes; an unconstrained VARCHAR2
//     parameter up to 32,767; and from a few expressions: dbms_lob.substr(x,
//     n) (n characters, 4n bytes), substrb(x, s, n) (n bytes), substr(x, s, n)
//     of a VARCHAR2 (n characters, at most x's size). Anything else (a
//     function result, %TYPE, a record field, a CLOB) is not measured.
//   - the bind's place in the SQL text, rebuilt as SCHEMA-QUALIFIED does
//     (literals, constants, variables followed to their assignments, every
//     other piece a hole). The USING values are matched to the placeholders
//     by position, only when the rebuilt text has exactly as many
//     placeholders as USING values (a hole holding placeholders would shift
//     them) and is SQL, not a PL/SQL block (whose binds go by name).
//
// Reported: (1) a bind that can exceed 4,000 bytes and is the first
// argument of SUBSTR/SUBSTRB in the SQL text: the statement says the value
// may be too long and cuts it where the cut cannot run; this includes
// unconstrained VARCHAR2 parameters, whose callers decide the length. (2) a
// bind declared (or computed) longer than 4,000 bytes anywhere else in the
// SQL text except as the argument of TO_CLOB or JSON. The second class skips
// unconstrained parameters (their callers may pass short values, and nearly
// every key is one) and cannot tell a VARCHAR2 column from a CLOB column
// (binding a long VARCHAR2 to a CLOB column is allowed): convert with
// to_clob(:b) there to say so.
const docBindOver4000 = "https://docs.oracle.com/error-help/db/ora-01461"

func init() {
	Register(Rule{
		ID: "BIND-OVER-4000",
		Summary: "a USING value that can exceed 4,000 bytes bound where the SQL reads a VARCHAR2 " +
			"(ORA-01461/ORA-12899 under MAX_STRING_SIZE=STANDARD)",
		Check: checkBindOver4000,
	})
}

// co4000 is the SQL VARCHAR2 limit in bytes under MAX_STRING_SIZE=STANDARD.
const co4000 = 4000

var varcharDecl = regexp.MustCompile(`^(?:VARCHAR2|VARCHAR)\((\d+)( BYTE| CHAR)?\)$`)

// bindSize is what the checker knows of a bind value's length in bytes.
type bindSize struct {
	bytes  int    // the most bytes it can hold; 0: not known
	strong bool   // declared or computed, not an unconstrained parameter
	desc   string // for the message
}

func checkBindOver4000(p *Project) []Finding {
	a := &dynAnalysis{p: p, files: map[*File]*dynFile{}, paramDone: map[string]*dynParamVerdict{}}
	var out []Finding
	offsets := map[*File]map[int]int{} // file offset -> index in the dynFile's tokens
	for _, u := range modelledPLSQLUnits(p) {
		df := a.file(u.file)
		if df == nil {
			continue
		}
		at := offsets[u.file]
		if at == nil {
			at = make(map[int]int, len(df.toks))
			for i, t := range df.toks {
				at[t.Offset] = i
			}
			offsets[u.file] = at
		}
		e := &evaluator{u: u, funcs: map[string]*strLen{}, spec: map[string]bool{}, visiting: map[*subDecl]bool{}}
		for k := 0; k+2 < len(u.toks); k++ {
			var textStart, textEnd int
			kind := ""
			switch {
			case u.toks[k].Is("EXECUTE") && u.toks[k+1].Is("IMMEDIATE"):
				textStart, kind = k+2, "execute immediate"
				textEnd = exprEnd(u.toks, textStart, "USING", "INTO", "BULK", "RETURNING", "RETURN")
			case u.toks[k].Is("OPEN") && k+3 < len(u.toks) && u.toks[k+2].Is("FOR") &&
				!u.toks[k+3].Is("SELECT") && !u.toks[k+3].Is("WITH") && !u.toks[k+3].Is("("):
				textStart, kind = k+3, "open for"
				textEnd = exprEnd(u.toks, textStart, "USING")
			default:
				continue
			}
			stmtEnd := exprEnd(u.toks, textStart)
			items := usingItems(u.toks, textStart, stmtEnd)
			if len(items) == 0 {
				continue
			}
			fk, ok := at[u.toks[textStart].Offset]
			if !ok {
				continue
			}
			texts := variants(df.pieces(u.toks[textStart:textEnd], df.regionAt(fk), map[string]bool{}))
			for i, item := range items {
				size := e.bindSize(item, k)
				if size.bytes <= co4000 {
					continue
				}
				if where, bad := longBindPlace(texts, i, len(items), size.strong); bad {
					out = append(out, at4000(u.file, item[0], size, where, kind))
				}
			}
		}
	}
	return out
}

func at4000(f *File, t plsql.Token, size bindSize, where, kind string) Finding {
	return at(f, t, "BIND-OVER-4000", fmt.Sprintf(
		"USING value %s can be %d bytes, and the SQL text of %s reads it %s: a bind longer than 4,000 bytes raises "+
			"ORA-01461 (or ORA-12899) under MAX_STRING_SIZE=STANDARD before any SQL function runs (%s); cut it in PL/SQL "+
			"first (substrb(x, 1, 4000)) or bind it as a CLOB (to_clob(:b))",
		size.desc, size.bytes, kind, where, docBindOver4000))
}

// longBindPlace reads placeholder i of every variant of the rebuilt text
// (n USING values): "as the first argument of SUBSTRB" for any long value,
// "as a VARCHAR2" elsewhere for a strong one. A variant whose placeholder
// count differs from n, or a PL/SQL block, says nothing.
func longBindPlace(texts [][]dynPiece, i, n int, strong bool) (string, bool) {
	for _, pieces := range texts {
		var b strings.Builder
		for j, pc := range pieces {
			if pc.hole == "" {
				b.WriteString(pc.text)
			} else {
				fmt.Fprintf(&b, " %s%d ", holeWord, j)
			}
		}
		toks, err := plsql.Lex(b.String())
		if err != nil {
			continue
		}
		toks = sigTokens(toks)
		if len(toks) == 0 || toks[0].Is("BEGIN") || toks[0].Is("DECLARE") {
			continue
		}
		var binds []int
		for k, t := range toks {
			if t.Kind == plsql.Bind {
				binds = append(binds, k)
			}
		}
		if len(binds) != n {
			continue
		}
		k := binds[i]
		name := strings.ToLower(toks[k].Text)
		fn := ""
		if k >= 2 && toks[k-1].Is("(") {
			fn = identName(toks[k-2])
		}
		switch {
		case fn == "TO_CLOB" || fn == "JSON":
		case fn == "SUBSTR" || fn == "SUBSTRB":
			return fmt.Sprintf("as %s(%s, ...), which cuts the value only after it is bound", strings.ToLower(fn), name), true
		case strong:
			return fmt.Sprintf("as %s, a VARCHAR2 (not to_clob(%s))", name, name), true
		}
	}
	return "", false
}

// bindSize measures a USING value at token index at of e.u.
func (e *evaluator) bindSize(item []plsql.Token, at int) bindSize {
	if len(item) == 1 && isWord(item[0]) {
		name := identName(item[0])
		typ, isParam, _, ok := e.lookup(name, at)
		if !ok {
			return bindSize{}
		}
		lower := strings.ToLower(name)
		if m := varcharDecl.FindStringSubmatch(typ); m != nil {
			n, _ := strconv.Atoi(m[1])
			if m[2] == " CHAR" {
				return bindSize{bytes: 4 * n, strong: true, desc: fmt.Sprintf("%s (%s: %d characters of up to 4 bytes in AL32UTF8)", lower, strings.ToLower(typ), n)}
			}
			return bindSize{bytes: n, strong: true, desc: fmt.Sprintf("%s (%s)", lower, strings.ToLower(typ))}
		}
		if isParam && (typ == "VARCHAR2" || typ == "VARCHAR" || typ == "STRING") {
			return bindSize{bytes: 32767, desc: fmt.Sprintf("%s (an unconstrained %s parameter)", lower, strings.ToLower(typ))}
		}
		return bindSize{}
	}
	c, ok := readDotted(item, 0)
	if !ok && len(item) > 2 && isWord(item[0]) && item[1].Is("(") { // substr(...): readDotted reads dotted names only
		args, end, argsOK := parseArgs(item, 1)
		c, ok = parsedCall{Parts: []string{identName(item[0])}, HasParens: true, Args: args, End: end}, argsOK
	}
	if !ok || !c.HasParens || c.End != len(item) {
		return bindSize{}
	}
	fn := strings.Join(c.Parts, ".")
	text := strings.ToLower(tokensText(item))
	amount := func(idx int, name string) (int, bool) {
		arg, ok := argAt(c.Args, idx, name)
		if !ok {
			return 0, false
		}
		return e.intValue(arg.Toks, at)
	}
	switch fn {
	case "DBMS_LOB.SUBSTR", "SYS.DBMS_LOB.SUBSTR":
		n, ok := amount(1, "AMOUNT")
		if !ok {
			if _, given := argAt(c.Args, 1, "AMOUNT"); given {
				return bindSize{}
			}
			n = 32767 // the documented default amount
		}
		return bindSize{bytes: min(4*n, 32767), strong: true, desc: fmt.Sprintf("%s (%d characters of up to 4 bytes)", text, n)}
	case "SUBSTRB":
		if n, ok := amount(2, ""); ok {
			return bindSize{bytes: n, strong: true, desc: text}
		}
	case "SUBSTR":
		src, ok := argAt(c.Args, 0, "")
		n, nok := amount(2, "")
		if !ok || !nok {
			return bindSize{}
		}
		inner := e.bindSize(src.Toks, at)
		if inner.bytes == 0 {
			return bindSize{}
		}
		return bindSize{bytes: min(4*n, inner.bytes), strong: inner.strong,
			desc: fmt.Sprintf("%s (%d characters of up to 4 bytes)", text, n)}
	}
	return bindSize{}
}

// argAt is argFor for functions called positionally (SUBSTR, SUBSTRB):
// an empty name matches no named argument.
func argAt(args []callArg, idx int, name string) (callArg, bool) {
	if name == "" {
		if idx < len(args) && args[idx].Name == "" {
			return args[idx], true
		}
		return callArg{}, false
	}
	return argFor(args, idx, name)
}
