package agentmemory

// Test-only hooks for the external test package (agentmemory_test): the
// contract tests over the fixtures and the examples run against the fake
// driver of fakedb_test.go.

import "database/sql"

// FakeCall is one facade call the fake driver received: the subprogram, the
// JSON request ("" for procedures without one) and the end user it was sent
// for ("" for a plain handle).
type FakeCall struct{ Fn, Request, EndUser string }

func toFakeCall(c fakeCall) FakeCall {
	req, _ := c.Args["b_request"].(string)
	user, _ := c.Args[endUserBind].(string)
	return FakeCall{Fn: c.Fn, Request: req, EndUser: user}
}

// NewFakeDB returns a *sql.DB whose sessions answer facade calls with
// respond, and a function listing the calls so far.
func NewFakeDB(respond func(FakeCall) (string, error)) (*sql.DB, func() []FakeCall) {
	f, db := newFakeDB(func(c fakeCall) (string, error) { return respond(toFakeCall(c)) })
	return db, func() []FakeCall {
		var out []FakeCall
		for _, c := range f.Calls() {
			out = append(out, toFakeCall(c))
		}
		return out
	}
}

// NewTestStore returns a Store for info on db without an open_store call.
func NewTestStore(db DBTX, info StoreInfo) *Store {
	return &Store{db: db, result: StoreResult{Store: info}}
}

// FakeOraErr is an Oracle error with code and message, as godror reports
// one.
func FakeOraErr(code int, msg string) error { return fakeOraErr{code, msg} }
