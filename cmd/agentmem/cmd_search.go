package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const searchUsage = `
Usage: agentmem search [flags] (--query TEXT | --vector V)

Searches a memory store (DBMS_AGENT_MEMORY_STORE search) and prints the
results nearest first as a table, or the whole response as JSON with --json.
The package's warnings go to stderr. Read-only.

Flags:
  --dsn DSN           database (default $ORACLE_DSN)
  --id ID             memory_store_id; not given: the default store
  --owner USER        a store of another schema (granted to you)
  --query TEXT        text to search for; - reads it from stdin. VECTOR stores
                      need an in-database model to embed it (else use --vector)
  --vector V          a query vector: a JSON array [0.1, 0.2, ...] or
                      comma-separated numbers, of the store's dimension
  --k N               number of results (default 10)
  --user ID|none      scope on the user: not given = any user; none = records
  --agent ID|none       without one (unscoped on that dimension); ID = exactly
  --thread ID|none      ID. A profile's scope is its own id on its dimension
  --type T            record type, repeatable: message, image, memory, fact,
                      guideline, preference, user_profile, agent_profile,
                      thread_summary, thread (default: all but the last two)
  --filter JSON|none  metadata filter, a JSON object such as
                      '{"tags": {"$array_contains": "prod"}}'; none = records
                      without metadata
  --include-invalid=false
                      VALID records only (default: INVALID ones too)
  --hops N            relation hops from each result (default 0)
  --max-linked N      linked records per direct result (default 100; 0: none)
  --keyword           search a HYBRID store with KEYWORD (text only)
  --json              print the response as JSON

"none" and "null" mean None for --user, --agent, --thread and --filter.`

const storeSyncIndexUsage = `
Usage: agentmem store sync-index [--dsn DSN] (--id ID | ID)

Synchronizes the Oracle Text or hybrid vector index of a KEYWORD or HYBRID
store of the connected schema (DBMS_AGENT_MEMORY_STORE sync_search_index),
so that text written since the last sync is searchable: needed after writes
to a store with search index sync MANUAL. It commits its own work only;
VECTOR stores have no text index.`

func init() {
	register(command{
		Name:    "search",
		Summary: "search a store's records by text or vector, with scope and metadata filters",
		Usage:   searchUsage,
		Run:     runSearch,
	})
}

// searchFlags are the parsed flags of agentmem search.
type searchFlags struct {
	dsn     dsnFlag
	id      string
	owner   string
	keyword bool
	asJSON  bool
	req     agentmemory.SearchRequest
}

func runSearch(ctx context.Context, env *cliEnv, args []string) error {
	f, err := parseSearchFlags(env, args)
	if err != nil {
		return flagError(env, searchUsage, err) // -h prints the usage and returns nil
	}
	db, err := f.dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	opts := agentmemory.StoreOptions{MemoryStoreID: f.id, SchemaOwner: f.owner}
	if f.keyword {
		opts.SearchStrategy = agentmemory.Keyword
	}
	s, err := agentmemory.Open(ctx, env.dataHandle(db), opts)
	if err != nil {
		return err
	}
	res, err := s.Search(ctx, f.req)
	if err != nil {
		return err
	}
	printWarnings(env.Stderr, res.Warnings)
	return output(env, f.asJSON, res, func(w io.Writer) { printSearchResult(w, res) })
}

// parseSearchFlags parses and checks the flags, before any connection;
// -h gives flag.ErrHelp.
func parseSearchFlags(env *cliEnv, args []string) (*searchFlags, error) {
	f := &searchFlags{}
	r := &f.req
	fs := newFlagSet("search")
	f.dsn.register(fs)
	fs.StringVar(&f.id, "id", "", "memory_store_id")
	fs.StringVar(&f.owner, "owner", "", "schema owner")
	fs.StringVar(&r.Query, "query", "", "query text, - for stdin")
	fs.Func("vector", "query vector", func(s string) (err error) { r.QueryVector, err = parseVector(s); return err })
	fs.IntVar(&r.K, "k", 0, "number of results")
	fs.Var(optStringFlag{&r.UserID}, "user", "user id or none")
	fs.Var(optStringFlag{&r.AgentID}, "agent", "agent id or none")
	fs.Var(optStringFlag{&r.ThreadID}, "thread", "thread id or none")
	fs.Func("type", "record type (repeatable)", func(s string) error {
		r.RecordTypes = append(r.RecordTypes, agentmemory.RecordType(strings.TrimSpace(s)))
		return nil
	})
	fs.Func("filter", "metadata filter JSON or none", func(s string) error { return parseFilterFlag(s, &r.MetadataFilter) })
	fs.Var(includeInvalidFlag{&r.ExcludeInvalid}, "include-invalid", "include INVALID records")
	fs.IntVar(&r.NumHops, "hops", 0, "relation hops")
	fs.Func("max-linked", "linked results per result (0: none; default 100)", func(s string) error {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("--max-linked %q is not a whole number", s)
		}
		r.MaxLinkedResults = agentmemory.Some(n)
		return nil
	})
	fs.BoolVar(&f.keyword, "keyword", false, "KEYWORD on a HYBRID store")
	fs.BoolVar(&f.asJSON, "json", false, "JSON output")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		return nil, usagef("search takes no argument, got %q (give the text with --query)", pos[0])
	}
	if r.Query == "-" {
		if env.Stdin == nil {
			return nil, usagef("--query -: no standard input to read the query from")
		}
		text, err := io.ReadAll(env.Stdin)
		if err != nil {
			return nil, fmt.Errorf("reading the query from stdin: %w", err)
		}
		r.Query = strings.TrimRight(string(text), "\r\n")
	}
	if !f.dsn.given(env) {
		return nil, usagef("no database given: pass --dsn or set %s", envDSN)
	}
	return f, nil
}

