package main

// A minimal database/sql driver standing in for godror, so that the demo
// runs against the Go client without a database: it records each facade
// call (subprogram, binds) and answers it as the package would, with
// responses shaped by the contract fixtures (tests/go/testdata/contract).
// goclient has a fuller fake, but test files of another package cannot be
// imported.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/godror/godror"
	"github.com/stretchr/testify/require"
)

// contractDir holds the golden fixtures shared with the PL/SQL suites.
const contractDir = "../../tests/go/testdata/contract"

// fakeCall is one facade call: the subprogram and its IN binds by name.
type fakeCall struct {
	Fn      string
	StoreID string // b_store_id
	Request string // b_request, the JSON request ("" for calls without one)
	Args    map[string]any
}

// fakeOraErr has the shape of *godror.OraErr that the client reads.
type fakeOraErr struct {
	code int
	msg  string
}

func (e fakeOraErr) Error() string   { return fmt.Sprintf("ORA-%05d: %s", e.code, e.msg) }
func (e fakeOraErr) Code() int       { return e.code }
func (e fakeOraErr) Message() string { return e.msg }

type fakeDB struct {
	mu      sync.Mutex
	calls   []fakeCall
	respond func(fakeCall) (string, error) // "" answers a procedure
}

func openFakeDB(respond func(fakeCall) (string, error)) (*fakeDB, *sql.DB) {
	f := &fakeDB{respond: respond}
	return f, sql.OpenDB(f)
}

func (f *fakeDB) Calls() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}

// Fns is the sequence of facade subprograms called.
func (f *fakeDB) Fns() []string {
	var fns []string
	for _, c := range f.Calls() {
		fns = append(fns, c.Fn)
	}
	return fns
}

func (f *fakeDB) Connect(context.Context) (driver.Conn, error) { return fakeConn{f}, nil }
func (f *fakeDB) Driver() driver.Driver                        { return fakeDriver{} }

type fakeDriver struct{}

func (fakeDriver) Open(string) (driver.Conn, error) {
	return nil, errors.New("fake: use the connector")
}

type fakeConn struct{ db *fakeDB }

func (c fakeConn) Prepare(query string) (driver.Stmt, error) { return fakeStmt{c.db, query}, nil }
func (c fakeConn) Close() error                              { return nil }

// Begin fails: the client opens no transaction of its own (every call
// commits on success in its round trip), so the demo must not either.
func (c fakeConn) Begin() (driver.Tx, error) {
	return nil, errors.New("fake: the client opened a transaction")
}

// CheckNamedValue accepts every value, sql.Out included, as godror does.
func (c fakeConn) CheckNamedValue(*driver.NamedValue) error { return nil }

type fakeStmt struct {
	db    *fakeDB
	query string
}

func (s fakeStmt) Close() error  { return nil }
func (s fakeStmt) NumInput() int { return -1 }
func (s fakeStmt) Exec([]driver.Value) (driver.Result, error) {
	return nil, errors.New("fake: only ExecContext")
}
func (s fakeStmt) Query([]driver.Value) (driver.Rows, error) {
	return nil, errors.New("fake: the demo runs no query")
}

var facadeFnPattern = regexp.MustCompile(`dbms_agent_memory_store\.(\w+)`)

// smallResponseChars mirrors the client's wrapBlock: longer responses come
// back as a CLOB in :b_big.
const smallResponseChars = 8191

func (s fakeStmt) ExecContext(_ context.Context, args []driver.NamedValue) (driver.Result, error) {
	var m []string
	for _, c := range facadeFnPattern.FindAllStringSubmatch(s.query, -1) {
		if c[1] != "set_end_user" && c[1] != "clear_end_user" { // the end-user wrapper's calls
			m = c
			break
		}
	}
	if m == nil {
		return nil, fmt.Errorf("fake: not a facade call: %q", s.query)
	}
	call := fakeCall{Fn: m[1], Args: map[string]any{}}
	outs := map[string]sql.Out{}
	for _, a := range args {
		if o, ok := a.Value.(sql.Out); ok {
			outs[a.Name] = o
			continue
		}
		call.Args[a.Name] = a.Value
	}
	call.StoreID, _ = call.Args["b_store_id"].(string)
	if r, ok := call.Args["b_request"]; ok {
		text, isString := r.(string)
		if !isString {
			return nil, fmt.Errorf("fake: %s request bound as %T; the demo's requests are small strings", call.Fn, r)
		}
		call.Request = text
	}
	s.db.mu.Lock()
	s.db.calls = append(s.db.calls, call)
	s.db.mu.Unlock()
	resp, err := s.db.respond(call)
	if err != nil || resp == "" {
		return driver.RowsAffected(0), err
	}
	small, big := outs["b_small"], outs["b_big"]
	if small.Dest == nil || big.Dest == nil {
		return nil, fmt.Errorf("fake: %s answers a response but the call binds no :b_small/:b_big", call.Fn)
	}
	if utf8.RuneCountInString(resp) <= smallResponseChars {
		*small.Dest.(*string) = resp
	} else {
		big.Dest.(*godror.Lob).Reader = strings.NewReader(resp)
	}
	return driver.RowsAffected(0), nil
}

// readContract returns a contract fixture's text.
func readContract(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(contractDir, name))
	require.NoError(t, err)
	return string(b)
}

// patchContract returns a fixture with top-level (or, with a dotted key,
// nested) members replaced: the fixture's shape, the demo's values.
func patchContract(t *testing.T, name string, set map[string]any) string {
	t.Helper()
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(readContract(t, name)), &doc))
	for k, v := range set {
		obj, path := doc, strings.Split(k, ".")
		for _, p := range path[:len(path)-1] {
			next, ok := obj[p].(map[string]any)
			require.True(t, ok, "fixture %s has no object %q", name, p)
			obj = next
		}
		_, ok := obj[path[len(path)-1]]
		require.True(t, ok, "fixture %s has no member %q to replace", name, k)
		obj[path[len(path)-1]] = v
	}
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	return string(b)
}

// contractKeys returns, per op, the request keys the contract fixtures use:
// the keys of every request fixture, except those refused for an unknown
// key. Keys inside add_records batches count as add_records keys.
func contractKeys(t *testing.T, op string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(contractDir, op, "*.request.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no request fixtures for %s", op)
	keys := map[string]bool{}
	for _, f := range files {
		if e, err := os.ReadFile(strings.TrimSuffix(f, ".request.json") + ".error.json"); err == nil && strings.Contains(string(e), "not allowed") {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		var doc map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(b, &doc), f)
		for k := range doc {
			keys[k] = true
		}
		var batches []map[string]json.RawMessage
		if raw, ok := doc["batches"]; ok && json.Unmarshal(raw, &batches) == nil {
			for _, b := range batches {
				for k := range b {
					keys[k] = true
				}
			}
		}
	}
	return keys
}
