package plsqlcheck

import (
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/plsql"
)

func init() {
	Register(Rule{
		ID:      "RESERVED",
		Summary: "Oracle SQL and PL/SQL reserved words are not used as declared names",
		Check:   checkReserved,
	})
}

// sqlReserved is the list of Oracle SQL reserved words, the words
// V$RESERVED_WORDS marks RESERVED = 'Y' ("cannot be used as an
// identifier"). Transcribed from Oracle Database SQL Language Reference,
// appendix "Oracle SQL Reserved Words":
// https://docs.oracle.com/database/122/SQLRF/Oracle-SQL-Reserved-Words.htm
// (the same list as in ../shared/reference/oracle-reference.md). V$RESERVED_WORDS
// itself is described at
// https://docs.oracle.com/database/122/REFRN/V-RESERVED_WORDS.htm; its
// content is only readable on a live database.
var sqlReserved = strings.Fields(`
ACCESS ADD ALL ALTER AND ANY AS ASC AUDIT BETWEEN BY CHAR CHECK CLUSTER COLUMN COLUMN_VALUE
COMMENT COMPRESS CONNECT CREATE CURRENT DATE DECIMAL DEFAULT DELETE DESC DISTINCT DROP ELSE
EXCLUSIVE EXISTS FILE FLOAT FOR FROM GRANT GROUP HAVING IDENTIFIED IMMEDIATE IN INCREMENT
INDEX INITIAL INSERT INTEGER INTERSECT INTO IS LEVEL LIKE LOCK LONG MAXEXTENTS MINUS MLSLABEL
MODE MODIFY NESTED_TABLE_ID NOAUDIT NOCOMPRESS NOT NOWAIT NULL NUMBER OF OFFLINE ON ONLINE
OPTION OR ORDER PCTFREE PRIOR PUBLIC RAW RENAME RESOURCE REVOKE ROW ROWID ROWNUM ROWS SELECT
SESSION SET SHARE SIZE SMALLINT START SUCCESSFUL SYNONYM SYSDATE TABLE THEN TO TRIGGER UID
UNION UNIQUE UPDATE USER VALIDATE VALUES VARCHAR VARCHAR2 VIEW WHENEVER WHERE WITH`)

// plsqlReserved is Table D-1 "PL/SQL Reserved Words" of the PL/SQL Language
// Reference, appendix D:
// https://docs.oracle.com/en/database/oracle/oracle-database/18/lnpls/plsql-reserved-words-keywords.html
// (the 23ai edition was not in the searchable documentation; the table is
// unchanged from 12.2 to 18c). Keywords (Table D-2) may be identifiers and
// are not listed.
var plsqlReserved = strings.Fields(`
ALL ALTER AND ANY AS ASC AT BEGIN BETWEEN BY CASE CHECK CLUSTERS CLUSTER COLAUTH COLUMNS
COMPRESS CONNECT CRASH CREATE CURSOR DECLARE DEFAULT DESC DISTINCT DROP ELSE END EXCEPTION
EXCLUSIVE FETCH FOR FROM FUNCTION GOTO GRANT GROUP HAVING IDENTIFIED IF IN INDEX INDEXES
INSERT INTERSECT INTO IS LIKE LOCK MINUS MODE NOCOMPRESS NOT NOWAIT NULL OF ON OPTION OR
ORDER OVERLAPS PROCEDURE PUBLIC RESOURCE REVOKE SELECT SHARE SIZE SQL START SUBTYPE TABAUTH
TABLE THEN TO TYPE UNION UNIQUE UPDATE VALUES VIEW VIEWS WHEN WHERE WITH`)

// reservedIn maps each reserved word to the list(s) it comes from.
var reservedIn = func() map[string]string {
	m := map[string]string{}
	for _, w := range sqlReserved {
		m[w] = "SQL"
	}
	for _, w := range plsqlReserved {
		if m[w] == "" {
			m[w] = "PL/SQL"
		} else {
			m[w] = "SQL and PL/SQL"
		}
	}
	return m
}()

func checkReserved(p *Project) []Finding {
	var out []Finding
	for _, f := range p.SQL {
		for _, u := range p.unitsOf(f) {
			seen := map[[2]int]bool{}
			for _, n := range append(declaredNames(u), positionNames(u)...) {
				if n.tok.Kind != plsql.Ident { // quoted identifiers may be reserved words
					continue
				}
				if key := [2]int{n.tok.Line, n.tok.Col}; seen[key] {
					continue
				} else {
					seen[key] = true
				}
				if list := reservedIn[identName(n.tok)]; list != "" {
					out = append(out, at(f, n.tok, "RESERVED", fmt.Sprintf(
						"%s %s is an Oracle %s reserved word and cannot be used as an identifier: rename it",
						n.what, identName(n.tok), list)))
				}
			}
		}
	}
	return out
}

// namedTok is one declared name with what it names.
type namedTok struct {
	tok  plsql.Token
	what string // "parameter", "variable", "FUNCTION" ...
}

// declaredNames lists the names the unit model keeps: subprograms, their
// parameters, variables, constants, cursors, cursor parameters, exceptions
// and types. positionNames (rule_reserved_positions.go) adds the others.
func declaredNames(u *unit) []namedTok {
	var out []namedTok
	for _, sd := range u.subs {
		out = append(out, namedTok{u.toks[sd.nameIdx], strings.ToLower(sd.Kind)})
		for _, prm := range sd.Params {
			out = append(out, namedTok{paramTok(u, sd, prm), "parameter"})
		}
	}
	for _, sc := range u.scopes {
		for _, d := range sc.decls {
			out = append(out, namedTok{d.tok, strings.ToLower(d.kind)})
		}
	}
	return out
}

// paramTok finds the token of a parameter name in the header.
func paramTok(u *unit, sd *subDecl, prm Param) plsql.Token {
	for i := sd.nameIdx; i < len(u.toks); i++ {
		t := u.toks[i]
		if t.Line == prm.Line && t.Col == prm.Col {
			return t
		}
	}
	return plsql.Token{Kind: plsql.Ident, Text: prm.Name, Line: prm.Line, Col: prm.Col}
}
