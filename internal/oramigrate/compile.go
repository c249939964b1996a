package oramigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// CompileError is one row of ALL_ERRORS: a compile error or warning of a
// stored PL/SQL unit.
type CompileError struct {
	Type    string // OBJECT type as in ALL_ERRORS.TYPE, e.g. "PACKAGE BODY"
	Name    string // object name
	Line    int    // line in the stored source (the line of CREATE's unit name is 1)
	Col     int    // ALL_ERRORS.POSITION
	Text    string // e.g. "PLS-00201: identifier 'X' must be declared"
	Warning bool   // ATTRIBUTE = 'WARNING'
}

// String formats e as `OBJECT_TYPE OBJECT_NAME:line:col: text`, on one line.
func (e CompileError) String() string {
	return fmt.Sprintf("%s %s:%d:%d: %s", e.Type, e.Name, e.Line, e.Col, strings.Join(strings.Fields(e.Text), " "))
}

// FormatCompileErrors renders errs one per line, in the order given.
func FormatCompileErrors(errs []CompileError) string {
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = e.String()
	}
	return strings.Join(lines, "\n")
}

// CompileFailure is returned when a unit compiled with errors: the object
// exists but is INVALID, and Errors lists why (warnings excluded).
type CompileFailure struct {
	Type, Name string
	Errors     []CompileError
}

func (f *CompileFailure) Error() string {
	if len(f.Errors) == 0 {
		return fmt.Sprintf("%s %s is INVALID and ALL_ERRORS lists no error for it; recompile it to see why", f.Type, f.Name)
	}
	return fmt.Sprintf("%s %s did not compile:\n%s", f.Type, f.Name, FormatCompileErrors(f.Errors))
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// compileErrorsSQL reads ALL_ERRORS rather than USER_ERRORS: objects are
// created in the session's current schema, which ALTER SESSION SET
// CURRENT_SCHEMA can make differ from the session user's.
const compileErrorsSQL = `select type, name, line, position, text, attribute
  from all_errors
 where owner = nvl(:owner, sys_context('userenv', 'current_schema'))
   and name = :name
   and type = :type
 order by sequence`

// compileErrors lists the errors (and, with warnings, the warnings) of one
// object. owner "" means the current schema.
func compileErrors(ctx context.Context, q querier, owner, typ, name string, warnings bool) ([]CompileError, error) {
	rows, err := q.QueryContext(ctx, compileErrorsSQL,
		sql.Named("owner", owner), sql.Named("name", name), sql.Named("type", typ))
	if err != nil {
		return nil, fmt.Errorf("reading ALL_ERRORS for %s %s: %w", typ, name, err)
	}
	defer rows.Close()
	var out []CompileError
	for rows.Next() {
		var e CompileError
		var attr string
		if err := rows.Scan(&e.Type, &e.Name, &e.Line, &e.Col, &e.Text, &attr); err != nil {
			return nil, fmt.Errorf("reading ALL_ERRORS for %s %s: %w", typ, name, err)
		}
		e.Warning = attr == "WARNING"
		if !e.Warning || warnings {
			out = append(out, e)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading ALL_ERRORS for %s %s: %w", typ, name, err)
	}
	return out, nil
}

// isCompileWarning reports ORA-24344 "success with compilation error",
// which godror returns only with the WarningAsError option.
func isCompileWarning(err error) bool {
	return oraCode(err) == 24344
}

// isWarning reports an OCI "success with info" that godror surfaced because
// of WarningAsError (the statement itself succeeded).
func isWarning(err error) bool {
	var w interface{ IsWarning() bool }
	return errors.As(err, &w) && w.IsWarning()
}
