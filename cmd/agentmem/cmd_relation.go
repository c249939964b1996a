package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// The relation commands: agentmem relation add|get|list|update|delete. Each
// opens an existing store (open_store with REQUIRE_EXISTING) and makes one
// relation call (docs/go-client.md, "Relations").

const relationUsage = `
Usage: agentmem relation add|get|list|update|delete [flags]

Relations link two memory-like records (memory, fact, guideline,
preference) in one orientation, SOURCE -> TARGET (docs/protocol-relations.md).
Built-in types: supersedes, refines, supports, contradicts, duplicates; a
supersedes, refines or duplicates relation makes its target INVALID while it
exists. Any other label is a custom type.

  add      adds one relation and prints its id
             --source ID --target ID --type LABEL (required)
             [--source-type T] [--target-type T] (default memory)
             [--opposite LABEL] [--id ID] [--timestamp TS] [--metadata JSON]
  get      prints one relation: get ID, or get --source ID --target ID
           --type LABEL [--source-type T] [--target-type T] (stored
           orientation); fails when there is none
  list     lists relations, earliest first: --id, --type, --source,
           --source-type, --target, --target-type, --filter JSON|none
           (metadata filter), --limit N|none (default 1000; none: all)
  update   update ID... changes every ID the same way: --type LABEL,
           --opposite LABEL|none, --timestamp TS|none, --metadata JSON|none;
           fails when an ID names no relation
  delete   delete ID... deletes relations; asks to type the first ID
           unless --yes

Flags of every subcommand:
  --dsn DSN       database (default $ORACLE_DSN)
  --store ID      memory_store_id (default: the unprefixed default store)
  --owner USER    the store's schema, when it is not the connected one
  --json          print the result as JSON (not delete)

Run "agentmem relation SUBCOMMAND --help" for the flags of one subcommand.`

func init() {
	register(command{
		Name:    "relation",
		Summary: "add, get, list, update or delete relations between memory-like records",
		Usage:   relationUsage,
		Run:     runRelation,
	})
}

// relationCmd is a parsed relation subcommand, ready before the database
// is touched, so that bad input fails first.
type relationCmd struct {
	storeCmdFlags
	sub    string
	asJSON bool

	add    agentmemory.Relation
	key    agentmemory.RelationKey
	id     string // get by id
	ids    []string
	filter agentmemory.RelationFilter
	update agentmemory.RelationUpdate
}

func runRelation(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return flagError(env, relationUsage, flag.ErrHelp)
		}
		return usagef("missing subcommand: add, get, list, update or delete")
	}
	c, err := parseRelationCmd(args[0], args[1:])
	if err != nil {
		return flagError(env, relationUsage, err)
	}
	if c.sub == "delete" {
		what := fmt.Sprintf("This deletes relation(s) %s.", strings.Join(c.ids, ", "))
		if err := c.confirmDelete(env, what, c.ids[0]); err != nil {
			return err
		}
	}
	return c.withStore(ctx, env, func(s *agentmemory.Store) error { return c.run(ctx, env, s) })
}

