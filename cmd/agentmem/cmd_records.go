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
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// The record commands: add, get, list, update, delete, delete-thread. Each
// opens an existing store (open_store with REQUIRE_EXISTING) and makes one
// record call (docs/go-client.md, "Records").

const recordFlagsUsage = `

Flags of every record command:
  --dsn DSN       database (default $ORACLE_DSN)
  --store ID      memory_store_id (default: the unprefixed default store)
  --owner USER    the store's schema, when it is not the connected one`

const addUsage = `
Usage: agentmem add [flags] TEXT...

Adds one record per TEXT, all of --type, in one atomic call, and prints their
ids, one per line (--json: {"ids", "warnings"}). Warnings go to stderr. The
flags apply to every record.

Flags:
  --type T            memory (default) | fact | guideline | preference | message
  --id ID             the record id (one TEXT only; default: generated)
  --thread ID         thread id (a message needs one; the thread must exist)
  --user ID, --agent ID
  --role ROLE         message role, e.g. user or assistant (messages only)
  --timestamp TS      event time: RFC 3339, or YYYY-MM-DD[THH:MM[:SS]] in UTC
  --metadata JSON     a JSON object
  --ttl-days N|none   time to live; none: the store's maximum, or never
  --ttl-anchor A      created_at (default) | timestamp
  --status S          valid (default) | invalid
  --json              print the response as JSON` + recordFlagsUsage

const getUsage = `
Usage: agentmem get [flags] TYPE ID

Prints the record of type TYPE with id ID, or fails when there is none.

Flags:
  --bytes   load image bytes (images and messages' image parts)
  --json    print the record as JSON` + recordFlagsUsage

const listUsage = `
Usage: agentmem list [flags] TYPE

Lists records of type TYPE: the newest --limit matches (default 1000),
oldest first, as a table or JSON ({"records": [...]}).

Flags:
  --limit N|none                  none: every match
  --thread ID|none, --user ID|none, --agent ID|none
                                  scope filters; none: only records without it
  --filter JSON|none              metadata filter (docs/protocol-search.md §5);
                                  none: only records without metadata
  --id ID                         one record id
  --bytes                         load image bytes
  --json                          print the records as JSON` + recordFlagsUsage

const updateUsage = `
Usage: agentmem update [flags] TYPE ID

Changes one record; only the fields given change. Prints the result and fails
when no record has that type and id. Warnings go to stderr.

Flags:
  --content TEXT|none      new text; none clears it (memory-like, thread)
  --index-text TEXT|none   new retrieval text; none clears the retrieval rows
  --metadata JSON|none     replaces the metadata (no merge); none clears it
  --timestamp TS|none      event time (as for add); none clears it
  --ttl-days N|none        refreshes the expiry
  --ttl-anchor A|none      created_at | timestamp
  --status S               valid | invalid
  --json                   print the response as JSON` + recordFlagsUsage

const deleteUsage = `
Usage: agentmem delete [flags] TYPE ID

Deletes one record and its retrieval rows; asks to type ID unless --yes.
A message takes its image parts with it; memories derived from it stay.

Flags:
  --cascade   for a user or agent profile: also the actor's threads (with
              everything in them), messages and memory-like records
  --yes       do not ask` + recordFlagsUsage

const deleteThreadUsage = `
Usage: agentmem delete-thread [flags] THREAD_ID

Deletes a thread with its messages, memory-like records, summaries, images
and their retrieval rows, in one transaction; asks to type THREAD_ID unless
--yes.

Flags:
  --yes       do not ask` + recordFlagsUsage

