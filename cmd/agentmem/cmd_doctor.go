package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/agentmem/agentmem/internal/dbconn"
	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

const doctorUsage = `
Usage: agentmem doctor [--dsn DSN] [--table NAME] [--app-user NAME] [--secadmin-user NAME]

Connects and checks what agentmem needs, one line per finding:
OK, WARN (a feature is unavailable) or FAIL (agentmem cannot work), each
with the action to take. Exits 1 when any check fails.

Checks: database release and COMPATIBLE (VECTOR needs 23.4 and COMPATIBLE
>= 23.4.0; hybrid vector indexes 23.6; Deep Data Security 23.26.2), CREATE
TABLE / PROCEDURE / JOB privileges, EXECUTE on DBMS_LOCK (migration lock and
store DDL lock), EXECUTE on DBMS_VECTOR (the chunker; no Oracle Text needed),
Oracle Text (CTXSYS, CTX_DDL), the installed packages (missing, INVALID with
their compile errors, release), the migration version and dirty flag, and
the stores' jobs (missing, broken, disabled, or whose last run failed), and
security (docs/security.md): VPD and Deep Data Security availability with what
is missing (security_capabilities), CREATE ANY CONTEXT and a direct EXECUTE ON
SYS.DBMS_RLS for the owner, EXEMPT ACCESS POLICY held, and whether the runtime
account and the policy administrator exist with EXECUTE on the package.

Flags:
  --dsn DSN     database (default $ORACLE_DSN)
  --table NAME  migrations version table (default AGENTMEM_SCHEMA_MIGRATIONS)
  --app-user NAME       runtime pool account (default AGENTMEM_APP)
  --secadmin-user NAME  policy administrator (default AGENTMEM_SECADMIN)`

func init() {
	register(command{
		Name:    "doctor",
		Summary: "check the database release, privileges, packages and migration state",
		Usage:   doctorUsage,
		Run:     runDoctor,
	})
}

// level is a finding's severity.
type level string

const (
	levelOK   level = "OK"
	levelWarn level = "WARN"
	levelFail level = "FAIL"
)

// finding is one line of doctor's report.
type finding struct {
	Level  level
	Check  string
	Detail string
	Action string   // what to do; empty for OK
	More   []string // extra indented lines (compile errors)
}

func (f finding) String() string {
	s := fmt.Sprintf("%-4s  %-16s %s", f.Level, f.Check, f.Detail)
	if f.Action != "" {
		s += ". Action: " + f.Action
	}
	for _, m := range f.More {
		s += "\n      " + m
	}
	return s
}

func runDoctor(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlagSet("doctor")
	var dsn dsnFlag
	dsn.register(fs)
	table := fs.String("table", oramigrate.DefaultMigrationsTable, "version table")
	ids := defaultIdentities
	fs.StringVar(&ids.app, "app-user", ids.app, "runtime pool account")
	fs.StringVar(&ids.secadmin, "secadmin-user", ids.secadmin, "policy administrator")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return flagError(env, doctorUsage, err)
	}
	if len(pos) > 0 {
		return usagef("doctor takes no argument, got %q", pos[0])
	}
	db, err := dsn.connectShowingProgress(ctx, env)
	if err != nil {
		return err
	}
	defer db.Close()

	findings := diagnose(ctx, db, *table, ids, progress(env))
	counts := map[level]int{}
	for _, f := range findings {
		fmt.Fprintln(env.Stdout, f)
		counts[f.Level]++
	}
	fmt.Fprintf(env.Stdout, "doctor: %d OK, %d WARN, %d FAIL\n", counts[levelOK], counts[levelWarn], counts[levelFail])
	if counts[levelFail] > 0 {
		return fmt.Errorf("%d check(s) failed; see the FAIL lines above", counts[levelFail])
	}
	return nil
}