// parseRelationCmd parses subcommand sub; its flag set is named
// "relation <sub>", so --help prints that subcommand's flags.
func parseRelationCmd(sub string, args []string) (*relationCmd, error) {
	switch sub {
	case "add", "get", "list", "update", "delete":
	default:
		return nil, usagef("unknown subcommand %q: use add, get, list, update or delete", sub)
	}
	c := &relationCmd{sub: sub}
	fs := newFlagSet("relation " + sub)
	c.storeCmdFlags.register(fs)
	if sub == "delete" {
		fs.BoolVar(&c.yes, "yes", false, "do not ask")
	} else {
		fs.BoolVar(&c.asJSON, "json", false, "print the result as JSON")
	}
	var timestamp string
	var meta agentmemory.Optional[map[string]any]
	switch sub {
	case "add":
		endpointFlags(fs, &c.add.Source, &c.add.Target, string(agentmemory.RecordTypeMemory))
		fs.Func("type", "relation type: a built-in or a custom `LABEL`", func(s string) error {
			c.add.Type = agentmemory.RelationType(s)
			return nil
		})
		fs.Func("opposite", "`LABEL` of the reverse view (custom types; default: the type itself)", func(s string) error {
			c.add.OppositeType = agentmemory.RelationType(s)
			return nil
		})
		fs.StringVar(&c.add.ID, "id", "", "relation id (default: generated)")
		fs.StringVar(&timestamp, "timestamp", "", "event time: RFC 3339, or YYYY-MM-DD[THH:MM[:SS]] in UTC")
		fs.Var(jsonObjectFlag{&meta, false}, "metadata", "a JSON `object`")
	case "get":
		endpointFlags(fs, &c.key.Source, &c.key.Target, string(agentmemory.RecordTypeMemory))
		fs.Func("type", "relation `LABEL` (with --source and --target)", func(s string) error {
			c.key.Type = agentmemory.RelationType(s)
			return nil
		})
	case "list":
		f := &c.filter
		fs.StringVar(&f.ID, "id", "", "one relation id")
		fs.Func("type", "one relation `LABEL`", func(s string) error { f.Type = agentmemory.RelationType(s); return nil })
		fs.StringVar(&f.SourceID, "source", "", "source record id")
		fs.Func("source-type", "source record `TYPE`", func(s string) error { f.SourceType = recordType(s); return nil })
		fs.StringVar(&f.TargetID, "target", "", "target record id")
		fs.Func("target-type", "target record `TYPE`", func(s string) error { f.TargetType = recordType(s); return nil })
		fs.Var(filterFlag{&f.MetadataFilter}, "filter", "metadata filter as `JSON`, or none: relations without metadata")
		fs.Var(optIntFlag{&f.Limit}, "limit", "`N`, or none: every match (default 1000)")
	case "update":
		u := &c.update
		fs.Func("type", "new relation `LABEL`", func(s string) error { u.Type = agentmemory.RelationType(s); return nil })
		fs.Func("opposite", "new opposite `LABEL`, or none: the default", func(s string) error {
			u.OppositeType = agentmemory.Some(agentmemory.RelationType(s))
			if isNone(s) {
				u.OppositeType = agentmemory.None[agentmemory.RelationType]()
			}
			return nil
		})
		fs.Func("timestamp", "event `time`, or none: clears it", func(s string) error {
			if isNone(s) {
				u.Timestamp = agentmemory.None[time.Time]()
				return nil
			}
			t, err := parseTimestamp(s)
			u.Timestamp = agentmemory.Some(t)
			return err
		})
		fs.Var(jsonObjectFlag{&u.Metadata, true}, "metadata", "a JSON `object` (replaces it), or none: clears it")
	}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	return c, c.finish(fs, pos, timestamp, meta)
}

// endpointFlags registers --source, --source-type, --target, --target-type.
func endpointFlags(fs *flag.FlagSet, src, tgt *agentmemory.RecordRef, defType string) {
	src.Type, tgt.Type = agentmemory.RecordType(defType), agentmemory.RecordType(defType)
	fs.StringVar(&src.ID, "source", "", "source record id")
	fs.Func("source-type", "source record `TYPE` (default memory)", func(s string) error { src.Type = recordType(s); return nil })
	fs.StringVar(&tgt.ID, "target", "", "target record id")
	fs.Func("target-type", "target record `TYPE` (default memory)", func(s string) error { tgt.Type = recordType(s); return nil })
}

// recordType reads a record type flag: any case (the package checks it).
func recordType(s string) agentmemory.RecordType {
	return agentmemory.RecordType(strings.ToLower(strings.TrimSpace(s)))
}

// finish checks the positional arguments and what only the CLI requires
// (the flags it needs to build one call); the package checks the values.
func (c *relationCmd) finish(fs *flag.FlagSet, pos []string, timestamp string, meta agentmemory.Optional[map[string]any]) error {
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	switch c.sub {
	case "add":
		if len(pos) > 0 {
			return usagef("relation add takes no argument, got %q (use --source, --target, --type)", pos[0])
		}
		for _, name := range []string{"source", "target", "type"} {
			if !given[name] {
				return usagef("relation add needs --%s", name)
			}
		}
		ts, err := parseTimestamp(timestamp)
		if err != nil {
			return err
		}
		c.add.Timestamp = ts
		c.add.Metadata, _ = meta.Get()
	case "get":
		tuple := given["source"] || given["target"] || given["type"] || given["source-type"] || given["target-type"]
		switch {
		case len(pos) == 1 && !tuple:
			c.id = pos[0]
		case len(pos) == 0 && tuple:
			for _, name := range []string{"source", "target", "type"} {
				if !given[name] {
					return usagef("relation get by address needs --source, --target and --type (missing --%s)", name)
				}
			}
		default:
			return usagef("relation get needs ID, or --source, --target and --type (not both)")
		}
	case "list":
		if len(pos) > 0 {
			return usagef("relation list takes no argument, got %q (use --id)", pos[0])
		}
	case "update", "delete":
		if len(pos) == 0 {
			return usagef("relation %s needs at least one relation ID", c.sub)
		}
		c.ids = pos
	}
	return nil
}