func init() {
	for _, c := range []struct{ name, summary, usage string }{
		{"add", "add records (memories, facts, guidelines, preferences, messages)", addUsage},
		{"get", "print one record", getUsage},
		{"list", "list records of one type", listUsage},
		{"update", "change one record", updateUsage},
		{"delete", "delete one record (asks unless --yes)", deleteUsage},
		{"delete-thread", "delete a thread and everything in it (asks unless --yes)", deleteThreadUsage},
	} {
		name := c.name
		register(command{Name: name, Summary: c.summary, Usage: c.usage,
			Run: func(ctx context.Context, env *cliEnv, args []string) error {
				return runRecordCmd(ctx, env, name, args)
			}})
	}
}

// recordCmd is a parsed record command: the call to make, ready before the
// database is touched, so that bad input fails first.
type recordCmd struct {
	storeCmdFlags
	name   string
	asJSON bool

	add          []agentmemory.RecordInput
	list         agentmemory.ListRequest
	update       agentmemory.UpdateRequest
	recordType   agentmemory.RecordType
	id           string
	includeBytes bool
	cascade      bool
}

func usageOf(name string) string { return commands[name].Usage }

func runRecordCmd(ctx context.Context, env *cliEnv, name string, args []string) error {
	c, err := parseRecordCmd(name, args)
	if err != nil {
		return flagError(env, usageOf(name), err)
	}
	if name == "delete" || name == "delete-thread" {
		what := fmt.Sprintf("This deletes %s record %s.", c.recordType, c.id)
		if name == "delete-thread" {
			what = fmt.Sprintf("This deletes thread %s with its messages, memories, summaries and images.", c.id)
		} else if c.cascade {
			what = fmt.Sprintf("This deletes %s record %s and, for a profile, every thread, message and memory of that actor.", c.recordType, c.id)
		}
		if err := c.confirmDelete(env, what, c.id); err != nil {
			return err
		}
	}
	return c.withStore(ctx, env, func(s *agentmemory.Store) error { return c.run(ctx, env, s) })
}

// parseRecordCmd parses the flags and arguments of record command name.
func parseRecordCmd(name string, args []string) (*recordCmd, error) {
	c := &recordCmd{name: name}
	fs := newFlagSet(name)
	c.storeCmdFlags.register(fs)
	var rf recordFieldFlags
	switch name {
	case "add":
		rf.registerAdd(fs)
	case "get":
		fs.BoolVar(&c.includeBytes, "bytes", false, "load image bytes")
	case "list":
		rf.registerList(fs, &c.list)
	case "update":
		rf.registerUpdate(fs, &c.update)
	case "delete":
		fs.BoolVar(&c.cascade, "cascade", false, "cascade for profiles")
		fs.BoolVar(&c.yes, "yes", false, "do not ask")
	case "delete-thread":
		fs.BoolVar(&c.yes, "yes", false, "do not ask")
	}
	if name != "delete" && name != "delete-thread" {
		fs.BoolVar(&c.asJSON, "json", false, "JSON output")
	}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	switch name {
	case "add":
		return c, c.finishAdd(&rf, pos)
	case "get", "update", "delete":
		if len(pos) != 2 {
			return nil, usagef("%s needs TYPE and ID, got %d argument(s)", name, len(pos))
		}
		c.recordType, c.id = agentmemory.RecordType(strings.ToLower(pos[0])), pos[1]
		if name == "update" {
			c.update.RecordType, c.update.RecordID = c.recordType, c.id
		}
	case "list":
		if len(pos) != 1 {
			return nil, usagef("list needs TYPE, got %d argument(s)", len(pos))
		}
		c.list.RecordType = agentmemory.RecordType(strings.ToLower(pos[0]))
	case "delete-thread":
		if len(pos) != 1 {
			return nil, usagef("delete-thread needs THREAD_ID, got %d argument(s)", len(pos))
		}
		c.id = pos[0]
	}
	return c, nil
}

