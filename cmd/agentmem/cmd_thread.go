package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// The thread commands: agentmem thread
// create|show|messages|add|wait|summary|card|search.
// Each opens an existing store (open_store with REQUIRE_EXISTING) and makes
// one thread call (docs/go-client.md, "Threads"); card and search are in
// cmd_thread_card.go.

const threadUsage = `
Usage: agentmem thread create|show|messages|add|wait|summary|card|search [flags]

A thread holds a conversation's messages with one user and agent scope
(docs/protocol-threads.md). Its messages, memories and images take that
scope.

  create    opens a thread, creating it when it does not exist, and prints
            its id and scope: [--id ID] [--user ID] [--agent ID]
            [--metadata JSON] (ids default to generated; an existing thread
            keeps its scope, and a different --user or --agent is refused)
  show      show ID prints the thread record; fails when there is none
  messages  messages ID prints messages, oldest first: the last 50 by
            default; --start N (negative: from the end), --end N|all
            (exclusive; all: every message from --start)
  add       add ID --role ROLE TEXT... adds one message (TEXT joined with
            spaces) and prints its id: [--id ID] [--metadata JSON]
  summary   summary ID prints the thread's summary (its stored summary, or
            a transcript of its messages): [--except-last N] [--budget N]
            (tokens; default 1000, negative: no cut)` + threadCardUsage + threadLLMUsage + `

Flags of every subcommand:
  --dsn DSN       database (default $ORACLE_DSN)
  --store ID      memory_store_id (default: the unprefixed default store)
  --owner USER    the store's schema, when it is not the connected one
  --json          print the result as JSON

Run "agentmem thread SUBCOMMAND --help" for the flags of one subcommand.`

func init() {
	register(command{
		Name:    "thread",
		Summary: "create, show or read threads, add messages, wait for extraction, summarize, context card, search",
		Usage:   threadUsage,
		Run:     runThread,
	})
}

// threadCmd is a parsed thread subcommand, ready before the database is
// touched, so that bad input fails first.
type threadCmd struct {
	storeCmdFlags
	sub    string
	asJSON bool

	id      string // the thread of show, messages, add, summary
	create  agentmemory.ThreadOptions
	window  agentmemory.Window
	message agentmemory.ThreadMessage
	summary agentmemory.SummaryOptions
	card    agentmemory.CardOptions
	search  agentmemory.ThreadSearchRequest

	llmCreate  llmCreateFlags                     // create's LLM flags
	extraction agentmemory.MemoryExtractionConfig // create's extraction flags
	client     clientLLMFlags                     // add's chat model
	timeout    time.Duration                      // wait's bound
}

func runThread(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return flagError(env, threadUsage, flag.ErrHelp)
		}
		return usagef("missing subcommand: create, show, messages, add, wait, summary, card or search")
	}
	c, err := parseThreadCmd(args[0], args[1:])
	if err != nil {
		return flagError(env, threadUsage, err)
	}
	return c.withStore(ctx, env, func(s *agentmemory.Store) error { return c.run(ctx, env, s) })
}

