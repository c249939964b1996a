// Package agentmemory is the thin Go client of agentmem, an agent memory
// store that lives inside Oracle AI Database (23ai/26ai) as the PL/SQL
// package DBMS_AGENT_MEMORY_STORE.
//
// The package owns every rule; this client encodes one JSON request per call
// from Go values, makes one database round trip (a response over 8191
// characters adds the reads of its CLOB), decodes the JSON response into
// typed records, and maps the package's errors to typed errors. It checks
// nothing the package checks, so a client and a package released apart
// cannot disagree. Bring your own *sql.DB opened with the godror driver
// (the default; cgo and Oracle Instant Client):
//
//	db, err := sql.Open("godror", `user="app" password="..." connectString="localhost:1521/FREEPDB1" standaloneConnection=0`)
//
// or with the pure-Go go-ora driver (github.com/sijms/go-ora/v2, no cgo):
//
//	db, err := sql.Open("oracle", "oracle://app:...@localhost:1521/FREEPDB1")
//
// The client detects the driver from the handle (see WithDriver).
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
// # Records
//
// Records are values: Memory, Message, NewThread, Summary and Image for
// Store.Add (any mix, one atomic call) and its shortcuts AddMemory,
// AddMemories, AddMessage, AddMessages; Profile for AddUser and AddAgent.
// Reads return typed records (MemoryRecord, MessageRecord, ...) behind the
// Record interface. Get of a missing record is an error matching
// ErrNotFound. Store.WithTx binds a Store to the caller's transaction.
//
// # End users
//
// Store.ForEndUser(id) (and WithEndUser for a handle) runs every call for
// one end user of the application: each call is sent in one block that sets
// the package's end-user context, makes the call and clears the context
// again, so the database enforces the store's security policies (VPD) for
// that end user, and a pooled session never keeps it. The security policies
// themselves are administered with Store.AddSecurityPolicies and its
// siblings; docs/security.md describes both enforcement modes.
//
// # Relations
//
// Relation values link two memory-like records in one stored orientation,
// Source → Target, with a RelationType (the built-ins RelationSupersedes,
// RelationRefines, RelationSupports, RelationContradicts,
// RelationDuplicates, or a custom label): Store.AddRelations,
// GetRelation (by id), FindRelation (by RelationKey), ListRelations
// (RelationFilter), UpdateRelations (RelationUpdate) and DeleteRelations.
// A supersedes, refines or duplicates relation makes its target INVALID
// while it exists.
//
// # Threads
//
// Store.CreateThread creates a thread (or opens it, returning its stored
// scope) and Store.Thread(id) is a handle without a round trip. A *Thread
// inherits the thread's scope into AddMessages, AddMemory and AddImage,
// touches only its own records, reads message windows (GetMessages with a
// Window) and gives the thread Summary; each method is one package call.
//
// # Omitted, None and values
//
// A zero field means "the package's default". Where the seed API tells an
// omitted argument from an explicit None (scope filters, metadata filters,
// time to live, the fields of an update), Optional[T] keeps the three states
// into the JSON request: the zero value is omitted, None[T]() is null,
// Some(v) is v.
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
