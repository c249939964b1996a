package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const storeUsage = `
Usage: agentmem store <subcommand> [flags]

Administers memory stores (DBMS_AGENT_MEMORY_STORE open_store, describe_store,
list_stores, upgrade_store, drop_store, grant_access, revoke_access).
Results go to stdout as a table, or as JSON with --json; the package's
warnings go to stderr. Create, upgrade, drop, grant and revoke run DDL, which
is committed when they return; they are restartable.

Subcommands:
  create    open a store, creating or repairing it as --policy says
  describe  a store's state, objects, row counts and repair hint
  list      the stores of a schema
  upgrade   bring a store's schema to the installed package's version
  drop      drop a store and all its records (asks to type the id, unless --yes)
  grant     grant a database user or role access to a store
  revoke    revoke what grant granted
  sync-index  synchronize a KEYWORD or HYBRID store's text index (MANUAL sync mode); commits

Flags of every subcommand:
  --dsn DSN     database (default $ORACLE_DSN)
  --id ID       memory_store_id: a letter, then letters, digits, _; at most 16.
                Empty or not given: the unprefixed default store (drop needs
                --id given explicitly, --id "" for the default store)
  --json        print the response as JSON (create, describe, list, upgrade)

create:
  --policy P              create_if_necessary (default) | create_if_empty |
                          require_existing | recreate | no_check; recreate
                          destroys the store's records and asks first
  --strategy S            vector | keyword | hybrid (default: the stored one,
                          or vector for a new store)
  --sync M                on_commit (default) | manual | auto (hybrid only)
  --dim N|none            local vector dimension; none: no local vectors
  --model NAME|none       in-database ONNX embedding model; hybrid needs one
  --default-ttl-days N|none, --max-ttl-days N|none
                          retention; giving either replaces the stored
                          retention settings (the other becomes none)
  --chunk-max N, --chunk-overlap N, --chunk-by words|characters,
  --chunk-split recursively|none|newline|blankline|space|sentence,
  --chunk-normalize all|none
                          chunking; giving any replaces the stored settings
  --owner USER            another schema's store (require_existing, no_check)
  --prefix PREFIX         deprecated instead of --id: the id and "_", e.g. MEM01_
  --yes                   do not ask before --policy recreate
describe: --owner USER    list: --owner USER    drop: --yes
grant:    --grantee USER|ROLE (required), --access read_write|read_only,
          --synonyms (users only)
revoke:   --grantee USER|ROLE (required)`

func init() {
	register(command{
		Name:    "store",
		Summary: "create, describe, list, upgrade, drop stores; grant and revoke access",
		Usage:   storeUsage,
		Run:     runStore,
	})
}

// storeFlags are the flags shared by the store subcommands; each subcommand
// registers the ones it takes.
type storeFlags struct {
	dsn      dsnFlag
	id       string
	owner    string
	asJSON   bool
	yes      bool
	grantee  string
	access   string
	synonyms bool
	opts     agentmemory.StoreOptions
	policy   string
	chunk    agentmemory.ChunkingConfig
}

func runStore(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return flagError(env, storeUsage, flag.ErrHelp)
		}
		return usagef("missing subcommand: create, describe, list, upgrade, drop, grant or revoke")
	}
	sub, rest := args[0], args[1:]
	if sub == "sync-index" {
		return storeSyncIndex(ctx, env, rest)
	}
	f, err := parseStoreFlags(sub, rest)
	if err != nil {
		return flagError(env, storeUsage, err)
	}
	switch sub {
	case "create":
		return storeCreate(ctx, env, f)
	case "describe":
		return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
			d, err := agentmemory.DescribeStore(ctx, db, f.id, f.owner)
			if err != nil {
				return err
			}
			return output(env, f.asJSON, d, func(w io.Writer) { printDescription(w, d) })
		})
	case "list":
		return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
			stores, err := agentmemory.ListStores(ctx, db, f.owner)
			if err != nil {
				return err
			}
			return output(env, f.asJSON, map[string]any{"stores": stores}, func(w io.Writer) { printStores(w, stores) })
		})
	case "upgrade":
		return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
			res, err := agentmemory.UpgradeStore(ctx, db, f.id)
			if err != nil {
				return err
			}
			return report(env, f.asJSON, res)
		})
	case "drop":
		if err := needDSN(env, f); err != nil {
			return err
		}
		if !f.yes {
			if err := confirm(env, env.Stdin, fmt.Sprintf("This drops %s and all its records.", storeLabel(f.id)), confirmToken(f.id)); err != nil {
				return err
			}
		}
		return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
			if err := agentmemory.DropStore(ctx, db, f.id); err != nil {
				return err
			}
			fmt.Fprintf(env.Stdout, "dropped %s\n", storeLabel(f.id))
			return nil
		})
	case "grant":
		return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
			access := agentmemory.Access(enumValue(f.access))
			if err := agentmemory.GrantAccess(ctx, db, f.id, f.grantee, agentmemory.GrantOptions{Access: access, CreateSynonyms: f.synonyms}); err != nil {
				return err
			}
			fmt.Fprintf(env.Stdout, "granted %s access to %s\n", f.grantee, storeLabel(f.id))
			return nil
		})
	case "revoke":
		return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
			if err := agentmemory.RevokeAccess(ctx, db, f.id, f.grantee); err != nil {
				return err
			}
			fmt.Fprintf(env.Stdout, "revoked %s's access to %s\n", f.grantee, storeLabel(f.id))
			return nil
		})
	}
	return usagef("unknown subcommand %q: use create, describe, list, upgrade, drop, grant or revoke", sub)
}

