package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

const securityUsage = `
Usage: agentmem security <subcommand> [flags]

Administers a store's end-user isolation policies (DBMS_AGENT_MEMORY_STORE
add_security_policies, remove_security_policies, grant_security_policies,
revoke_security_policies, list_security_policies, list_security_grants,
security_capabilities; docs/security.md). Run it as the store's owner or the
policy administrator, never with --end-user: the package refuses every
security call under an end-user context. add, remove, grant and revoke
commit when they return and are restartable; a second identical call
changes nothing.

Subcommands:
  add           add policies to a store and put them in force
  remove        remove policies and their grants (asks to type the id, unless --yes)
  grant         grant a store's policies to principals
  revoke        revoke them (asks to type the id, unless --yes)
  policies      list a store's policies
  grants        list the grants of a store's policies
  capabilities  what this database offers for the two enforcement modes

Flags:
  --dsn DSN            database (default $ORACLE_DSN)
  --store ID           memory_store_id ("" or not given: the default store)
  --owner USER         schema owner (policies, grants)
  --policies P,P       USER_OWN_ROWS, GLOBAL_MEMORIES (add: default both;
                       remove, grant, revoke: default every policy of the store)
  --enforcement MODE   add: vpd | deep_data_security (required for a store
                       without policies)
  --principal T:NAME   grant, revoke (repeatable): END_USER:alice,
                       DATA_ROLE:AGENT_ROLE, OCI_GROUP:agents; a name without
                       a type is an END_USER
  --json               JSON output
  --yes                remove, revoke: do not ask`

func init() {
	register(command{
		Name:    "security",
		Summary: "add, remove, grant, revoke and list a store's end-user security policies",
		Usage:   securityUsage,
		Run:     runSecurity,
	})
}

// securityFlags are the parsed flags of one security subcommand.
type securityFlags struct {
	storeCmdFlags
	sub         string
	policies    []agentmemory.SecurityPolicy
	enforcement agentmemory.Enforcement
	principals  []agentmemory.Principal
	asJSON      bool
}

func runSecurity(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
			return flagError(env, securityUsage, flag.ErrHelp)
		}
		return usagef("missing subcommand: add, remove, grant, revoke, policies, grants or capabilities")
	}
	f, err := parseSecurityFlags(args[0], args[1:])
	if err != nil {
		return flagError(env, securityUsage, err)
	}
	switch f.sub {
	case "remove":
		if err := f.confirmDelete(env, fmt.Sprintf("This removes the security policies of %s and their grants: "+
			"its rows lose the database's end-user isolation.", storeLabel(f.store)), confirmToken(f.store)); err != nil {
			return err
		}
	case "revoke":
		if err := f.confirmDelete(env, fmt.Sprintf("This revokes the security policies of %s from %s.",
			storeLabel(f.store), principalList(f.principals)), confirmToken(f.store)); err != nil {
			return err
		}
	}
	db, err := f.dsn.connect(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()
	if f.sub == "capabilities" {
		return securityCapabilities(ctx, env, f, db)
	}
	// A plain handle: security calls are the owner's, never an end user's.
	s, err := agentmemory.Open(ctx, db, agentmemory.StoreOptions{MemoryStoreID: f.store, SchemaOwner: f.owner,
		SchemaPolicy: agentmemory.RequireExisting})
	if err != nil {
		return err
	}
	return f.run(ctx, env, s)
}

// parseSecurityFlags parses and checks the flags of subcommand sub before
// the database is touched.
func parseSecurityFlags(sub string, args []string) (*securityFlags, error) {
	f := &securityFlags{sub: sub}
	fs := newFlagSet("security " + sub)
	switch sub {
	case "add", "remove", "grant", "revoke", "policies", "grants":
		f.storeCmdFlags.register(fs)
	case "capabilities":
		f.dsn.register(fs)
	default:
		return nil, usagef("unknown subcommand %q: use add, remove, grant, revoke, policies, grants or capabilities", sub)
	}
	fs.BoolVar(&f.asJSON, "json", false, "JSON output")
	switch sub {
	case "add", "remove", "grant", "revoke":
		fs.Func("policies", "policies, comma-separated", func(s string) error {
			for _, p := range strings.Split(s, ",") {
				if p = strings.TrimSpace(p); p != "" {
					f.policies = append(f.policies, agentmemory.SecurityPolicy(enumValue(p)))
				}
			}
			return nil
		})
	}
	switch sub {
	case "add":
		fs.Func("enforcement", "vpd | deep_data_security", func(s string) error {
			f.enforcement = agentmemory.Enforcement(enumValue(s))
			return nil
		})
	case "grant", "revoke":
		fs.Func("principal", "TYPE:NAME", func(s string) error {
			f.principals = append(f.principals, parsePrincipal(s))
			return nil
		})
	}
	if sub == "remove" || sub == "revoke" {
		fs.BoolVar(&f.yes, "yes", false, "do not ask")
	}
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		return nil, usagef("security %s takes no argument, got %q", sub, pos[0])
	}
	if (sub == "grant" || sub == "revoke") && len(f.principals) == 0 {
		return nil, usagef("security %s needs at least one --principal TYPE:NAME", sub)
	}
	if sub == "add" && len(f.policies) == 0 {
		f.policies = []agentmemory.SecurityPolicy{agentmemory.UserOwnRows, agentmemory.GlobalMemories}
	}
	return f, nil
}