// diagnose runs every check, telling step (progress on stderr) which one
// it starts: each is a query, and on a slow or remote database the whole
// run takes seconds. A check whose query fails becomes a WARN saying it
// could not be made, so one unreadable view never hides the rest.
func diagnose(ctx context.Context, db *sql.DB, table string, ids identityNames, step func(string)) []finding {
	var out []finding
	couldNot := func(check string, err error) {
		out = append(out, finding{Level: levelWarn, Check: check, Detail: "could not check: " + oneLine(err),
			Action: "run doctor as the schema owner, or check by hand"})
	}

	step("checking session ...")
	var sess struct {
		User   string `db:"sess_user"`
		Schema string `db:"cur_schema"`
	}
	err := dbconn.Sqlx(db).GetContext(ctx, &sess,
		`select user as sess_user, sys_context('userenv', 'current_schema') as cur_schema from dual`)
	user, schema := sess.User, sess.Schema
	if err != nil {
		couldNot("session", err)
		user, schema = "<user>", "<schema>"
	} else {
		out = append(out, finding{Level: levelOK, Check: "session", Detail: fmt.Sprintf("user %s, schema %s", user, schema)})
	}

	step("checking release ...")
	if product, full, err := databaseRelease(ctx, db); err != nil {
		out = append(out, finding{Level: levelFail, Check: "release", Detail: "cannot read the database release: " + oneLine(err),
			Action: "check that PRODUCT_COMPONENT_VERSION is readable (it is granted to PUBLIC by default)"})
	} else if rel, err := dbconn.ParseRelease(full); err != nil {
		couldNot("release", err)
	} else {
		out = append(out, finding{Level: levelOK, Check: "release", Detail: product + " " + full})
		compat, cerr := readCompatible(ctx, db)
		var cr dbconn.Release
		reason := ""
		if cerr != nil {
			reason = oneLine(cerr)
		} else if cr, err = dbconn.ParseRelease(compat); err != nil {
			reason = oneLine(err)
		}
		out = append(out, releaseFindings(rel, cr, reason)...)
	}

	step("checking privileges ...")
	if have, err := sessionPrivileges(ctx, db); err != nil {
		couldNot("privileges", err)
	} else {
		out = append(out, privilegeFindings(have, user)...)
	}
	step("checking migration lock ...")
	if ok, err := visibleObject(ctx, db, "SYS", "DBMS_LOCK"); err != nil {
		couldNot("migration lock", err)
	} else {
		out = append(out, lockFinding(ok, user))
	}
	step("checking the chunker ...")
	if ok, err := visibleObject(ctx, db, "SYS", "DBMS_VECTOR"); err != nil {
		couldNot("chunker", err)
	} else {
		out = append(out, chunkerFinding(ok, user))
	}
	step("checking oracle text ...")
	if f, err := textFinding(ctx, db, user); err != nil {
		couldNot("oracle text", err)
	} else {
		out = append(out, f)
	}

	step("checking packages ...")
	if states, err := oramigrate.PackageStates(ctx, db); err != nil {
		couldNot("packages", err)
	} else {
		installed, state, err := installedPackageVersion(ctx, db)
		if err != nil {
			state = "could not call dbms_agent_memory_store.version: " + oneLine(err)
		}
		embedded, _ := oramigrate.PackageVersion(sqlfiles.FS) // the binary's own spec; checked by tests
		out = append(out, packageFindings(states, installed, state, embedded)...)
	}

	step("checking store jobs ...")
	out = append(out, storeJobFindings(ctx, db)...) // cmd_jobs_doctor.go

	step("checking security ...")
	out = append(out, securityFindings(ctx, db, user, ids)...) // cmd_doctor_security.go

	step("checking migrations ...")
	if st, found, err := oramigrate.ReadStatus(ctx, db, nil, "", table); err != nil {
		couldNot("migrations", err)
	} else {
		out = append(out, migrationFinding(st, found))
	}
	return out
}

// releaseFindings judges the features that depend on the release and on
// COMPATIBLE. compat is nil when COMPATIBLE could not be read; reason says
// why. Pure: unit-tested over parsed release numbers.
func releaseFindings(rel, compat dbconn.Release, reason string) []finding {
	var out []finding
	vector := finding{Check: "vector", Level: levelOK,
		Detail: fmt.Sprintf("VECTOR available (release %s, COMPATIBLE %s)", rel, compat)}
	switch {
	case !rel.AtLeast(dbconn.MinRelease):
		vector = finding{Check: "vector", Level: levelFail,
			Detail: fmt.Sprintf("release %s predates %s: no VECTOR type, agentmem cannot run", rel, dbconn.MinRelease),
			Action: "upgrade to Oracle AI Database 23ai (23.4) or later"}
	case compat == nil:
		vector = finding{Check: "vector", Level: levelWarn,
			Detail: fmt.Sprintf("release %s has VECTOR, but COMPATIBLE could not be read (%s)", rel, reason),
			Action: fmt.Sprintf("ask a DBA to confirm COMPATIBLE >= %s (show parameter compatible), "+
				"or grant SELECT on V_$PARAMETER", dbconn.MinCompatibleVector)}
	case !compat.AtLeast(dbconn.MinCompatibleVector):
		vector = finding{Check: "vector", Level: levelFail,
			Detail: fmt.Sprintf("COMPATIBLE %s is below %s, which the VECTOR type needs", compat, dbconn.MinCompatibleVector),
			Action: fmt.Sprintf("a DBA runs alter system set compatible='%s' scope=spfile and restarts "+
				"(raising COMPATIBLE cannot be undone)", dbconn.MinCompatibleVector)}
	}
	out = append(out, vector)

	if rel.AtLeast(dbconn.MinHybrid) {
		out = append(out, finding{Check: "hybrid index", Level: levelOK, Detail: "hybrid vector indexes available (23.6+)"})
	} else {
		out = append(out, finding{Check: "hybrid index", Level: levelWarn,
			Detail: fmt.Sprintf("release %s predates %s: the HYBRID search strategy is unavailable", rel, dbconn.MinHybrid),
			Action: "upgrade to 23.6 or later for HYBRID; VECTOR and KEYWORD stores work"})
	}
	if rel.AtLeast(dbconn.MinDeepSec) {
		out = append(out, finding{Check: "deep security", Level: levelOK, Detail: "Deep Data Security available (23.26.2+)"})
	} else {
		out = append(out, finding{Check: "deep security", Level: levelWarn,
			Detail: fmt.Sprintf("release %s predates %s: no Deep Data Security, policies use the VPD fallback", rel, dbconn.MinDeepSec),
			Action: "upgrade to 26ai RU 23.26.2 or later for end-user security contexts"})
	}
	return out
}