// parseStoreFlags parses and checks the flags of subcommand sub; -h gives
// flag.ErrHelp.
func parseStoreFlags(sub string, args []string) (*storeFlags, error) {
	f := &storeFlags{}
	fs := newFlagSet("store " + sub)
	f.dsn.register(fs)
	fs.StringVar(&f.id, "id", "", "memory_store_id")
	switch sub {
	case "create":
		f.registerCreate(fs)
	case "describe", "list":
		fs.StringVar(&f.owner, "owner", "", "schema owner")
	case "drop":
		fs.BoolVar(&f.yes, "yes", false, "do not ask")
	case "grant":
		fs.StringVar(&f.grantee, "grantee", "", "user")
		fs.StringVar(&f.access, "access", "", "read_write | read_only")
		fs.BoolVar(&f.synonyms, "synonyms", false, "create synonyms")
	case "revoke":
		fs.StringVar(&f.grantee, "grantee", "", "user")
	case "upgrade":
	default:
		return nil, usagef("unknown subcommand %q: use create, describe, list, upgrade, drop, grant or revoke", sub)
	}
	if sub == "create" || sub == "describe" || sub == "list" || sub == "upgrade" {
		fs.BoolVar(&f.asJSON, "json", false, "JSON output")
	}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		return nil, usagef("store %s takes no argument, got %q (name the store with --id)", sub, pos[0])
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch sub {
	case "list":
		if set["id"] {
			return nil, usagef("store list takes no --id")
		}
	case "drop":
		if !set["id"] {
			return nil, usagef(`store drop needs --id (--id "" drops the default store)`)
		}
	case "grant", "revoke":
		if f.grantee == "" {
			return nil, usagef("store %s needs --grantee USER", sub)
		}
	case "create":
		if err := f.finishCreate(set); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// registerCreate registers the flags that fill StoreOptions.
func (f *storeFlags) registerCreate(fs *flag.FlagSet) {
	o := &f.opts
	fs.StringVar(&f.policy, "policy", "create_if_necessary", "schema policy")
	fs.Func("strategy", "search strategy", func(s string) error { o.SearchStrategy = agentmemory.SearchStrategy(enumValue(s)); return nil })
	fs.Func("sync", "search index sync", func(s string) error { o.SearchIndexSync = agentmemory.SearchIndexSync(enumValue(s)); return nil })
	fs.Var(optIntFlag{&o.VectorDim}, "dim", "vector dimension or none")
	fs.Var(optStringFlag{&o.EmbeddingModel}, "model", "embedding model or none")
	f.opts.MemoryRetentionConfig = &agentmemory.RetentionConfig{}
	fs.Var(optIntFlag{&o.MemoryRetentionConfig.DefaultTTLDays}, "default-ttl-days", "days or none")
	fs.Var(optIntFlag{&o.MemoryRetentionConfig.MaxTTLDays}, "max-ttl-days", "days or none")
	fs.IntVar(&f.chunk.Max, "chunk-max", 0, "chunk size")
	fs.IntVar(&f.chunk.Overlap, "chunk-overlap", 0, "chunk overlap")
	fs.StringVar(&f.chunk.By, "chunk-by", "", "words | characters")
	fs.StringVar(&f.chunk.Split, "chunk-split", "", "split mode")
	fs.StringVar(&f.chunk.Normalize, "chunk-normalize", "", "all | none")
	fs.StringVar(&o.SchemaOwner, "owner", "", "schema owner")
	fs.StringVar(&o.TableNamePrefix, "prefix", "", "deprecated table_name_prefix")
	fs.BoolVar(&f.yes, "yes", false, "do not ask before recreate")
}

// finishCreate completes StoreOptions from what was given on the command
// line; the package checks them (a flag that does not parse fails before
// connecting).
func (f *storeFlags) finishCreate(set map[string]bool) error {
	f.opts.MemoryStoreID = f.id
	f.opts.SchemaPolicy = agentmemory.SchemaPolicy(enumValue(f.policy))
	if !set["default-ttl-days"] && !set["max-ttl-days"] {
		f.opts.MemoryRetentionConfig = nil // keep what is stored
	}
	for name := range set {
		if strings.HasPrefix(name, "chunk-") {
			c := f.chunk
			f.opts.Chunking = &c
			break
		}
	}
	if f.opts.SchemaPolicy == agentmemory.Recreate && !set["id"] && f.opts.TableNamePrefix == "" {
		return usagef(`--policy recreate needs --id given explicitly (--id "" for the default store)`)
	}
	return nil
}

func storeCreate(ctx context.Context, env *cliEnv, f *storeFlags) error {
	if err := needDSN(env, f); err != nil {
		return err
	}
	if f.opts.SchemaPolicy == agentmemory.Recreate && !f.yes {
		label := storeLabel(f.opts.MemoryStoreID)
		token := confirmToken(f.opts.MemoryStoreID)
		if p := f.opts.TableNamePrefix; p != "" {
			label, token = "the store with prefix "+p, strings.TrimSuffix(strings.ToUpper(p), "_")
		}
		if err := confirm(env, env.Stdin, "--policy recreate drops "+label+" with all its records, then creates it empty.", token); err != nil {
			return err
		}
	}
	return withDB(ctx, env, f, func(db agentmemory.DBTX) error {
		s, err := agentmemory.Open(ctx, db, f.opts)
		if err != nil {
			return err
		}
		return report(env, f.asJSON, &agentmemory.StoreResult{Store: s.Info(), Actions: s.Actions(), Warnings: s.Warnings()})
	})
}

// needDSN fails before a confirmation question when no database is given,
// so nobody answers a question for nothing.
func needDSN(env *cliEnv, f *storeFlags) error {
	if !f.dsn.given(env) {
		return usagef("no database given: pass --dsn or set %s", envDSN)
	}
	return nil
}

// withDB connects with --dsn / $ORACLE_DSN, runs fn and closes the pool.
func withDB(ctx context.Context, env *cliEnv, f *storeFlags, fn func(agentmemory.DBTX) error) error {
	db, err := f.dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(db)
}

// report prints a StoreResult: warnings to stderr, the rest as a table or
// JSON on stdout.
func report(env *cliEnv, asJSON bool, res *agentmemory.StoreResult) error {
	printWarnings(env.Stderr, res.Warnings)
	return output(env, asJSON, res, func(w io.Writer) {
		printStoreInfo(w, res.Store)
		printActions(w, res.Actions)
	})
}

// output writes v as indented JSON, or calls table.
func output(env *cliEnv, asJSON bool, v any, table func(io.Writer)) error {
	if asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	table(env.Stdout)
	return nil
}

// confirm asks on stderr to type token and reads one line from in. Anything
// but token (case-insensitive), or no line at all, refuses.
func confirm(env *cliEnv, in io.Reader, what, token string) error {
	fmt.Fprintf(env.Stderr, "%s\nType %s to confirm: ", what, token)
	if in == nil {
		in = strings.NewReader("")
	}
	line, err := bufio.NewReader(in).ReadString('\n')
	answer := strings.TrimSpace(line)
	if answer == "" && err != nil {
		return fmt.Errorf("not confirmed: no answer on stdin; nothing was changed (pass --yes to skip the question)")
	}
	if !strings.EqualFold(answer, token) {
		return fmt.Errorf("not confirmed: expected %s, got %q; nothing was changed", token, answer)
	}
	return nil
}

// confirmToken is what the user types to confirm a destructive call.
func confirmToken(id string) string {
	if id == "" {
		return "default"
	}
	return strings.ToUpper(id)
}

// storeLabel names a store in messages.
func storeLabel(id string) string {
	if id == "" {
		return "the default store"
	}
	return "store " + strings.ToUpper(id)
}

// enumValue accepts enum flag values in any case, with - or _.
func enumValue(s string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), "-", "_"))
}

