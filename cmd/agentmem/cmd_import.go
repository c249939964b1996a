package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/transfer"
)

const importUsage = `
Usage: agentmem import [flags] FILE

Reads a file written by agentmem export (docs/import-export.md) into an
existing store (create it first with agentmem store create), through the
package's batch calls: up to --batch-size consecutive record lines per atomic
add_records call, relation lines per add_relations call. The whole file is
read and checked first (header, kinds, order, end line, content shapes), so a
truncated or malformed file writes nothing. Records keep their ids, scope,
content, metadata, status and event timestamps; expiry as days (see the doc).

A batch that fails stops the import: the lines before it are imported, and
the message names the line to continue from with --from-line. Progress goes
to stderr: a bar with rate and ETA on a terminal, plain lines otherwise.

Flags:
  --dry-run         import every batch inside one transaction and roll it
                    back: the package checks everything, nothing is written
  --batch-size N    record or relation lines per call (default 500)
  --from-line N     skip the data lines before line N (resume)
  --dsn DSN         database (default $ORACLE_DSN)
  --store ID        memory_store_id (default: the unprefixed default store)
  --owner USER      the store's schema, when it is not the connected one`

func init() {
	register(command{Name: "import", Summary: "read a JSON Lines export into a store (batched, resumable, --dry-run)", Usage: importUsage, Run: runImport})
}

type importConfig struct {
	batch    int
	fromLine int64
	dryRun   bool
	store    string
	file     string
}

func runImport(ctx context.Context, env *cliEnv, args []string) error {
	var dsn dsnFlag
	var owner string
	cfg := importConfig{batch: 500}
	fs := newFlagSet("import")
	dsn.register(fs)
	fs.StringVar(&cfg.store, "store", "", "memory_store_id")
	fs.StringVar(&owner, "owner", "", "schema owner")
	fs.IntVar(&cfg.batch, "batch-size", 500, "lines per call")
	fs.Int64Var(&cfg.fromLine, "from-line", 0, "first line to import")
	fs.BoolVar(&cfg.dryRun, "dry-run", false, "roll back")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, importUsage, err)
	}
	if len(pos) != 1 {
		return usagef("import needs FILE, got %d argument(s)", len(pos))
	}
	if cfg.batch < 1 {
		return usagef("--batch-size %d must be at least 1", cfg.batch)
	}
	cfg.file = pos[0]
	total, err := checkFile(cfg.file, cfg.fromLine)
	if err != nil {
		return err
	}
	db, err := dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := agentmemory.Open(ctx, env.dataHandle(db), agentmemory.StoreOptions{MemoryStoreID: cfg.store, SchemaOwner: owner})
	if err != nil {
		return err
	}
	return importInto(ctx, env, db, s, cfg, total)
}

// importInto imports the checked file into s; with --dry-run inside one
// transaction that is rolled back whatever happens.
func importInto(ctx context.Context, env *cliEnv, db *sql.DB, s *agentmemory.Store, cfg importConfig, total int64) error {
	target := s
	// inTx runs a batch that needs more than one call (an add and the
	// updates of its profiles) atomically.
	inTx := func(ctx context.Context, fn func(*agentmemory.Store) error) error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if err := fn(s.WithTx(tx)); err != nil {
			return err
		}
		return tx.Commit()
	}
	if cfg.dryRun {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("--dry-run: starting the transaction to roll back: %w", err)
		}
		defer tx.Rollback()
		target = s.WithTx(tx)
		inTx = func(_ context.Context, fn func(*agentmemory.Store) error) error { return fn(target) }
	}
	f, err := os.Open(cfg.file)
	if err != nil {
		return err
	}
	defer f.Close()
	bar := newImportProgress(env.Stderr, total)
	sum, err := importLines(ctx, target, inTx, f, cfg.batch, cfg.fromLine, bar, func(w string) {
		fmt.Fprintln(env.Stderr, "warning:", w)
	})
	bar.finish()
	var stop *importStop
	if errors.As(err, &stop) {
		if cfg.dryRun {
			return fmt.Errorf("dry run: lines %d-%d are refused: %w (nothing was written)", stop.first, stop.last, stop.err)
		}
		return fmt.Errorf("stopped at line %d: lines %d-%d are refused: %w\n"+
			"the lines before line %d are imported; after fixing the cause, continue with:\n"+
			"  agentmem import --store %s --from-line %d %s",
			stop.first, stop.first, stop.last, stop.err, stop.first, storeArg(cfg.store), stop.first, strconv.Quote(cfg.file))
	}
	if err != nil {
		return err
	}
	if cfg.dryRun {
		fmt.Fprintf(env.Stdout, "dry run: %d records and %d relations are valid; nothing was written\n", sum.records, sum.relations)
		return nil
	}
	fmt.Fprintf(env.Stdout, "imported %d records and %d relations\n", sum.records, sum.relations)
	return nil
}

