package agentmemory

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"
)

// StoreStatus is the lifecycle state of a store in the registry.
type StoreStatus string

const (
	StatusCreating StoreStatus = "CREATING" // DDL is running
	StatusReady    StoreStatus = "READY"    // usable
	StatusBroken   StoreStatus = "BROKEN"   // a DDL step failed; see StatusDetail
	StatusDropping StoreStatus = "DROPPING" // drop_store is running
)

// StoreInfo describes one store as the package reports it.
type StoreInfo struct {
	MemoryStoreID        string      `json:"memory_store_id"` // "" for the default store
	SchemaOwner          string      `json:"schema_owner"`
	TablePrefix          string      `json:"table_prefix"` // "" for the default store
	SchemaVersion        int         `json:"schema_version"`
	PackageSchemaVersion int         `json:"package_schema_version"` // what the installed package needs
	Status               StoreStatus `json:"status"`
	StatusDetail         string      `json:"status_detail"` // for BROKEN: the failed step and how to repair
	Config               StoreConfig `json:"config"`
	CreatedAt            time.Time   `json:"created_at"`
	UpdatedAt            time.Time   `json:"updated_at"`
}

// StoreConfig is a store's stored configuration.
type StoreConfig struct {
	SearchStrategy        SearchStrategy   `json:"search_strategy"`
	SearchIndexSync       SearchIndexSync  `json:"search_index_sync"`
	VectorDim             Optional[int]    `json:"vector_dim,omitzero"`      // None: no local vectors
	EmbeddingModel        Optional[string] `json:"embedding_model,omitzero"` // None: no in-database model
	MemoryRetentionConfig RetentionConfig  `json:"memory_retention_config"`
	Chunking              ChunkingConfig   `json:"chunking"`
}

// StoreResult is what a call that may change a store reports: the store
// after the call, the DDL it performed (empty when none) and the package's
// warnings (e.g. a missing CREATE JOB privilege), which callers should show.
type StoreResult struct {
	Store    StoreInfo `json:"store"`
	Actions  []string  `json:"actions"`
	Warnings []string  `json:"warnings"`
}

// Description is a store's full state, for diagnosis: its managed objects,
// row counts per table, and how to repair it when it is not usable.
type Description struct {
	Store      StoreInfo                  `json:"store"`
	Objects    []StoreObject              `json:"objects"`
	RowCounts  map[string]Optional[int64] `json:"row_counts"` // by table without the prefix ("THREAD", ...); None where not readable
	Jobs       []JobInfo                  `json:"jobs"`       // the store's database jobs: state, last run, last error (jobs.go)
	Security   *StoreSecurity             `json:"security"`   // nil: no policies, or the caller cannot read the policy registry
	RepairHint string                     `json:"repair_hint"`
}

// StoreSecurity is a store's end-user security as describe_store reports
// it: the enforcement mode and the policies in force (docs/security.md).
type StoreSecurity struct {
	Enforcement Enforcement      `json:"enforcement"`
	Policies    []SecurityPolicy `json:"policies"`
}

// StoreObject is one managed database object of a store.
type StoreObject struct {
	Name    string `json:"name"`   // e.g. "MEM01_THREAD"
	Type    string `json:"type"`   // e.g. "TABLE", "INDEX"
	Status  string `json:"status"` // the dictionary status, e.g. "VALID"
	Present bool   `json:"present"`
}

// The facade calls. Bind names carry a b_ prefix so none is an Oracle
// reserved word (ACCESS is one), which a bind name must not be.
const (
	blockOpenStore     = `begin :b_res := dbms_agent_memory_store.open_store(p_request => :b_request); end;`
	blockDescribeStore = `begin :b_res := dbms_agent_memory_store.describe_store(p_store_id => :b_store_id, p_schema_owner => :b_schema_owner); end;`
	blockListStores    = `begin :b_res := dbms_agent_memory_store.list_stores(p_schema_owner => :b_schema_owner); end;`
	blockUpgradeStore  = `begin :b_res := dbms_agent_memory_store.upgrade_store(p_store_id => :b_store_id); end;`
	blockDropStore     = `begin dbms_agent_memory_store.drop_store(p_store_id => :b_store_id); end;`
	blockGrantAccess   = `begin dbms_agent_memory_store.grant_access(p_store_id => :b_store_id, p_grantee => :b_grantee, p_access => :b_access, p_create_synonyms => :b_create_synonyms); end;`
	// Without p_access, so the spec's default applies.
	blockGrantDefault = `begin dbms_agent_memory_store.grant_access(p_store_id => :b_store_id, p_grantee => :b_grantee, p_create_synonyms => :b_create_synonyms); end;`
	blockRevokeAccess = `begin dbms_agent_memory_store.revoke_access(p_store_id => :b_store_id, p_grantee => :b_grantee); end;`
)