// finishAdd builds one record per text from the flags.
func (c *recordCmd) finishAdd(rf *recordFieldFlags, texts []string) error {
	if len(texts) == 0 {
		return usagef("add needs at least one TEXT")
	}
	ts, err := parseTimestamp(rf.timestamp)
	if err != nil {
		return err
	}
	meta, _ := rf.metadata.Get()
	anchor := agentmemory.TTLAnchor(enumValue(rf.ttlAnchor))
	status := agentmemory.RecordStatus(enumValue(rf.status))
	t := agentmemory.RecordType(strings.ToLower(rf.recordType))
	for _, text := range texts {
		if t == agentmemory.RecordTypeMessage {
			c.add = append(c.add, agentmemory.Message{ID: rf.id, ThreadID: rf.thread, UserID: rf.user, AgentID: rf.agent,
				Role: rf.role, Text: text, Timestamp: ts, Metadata: meta, TTLDays: rf.ttlDays, TTLAnchor: anchor, Status: status})
			continue
		}
		if rf.role != "" {
			return usagef("--role applies to --type message only")
		}
		c.add = append(c.add, agentmemory.Memory{Type: t, ID: rf.id, ThreadID: rf.thread, UserID: rf.user, AgentID: rf.agent,
			Text: text, Timestamp: ts, Metadata: meta, TTLDays: rf.ttlDays, TTLAnchor: anchor, Status: status})
	}
	return nil
}

// parseTimestamp reads an event time: RFC 3339, or a date and time without
// a zone (UTC); "" is none.
func parseTimestamp(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, usagef("--timestamp %q is not a time: use RFC 3339 (2026-11-30T09:00:00Z) or YYYY-MM-DD[THH:MM[:SS]] (UTC)", s)
}

// run makes the call on the opened store and prints the result.
func (c *recordCmd) run(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	switch c.name {
	case "add":
		res, err := s.Add(ctx, c.add...)
		if err != nil {
			return err
		}
		printWarnings(env.Stderr, res.Warnings)
		return output(env, c.asJSON, res, func(w io.Writer) {
			for _, id := range res.IDs {
				fmt.Fprintln(w, id)
			}
		})
	case "get":
		rec, err := s.Get(ctx, c.recordType, c.id, agentmemory.GetOptions{IncludeBytes: c.includeBytes})
		if err != nil {
			return err
		}
		return output(env, c.asJSON, rec, func(w io.Writer) { printRecord(w, rec) })
	case "list":
		recs, err := s.List(ctx, c.list)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, map[string]any{"records": recs}, func(w io.Writer) { printRecords(w, c.list.RecordType, recs) })
	case "update":
		res, err := s.Update(ctx, c.update)
		if err != nil {
			return err
		}
		printWarnings(env.Stderr, res.Warnings)
		if err := output(env, c.asJSON, res, func(w io.Writer) {
			if res.Updated > 0 {
				fmt.Fprintf(w, "updated %s record %s\n", c.recordType, c.id)
			}
		}); err != nil {
			return err
		}
		if res.Updated == 0 {
			return fmt.Errorf("no %s record with id %q: nothing was updated", c.recordType, c.id)
		}
		return nil
	case "delete":
		n, err := s.Delete(ctx, c.recordType, c.id, agentmemory.DeleteOptions{Cascade: c.cascade})
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "deleted %d %s record(s) %s\n", n, c.recordType, c.id)
		return nil
	case "delete-thread":
		n, err := s.DeleteThread(ctx, c.id)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "deleted %d thread(s) %s\n", n, c.id)
		return nil
	}
	return fmt.Errorf("unknown record command %q", c.name)
}

// recordFieldFlags holds the add flags, which become the request's
// broadcast values once every flag is parsed.
type recordFieldFlags struct {
	recordType, id, thread, user, agent, role, timestamp, ttlAnchor, status string
	metadata                                                                agentmemory.Optional[map[string]any]
	ttlDays                                                                 agentmemory.Optional[int]
}