// readCompatible reads COMPATIBLE with DBMS_UTILITY.DB_VERSION, which any
// user may call, else from V$PARAMETER, which needs SELECT_CATALOG_ROLE.
func readCompatible(ctx context.Context, db *sql.DB) (string, error) {
	var version, compat string
	_, err := db.ExecContext(ctx, `begin dbms_utility.db_version(:version, :compat); end;`,
		sql.Named("version", sql.Out{Dest: &version}), sql.Named("compat", sql.Out{Dest: &compat}))
	if err == nil && strings.TrimSpace(compat) != "" {
		return compat, nil
	}
	if err == nil {
		err = fmt.Errorf("it returned no COMPATIBLE")
	}
	var param string
	perr := db.QueryRowContext(ctx, `select value from v$parameter where name = 'compatible'`).Scan(&param)
	if perr == nil {
		return param, nil
	}
	return "", fmt.Errorf("DBMS_UTILITY.DB_VERSION: %s; V$PARAMETER is not readable by this user: %s", oneLine(err), oneLine(perr))
}

// sessionPrivileges returns the system privileges agentmem cares about that
// the session holds, directly or through enabled roles (SESSION_PRIVS).
func sessionPrivileges(ctx context.Context, db *sql.DB) (map[string]bool, error) {
	var privs []string
	if err := dbconn.Sqlx(db).SelectContext(ctx, &privs, `select privilege from session_privs
 where privilege in ('CREATE TABLE', 'CREATE PROCEDURE', 'CREATE JOB')`); err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, p := range privs {
		have[p] = true
	}
	return have, nil
}

func privilegeFindings(have map[string]bool, user string) []finding {
	var missing []string
	for _, p := range []string{"CREATE TABLE", "CREATE PROCEDURE"} {
		if !have[p] {
			missing = append(missing, p)
		}
	}
	priv := finding{Check: "privileges", Level: levelOK, Detail: "CREATE TABLE and CREATE PROCEDURE held"}
	if len(missing) > 0 {
		priv = finding{Check: "privileges", Level: levelFail,
			Detail: "missing " + strings.Join(missing, ", ") + ": migrations and package install cannot run",
			Action: fmt.Sprintf("a DBA runs: grant %s to %s", strings.ToLower(strings.Join(missing, ", ")), user)}
	}
	job := finding{Check: "scheduler jobs", Level: levelOK, Detail: "CREATE JOB held"}
	if !have["CREATE JOB"] {
		job = finding{Check: "scheduler jobs", Level: levelWarn,
			Detail: "no CREATE JOB: the purge and index-sync jobs cannot be created",
			Action: "a DBA runs: grant create job to " + user}
	}
	return []finding{priv, job}
}

// visibleObject reports whether the session can see owner.name in
// ALL_OBJECTS, which lists only objects it has a privilege on: for a
// package, EXECUTE (granted directly, through a role, or to PUBLIC).
func visibleObject(ctx context.Context, db *sql.DB, owner, name string) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, `select count(*) from all_objects
 where owner = :1 and object_name = :2 and object_type = 'PACKAGE'`, owner, name).Scan(&n)
	return n > 0, err
}

func lockFinding(visible bool, user string) finding {
	if visible {
		return finding{Check: "migration lock", Level: levelOK, Detail: "EXECUTE on SYS.DBMS_LOCK held"}
	}
	return finding{Check: "migration lock", Level: levelFail,
		Detail: "no EXECUTE on SYS.DBMS_LOCK: agentmem migrate cannot take its lock",
		Action: "a DBA runs: grant execute on sys.dbms_lock to " + user}
}

