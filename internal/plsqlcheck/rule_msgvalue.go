package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

// MSG-VALUE: an error message that renders a JSON value without a bound.
// JSON_ELEMENT_T.TO_STRING (and GET_STRING) return VARCHAR2: a value of more
// than 32,767 bytes makes them raise ORA-40478 (or the concatenation raise
// ORA-06502), so the caller gets an Oracle error instead of the
// INVALID_ARGUMENT the message was written for (issue 9, item 7:
// get_text/get_integer/get_object quoted substr(l_element.to_string, 1, 200);
// the SUBSTR comes too late; "Serializing JSON in PL/SQL",
// https://docs.oracle.com/en/database/oracle/apex/26.2/apxdc/serializing-json-pl-sql.html,
// shows STRINGIFY/TO_STRING raising ORA-40478 past 32767). TO_CLOB/GET_CLOB in a VARCHAR2 message overflow
// the same way unless DBMS_LOB.SUBSTR bounds them. Offending values are
// quoted with AGENTMEM_UTIL.SHOWN (JSON elements) or SHOWN_TEXT (text),
// which read at most a few hundred characters.
//
// The message arguments are those of RAISE_APPLICATION_ERROR (the second)
// and AGENTMEM_UTIL.RAISE_ERROR (p_message), and of every wrapper: a
// subprogram whose body is that one call and which passes one of its own
// parameters, as a piece of the || chain, into the message (fail, invalid,
// bad, incompatible ...), found by following the calls to a fixed point.
func init() {
	Register(Rule{
		ID:      "MSG-VALUE",
		Summary: "an error message renders a JSON value without a bound (to_string, get_string, to_clob)",
		Check:   checkMsgValue,
	})
}

// msgParam is one message parameter of a raise helper.
type msgParam struct {
	idx  int
	name string // upper case
}

// unboundedRenderings are the JSON methods whose result is the whole value.
var unboundedRenderings = map[string]bool{"TO_STRING": true, "GET_STRING": true, "TO_CLOB": true, "GET_CLOB": true}

// seedRaiseHelpers: the raising primitives. Keys are PACKAGE.NAME, or .NAME
// for a standalone subprogram or a built-in.
func seedRaiseHelpers() map[string][]msgParam {
	return map[string][]msgParam{
		".RAISE_APPLICATION_ERROR":  {{1, "MSG"}},
		"AGENTMEM_UTIL.RAISE_ERROR": {{1, "P_MESSAGE"}},
	}
}

// unitCall is one call with arguments found in a unit.
type unitCall struct {
	u    *unit
	keys []string // helper keys it may name, most specific first
	name plsql.Token
	args []callArg
	at   int
}

func checkMsgValue(p *Project) []Finding {
	var calls []unitCall
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			if u.plsql {
				calls = append(calls, callsOf(u)...)
			}
		}
	}
	helpers := raiseHelpers(calls)
	var out []Finding
	for _, c := range calls {
		params := helperOf(helpers, c.keys)
		for _, mp := range params {
			a, ok := argFor(c.args, mp.idx, mp.name)
			if !ok {
				continue
			}
			if tok, method, bad := unboundedRendering(a.Toks); bad {
				out = append(out, at(c.u.file, tok, "MSG-VALUE", fmt.Sprintf(
					"the message passed to %s renders a value with %s, which is not bounded: a value over 32,767 "+
						"bytes raises ORA-40478/ORA-06502 instead of the intended error; quote it with "+
						"agentmem_util.shown(element) or shown_text(text)", strings.ToLower(c.name.Text), strings.ToLower(method))))
			}
		}
	}
	return out
}

// helperOf returns the message parameters of the first key that is a helper.
func helperOf(helpers map[string][]msgParam, keys []string) []msgParam {
	for _, k := range keys {
		if ps, ok := helpers[k]; ok {
			return ps
		}
	}
	return nil
}