// Store is an opened memory store. It is safe for concurrent use: its state
// is fixed at Open, and calls through a handle bound to one session
// (*sql.Conn, *sql.Tx) are serialized, as one session runs one call at a
// time. Give Open a *sql.DB for concurrent calls.
type Store struct {
	db      DBTX
	owner   string      // StoreOptions.SchemaOwner, for later calls
	session *sync.Mutex // non-nil when db pins one session
	result  StoreResult
	opts    StoreOptions // what Open was given: the embedder and the requested strategy
}

// openedEmbedder is the client-side embedder Open was given (nil: none).
func (s *Store) openedEmbedder() Embedder { return s.opts.Embedder }

// openedSearchStrategy is the strategy Open asked for ("" when omitted): a
// KEYWORD client on a HYBRID store keeps searching as KEYWORD.
func (s *Store) openedSearchStrategy() SearchStrategy { return s.opts.SearchStrategy }

// Open opens a store with one package call (open_store): the package checks
// opts and checks, creates, repairs or recreates the store's schema as
// opts.SchemaPolicy says. With opts.Embedder and VectorDim omitted, a
// creating policy on a VECTOR store takes vector_dim from the Embedder's
// Dimension (or, when it is 0 until its first call, from one Embed call of a
// short probe text). The returned Store holds the store's
// information, the DDL performed and the package's warnings, and keeps db
// for its later calls: a Store opened on a *sql.Tx is usable until that
// transaction ends.
//
// With a creating policy (CreateIfEmpty, CreateIfNecessary, Recreate) Open
// may run DDL, committed when it returns even inside a *sql.Tx (see DBTX);
// it is restartable. Errors: ErrInvalidArgument, ErrSchemaMissing,
// ErrSchemaOutdated (run UpgradeStore), ErrIncompatibleStore,
// ErrUnsupportedRelease, ErrStoreBroken, ErrPrivilegeMissing, ErrNotFound
// (NoCheck on an unknown store).
func Open(ctx context.Context, db DBTX, opts StoreOptions) (*Store, error) {
	const op = "Open"
	opts, err := opts.withEmbedderDim(ctx)
	if err != nil {
		return nil, err
	}
	req, err := json.Marshal(opts)
	if err != nil {
		return nil, fmt.Errorf("agentmemory: %s: encoding the request: %w", op, err)
	}
	var res StoreResult
	if err := callJSON(ctx, db, op, blockOpenStore, &res, sql.Named("b_request", clobIn(string(req)))); err != nil {
		return nil, err
	}
	s := &Store{db: db, owner: opts.SchemaOwner, result: res, opts: opts}
	if pinsSession(db) {
		s.session = new(sync.Mutex)
	}
	return s, nil
}

// Info returns the store's information as reported when it was opened.
func (s *Store) Info() StoreInfo { return s.result.Store }

// ID returns the store's memory_store_id, "" for the default store.
func (s *Store) ID() string { return s.result.Store.MemoryStoreID }

// Actions returns the DDL that Open performed, empty when none.
func (s *Store) Actions() []string { return slices.Clone(s.result.Actions) }

// Warnings returns the warnings the package gave when the store was opened.
func (s *Store) Warnings() []string { return slices.Clone(s.result.Warnings) }

// Describe reports the store's current state, objects and row counts.
func (s *Store) Describe(ctx context.Context) (*Description, error) {
	defer s.holdSession()()
	return DescribeStore(ctx, s.db, s.ID(), s.owner)
}

// WithTx returns a Store for the same store whose calls run inside tx (a
// *sql.Tx or *sqlx.Tx, or any handle of one session): they then neither
// commit nor roll back, and the caller's Commit or Rollback decides. No
// round trip: the returned Store shares what Open reported, and is usable
// until tx ends. s itself is unchanged.
//
//	tx, _ := db.BeginTx(ctx, nil)
//	defer tx.Rollback()
//	txs := store.WithTx(tx)
//	... txs.AddMemory(ctx, ...), txs.Update(ctx, ...) ...
//	err = tx.Commit()
func (s *Store) WithTx(tx DBTX) *Store {
	c := *s
	c.db = inheritDriver(s.db, tx)
	c.session = nil
	if pinsSession(tx) {
		c.session = new(sync.Mutex)
	}
	return &c
}

