package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	agentmemory "github.com/agentmem/agentmem/goclient"
	"github.com/agentmem/agentmem/internal/transfer"
)

const exportUsage = `
Usage: agentmem export [flags]

Writes a store as JSON Lines (docs/import-export.md): a header line, then its
user and agent profiles, threads, messages, memories, facts, guidelines,
preferences, thread summaries, images (with their bytes) and relations, one
object per line with a "kind", and an end line with the counts. Records carry
their ids, scope, content, metadata, status, event timestamp and expiry.
Expired records are not exported (reads hide them); vectors are not exported
(the Go client cannot read them), so an import re-embeds where the store can.
Progress goes to stderr.

Flags:
  --output FILE   write to FILE (written to FILE.partial, renamed when
                  complete); default: stdout
  --dsn DSN       database (default $ORACLE_DSN)
  --store ID      memory_store_id (default: the unprefixed default store)
  --owner USER    the store's schema, when it is not the connected one`

func init() {
	register(command{Name: "export", Summary: "write a store's records and relations as JSON Lines", Usage: exportUsage, Run: runExport})
}

func runExport(ctx context.Context, env *cliEnv, args []string) error {
	var dsn dsnFlag
	var store, owner, output string
	fs := newFlagSet("export")
	dsn.register(fs)
	fs.StringVar(&store, "store", "", "memory_store_id")
	fs.StringVar(&owner, "owner", "", "schema owner")
	fs.StringVar(&output, "output", "", "output file")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, exportUsage, err)
	}
	if len(pos) != 0 {
		return usagef("export takes no arguments, got %q (write to a file with --output)", pos)
	}
	db, err := dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := agentmemory.Open(ctx, env.dataHandle(db), agentmemory.StoreOptions{MemoryStoreID: store, SchemaOwner: owner})
	if err != nil {
		return err
	}
	if output == "" {
		return exportStore(ctx, s, env.Stdout, progress(env))
	}
	return writeAtomically(output, func(w io.Writer) error { return exportStore(ctx, s, w, progress(env)) })
}

// writeAtomically writes path through path.partial, renamed only when write
// succeeds, so an interrupted export leaves no file that looks complete.
func writeAtomically(path string, write func(io.Writer) error) error {
	tmp := path + ".partial"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, filepath.Clean(path))
}

// exportStore writes every record type in file order, then the relations.
// list_records has no paging cursor: each type is one call with limit None
// (all unexpired records, oldest first by insertion), so the client holds
// one type's records at a time.
func exportStore(ctx context.Context, s *agentmemory.Store, out io.Writer, say func(string)) error {
	w, err := transfer.NewWriter(out)
	if err != nil {
		return err
	}
	for _, k := range transfer.DataKinds {
		if k == transfer.KindRelation {
			continue
		}
		recs, err := s.List(ctx, agentmemory.ListRequest{RecordType: agentmemory.RecordType(k),
			Limit: agentmemory.None[int](), IncludeBytes: k == "message" || k == "image"})
		if err != nil {
			return fmt.Errorf("listing %s records: %w", k, err)
		}
		n := 0
		for _, rec := range recs {
			line, ok, err := transfer.FromRecord(rec)
			if err != nil {
				return err
			}
			if !ok {
				continue // an image part: its message carries it
			}
			if err := w.WriteRecord(line); err != nil {
				return err
			}
			n++
		}
		say(fmt.Sprintf("export: %d %s records", n, k))
	}
	rels, err := s.ListRelations(ctx, agentmemory.RelationFilter{Limit: agentmemory.None[int]()})
	if err != nil {
		return fmt.Errorf("listing relations: %w", err)
	}
	// By id, not by creation: an import adds many relations in one call
	// (one created_at), so only the id order survives a round trip.
	sort.Slice(rels, func(i, j int) bool { return rels[i].ID < rels[j].ID })
	for _, r := range rels {
		line, err := transfer.FromRelation(r)
		if err != nil {
			return err
		}
		if err := w.WriteRelation(line); err != nil {
			return err
		}
	}
	say(fmt.Sprintf("export: %d relations", len(rels)))
	return w.Close()
}
