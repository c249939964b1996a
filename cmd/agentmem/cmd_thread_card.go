package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// agentmem thread card|search: the thread's context card and thread search
// (docs/protocol-threads.md §7d), one read-only package call each.

const threadCardUsage = `
  card      card ID prints the context card's rendered content (--json: the
            whole card): [--query-vector V] [--fallback N] [--max-results N]
            [--min TYPE=N]... [--recent N] [--except-last N] [--budget N]
            [--soft-budget N] [--filter JSON|none] [--include-invalid=false]
  search    search ID --query TEXT (or --vector V) searches the thread's
            user and agent in any thread: [--max-results N] [--user ID|none]
            [--agent ID|none] [--thread ID|none] [--exact-user=BOOL]
            [--exact-agent=BOOL] [--exact-thread=BOOL] [--type T]...
            [--filter JSON|none] [--include-invalid=false] [--hops N]
            [--budget N] [--soft-budget N]`

// registerCardFlags adds the flags of card and search to fs.
func (c *threadCmd) registerCardFlags(fs *flag.FlagSet) {
	if c.sub == "card" {
		o := &c.card
		fs.Var(includeInvalidFlag{&o.ExcludeInvalid}, "include-invalid", "include INVALID records")
		fs.Func("query-vector", "query `vector` (JSON array or comma-separated)", func(s string) (err error) {
			o.QueryVector, err = parseVector(s)
			return err
		})
		fs.IntVar(&o.FallbackMessageCount, "fallback", 0, "messages of the transcript summary `N` (default 5)")
		fs.Var(optIntFlag{&o.MaxRelevantResults}, "max-results", "number of relevant results N (omitted: 5, or the sum of --min)")
		fs.Func("min", "minimum `TYPE=N` of one record type (repeatable)", func(s string) error {
			t, n, ok := strings.Cut(s, "=")
			v, err := strconv.Atoi(strings.TrimSpace(n))
			if !ok || err != nil {
				return fmt.Errorf("%q is not TYPE=N", s)
			}
			if o.MinRelevantResultsByType == nil {
				o.MinRelevantResultsByType = map[agentmemory.RecordType]int{}
			}
			o.MinRelevantResultsByType[agentmemory.RecordType(strings.TrimSpace(t))] = v
			return nil
		})
		fs.IntVar(&o.MaxRecentMessages, "recent", 0, "recent messages `N` the card carries")
		fs.IntVar(&o.ExceptLastMessages, "except-last", 0, "leave out the last `N` messages")
		fs.IntVar(&o.TokenBudget, "budget", 0, "hard token `budget` of the relevant results")
		fs.IntVar(&o.SoftTokenBudget, "soft-budget", 0, "soft token `budget` of the relevant results")
		fs.Func("filter", "metadata filter JSON or none", func(s string) error { return parseFilterFlag(s, &o.MetadataFilter) })
		return
	}
	r := &c.search
	fs.Var(includeInvalidFlag{&r.ExcludeInvalid}, "include-invalid", "include INVALID records")
	fs.StringVar(&r.Query, "query", "", "query `text`")
	fs.Func("vector", "query `vector`", func(s string) (err error) { r.QueryVector, err = parseVector(s); return err })
	fs.IntVar(&r.MaxResults, "max-results", 0, "number of results `N` (default 10)")
	fs.Var(optStringFlag{&r.UserID}, "user", "user id or none (default: the thread's)")
	fs.Var(optStringFlag{&r.AgentID}, "agent", "agent id or none (default: the thread's)")
	fs.Var(optStringFlag{&r.ThreadID}, "thread", "thread id or none (default: this thread)")
	for name, p := range map[string]*agentmemory.Optional[bool]{"exact-user": &r.ExactUserMatch,
		"exact-agent": &r.ExactAgentMatch, "exact-thread": &r.ExactThreadMatch} {
		fs.Func(name, "constrain this dimension: true or false (default: true for user and agent)", func(s string) error {
			b, err := strconv.ParseBool(strings.TrimSpace(s))
			if err != nil {
				return fmt.Errorf("%q is neither true nor false", s)
			}
			*p = agentmemory.Some(b)
			return nil
		})
	}
	fs.Func("type", "record type (repeatable)", func(s string) error {
		r.RecordTypes = append(r.RecordTypes, agentmemory.RecordType(strings.TrimSpace(s)))
		return nil
	})
	fs.Func("filter", "metadata filter JSON or none", func(s string) error { return parseFilterFlag(s, &r.MetadataFilter) })
	fs.IntVar(&r.NumHops, "hops", 0, "relation hops")
	fs.IntVar(&r.TokenBudget, "budget", 0, "hard token `budget` of the results")
	fs.IntVar(&r.SoftTokenBudget, "soft-budget", 0, "soft token `budget` of the results")
}

// runCard makes the card or search call and prints its result.
func (c *threadCmd) runCard(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	th := s.Thread(c.id)
	if c.sub == "search" {
		res, err := th.Search(ctx, c.search)
		if err != nil {
			return err
		}
		printWarnings(env.Stderr, res.Warnings)
		return output(env, c.asJSON, res, func(w io.Writer) { printSearchResult(w, res) })
	}
	card, err := th.ContextCard(ctx, c.card)
	if err != nil {
		return err
	}
	printWarnings(env.Stderr, card.Warnings)
	return output(env, c.asJSON, card, func(w io.Writer) {
		if card.Content != "" {
			fmt.Fprintln(w, card.Content)
		}
	})
}