// parseVector reads a JSON array of numbers or comma-separated numbers.
func parseVector(s string) ([]float32, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") {
		var v []float32
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			return nil, fmt.Errorf("not a JSON array of FLOAT32 numbers: %v", err)
		}
		return v, nil
	}
	var v []float32
	for i, part := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(part), 32)
		if err != nil {
			return nil, fmt.Errorf("element %d %q is not a FLOAT32 number", i, strings.TrimSpace(part))
		}
		v = append(v, float32(x))
	}
	return v, nil
}

// parseFilterFlag sets a metadata filter from JSON text, or None.
func parseFilterFlag(s string, out *agentmemory.Optional[agentmemory.Filter]) error {
	if isNone(s) {
		*out = agentmemory.None[agentmemory.Filter]()
		return nil
	}
	var f agentmemory.Filter
	if err := json.Unmarshal([]byte(s), &f); err != nil || f == nil {
		return fmt.Errorf("%q is not a JSON object (or none): metadata_filter must be a JSON object or null", s)
	}
	*out = agentmemory.Some(f)
	return nil
}

// includeInvalidFlag is --include-invalid[=true|false]: false sets
// SearchRequest.ExcludeInvalid; given alone it is true (the default).
type includeInvalidFlag struct{ exclude *bool }

func (f includeInvalidFlag) String() string {
	if f.exclude == nil || !*f.exclude {
		return "true"
	}
	return "false"
}

func (f includeInvalidFlag) Set(s string) error {
	b, err := strconv.ParseBool(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("%q is neither true nor false", s)
	}
	*f.exclude = !b
	return nil
}

func (f includeInvalidFlag) IsBoolFlag() bool { return true }

// printSearchResult prints the results nearest first, one line each.
func printSearchResult(w io.Writer, res *agentmemory.SearchResult) {
	if len(res.Results) == 0 {
		fmt.Fprintf(w, "no results (strategy %s)\n", res.SearchStrategy)
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tDISTANCE\tTYPE\tID\tUSER\tAGENT\tTHREAD\tSTATUS\tCONTENT")
	for i, h := range res.Results {
		user, agent, thread := "-", "-", "-"
		if sc, ok := h.Record.(agentmemory.ScopedRecord); ok {
			user, agent, thread = orDefault(sc.RecordScope().UserID, "-"), orDefault(sc.RecordScope().AgentID, "-"), orDefault(sc.RecordScope().ThreadID, "-")
		}
		fmt.Fprintf(tw, "%d\t%.6f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", i+1, h.Distance, h.Record.RecordType(), h.Record.RecordID(),
			user, agent, thread, h.Record.Common().Status, contentCell(h.Record))
		// Linked records (graph expansion) under their direct result, with
		// the relation they were reached through.
		for j, l := range h.LinkedResults {
			user, agent, thread := "-", "-", "-"
			if sc, ok := l.Record.(agentmemory.ScopedRecord); ok {
				user, agent, thread = orDefault(sc.RecordScope().UserID, "-"), orDefault(sc.RecordScope().AgentID, "-"), orDefault(sc.RecordScope().ThreadID, "-")
			}
			fmt.Fprintf(tw, "%d.%d\tlinked\t%s\t%s\t%s\t%s\t%s\t%s\t[%s %s] %s\n", i+1, j+1, l.Record.RecordType(),
				l.Record.RecordID(), user, agent, thread, l.Record.Common().Status, l.Relation.Type, l.Relation.ID,
				contentCell(l.Record))
		}
	}
	tw.Flush()
	chunks := "1 query chunk"
	if res.QueryChunks != 1 {
		chunks = fmt.Sprintf("%d query chunks, distances fused by reciprocal rank", res.QueryChunks)
	}
	fmt.Fprintf(w, "%d results, strategy %s, %s\n", len(res.Results), res.SearchStrategy, chunks)
}

// contentCell is a record's text on one line, cut to 60 characters.
func contentCell(r agentmemory.Record) string {
	text, ok := r.Text()
	if !ok {
		return "(none)"
	}
	text = strings.Join(strings.Fields(text), " ")
	if runes := []rune(text); len(runes) > 60 {
		text = string(runes[:57]) + "..."
	}
	return strconv.Quote(text)
}

// storeSyncIndex is "agentmem store sync-index": it opens the store and
// synchronizes its text index. cmd_store.go dispatches to it.
func storeSyncIndex(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("store sync-index")
	var dsn dsnFlag
	dsn.register(fs)
	id := fs.String("id", "", "memory_store_id")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, storeSyncIndexUsage, err)
	}
	idSet := false
	fs.Visit(func(fl *flag.Flag) { idSet = idSet || fl.Name == "id" })
	switch {
	case len(pos) > 1:
		return usagef("store sync-index takes one store id, got %d arguments", len(pos))
	case len(pos) == 1 && idSet:
		return usagef("store sync-index: give the store id once, as --id or as the argument")
	case len(pos) == 1:
		*id = pos[0]
	case !idSet:
		return usagef(`store sync-index needs the store id (--id "" for the default store)`)
	}
	if !dsn.given(env) {
		return usagef("no database given: pass --dsn or set %s", envDSN)
	}
	db, err := dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: *id})
	if err != nil {
		return err
	}
	if err := s.SyncSearchIndex(ctx); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "synchronized the search index of %s\n", storeLabel(*id))
	return nil
}