// checkFile reads the whole file before anything is written: its structure
// (transfer.Reader) and every line's content shape (Input). It returns the
// number of data lines from line fromLine on.
func checkFile(path string, fromLine int64) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int64
	err = eachLine(f, func(l *transfer.Line) error {
		if _, err := lineInput(l); err != nil {
			return &transfer.LineError{Line: l.No, Msg: err.Error()}
		}
		if l.No >= fromLine {
			n++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// eachLine calls fn for every data line of r.
func eachLine(r io.Reader, fn func(*transfer.Line) error) error {
	tr, err := transfer.NewReader(r)
	if err != nil {
		return err
	}
	for {
		l, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(l); err != nil {
			return err
		}
	}
}

// lineInput is the client value of a line: a RecordInput or a Relation.
func lineInput(l *transfer.Line) (any, error) {
	if l.Relation != nil {
		return l.Relation.Input()
	}
	return l.Record.Input()
}

// importStop is a batch the store refused: lines first..last.
type importStop struct {
	first, last int64
	err         error
}

func (e *importStop) Error() string {
	return fmt.Sprintf("lines %d-%d: %v", e.first, e.last, e.err)
}

func (e *importStop) Unwrap() error { return e.err }

type importSum struct{ records, relations int64 }

// importLines adds the data lines of r from line fromLine on, in batches of
// up to size consecutive lines of one class (records or relations), each
// batch one atomic call; a batch with profiles whose status or event
// timestamp an add cannot set is the add and their updates, run by inTx in
// one transaction. It stops at the first refused batch.
func importLines(ctx context.Context, s *agentmemory.Store, inTx func(context.Context, func(*agentmemory.Store) error) error,
	r io.Reader, size int, fromLine int64, bar importProgress, warn func(string)) (importSum, error) {
	var sum importSum
	var recs []agentmemory.RecordInput
	var rels []agentmemory.Relation
	var followups []*agentmemory.UpdateRequest
	var first, last int64
	addBatch := func(st *agentmemory.Store) error {
		res, err := st.Add(ctx, recs...)
		if err != nil {
			return err
		}
		warnings := res.Warnings
		for _, u := range followups {
			ur, err := st.Update(ctx, *u)
			if err != nil {
				return fmt.Errorf("setting the status and event timestamp of %s %s: %w", u.RecordType, u.RecordID, err)
			}
			warnings = append(warnings, ur.Warnings...)
		}
		for _, w := range warnings {
			warn(w)
		}
		return nil
	}
	flush := func() error {
		switch {
		case len(recs) > 0:
			var err error
			if len(followups) == 0 {
				err = addBatch(s)
			} else {
				err = inTx(ctx, addBatch)
			}
			if err != nil {
				return &importStop{first: first, last: last, err: err}
			}
			sum.records += int64(len(recs))
			bar.add(len(recs))
		case len(rels) > 0:
			if _, err := s.AddRelations(ctx, rels...); err != nil {
				return &importStop{first: first, last: last, err: err}
			}
			sum.relations += int64(len(rels))
			bar.add(len(rels))
		}
		recs, rels, followups = recs[:0], rels[:0], followups[:0]
		return nil
	}
	err := eachLine(r, func(l *transfer.Line) error {
		if l.No < fromLine {
			return nil
		}
		in, err := lineInput(l)
		if err != nil {
			return &transfer.LineError{Line: l.No, Msg: err.Error()}
		}
		rel, isRel := in.(agentmemory.Relation)
		if len(recs)+len(rels) == size || isRel && len(recs) > 0 {
			if err := flush(); err != nil {
				return err
			}
		}
		if len(recs)+len(rels) == 0 {
			first = l.No
		}
		last = l.No
		if isRel {
			rels = append(rels, rel)
		} else {
			recs = append(recs, in.(agentmemory.RecordInput))
			if u := l.Record.Followup(); u != nil {
				followups = append(followups, u)
			}
		}
		return nil
	})
	if err != nil {
		return sum, err
	}
	return sum, flush()
}
