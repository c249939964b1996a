package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const demoUsage = `
Usage: agentmem demo [--dsn DSN] [--store ID] [--keep] [--json]

A short tour of the product, to run after "agentmem migrate up". It opens the
KEYWORD store DEMO with CREATE_IF_NECESSARY (the first run creates it), then,
as user demo-user: adds the user's profile, a thread with three messages and,
in one add_records call, two memories, a fact and a preference; lists them;
runs three keyword searches (any scope, scoped to the user, with a metadata
filter); updates a memory, reads it back and deletes another.

KEYWORD ranks text with Oracle Text, so the tour needs no embedding model in
the database and no embedder on the client: it works on a fresh Oracle
Database Free (full image, which has Oracle Text).

The demo's records are those of user demo-user in the store. At the end the
demo deletes them (delete_record of the user's profile with cascade), so the
next run starts clean; with --keep they stay for "agentmem list", "get" and
"search", and the next run deletes them before it starts. The store itself is
never dropped ("agentmem store drop --id DEMO" does that).

Results go to stdout (with --json, one JSON object at the end); progress and
the package's warnings go to stderr.

Flags:
  --dsn DSN    database (default $ORACLE_DSN)
  --store ID   store to use (default DEMO); created as KEYWORD when absent
  --keep       leave the demo's records in the store
  --json       print the results as one JSON object`

func init() {
	register(command{
		Name:    "demo",
		Summary: "a tour: a KEYWORD store, a user, a thread, memories, keyword searches",
		Usage:   demoUsage,
		Run:     runDemo,
	})
}

// The demo's actors. The user id is fixed because a profile's record id is
// the user id: it is how a later run finds what an earlier --keep run left.
const (
	demoUser  = "demo-user"
	demoAgent = "demo-agent"
)

// demoConfig is the parsed command line of agentmem demo.
type demoConfig struct {
	store  string
	keep   bool
	asJSON bool
}

func runDemo(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("demo")
	var dsn dsnFlag
	dsn.register(fs)
	var cfg demoConfig
	fs.StringVar(&cfg.store, "store", "DEMO", "store id")
	fs.BoolVar(&cfg.keep, "keep", false, "keep the demo's records")
	fs.BoolVar(&cfg.asJSON, "json", false, "JSON output")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, demoUsage, err)
	}
	if len(pos) > 0 {
		return usagef("demo takes no argument, got %q", pos[0])
	}
	progress(env)("demo: connecting")
	db, err := dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	return demoTour(ctx, env, db, cfg)
}

// demoStoreOptions opens (or creates) the demo's store as KEYWORD: keyword
// search needs Oracle Text only, no embedding model.
func demoStoreOptions(id string) agentmemory.StoreOptions {
	return agentmemory.StoreOptions{
		MemoryStoreID:  id,
		SchemaPolicy:   agentmemory.CreateIfNecessary,
		SearchStrategy: agentmemory.Keyword,
	}
}

// demoReport is what --json prints: every step's result, in tour order.
type demoReport struct {
	Store             agentmemory.StoreInfo                           `json:"store"`
	Actions           []string                                        `json:"actions"`
	Warnings          []string                                        `json:"warnings"`
	EarlierRunDeleted bool                                            `json:"earlier_run_deleted"`
	UserID            string                                          `json:"user_id"`
	ThreadID          string                                          `json:"thread_id"`
	Messages          []*agentmemory.MessageRecord                    `json:"messages"`
	Added             map[agentmemory.RecordType][]string             `json:"added"`
	Listed            map[agentmemory.RecordType][]agentmemory.Record `json:"listed"`
	IndexSynced       bool                                            `json:"index_synced"`
	Searches          []demoSearch                                    `json:"searches"`
	Updated           demoChange                                      `json:"updated"`
	Record            agentmemory.Record                              `json:"record"`
	Deleted           demoChange                                      `json:"deleted"`
	Cleanup           *demoChange                                     `json:"cleanup"` // null with --keep
}

