// Package agentmemory is the thin Go client of agentmem, an agent memory
// store that lives inside Oracle AI Database (23ai/26ai) as the PL/SQL
// package DBMS_AGENT_MEMORY_STORE.
//
// The package owns every semantic rule; this client validates early for
// good messages, encodes one JSON request per call, makes one database round
// trip (a response over 8191 characters adds the reads of its CLOB), and
// decodes the JSON response into typed records. Bring your own
// *sql.DB opened with the godror driver:
//
//	db, err := sql.Open("godror", `user="app" password="..." connectString="localhost:1521/FREEPDB1" standaloneConnection=0`)
//
// Every method takes a context first. Application errors raised by the
// package are *Error values that match the Err* sentinels with errors.Is.
//
// # Stores
//
// Open opens (and, with a creating SchemaPolicy, creates or repairs) a
// memory store with one call of the package; DescribeStore, ListStores, UpgradeStore,
// DropStore, GrantAccess and RevokeAccess administer stores. Warnings the
// package gives are returned (Store.Warnings, StoreResult.Warnings), never
// dropped.
//
// # Omitted, None and values
//
// The seed API tells an omitted argument (the default applies) from an
// explicit None. Optional[T] keeps the three states into the JSON request:
// the zero value is omitted, None[T]() is null, Some(v) is v.
//
// # Transactions
//
// Given a *sql.DB or *sql.Conn, each call is atomic by itself (the package
// rolls back to its savepoint on error) and commits on success in the same
// round trip (the driver's commit-on-success). Given a *sql.Tx, calls run
// inside it and the caller commits. Store lifecycle calls (creating,
// upgrading, recreating or dropping a store, grants) run their DDL in an
// autonomous transaction: it is committed when they return, whatever the
// handle, and the caller's pending work is left alone. They are
// restartable. See DBTX.
package agentmemory