// raiseHelpers extends the seeds with every subprogram that passes one of
// its parameters into a message argument of a helper.
func raiseHelpers(calls []unitCall) map[string][]msgParam {
	helpers := seedRaiseHelpers()
	for changed := true; changed; {
		changed = false
		for _, c := range calls {
			params := helperOf(helpers, c.keys)
			if len(params) == 0 {
				continue
			}
			sd := enclosingDef(c.u, c.at)
			if sd == nil || sd.body == nil || sd.body.body == nil || len(sd.body.body.stmts) != 1 ||
				sd.body.body.stmts[0].kind != "SIMPLE" {
				continue // not a wrapper: a parameter that also feeds logic is not only a message
			}
			key := c.u.name + "." + sd.Name
			if c.u.kind != "PACKAGE BODY" {
				key = "." + sd.Name
			}
			for _, mp := range params {
				a, ok := argFor(c.args, mp.idx, mp.name)
				if !ok {
					continue
				}
				for i, prm := range sd.Params {
					if readsName(a.Toks, prm.Name) && !hasParam(helpers[key], prm.Name) {
						helpers[key] = append(helpers[key], msgParam{i, prm.Name})
						changed = true
					}
				}
			}
		}
	}
	return helpers
}

func hasParam(ps []msgParam, name string) bool {
	for _, p := range ps {
		if p.name == name {
			return true
		}
	}
	return false
}

// readsName: name is one piece of the || chain toks (shown(p_x) is bounded
// by shown and does not make p_x a message parameter).
func readsName(toks []plsql.Token, name string) bool {
	for _, piece := range splitTop(toks, "||") {
		if len(piece) == 1 && piece[0].Kind == plsql.Ident && identName(piece[0]) == name {
			return true
		}
	}
	return false
}

// enclosingDef returns the innermost subprogram definition holding token at.
func enclosingDef(u *unit, at int) *subDecl {
	if sc := enclosingRoutine(u.innermost(at)); sc != nil {
		return sc.sub
	}
	return nil
}

// callsOf lists the calls with an argument list in a unit: name( or
// pkg.name( outside subprogram headers.
func callsOf(u *unit) []unitCall {
	var out []unitCall
	toks := u.toks
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].Kind != plsql.Ident || !toks[k+1].Is("(") {
			continue
		}
		if k > 0 && (toks[k-1].Is("PROCEDURE") || toks[k-1].Is("FUNCTION")) {
			continue
		}
		name := identName(toks[k])
		var keys []string
		if k >= 2 && toks[k-1].Is(".") && isWord(toks[k-2]) {
			keys = []string{identName(toks[k-2]) + "." + name}
		} else {
			if u.kind == "PACKAGE BODY" {
				keys = append(keys, u.name+"."+name)
			}
			keys = append(keys, "."+name)
		}
		args, _, ok := parseArgs(toks, k+1)
		if !ok {
			continue
		}
		out = append(out, unitCall{u: u, keys: keys, name: toks[k], args: args, at: k})
	}
	return out
}

// unboundedRendering finds x.to_string / x.get_string(...) in a message
// argument; to_clob and get_clob are accepted inside DBMS_LOB.SUBSTR.
func unboundedRendering(toks []plsql.Token) (plsql.Token, string, bool) {
	for k := 1; k < len(toks); k++ {
		m := toks[k].Upper()
		if !toks[k-1].Is(".") || !unboundedRenderings[m] {
			continue
		}
		if (m == "TO_CLOB" || m == "GET_CLOB") && insideLobSubstr(toks, k) {
			continue
		}
		return toks[k], m, true
	}
	return plsql.Token{}, "", false
}

// insideLobSubstr: token k lies in the argument list of DBMS_LOB.SUBSTR.
func insideLobSubstr(toks []plsql.Token, k int) bool {
	for j := 0; j+3 < len(toks) && j < k; j++ {
		if toks[j].Is("DBMS_LOB") && toks[j+1].Is(".") && toks[j+2].Is("SUBSTR") && toks[j+3].Is("(") {
			if end := matchParen(toks, j+3); end > k {
				return true
			}
		}
	}
	return false
}