// DescribeStore reports a store's state, managed objects, row counts and,
// when it is not usable, a repair hint. It works on broken stores, which
// Open refuses. id "" is the default store; schemaOwner "" the connected
// schema. Errors: ErrNotFound for an unknown store; ErrPrivilegeMissing when
// the caller neither owns the store nor was granted it.
func DescribeStore(ctx context.Context, db DBTX, id, schemaOwner string) (*Description, error) {
	const op = "DescribeStore"
	var d Description
	err := callJSON(ctx, db, op, blockDescribeStore, &d,
		sql.Named("b_store_id", id), sql.Named("b_schema_owner", schemaOwner))
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// ListStores lists the stores registered in schemaOwner ("" for the
// connected schema), ordered by memory_store_id, the default store first.
func ListStores(ctx context.Context, db DBTX, schemaOwner string) ([]StoreInfo, error) {
	const op = "ListStores"
	var res struct {
		Stores []StoreInfo `json:"stores"`
	}
	if err := callJSON(ctx, db, op, blockListStores, &res, sql.Named("b_schema_owner", schemaOwner)); err != nil {
		return nil, err
	}
	return res.Stores, nil
}

// UpgradeStore brings a store's managed schema to the version the installed
// package needs (the fix for ErrSchemaOutdated). Its DDL is committed when
// it returns (see DBTX); it is restartable and does nothing on a current
// store. Run it as the store's owner. Errors: ErrNotFound, ErrStoreBroken
// (a step failed; the message has the repair hint), ErrIncompatibleStore
// (the store is newer than the package).
func UpgradeStore(ctx context.Context, db DBTX, id string) (*StoreResult, error) {
	const op = "UpgradeStore"
	var res StoreResult
	if err := callJSON(ctx, db, op, blockUpgradeStore, &res, sql.Named("b_store_id", id)); err != nil {
		return nil, err
	}
	return &res, nil
}

// DropStore drops a store of the connected schema: its purge job, indexes,
// tables (all its records) and registry entry. id "" is the default store.
// Its DDL is committed when it returns (see DBTX); it is restartable.
// Errors: ErrNotFound, ErrStoreBroken (a step failed; run it again).
func DropStore(ctx context.Context, db DBTX, id string) error {
	const op = "DropStore"
	return onSession(ctx, db, op, func(h DBTX) error {
		return callProc(ctx, h, op, blockDropStore, sql.Named("b_store_id", id))
	})
}

// GrantOptions are the options of GrantAccess.
type GrantOptions struct {
	// Access is ReadWrite or ReadOnly; "": the package default, ReadWrite.
	Access Access
	// CreateSynonyms creates synonyms named like the store's objects in the
	// grantee's schema, so it can omit SchemaOwner (this needs CREATE ANY
	// SYNONYM).
	CreateSynonyms bool
}

// GrantAccess grants grantee, an existing database user or role other than
// the owner, access to a store of the connected schema (see GrantOptions;
// CreateSynonyms needs a user). A name that is neither a user nor a role is
// ErrInvalidArgument.
// Grants are committed when it returns (see DBTX); it is repeatable.
// Errors: ErrNotFound, ErrInvalidArgument, ErrPrivilegeMissing.
func GrantAccess(ctx context.Context, db DBTX, id, grantee string, opts ...GrantOptions) error {
	const op = "GrantAccess"
	var o GrantOptions
	if len(opts) > 0 {
		o = opts[len(opts)-1]
	}
	args := []any{sql.Named("b_store_id", id), sql.Named("b_grantee", grantee), sql.Named("b_create_synonyms", o.CreateSynonyms)}
	block := blockGrantDefault
	if o.Access != "" {
		block = blockGrantAccess
		args = append(args, sql.Named("b_access", string(o.Access)))
	}
	return onSession(ctx, db, op, func(h DBTX) error { return callProc(ctx, h, op, block, args...) })
}

// RevokeAccess revokes what GrantAccess granted grantee on a store, and
// drops the grantee's synonyms of it when the caller holds DROP ANY SYNONYM.
// Committed when it returns (see DBTX); repeatable. Errors: ErrNotFound,
// ErrInvalidArgument.
func RevokeAccess(ctx context.Context, db DBTX, id, grantee string) error {
	const op = "RevokeAccess"
	return onSession(ctx, db, op, func(h DBTX) error {
		return callProc(ctx, h, op, blockRevokeAccess, sql.Named("b_store_id", id), sql.Named("b_grantee", grantee))
	})
}

// callJSON calls a facade function in a transaction (see DBTX) and decodes
// its JSON response into out.
func callJSON(ctx context.Context, db DBTX, op, block string, out any, args ...any) error {
	return onSession(ctx, db, op, func(h DBTX) error {
		text, err := callFunc(ctx, h, op, block, args...)
		if err != nil {
			return err
		}
		return decodeResponse(op, text, out)
	})
}

// decodeResponse decodes a package response. Unknown keys are ignored, so a
// newer package that adds keys keeps working with this client.
func decodeResponse(op, text string, out any) error {
	if err := json.Unmarshal([]byte(text), out); err != nil {
		return fmt.Errorf("agentmemory: %s: malformed response from the package: %w", op, err)
	}
	return nil
}