func (rf *recordFieldFlags) registerAdd(fs *flag.FlagSet) {
	fs.StringVar(&rf.recordType, "type", "memory", "record type")
	fs.StringVar(&rf.id, "id", "", "record id")
	fs.StringVar(&rf.thread, "thread", "", "thread id")
	fs.StringVar(&rf.user, "user", "", "user id")
	fs.StringVar(&rf.agent, "agent", "", "agent id")
	fs.StringVar(&rf.role, "role", "", "message role")
	fs.StringVar(&rf.timestamp, "timestamp", "", "event time")
	fs.Var(jsonObjectFlag{&rf.metadata, false}, "metadata", "JSON object")
	fs.Var(optIntFlag{&rf.ttlDays}, "ttl-days", "days or none")
	fs.StringVar(&rf.ttlAnchor, "ttl-anchor", "", "created_at | timestamp")
	fs.StringVar(&rf.status, "status", "", "valid | invalid")
}

func (rf *recordFieldFlags) registerList(fs *flag.FlagSet, r *agentmemory.ListRequest) {
	fs.Var(optIntFlag{&r.Limit}, "limit", "N or none")
	fs.Var(optStringFlag{&r.ThreadID}, "thread", "thread id or none")
	fs.Var(optStringFlag{&r.UserID}, "user", "user id or none")
	fs.Var(optStringFlag{&r.AgentID}, "agent", "agent id or none")
	fs.Var(filterFlag{&r.MetadataFilter}, "filter", "JSON filter or none")
	fs.StringVar(&r.RecordID, "id", "", "record id")
	fs.BoolVar(&r.IncludeBytes, "bytes", false, "load image bytes")
}

func (rf *recordFieldFlags) registerUpdate(fs *flag.FlagSet, r *agentmemory.UpdateRequest) {
	fs.Func("content", "text or none", func(s string) error {
		r.Content = agentmemory.Some(agentmemory.ContentText(s))
		if isNone(s) {
			r.Content = agentmemory.None[agentmemory.Content]()
		}
		return nil
	})
	fs.Func("index-text", "text or none", func(s string) error {
		r.IndexText = agentmemory.Some(agentmemory.IndexString(s))
		if isNone(s) {
			r.IndexText = agentmemory.None[agentmemory.IndexText]()
		}
		return nil
	})
	fs.Var(jsonObjectFlag{&r.Metadata, true}, "metadata", "JSON object or none")
	fs.Func("timestamp", "event time or none", func(s string) error {
		if isNone(s) {
			r.Timestamp = agentmemory.None[time.Time]()
			return nil
		}
		t, err := parseTimestamp(s)
		r.Timestamp = agentmemory.Some(t)
		return err
	})
	fs.Var(optIntFlag{&r.TTLDays}, "ttl-days", "days or none")
	fs.Func("ttl-anchor", "created_at | timestamp | none", func(s string) error {
		r.TTLAnchor = agentmemory.Some(agentmemory.TTLAnchor(enumValue(s)))
		if isNone(s) {
			r.TTLAnchor = agentmemory.None[agentmemory.TTLAnchor]()
		}
		return nil
	})
	fs.Func("status", "valid | invalid", func(s string) error {
		r.Status = agentmemory.RecordStatus(enumValue(s))
		return nil
	})
}

// jsonObjectFlag sets an Optional JSON object; with allowNone, "none" is
// None.
type jsonObjectFlag struct {
	p         *agentmemory.Optional[map[string]any]
	allowNone bool
}

func (f jsonObjectFlag) String() string { return "" }

