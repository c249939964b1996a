// Package agentmemory is the thin Go client of agentmem, an agent memory
// store that lives inside Oracle AI Database (23ai/26ai) as the PL/SQL
// package DBMS_AGENT_MEMORY_STORE.
//
// The package owns every semantic rule; this client validates early for
// good messages, encodes one JSON request per call, makes one database round
// trip, and decodes the JSON response into typed records. Bring your own
// *sql.DB opened with the godror driver:
//
//	db, err := sql.Open("godror", `user="app" password="..." connectString="localhost:1521/FREEPDB1" standaloneConnection=0`)
//
// Every method takes a context first. Application errors raised by the
// package are *Error values that match the Err* sentinels with errors.Is.
package agentmemory