// parseThreadCmd parses subcommand sub; its flag set is named
// "thread <sub>", so --help prints that subcommand's flags.
func parseThreadCmd(sub string, args []string) (*threadCmd, error) {
	switch sub {
	case "create", "show", "messages", "add", "wait", "summary", "card", "search":
	default:
		return nil, usagef("unknown subcommand %q: use create, show, messages, add, wait, summary, card or search", sub)
	}
	c := &threadCmd{sub: sub}
	fs := newFlagSet("thread " + sub)
	c.register(fs)
	fs.BoolVar(&c.asJSON, "json", false, "print the result as JSON")
	var meta agentmemory.Optional[map[string]any]
	switch sub {
	case "create":
		fs.StringVar(&c.create.ID, "id", "", "thread id (default: generated)")
		fs.StringVar(&c.create.UserID, "user", "", "user id (default: generated, or the stored one)")
		fs.StringVar(&c.create.AgentID, "agent", "", "agent id (default: generated, or the stored one)")
		fs.Var(jsonObjectFlag{&meta, false}, "metadata", "a JSON `object` (for a new thread)")
		c.registerLLMCreateFlags(fs)
	case "messages":
		fs.IntVar(&c.window.Start, "start", 0, "first position `N`, 0-based; negative counts from the end")
		fs.Func("end", "exclusive end position `N`, or all: every message from --start (default: the last 50)", func(s string) error {
			if strings.EqualFold(s, "all") {
				c.window.End = agentmemory.None[int]()
				return nil
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				return fmt.Errorf("%q is neither a whole number nor all", s)
			}
			c.window.End = agentmemory.Some(n)
			return nil
		})
	case "add":
		fs.StringVar(&c.message.Role, "role", "", "speaker, e.g. user or assistant (required)")
		fs.StringVar(&c.message.ID, "id", "", "message id (default: generated)")
		fs.Var(jsonObjectFlag{&meta, false}, "metadata", "a JSON `object`")
		c.registerClientLLMFlags(fs)
	case "wait":
		c.timeout = 300 * time.Second
		fs.Func("timeout", "how long to wait, a `DURATION` (e.g. 30s), or none (default 300s)", func(s string) error {
			var err error
			c.timeout, err = parseTimeout(s)
			return err
		})
	case "summary":
		fs.IntVar(&c.summary.ExceptLast, "except-last", 0, "leave out the last `N` messages")
		fs.IntVar(&c.summary.TokenBudget, "budget", 0, "token `budget` (default 1000; negative: no cut)")
	case "card", "search":
		c.registerCardFlags(fs)
	}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	return c, c.finish(fs, pos, meta)
}

// finish checks the positional arguments and what only the CLI requires;
// the package checks the values.
func (c *threadCmd) finish(fs *flag.FlagSet, pos []string, meta agentmemory.Optional[map[string]any]) error {
	given := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	if c.sub == "create" {
		if len(pos) > 0 {
			return usagef("thread create takes no argument, got %q (use --id)", pos[0])
		}
		c.create.Metadata, _ = meta.Get()
		return c.finishLLMCreate(given)
	}
	if len(pos) == 0 {
		return usagef("thread %s needs the thread ID", c.sub)
	}
	c.id = pos[0]
	if c.sub != "add" {
		if len(pos) > 1 {
			return usagef("thread %s takes one thread ID, got %d arguments", c.sub, len(pos))
		}
		return nil
	}
	if !given["role"] {
		return usagef("thread add needs --role")
	}
	if len(pos) < 2 {
		return usagef("thread add needs the message TEXT after the thread ID")
	}
	c.message.Text = strings.Join(pos[1:], " ")
	c.message.Metadata, _ = meta.Get()
	return nil
}

// run makes the call on the opened store and prints the result.
func (c *threadCmd) run(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	switch c.sub {
	case "create":
		th, err := s.CreateThread(ctx, c.create)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, map[string]any{"thread": th.Record(), "created": th.Created()}, func(w io.Writer) {
			state := "opened"
			if th.Created() {
				state = "created"
			}
			fmt.Fprintf(w, "%s thread %s\n", state, th.ID())
			printRecord(w, th.Record())
		})
	case "show":
		rec, err := s.Get(ctx, agentmemory.RecordTypeThread, c.id)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, rec, func(w io.Writer) { printRecord(w, rec) })
	case "messages":
		msgs, err := s.Thread(c.id).GetMessages(ctx, c.window)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, map[string]any{"messages": msgs}, func(w io.Writer) { printMessages(w, msgs) })
	case "add":
		return c.runAdd(ctx, env, s)
	case "wait":
		return c.runWait(ctx, env, s)
	case "summary":
		sum, err := s.Thread(c.id).Summary(ctx, c.summary)
		if err != nil {
			return err
		}
		return output(env, c.asJSON, sum, func(w io.Writer) {
			fmt.Fprintf(w, "(%s)\n%s\n", sum.Source, sum.Content)
		})
	case "card", "search":
		return c.runCard(ctx, env, s)
	}
	return fmt.Errorf("unknown thread subcommand %q", c.sub)
}

// printMessages prints messages as a conversation table, oldest first.
func printMessages(w io.Writer, msgs []*agentmemory.MessageRecord) {
	if len(msgs) == 0 {
		fmt.Fprintln(w, "no messages")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tROLE\tTIMESTAMP\tTEXT")
	for _, m := range msgs {
		text, _ := m.Text()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.ID, m.Role, timeText(m.Timestamp), cut(singleLine(text), 80))
	}
	tw.Flush()
}
