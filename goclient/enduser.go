package agentmemory

// End-user calls (issue 14, docs/security.md "Go and CLI"): a handle bound to
// an end user sends every facade call inside one block that sets the
// end-user context, makes the call and clears the context again, on success
// and on error alike. One round trip, no transaction of the client's: a
// pooled session never carries one end user's context into the next call.
// godror and go-ora cannot attach a Deep Data Security end-user security
// context (docs/security.md), so this block is how a Go program names the
// end user; the database enforces the store's policies from there.

import "database/sql"

// endUser is the end user a bound handle calls for; set is false for a plain
// handle (no wrapper, no :b_end_user bind).
type endUser struct {
	id  string
	set bool
}

// The wrapper around a call of an end-user handle. The call is nested as a
// block of its own (`begin ... end;` or wrapBlock's `declare ... end;`), so
// its declarations stay local and the handler below catches whatever it
// raises, clears the context and re-raises it with its ORA code unchanged.
const (
	endUserHead = "begin dbms_agent_memory_store.set_end_user(p_end_user => :b_end_user); "
	endUserTail = " dbms_agent_memory_store.clear_end_user; " +
		"exception when others then dbms_agent_memory_store.clear_end_user; raise; end;"
	// endUserBind is the bind name of the end user in the wrapper.
	endUserBind = "b_end_user"
)

// WithEndUser returns h bound to end user id: every facade call made through
// it (directly, or by a Store opened on it) runs inside the end-user block
// (DBMS_AGENT_MEMORY_STORE.SET_END_USER ... CLEAR_END_USER), in the same
// round trip as the call. The client only encodes id, as a bind: the package
// validates it (ErrInvalidArgument for a bad name) and enforces the store's
// security policies for it. Use it to open a NoCheck runtime store, which
// requires an end-user context:
//
//	store, err := agentmemory.Open(ctx, agentmemory.WithEndUser(db, "alice"),
//		agentmemory.StoreOptions{MemoryStoreID: "MEM01", SchemaPolicy: agentmemory.NoCheck})
//
// The driver of h is kept (see WithDriver); binding again replaces the end
// user. h itself is unchanged and keeps calling without one.
func WithEndUser(h DBTX, id string) DBTX {
	return bindAs(h, seamOf(h), endUser{id: id, set: true})
}

// ForEndUser returns a Store for the same store whose every call (records,
// search, relations, threads, thread cards, Describe, SyncSearchIndex) runs
// for end user id, as WithEndUser describes. No round trip: the returned
// Store shares what Open reported and, on a one-session handle, that
// session's serialization; s itself is unchanged. Handles of different end
// users on one pool are safe to use concurrently: the end user travels with
// each call, never with the session.
//
// Errors the package raises for it: ErrInvalidArgument (a bad end-user
// name), ErrEndUserContextForbidden (the call refuses an end-user context,
// or a Deep Data Security context of another user is active),
// ErrEndUserContextRequired on a plain handle where a context is needed.
func (s *Store) ForEndUser(id string) *Store {
	c := *s
	c.db = WithEndUser(s.db, id)
	return &c
}

// EndUser returns the end user the store's calls run for, and false for a
// store without one.
func (s *Store) EndUser() (string, bool) {
	u := endUserOf(s.db)
	return u.id, u.set
}

// endUserOf returns the end user h is bound to (set false: none).
func endUserOf(h DBTX) endUser {
	if b, ok := h.(bound); ok {
		return b.boundEndUser()
	}
	return endUser{}
}

// forEndUser wraps block for the end user of h and adds its bind; a handle
// without an end user gets block and args unchanged.
func forEndUser(h DBTX, block string, args []any) (string, []any) {
	u := endUserOf(h)
	if !u.set {
		return block, args
	}
	out := make([]any, 0, len(args)+1)
	out = append(out, args...)
	out = append(out, sql.Named(endUserBind, u.id))
	return endUserHead + block + endUserTail, out
}
