package main

import (
	"context"
	"flag"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// storeCmdFlags are the flags of a command that works in one existing store
// (record and relation commands): --dsn, --store, --owner, and --yes where
// the command deletes.
type storeCmdFlags struct {
	dsn   dsnFlag
	store string
	owner string
	yes   bool
}

// register adds --dsn, --store and --owner to fs.
func (f *storeCmdFlags) register(fs *flag.FlagSet) {
	f.dsn.register(fs)
	fs.StringVar(&f.store, "store", "", "memory_store_id")
	fs.StringVar(&f.owner, "owner", "", "schema owner")
}

// confirmDelete runs before a deleting command touches the database: it
// needs a database, and unless --yes the user types token to go on.
func (f *storeCmdFlags) confirmDelete(env *cliEnv, what, token string) error {
	if !f.dsn.given(env) {
		return usagef("no database given: pass --dsn or set %s", envDSN)
	}
	if f.yes {
		return nil
	}
	return confirm(env, env.Stdin, what, token)
}

// withStore connects, opens the store (it must exist) and runs fn on it.
func (f *storeCmdFlags) withStore(ctx context.Context, env *cliEnv, fn func(*agentmemory.Store) error) error {
	db, err := f.dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := agentmemory.Open(ctx, env.dataHandle(db), agentmemory.StoreOptions{MemoryStoreID: f.store, SchemaOwner: f.owner})
	if err != nil {
		return err
	}
	return fn(s)
}
