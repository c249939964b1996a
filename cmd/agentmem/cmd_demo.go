package main

import (
	"context"
	"errors"
	"fmt"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const demoUsage = `
Usage: agentmem demo [--dsn DSN] [--id DEMO] [--dim 384]

The newcomer's tour, to run after "agentmem migrate up": opens the store
DEMO with CREATE_IF_NECESSARY (search strategy VECTOR, vector dimension
384), so the first run creates it and later runs only check it; prints what
was created and the package's warnings, describes the store, lists the
stores of the schema, and says what comes next. Progress goes to stderr.

Flags:
  --dsn DSN   database (default $ORACLE_DSN)
  --id ID     store to open (default DEMO)
  --dim N     vector dimension of a new store (default 384, the dimension of
              the all-MiniLM-L12-v2 ONNX model Oracle publishes)`

func init() {
	register(command{
		Name:    "demo",
		Summary: "create and describe a DEMO store: a first look after migrate up",
		Usage:   demoUsage,
		Run:     runDemo,
	})
}

// demoNext is printed last. Records and search are later issues: the demo
// says so instead of showing anything that does not exist yet.
const demoNext = `
What comes next
  This release builds stores only. Adding records (messages, memories, facts,
  guidelines, preferences, actor profiles) and searching them are not built
  yet, so the demo stops here: it has no records to show and runs no search.
  Meanwhile:
    agentmem store describe --id %[1]s      the store's objects and row counts
    agentmem store create --help            every store option
    agentmem store drop --id %[1]s          remove the demo store
`

func runDemo(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("demo")
	var dsn dsnFlag
	dsn.register(fs)
	id := fs.String("id", "DEMO", "store id")
	dim := fs.Int("dim", 384, "vector dimension")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, demoUsage, err)
	}
	if len(pos) > 0 {
		return usagef("demo takes no argument, got %q", pos[0])
	}
	opts := demoOptions(*id, *dim)
	if err := opts.Validate(); err != nil {
		return validationUsage(err)
	}
	say := progress(env)

	say("demo: connecting")
	db, err := dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()

	say(fmt.Sprintf("demo: opening store %s (CREATE_IF_NECESSARY, VECTOR, dimension %d)", opts.MemoryStoreID, *dim))
	s, err := agentmemory.Open(ctx, db, opts)
	var appErr *agentmemory.Error
	if err != nil && !errors.As(err, &appErr) {
		// Not an error of the package: most likely it is not installed.
		return fmt.Errorf("%w\n(has \"agentmem migrate up\" run on this schema? \"agentmem doctor\" checks the setup)", err)
	}
	if err != nil {
		return err
	}
	printWarnings(env.Stderr, s.Warnings())
	fmt.Fprintf(env.Stdout, "Store %s is %s.\n", s.ID(), s.Info().Status)
	printActions(env.Stdout, s.Actions())

	say("demo: describing " + s.ID())
	d, err := s.Describe(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout)
	printDescription(env.Stdout, d)

	say("demo: listing the stores of the schema")
	stores, err := agentmemory.ListStores(ctx, db, "")
	if err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout)
	printStores(env.Stdout, stores)

	fmt.Fprintf(env.Stdout, demoNext, s.ID())
	return nil
}

// demoOptions are the store options the demo opens its store with.
func demoOptions(id string, dim int) agentmemory.StoreOptions {
	return agentmemory.StoreOptions{
		MemoryStoreID:  id,
		SchemaPolicy:   agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Vector,
		VectorDim:      agentmemory.Some(dim),
	}
}