// chunkerFinding: every store chunks text with DBMS_VECTOR.UTL_TO_CHUNKS
// (not the DBMS_VECTOR_CHAIN twin, documented as requiring Oracle Text).
func chunkerFinding(visible bool, user string) finding {
	if visible {
		return finding{Check: "chunker", Level: levelOK, Detail: "EXECUTE on SYS.DBMS_VECTOR held (UTL_TO_CHUNKS)"}
	}
	return finding{Check: "chunker", Level: levelWarn,
		Detail: "no EXECUTE on SYS.DBMS_VECTOR: records with text cannot be chunked unless index_texts gives the chunks, and query text cannot be searched",
		Action: "a DBA runs: grant execute on sys.dbms_vector to " + user + " (or grant db_developer_role)"}
}

func textFinding(ctx context.Context, db *sql.DB, user string) (finding, error) {
	var n int
	if err := db.QueryRowContext(ctx, `select count(*) from all_users where username = 'CTXSYS'`).Scan(&n); err != nil {
		return finding{}, err
	}
	ddl, err := visibleObject(ctx, db, "CTXSYS", "CTX_DDL")
	if err != nil {
		return finding{}, err
	}
	return oracleTextFinding(n > 0, ddl, user), nil
}

func oracleTextFinding(ctxsys, ctxDDL bool, user string) finding {
	switch {
	case !ctxsys:
		return finding{Check: "oracle text", Level: levelWarn,
			Detail: "Oracle Text is not installed (no CTXSYS): KEYWORD and HYBRID stores are unavailable",
			Action: "use a database with Oracle Text (the gvenzl image's full flavour, not slim)"}
	case !ctxDDL:
		return finding{Check: "oracle text", Level: levelWarn,
			Detail: "Oracle Text is installed, but CTX_DDL is not executable by " + user,
			Action: "a DBA runs: grant ctxapp to " + user + " (or grant execute on ctxsys.ctx_ddl)"}
	}
	return finding{Check: "oracle text", Level: levelOK, Detail: "Oracle Text installed, CTX_DDL executable"}
}

// packageFindings judges the installed packages: states from ALL_OBJECTS,
// the release they report (or state, why it could not be read), and the
// release this binary installs.
func packageFindings(states []oramigrate.PackageState, installed, state, embedded string) []finding {
	var missing, invalid []string
	var errLines []string
	for _, s := range states {
		switch s.Status {
		case "VALID":
		case "MISSING":
			missing = append(missing, s.Type+" "+s.Name)
		default:
			invalid = append(invalid, s.Type+" "+s.Name)
			for _, e := range s.Errors {
				errLines = append(errLines, e.String())
			}
		}
	}
	switch {
	case len(invalid) > 0:
		return []finding{{Check: "packages", Level: levelFail, More: errLines,
			Detail: "INVALID: " + strings.Join(invalid, ", "),
			Action: "fix the compile errors below, then run agentmem install-packages"}}
	case len(missing) == len(states):
		return []finding{{Check: "packages", Level: levelWarn, Detail: "agentmem is not installed in this schema",
			Action: "run agentmem migrate up"}}
	case len(missing) > 0:
		return []finding{{Check: "packages", Level: levelFail, Detail: "missing: " + strings.Join(missing, ", "),
			Action: "run agentmem install-packages"}}
	case state != "":
		return []finding{{Check: "packages", Level: levelFail, Detail: state, Action: "run agentmem install-packages"}}
	case installed != embedded:
		return []finding{{Check: "packages", Level: levelWarn,
			Detail: fmt.Sprintf("installed release %s differs from this binary's %s", installed, embedded),
			Action: "run agentmem migrate up with the agentmem release you mean to use"}}
	}
	return []finding{{Check: "packages", Level: levelOK,
		Detail: fmt.Sprintf("%d objects valid, release %s", len(states), installed)}}
}

// migrationFinding judges the migration version row.
func migrationFinding(st oramigrate.Status, found bool) finding {
	pending := 0
	for _, m := range st.Migrations {
		if m.State == "pending" {
			pending++
		}
	}
	switch {
	case !found:
		return finding{Check: "migrations", Level: levelWarn,
			Detail: fmt.Sprintf("no migration has run in this schema (no table %s)", st.Table),
			Action: "run agentmem migrate up"}
	case st.Dirty:
		return finding{Check: "migrations", Level: levelFail, Detail: oneLine(st.DirtyError()),
			Action: "see agentmem migrate status"}
	case pending > 0:
		return finding{Check: "migrations", Level: levelWarn,
			Detail: fmt.Sprintf("version %s, %d migration(s) pending", versionText(st), pending),
			Action: "run agentmem migrate up"}
	}
	return finding{Check: "migrations", Level: levelOK, Detail: "version " + versionText(st) + ", up to date"}
}

// oneLine flattens an error for a one-line finding.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}