// parsePrincipal reads TYPE:NAME; the type is one of the three principal
// types in any case, else the whole value is an END_USER name (an end-user
// name may itself hold a colon). The package checks the name.
func parsePrincipal(s string) agentmemory.Principal {
	if t, name, ok := strings.Cut(s, ":"); ok {
		switch pt := agentmemory.PrincipalType(enumValue(t)); pt {
		case agentmemory.PrincipalEndUser, agentmemory.PrincipalDataRole, agentmemory.PrincipalOCIGroup:
			return agentmemory.Principal{Type: pt, Name: name}
		}
	}
	return agentmemory.EndUserPrincipal(s)
}

func principalList(ps []agentmemory.Principal) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p.Type) + " " + p.Name
	}
	return strings.Join(names, ", ")
}

// run makes the subcommand's call on s and prints the result.
func (f *securityFlags) run(ctx context.Context, env *cliEnv, s *agentmemory.Store) error {
	label := storeLabel(s.ID())
	switch f.sub {
	case "add", "remove":
		var res *agentmemory.SecurityPoliciesResult
		var err error
		verb := "added"
		if f.sub == "add" {
			res, err = s.AddSecurityPolicies(ctx, f.enforcement, f.policies...)
		} else {
			res, err = s.RemoveSecurityPolicies(ctx, f.policies...)
			verb = "removed"
		}
		if err != nil {
			return err
		}
		return output(env, f.asJSON, res, func(w io.Writer) {
			for _, p := range res.Policies {
				state := verb
				if !p.Changed {
					state = "unchanged"
				}
				fmt.Fprintf(w, "%s %s: %s (%s)\n", label, p.Policy, state, res.Enforcement)
			}
			fmt.Fprintf(w, "%d statement(s)\n", res.Statements)
		})
	case "grant", "revoke":
		var n int
		var err error
		if f.sub == "grant" {
			n, err = s.GrantSecurityPolicies(ctx, f.principals, f.policies...)
		} else {
			n, err = s.RevokeSecurityPolicies(ctx, f.principals, f.policies...)
		}
		if err != nil {
			return err
		}
		key := map[string]string{"grant": "granted", "revoke": "revoked"}[f.sub]
		return output(env, f.asJSON, map[string]int{key: n}, func(w io.Writer) {
			fmt.Fprintf(w, "%s %d grant(s) of %s to %s\n", key, n, label, principalList(f.principals))
		})
	case "policies":
		ps, err := s.ListSecurityPolicies(ctx)
		if err != nil {
			return err
		}
		rows := make([][]string, len(ps))
		for i, p := range ps {
			rows[i] = []string{string(p.Policy), string(p.Enforcement), p.CreatedAt.Format("2006-01-02 15:04:05Z07:00")}
		}
		return output(env, f.asJSON, map[string]any{"policies": ps}, table("POLICY\tENFORCEMENT\tCREATED", rows))
	case "grants":
		gs, err := s.ListSecurityGrants(ctx)
		if err != nil {
			return err
		}
		rows := make([][]string, len(gs))
		for i, g := range gs {
			ps := make([]string, len(g.Policies))
			for j, p := range g.Policies {
				ps[j] = string(p)
			}
			rows[i] = []string{string(g.Principal.Type), g.Principal.Name, strings.Join(ps, ",")}
		}
		return output(env, f.asJSON, map[string]any{"grants": gs}, table("TYPE\tPRINCIPAL\tPOLICIES", rows))
	}
	return usagef("unknown subcommand %q", f.sub)
}

// table writes a header and tab-separated rows, aligned.
func table(header string, rows [][]string) func(io.Writer) {
	return func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, header)
		for _, r := range rows {
			fmt.Fprintln(tw, strings.Join(r, "\t"))
		}
		tw.Flush()
	}
}

func securityCapabilities(ctx context.Context, env *cliEnv, f *securityFlags, db agentmemory.DBTX) error {
	r, err := agentmemory.SecurityCapabilities(ctx, db)
	if err != nil {
		return err
	}
	return output(env, f.asJSON, r, func(w io.Writer) { printCapabilities(w, r) })
}

// printCapabilities writes the report as lines: release, the two modes, the
// privileges, and each missing item with its fix.
func printCapabilities(w io.Writer, r *agentmemory.SecurityCapabilitiesReport) {
	yes := map[bool]string{true: "available", false: "not available"}
	fmt.Fprintf(w, "release %s, COMPATIBLE %s\n", r.Release, r.Compatible)
	fmt.Fprintf(w, "VPD: %s\nDeep Data Security: %s\n", yes[r.VPD], yes[r.DeepDataSecurity])
	for _, name := range slices.Sorted(maps.Keys(r.Privileges)) {
		fmt.Fprintf(w, "privilege %s: %t\n", name, r.Privileges[name])
	}
	for _, m := range r.Missing {
		fmt.Fprintf(w, "missing: %s. Fix: %s\n", m.What, m.Fix)
	}
}