// optIntFlag sets an Optional[int]: "none" (or "null") is None, a number
// Some; not given leaves it omitted.
type optIntFlag struct{ p *agentmemory.Optional[int] }

func (f optIntFlag) String() string {
	if f.p == nil {
		return ""
	}
	return f.p.String()
}

func (f optIntFlag) Set(s string) error {
	if isNone(s) {
		*f.p = agentmemory.None[int]()
		return nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("%q is neither a whole number nor none", s)
	}
	*f.p = agentmemory.Some(n)
	return nil
}

// optStringFlag sets an Optional[string] the same way.
type optStringFlag struct{ p *agentmemory.Optional[string] }

func (f optStringFlag) String() string {
	if f.p == nil {
		return ""
	}
	return f.p.String()
}

func (f optStringFlag) Set(s string) error {
	if isNone(s) {
		*f.p = agentmemory.None[string]()
		return nil
	}
	*f.p = agentmemory.Some(strings.TrimSpace(s))
	return nil
}

func isNone(s string) bool {
	return strings.EqualFold(strings.TrimSpace(s), "none") || strings.EqualFold(strings.TrimSpace(s), "null")
}

// Printing ---------------------------------------------------------------

func printWarnings(w io.Writer, warnings []string) {
	for _, m := range warnings {
		fmt.Fprintln(w, "warning:", m)
	}
}