// run makes the call on the opened store and prints the result.
func (c *relationCmd) run(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	switch c.sub {
	case "add":
		ids, err := s.AddRelations(ctx, c.add)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, map[string]any{"relation_ids": ids}, func(w io.Writer) {
			for _, id := range ids {
				fmt.Fprintln(w, id)
			}
		})
	case "get":
		var rel agentmemory.Relation
		var err error
		if c.id != "" {
			rel, err = s.GetRelation(ctx, c.id)
		} else {
			rel, err = s.FindRelation(ctx, c.key)
		}
		if err != nil {
			return err
		}
		return output(env, c.asJSON, rel, func(w io.Writer) { printRelation(w, rel) })
	case "list":
		rels, err := s.ListRelations(ctx, c.filter)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, map[string]any{"relations": rels}, func(w io.Writer) { printRelations(w, rels) })
	case "update":
		ups := make([]agentmemory.RelationUpdate, len(c.ids))
		for i, id := range c.ids {
			ups[i] = c.update
			ups[i].ID = id
		}
		res, err := s.UpdateRelations(ctx, ups...)
		if err != nil {
			return err
		}
		if err := output(env, c.asJSON, res, func(w io.Writer) {
			for _, id := range res.IDs {
				fmt.Fprintf(w, "updated relation %s\n", id)
			}
		}); err != nil {
			return err
		}
		if missing := missingIDs(c.ids, res.IDs); len(missing) > 0 {
			return fmt.Errorf("no relation with id %s: not updated", strings.Join(missing, ", "))
		}
		return nil
	case "delete":
		n, err := s.DeleteRelations(ctx, c.ids...)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "deleted %d of %d relation(s)\n", n, len(c.ids))
		return nil
	}
	return fmt.Errorf("unknown relation subcommand %q", c.sub)
}

// missingIDs are the ids of asked that are not in done, in asked's order.
func missingIDs(asked, done []string) []string {
	got := map[string]bool{}
	for _, id := range done {
		got[id] = true
	}
	var out []string
	for _, id := range asked {
		if !got[id] {
			out = append(out, id)
		}
	}
	return out
}

// printRelation prints one relation as name/value lines.
func printRelation(w io.Writer, r agentmemory.Relation) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row := func(k, v string) { fmt.Fprintf(tw, "%s\t%s\n", k, v) }
	row("id", r.ID)
	row("source", fmt.Sprintf("%s %s", r.Source.Type, r.Source.ID))
	row("type", string(r.Type))
	row("target", fmt.Sprintf("%s %s", r.Target.Type, r.Target.ID))
	row("opposite", string(r.OppositeType))
	ts := "none"
	if !r.Timestamp.IsZero() {
		ts = timeText(r.Timestamp)
	}
	row("timestamp", ts)
	row("metadata", jsonText(r.Metadata))
	row("created", timeText(r.CreatedAt))
	row("updated", timeText(r.UpdatedAt))
	tw.Flush()
}

// printRelations prints relations as a table, one line each.
func printRelations(w io.Writer, rels []agentmemory.Relation) {
	if len(rels) == 0 {
		fmt.Fprintln(w, "no relations")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSOURCE\tTYPE\tTARGET\tOPPOSITE\tCREATED\tMETADATA")
	for _, r := range rels {
		fmt.Fprintf(tw, "%s\t%s %s\t%s\t%s %s\t%s\t%s\t%s\n", r.ID, r.Source.Type, r.Source.ID, r.Type, r.Target.Type,
			r.Target.ID, r.OppositeType, timeText(r.CreatedAt), cut(jsonText(r.Metadata), 40))
	}
	tw.Flush()
}
