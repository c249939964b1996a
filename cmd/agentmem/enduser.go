package main

// The global --end-user flag (docs/security.md, "Go and CLI"): the data
// commands open their store through agentmemory.WithEndUser, so every call
// they make runs for that end user inside the package's
// set_end_user ... clear_end_user block, and the database enforces the
// store's security policies. The value is passed to the package as a bind;
// the CLI prints it nowhere (ids are not secrets, but the CLI has no reason
// to log them).

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// envEndUser is read when --end-user is not given.
const envEndUser = "AGENTMEM_END_USER"

// dataCommands are the commands that read or write a store's records: the
// ones --end-user and $AGENTMEM_END_USER apply to. The others (store,
// security, jobs, purge, migrate, doctor, ...) run as the database account;
// the package refuses an end-user context for them.
var dataCommands = map[string]bool{
	"add": true, "get": true, "list": true, "update": true, "delete": true, "delete-thread": true,
	"relation": true, "thread": true, "search": true, "export": true, "import": true,
}

func dataCommandList() string {
	return strings.Join(slices.Sorted(maps.Keys(dataCommands)), ", ")
}

// splitGlobalFlags takes --end-user NAME (or --end-user=NAME, one or two
// dashes) from the front of args, before the command name, and returns the
// rest. given reports whether the flag was there; an empty name is an error.
func splitGlobalFlags(args []string) (rest []string, endUser string, given bool, err error) {
	for len(args) > 0 {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[0], "-"), "=")
		if !strings.HasPrefix(args[0], "-") || name != "end-user" {
			break
		}
		if !hasValue {
			if len(args) < 2 {
				return nil, "", false, fmt.Errorf("--end-user needs a name")
			}
			value, args = args[1], args[1:]
		}
		args = args[1:]
		if value == "" {
			return nil, "", false, fmt.Errorf("--end-user needs a name (omit the flag for no end user)")
		}
		endUser, given = value, true
	}
	return args, endUser, given, nil
}

// dataHandle is db for the data commands: bound to the end user when one is
// given, else db itself.
func (env *cliEnv) dataHandle(db agentmemory.DBTX) agentmemory.DBTX {
	if env.EndUser == "" {
		return db
	}
	return agentmemory.WithEndUser(db, env.EndUser)
}