func printActions(w io.Writer, actions []string) {
	if len(actions) == 0 {
		fmt.Fprintln(w, "actions: none (no DDL was needed)")
		return
	}
	fmt.Fprintln(w, "actions:")
	for _, a := range actions {
		fmt.Fprintln(w, "  -", a)
	}
}

func printStoreInfo(w io.Writer, s agentmemory.StoreInfo) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	c := s.Config
	rows := [][2]string{
		{"store", orDefault(s.MemoryStoreID, "(default store)")},
		{"schema owner", s.SchemaOwner},
		{"table prefix", orDefault(s.TablePrefix, "(none)")},
		{"status", string(s.Status)},
		{"schema version", fmt.Sprintf("%d (package needs %d)", s.SchemaVersion, s.PackageSchemaVersion)},
		{"search strategy", string(c.SearchStrategy)},
		{"index sync", string(c.SearchIndexSync)},
		{"vector dim", optText(c.VectorDim.String())},
		{"embedding model", optText(c.EmbeddingModel.String())},
		{"default ttl days", optText(c.MemoryRetentionConfig.DefaultTTLDays.String())},
		{"max ttl days", optText(c.MemoryRetentionConfig.MaxTTLDays.String())},
		{"chunking", fmt.Sprintf("max %d, overlap %d, by %s, split %s, normalize %s",
			c.Chunking.Max, c.Chunking.Overlap, c.Chunking.By, c.Chunking.Split, c.Chunking.Normalize)},
		{"created", timeText(s.CreatedAt)},
		{"updated", timeText(s.UpdatedAt)},
	}
	if s.StatusDetail != "" {
		rows = slices.Insert(rows, 4, [2]string{"status detail", s.StatusDetail})
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\n", r[0], r[1])
	}
	tw.Flush()
}

func printDescription(w io.Writer, d *agentmemory.Description) {
	printStoreInfo(w, d.Store)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OBJECT\tTYPE\tSTATUS\tPRESENT")
	for _, o := range d.Objects {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%t\n", o.Name, o.Type, orDefault(o.Status, "-"), o.Present)
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tROWS")
	for _, t := range slices.Sorted(maps.Keys(d.RowCounts)) {
		n := d.RowCounts[t]
		text := "not readable"
		if v, ok := n.Get(); ok {
			text = strconv.FormatInt(v, 10)
		}
		fmt.Fprintf(tw, "%s\t%s\n", t, text)
	}
	tw.Flush()
	fmt.Fprintln(w)
	printJobs(w, []string{d.Store.MemoryStoreID}, map[string][]agentmemory.JobInfo{d.Store.MemoryStoreID: d.Jobs})
	if sec := d.Security; sec != nil {
		names := make([]string, len(sec.Policies))
		for i, p := range sec.Policies {
			names[i] = string(p)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "security: %s (%s)\n", sec.Enforcement, strings.Join(names, ", "))
	}
	if d.RepairHint != "" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "repair:", d.RepairHint)
	}
}

func printStores(w io.Writer, stores []agentmemory.StoreInfo) {
	if len(stores) == 0 {
		fmt.Fprintln(w, `no stores; create one with "agentmem store create --id ID"`)
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STORE\tSTATUS\tSTRATEGY\tDIM\tMODEL\tVERSION\tCREATED")
	for _, s := range stores {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d/%d\t%s\n",
			orDefault(s.MemoryStoreID, "(default)"), s.Status, s.Config.SearchStrategy,
			optText(s.Config.VectorDim.String()), optText(s.Config.EmbeddingModel.String()),
			s.SchemaVersion, s.PackageSchemaVersion, timeText(s.CreatedAt))
	}
	tw.Flush()
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// optText shows an Optional's None as "none".
func optText(s string) string {
	if s == "None" || s == "omitted" {
		return "none"
	}
	return s
}

func timeText(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