type demoSearch struct {
	Label   string                    `json:"label"`
	Request agentmemory.SearchRequest `json:"request"`
	Result  *agentmemory.SearchResult `json:"result"`
}

type demoChange struct {
	RecordType agentmemory.RecordType `json:"record_type"`
	RecordID   string                 `json:"record_id"`
	Count      int                    `json:"count"`
}

// tour holds what the steps share: the store, the report, and where text
// goes (io.Discard with --json, which prints the report at the end).
type tour struct {
	env *cliEnv
	cfg demoConfig
	s   *agentmemory.Store
	out io.Writer
	say func(string)
	rep demoReport
}

// demoTour runs the tour on db; every step is one package call unless said.
func demoTour(ctx context.Context, env *cliEnv, db agentmemory.DBTX, cfg demoConfig) error {
	t := &tour{env: env, cfg: cfg, out: env.Stdout, say: progress(env), rep: demoReport{
		Warnings: []string{}, UserID: demoUser, Added: map[agentmemory.RecordType][]string{}, Listed: map[agentmemory.RecordType][]agentmemory.Record{},
	}}
	if cfg.asJSON {
		t.out = io.Discard
	}
	steps := []func(context.Context) error{
		func(ctx context.Context) error { return t.open(ctx, db) },
		t.clearEarlierRun, t.addUser, t.addThread, t.addMemories, t.list, t.syncIndex, t.search,
		t.updateAndGet, t.deleteOne, t.cleanup,
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	if cfg.asJSON {
		return output(env, true, t.rep, nil)
	}
	return nil
}

// warn prints the package's warnings at once and keeps them for --json.
func (t *tour) warn(ws []string) {
	printWarnings(t.env.Stderr, ws)
	t.rep.Warnings = append(t.rep.Warnings, ws...)
}

func (t *tour) open(ctx context.Context, db agentmemory.DBTX) error {
	opts := demoStoreOptions(t.cfg.store)
	t.say(fmt.Sprintf("demo: opening %s (KEYWORD, CREATE_IF_NECESSARY)", storeLabel(opts.MemoryStoreID)))
	s, err := agentmemory.Open(ctx, db, opts)
	var appErr *agentmemory.Error
	switch {
	case errors.Is(err, agentmemory.ErrIncompatibleStore):
		return fmt.Errorf("%w\n(%s exists with another configuration, e.g. the VECTOR store of an earlier demo: drop it with \"agentmem store drop --id %s\", or run the demo with --store OTHER)",
			err, storeLabel(opts.MemoryStoreID), storeArg(opts.MemoryStoreID))
	case err != nil && !errors.As(err, &appErr):
		// Not an error of the package: most likely it is not installed.
		return fmt.Errorf("%w\n(has \"agentmem migrate up\" run on this schema? \"agentmem doctor\" checks the setup)", err)
	case err != nil:
		return err
	}
	t.s = s
	t.warn(s.Warnings())
	info := s.Info()
	t.rep.Store, t.rep.Actions = info, s.Actions()
	made := "existing, no DDL needed"
	if n := len(s.Actions()); n > 0 {
		made = fmt.Sprintf("%d actions (agentmem store describe --id %s lists its objects)", n, storeArg(info.MemoryStoreID))
	}
	fmt.Fprintf(t.out, "Store %s: %s search, index sync %s, %s; %s.\n", orDefault(info.MemoryStoreID, "(default)"),
		info.Config.SearchStrategy, orDefault(string(info.Config.SearchIndexSync), "-"), info.Status, made)
	fmt.Fprintln(t.out, "  KEYWORD ranks text with Oracle Text: no embedding model in the database and no embedder")
	fmt.Fprintln(t.out, "  on the client are needed (a VECTOR store needs one of them to search by text).")
	return nil
}

// clearEarlierRun deletes what a --keep run (or an interrupted one) left:
// the demo user's profile exists exactly then, since it is added first.
func (t *tour) clearEarlierRun(ctx context.Context) error {
	_, err := t.s.Get(ctx, agentmemory.RecordTypeUserProfile, demoUser)
	if errors.Is(err, agentmemory.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	t.say("demo: deleting the records an earlier run left (user_profile " + demoUser + " with cascade)")
	if _, err := t.s.Delete(ctx, agentmemory.RecordTypeUserProfile, demoUser, agentmemory.DeleteOptions{Cascade: true}); err != nil {
		return err
	}
	t.rep.EarlierRunDeleted = true
	fmt.Fprintf(t.out, "Deleted the records of %s an earlier run left.\n", demoUser)
	return nil
}

func (t *tour) addUser(ctx context.Context) error {
	t.say("demo: adding the user profile")
	res, err := t.s.AddUser(ctx, agentmemory.Profile{ID: demoUser, Information: "Frequent traveller based in Porto; likes short answers.",
		Metadata: map[string]any{"source": "agentmem demo"}})
	if err != nil {
		return err
	}
	t.warn(res.Warnings)
	fmt.Fprintf(t.out, "\nUser profile %s.\n", res.ID)
	return nil
}

// addThread adds a thread and its messages in one atomic call (the messages
// name the thread added before them), and lists them back.
func (t *tour) addThread(ctx context.Context) error {
	t.say("demo: adding a thread and its messages")
	const thread = "demo-lisbon"
	msg := func(role, text string) agentmemory.Message {
		return agentmemory.Message{ThreadID: thread, UserID: demoUser, AgentID: demoAgent, Role: role, Text: text}
	}
	res, err := t.s.Add(ctx,
		agentmemory.NewThread{ID: thread, UserID: demoUser, AgentID: demoAgent, Text: "Weekend in Lisbon"},
		msg("user", "I'd like to spend a long weekend in Lisbon in May."),
		msg("assistant", "Noted. Would you rather stay in Alfama or in Chiado?"),
		msg("user", "Alfama, please, and a window seat on the flight."))
	if err != nil {
		return err
	}
	t.warn(res.Warnings)
	if len(res.IDs) != 4 {
		return fmt.Errorf("add_records returned %d ids for 4 records", len(res.IDs))
	}
	t.rep.ThreadID = res.IDs[0]
	t.rep.Added[agentmemory.RecordTypeMessage] = res.IDs[1:]
	listed, err := t.s.ListThreadMessages(ctx, agentmemory.ListThreadMessagesRequest{ThreadID: t.rep.ThreadID})
	if err != nil {
		return err
	}
	t.rep.Messages = listed
	fmt.Fprintf(t.out, "Thread %s (user %s, agent %s), messages listed back:\n", t.rep.ThreadID, demoUser, demoAgent)
	tw := tabwriter.NewWriter(t.out, 0, 0, 2, ' ', 0)
	for _, m := range listed {
		text, _ := m.Text()
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\n", m.SeqNo, orDefault(m.Role, "-"), m.ID, cut(singleLine(text), 60))
	}
	return tw.Flush()
}

// demoMemories are the memory-like records of the user.
func demoMemories() []agentmemory.Memory {
	type meta = map[string]any
	return []agentmemory.Memory{
		{Text: "Plans a long weekend in Lisbon in May", UserID: demoUser, Metadata: meta{"topic": "travel", "tags": []any{"lisbon", "trip"}}},
		{Text: "Wants to taste pastel de nata in Belem, Lisbon", UserID: demoUser, Metadata: meta{"topic": "travel", "tags": []any{"lisbon", "food"}}},
		{Type: agentmemory.RecordTypeFact, Text: "Is allergic to peanuts", UserID: demoUser, Metadata: meta{"topic": "health"}},
		{Type: agentmemory.RecordTypePreference, Text: "Prefers a window seat on flights", UserID: demoUser, Metadata: meta{"topic": "travel", "tags": []any{"flights"}}},
	}
}

// addMemories writes the memories, the fact and the preference in one
// atomic add_records call.
func (t *tour) addMemories(ctx context.Context) error {
	t.say("demo: adding two memories, a fact and a preference in one call")
	mems := demoMemories()
	res, err := t.s.AddMemories(ctx, mems)
	if err != nil {
		return err
	}
	t.warn(res.Warnings)
	if len(res.IDs) != len(mems) {
		return fmt.Errorf("add_records returned %d ids for %d records", len(res.IDs), len(mems))
	}
	fmt.Fprint(t.out, "\nAdded in one add_records call:")
	var order []agentmemory.RecordType
	for i, m := range mems {
		rt := m.Type
		if rt == "" {
			rt = agentmemory.RecordTypeMemory
		}
		if _, seen := t.rep.Added[rt]; !seen {
			order = append(order, rt)
		}
		t.rep.Added[rt] = append(t.rep.Added[rt], res.IDs[i])
	}
	for i, rt := range order {
		sep := ";"
		if i == len(order)-1 {
			sep = ".\n"
		}
		fmt.Fprintf(t.out, " %s %s%s", rt, strings.Join(t.rep.Added[rt], ", "), sep)
	}
	return nil
}

// list lists each memory-like type of the user.
func (t *tour) list(ctx context.Context) error {
	t.say("demo: listing the user's memories, facts and preferences")
	fmt.Fprintf(t.out, "\nRecords of %s, one list call per type:\n", demoUser)
	tw := tabwriter.NewWriter(t.out, 0, 0, 2, ' ', 0)
	for _, rt := range []agentmemory.RecordType{agentmemory.RecordTypeMemory, agentmemory.RecordTypeFact, agentmemory.RecordTypePreference} {
		recs, err := t.s.List(ctx, agentmemory.ListRequest{RecordType: rt, UserID: agentmemory.Some(demoUser)})
		if err != nil {
			return err
		}
		t.rep.Listed[rt] = recs
		for _, r := range recs {
			text, _ := r.Text()
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", rt, r.RecordID(), cut(singleLine(text), 50), jsonText(r.Common().Metadata))
		}
		if len(recs) == 0 {
			fmt.Fprintf(tw, "  %s\t(none)\n", rt)
		}
	}
	return tw.Flush()
}

// syncIndex makes the new text searchable. ON_COMMIT: every call above
// committed on success (the client opens no transaction), so there is
// nothing to do. MANUAL: sync_search_index, which commits its own work.
func (t *tour) syncIndex(ctx context.Context) error {
	if t.s.Info().Config.SearchIndexSync != agentmemory.Manual {
		fmt.Fprintf(t.out, "\nIndex sync %s: each call above committed on success, so the Text index\n"+
			"already covers the new rows; no sync_search_index needed.\n", t.s.Info().Config.SearchIndexSync)
		return nil
	}
	t.say("demo: synchronizing the text index (the store's sync mode is MANUAL)")
	if err := t.s.SyncSearchIndex(ctx); err != nil {
		return err
	}
	t.rep.IndexSynced = true
	fmt.Fprintln(t.out, "\nIndex sync MANUAL: called sync_search_index so the searches see the new rows.")
	return nil
}

// demoSearches are the keyword searches of the tour.
func demoSearches() []demoSearch {
	return []demoSearch{
		{Label: `"Lisbon", any scope, k 5`, Request: agentmemory.SearchRequest{Query: "Lisbon", K: 5}},
		{Label: `"window seat", user ` + demoUser, Request: agentmemory.SearchRequest{Query: "window seat", UserID: agentmemory.Some(demoUser)}},
		{Label: `"Lisbon", metadata tags contain "food"`, Request: agentmemory.SearchRequest{Query: "Lisbon",
			MetadataFilter: agentmemory.Some(agentmemory.Filter{"tags": agentmemory.ArrayContains("food")})}},
	}
}

func (t *tour) search(ctx context.Context) error {
	for _, q := range demoSearches() {
		t.say("demo: searching " + q.Label)
		res, err := t.s.Search(ctx, q.Request)
		if err != nil {
			return err
		}
		t.warn(res.Warnings)
		q.Result = res
		t.rep.Searches = append(t.rep.Searches, q)
		fmt.Fprintf(t.out, "\nSearch %s: %d result(s), distance = 1 - Oracle Text score/100\n", q.Label, len(res.Results))
		tw := tabwriter.NewWriter(t.out, 0, 0, 2, ' ', 0)
		for _, h := range res.Results {
			text, _ := h.Record.Text()
			fmt.Fprintf(tw, "  %.3f\t%s\t%s\t%s\n", h.Distance, h.Record.RecordType(), h.Record.RecordID(), cut(singleLine(text), 50))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// updateAndGet changes the first memory's text and reads it back.
func (t *tour) updateAndGet(ctx context.Context) error {
	id := t.rep.Added[agentmemory.RecordTypeMemory][0]
	t.say("demo: updating memory " + id)
	res, err := t.s.Update(ctx, agentmemory.UpdateRequest{RecordType: agentmemory.RecordTypeMemory, RecordID: id,
		Content: agentmemory.Some(agentmemory.ContentText("Plans a long weekend in Lisbon in June (moved from May)"))})
	if err != nil {
		return err
	}
	t.warn(res.Warnings)
	if res.Updated == 0 {
		return fmt.Errorf("update_record found no memory %q, which the demo added a moment ago", id)
	}
	t.rep.Updated = demoChange{RecordType: agentmemory.RecordTypeMemory, RecordID: id, Count: res.Updated}
	rec, err := t.s.Get(ctx, agentmemory.RecordTypeMemory, id)
	if err != nil {
		return err
	}
	t.rep.Record = rec
	text, _ := rec.Text()
	fmt.Fprintf(t.out, "\nUpdated memory %s (%d record); read back: %q, updated %s.\n", id, res.Updated, text, timeText(rec.Common().UpdatedAt))
	return nil
}

// deleteOne deletes the second memory.
func (t *tour) deleteOne(ctx context.Context) error {
	id := t.rep.Added[agentmemory.RecordTypeMemory][1]
	t.say("demo: deleting memory " + id)
	n, err := t.s.Delete(ctx, agentmemory.RecordTypeMemory, id)
	if err != nil {
		return err
	}
	t.rep.Deleted = demoChange{RecordType: agentmemory.RecordTypeMemory, RecordID: id, Count: n}
	fmt.Fprintf(t.out, "Deleted memory %s (%d record).\n", id, n)
	return nil
}

// cleanup deletes the demo's records unless --keep: the user's profile with
// cascade takes the user's thread (with its messages) and every memory-like
// record of the user, in one call.
func (t *tour) cleanup(ctx context.Context) error {
	store := storeArg(t.s.ID())
	if t.cfg.keep {
		fmt.Fprintf(t.out, "\nKept the demo's records (--keep). Look at them with\n"+
			"  agentmem list memory --store %[1]s --user %[2]s\n  agentmem search --id %[1]s --query Lisbon\n"+
			"and remove them with \"agentmem delete user_profile %[2]s --cascade --store %[1]s\" (or run the demo again).\n", store, demoUser)
		t.next(store)
		return nil
	}
	t.say("demo: deleting the demo's records (user_profile " + demoUser + " with cascade)")
	n, err := t.s.Delete(ctx, agentmemory.RecordTypeUserProfile, demoUser, agentmemory.DeleteOptions{Cascade: true})
	if err != nil {
		return err
	}
	t.rep.Cleanup = &demoChange{RecordType: agentmemory.RecordTypeUserProfile, RecordID: demoUser, Count: n}
	fmt.Fprintf(t.out, "\nDeleted the demo's records: user_profile %s with cascade (its thread, messages,\n"+
		"memories, fact and preference). Run with --keep to look at them afterwards.\n", demoUser)
	t.next(store)
	return nil
}

func (t *tour) next(store string) {
	fmt.Fprintf(t.out, "Next: agentmem help add | list | search; \"agentmem store drop --id %s\" removes the store.\n", store)
}

// storeArg is a store id as a command-line argument: "" (quoted) names the
// default store.
func storeArg(id string) string {
	if id == "" {
		return `""`
	}
	return strings.ToUpper(id)
}