func (f jsonObjectFlag) Set(s string) error {
	if f.allowNone && isNone(s) {
		*f.p = agentmemory.None[map[string]any]()
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil || m == nil {
		return fmt.Errorf("%q is not a JSON object", s)
	}
	*f.p = agentmemory.Some(m)
	return nil
}

// filterFlag sets a metadata filter from JSON; "none" is None.
type filterFlag struct {
	p *agentmemory.Optional[agentmemory.Filter]
}

func (f filterFlag) String() string { return "" }

func (f filterFlag) Set(s string) error {
	if isNone(s) {
		*f.p = agentmemory.None[agentmemory.Filter]()
		return nil
	}
	var m agentmemory.Filter
	if err := json.Unmarshal([]byte(s), &m); err != nil || m == nil {
		return fmt.Errorf("%q is not a JSON object (a metadata filter)", s)
	}
	*f.p = agentmemory.Some(m)
	return nil
}

// Printing ---------------------------------------------------------------

// printRecord prints one record as name/value lines.
func printRecord(w io.Writer, rec agentmemory.Record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	c := rec.Common()
	row := func(k, v string) { fmt.Fprintf(tw, "%s\t%s\n", k, v) }
	row("type", string(c.Type))
	row("id", c.ID)
	if text, ok := rec.Text(); ok {
		row("text", text)
	} else {
		row("text", "none")
	}
	if sr, ok := rec.(agentmemory.ScopedRecord); ok {
		sc := sr.RecordScope()
		row("thread", orDefault(sc.ThreadID, "none"))
		row("user", orDefault(sc.UserID, "none"))
		row("agent", orDefault(sc.AgentID, "none"))
	}
	switch r := rec.(type) {
	case *agentmemory.MessageRecord:
		row("role", orDefault(r.Role, "none"))
		row("seq no", strconv.FormatInt(r.SeqNo, 10))
		for j, p := range r.Parts {
			row(fmt.Sprintf("part %d", j), partText(p))
		}
	case *agentmemory.ImageRecord:
		row("mime type", string(r.MimeType))
		row("message", orDefault(r.MessageID, "none (standalone)"))
		row("bytes", bytesText(r.Bytes))
	case *agentmemory.ThreadRecord:
		row("runtime config", jsonText(r.RuntimeConfig))
		row("runtime state", jsonText(r.RuntimeState))
	case *agentmemory.ThreadSummaryRecord:
		row("summary", jsonText(r.Content))
	}
	row("metadata", jsonText(c.Metadata))
	row("status", string(c.Status))
	row("timestamp", timeText(c.Timestamp))
	row("created", timeText(c.CreatedAt))
	row("updated", timeText(c.UpdatedAt))
	exp := "never"
	if t, ok := c.ExpiresAt.Get(); ok {
		exp = timeText(t)
	}
	row("expires", exp)
	tw.Flush()
}

// printRecords prints records as a table, one line each, text cut to 60
// characters.
func printRecords(w io.Writer, t agentmemory.RecordType, recs []agentmemory.Record) {
	if len(recs) == 0 {
		fmt.Fprintf(w, "no %s records\n", t)
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTHREAD\tUSER\tAGENT\tSTATUS\tCREATED\tTEXT")
	for _, rec := range recs {
		var sc agentmemory.Scope
		if sr, ok := rec.(agentmemory.ScopedRecord); ok {
			sc = *sr.RecordScope()
		}
		text, ok := rec.Text()
		if !ok {
			text = "(none)"
		}
		c := rec.Common()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, orDefault(sc.ThreadID, "-"), orDefault(sc.UserID, "-"),
			orDefault(sc.AgentID, "-"), c.Status, timeText(c.CreatedAt), cut(singleLine(text), 60))
	}
	tw.Flush()
}

func partText(p agentmemory.MessageContent) string {
	switch p := p.(type) {
	case agentmemory.TextContent:
		return fmt.Sprintf("text %s: %s", p.ID, p.Text)
	case agentmemory.ImageContent:
		desc, _ := p.Description.Get()
		return fmt.Sprintf("image %s (%s, %s): %s", p.ID, p.MimeType, bytesText(p.Bytes), desc)
	}
	return "?"
}

func bytesText(b []byte) string {
	if b == nil {
		return "not loaded (--bytes)"
	}
	return fmt.Sprintf("%d bytes", len(b))
}

func jsonText(m map[string]any) string {
	if m == nil {
		return "none"
	}
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Sprint(m)
	}
	return string(b)
}

func singleLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-3]) + "..."
}
