package integration

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/oramigrate"
	sqlfiles "github.com/agentmem/agentmem/sql"
)

// This file needs no database: it keeps sql/install.sql and sql/uninstall.sql
// (the SQL*Plus path for DBAs) in step with the migrations and packages that
// "agentmem migrate" installs, so the two paths cannot drift apart.

const sqlDir = "../../sql"

// migrationFile is one file of sql/migrations, named the golang-migrate way.
type migrationFile struct {
	Version int
	Name    string // file name, e.g. 000001_store_registry.up.sql
}

var migrationName = regexp.MustCompile(`^([0-9]+)_.+\.(up|down)\.sql$`)

// migrations returns the up or down files of sql/migrations in ascending
// version order.
func migrations(t *testing.T, direction string) []migrationFile {
	t.Helper()
	entries, err := os.ReadDir(path.Join(sqlDir, sqlfiles.MigrationsDir))
	require.NoError(t, err)
	var files []migrationFile
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil || m[2] != direction {
			continue
		}
		v, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		files = append(files, migrationFile{Version: v, Name: e.Name()})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Version < files[j].Version })
	require.NotEmpty(t, files, "no %s migrations in sql/migrations", direction)
	return files
}

// scriptStep is a line of a SQL*Plus script that matters here: a child
// script run with @@, or the version row written into
// agentmem_schema_migrations.
type scriptStep struct {
	Line    int
	Script  string // for @@ lines: the path after @@
	Version int    // for version rows
	Dirty   int
}

var (
	runScript  = regexp.MustCompile(`^\s*@@\s*(\S+)\s*$`)
	versionRow = regexp.MustCompile(`(?i)insert\s+into\s+agentmem_schema_migrations\s*\(\s*version\s*,\s*dirty\s*\)\s*values\s*\(\s*(-?[0-9]+)\s*,\s*([01])\s*\)`)
)

func scriptSteps(t *testing.T, file string) []scriptStep {
	t.Helper()
	text, err := os.ReadFile(path.Join(sqlDir, file))
	require.NoError(t, err)
	var steps []scriptStep
	for i, line := range strings.Split(string(text), "\n") {
		if m := runScript.FindStringSubmatch(line); m != nil {
			steps = append(steps, scriptStep{Line: i + 1, Script: m[1]})
		} else if m := versionRow.FindStringSubmatch(line); m != nil {
			v, _ := strconv.Atoi(m[1])
			d, _ := strconv.Atoi(m[2])
			steps = append(steps, scriptStep{Line: i + 1, Version: v, Dirty: d})
		}
	}
	return steps
}

// scriptsUnder lists, in file order, the @@ steps whose path starts with dir/.
func scriptsUnder(steps []scriptStep, dir string) []string {
	var out []string
	for _, s := range steps {
		if strings.HasPrefix(s.Script, dir+"/") {
			out = append(out, strings.TrimPrefix(s.Script, dir+"/"))
		}
	}
	return out
}

// versionBefore returns the version row written right before the @@ step at
// index i (with no other @@ step in between).
func versionBefore(steps []scriptStep, i int) (scriptStep, bool) {
	if i > 0 && steps[i-1].Script == "" {
		return steps[i-1], true
	}
	return scriptStep{}, false
}

// versionAfter returns the version row written right after the @@ step at i.
func versionAfter(steps []scriptStep, i int) (scriptStep, bool) {
	if i+1 < len(steps) && steps[i+1].Script == "" {
		return steps[i+1], true
	}
	return scriptStep{}, false
}

func names(files []migrationFile) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Name
	}
	return out
}

func TestInstallScriptRunsEveryUpMigrationInOrder(t *testing.T) {
	up := migrations(t, "up")
	steps := scriptSteps(t, "install.sql")
	require.Equal(t, names(up), scriptsUnder(steps, sqlfiles.MigrationsDir),
		"sql/install.sql must run every migrations/*.up.sql, in version order, with @@migrations/<file>")

	// Each one bracketed: (v, dirty) before, (v, clean) after, as golang-migrate does.
	k := 0
	for i, s := range steps {
		if !strings.HasPrefix(s.Script, sqlfiles.MigrationsDir+"/") {
			continue
		}
		v := up[k].Version
		k++
		before, ok := versionBefore(steps, i)
		if assert.True(t, ok, "install.sql:%d: no version row before %s", s.Line, s.Script) {
			assert.Equal(t, [2]int{v, 1}, [2]int{before.Version, before.Dirty},
				"install.sql:%d: before %s record (%d, 1)", before.Line, s.Script, v)
		}
		after, ok := versionAfter(steps, i)
		if assert.True(t, ok, "install.sql:%d: no version row after %s", s.Line, s.Script) {
			assert.Equal(t, [2]int{v, 0}, [2]int{after.Version, after.Dirty},
				"install.sql:%d: after %s record (%d, 0)", after.Line, s.Script, v)
		}
	}
}

func TestInstallScriptCompilesPackagesInInstallOrder(t *testing.T) {
	want, err := oramigrate.InstallOrder(sqlfiles.FS) // "packages/X.pks", "scheduler/Y.pks", ...
	require.NoError(t, err)
	require.NotEmpty(t, want)
	var got []string
	for _, s := range scriptSteps(t, "install.sql") {
		for _, dir := range sqlfiles.InstallDirs {
			if strings.HasPrefix(s.Script, dir+"/") {
				got = append(got, s.Script)
			}
		}
	}
	if !assert.Equal(t, want, got, "sql/install.sql must compile the packages in oramigrate.InstallOrder's order") {
		var b strings.Builder
		for _, f := range want {
			fmt.Fprintf(&b, "@@%s\n", f)
		}
		t.Logf("the package lines install.sql needs:\n%s", b.String())
	}

	// Every package file on disk is installed (InstallOrder could skip one).
	var onDisk []string
	for _, dir := range sqlfiles.InstallDirs {
		files, err := fs.Glob(sqlfiles.FS, dir+"/*.pk[sb]")
		require.NoError(t, err)
		onDisk = append(onDisk, files...)
	}
	assert.ElementsMatch(t, onDisk, got, "every file of sql/packages and sql/scheduler appears once in install.sql")
}

// The shared scheduler programs are created by install.sql after the
// packages (as InstallPackages does) and dropped by uninstall.sql.
func TestInstallScriptsHandleTheSchedulerPrograms(t *testing.T) {
	install, err := os.ReadFile(path.Join(sqlDir, "install.sql"))
	require.NoError(t, err)
	i := strings.Index(string(install), "dbms_agent_memory_store.install_jobs")
	last := strings.LastIndex(string(install), "@@"+sqlfiles.PackagesDir+"/")
	assert.Greater(t, i, last, "install.sql calls install_jobs after compiling the packages")
	j := strings.Index(string(install), "dbms_agent_memory_store.install_end_user_context")
	assert.Greater(t, j, last, "install.sql creates the end-user context after compiling the packages")
	uninstall, err := os.ReadFile(path.Join(sqlDir, "uninstall.sql"))
	require.NoError(t, err)
	assert.Contains(t, string(uninstall), "dbms_scheduler.drop_program", "uninstall.sql drops the programs")
	ctx := strings.Index(string(uninstall), "dbms_agent_memory_store.uninstall_end_user_context")
	drop := strings.Index(string(uninstall), "drop package ")
	assert.True(t, ctx >= 0 && ctx < drop, "uninstall.sql drops the end-user context before the packages")
}

func TestUninstallScriptRunsEveryDownMigrationInReverse(t *testing.T) {
	down := migrations(t, "down")
	reversed := make([]migrationFile, len(down))
	for i, f := range down {
		reversed[len(down)-1-i] = f
	}
	steps := scriptSteps(t, "uninstall.sql")
	require.Equal(t, names(reversed), scriptsUnder(steps, sqlfiles.MigrationsDir),
		"sql/uninstall.sql must run every migrations/*.down.sql, newest first, with @@migrations/<file>")
	assert.Empty(t, scriptsUnder(steps, sqlfiles.PackagesDir), "uninstall.sql compiles no package")
	assert.Empty(t, scriptsUnder(steps, sqlfiles.SchedulerDir), "uninstall.sql compiles no scheduler package")

	// Before each down file the version it goes back to is recorded dirty:
	// the previous migration's version, or -1 (golang-migrate's NilVersion).
	k := 0
	for i, s := range steps {
		if !strings.HasPrefix(s.Script, sqlfiles.MigrationsDir+"/") {
			continue
		}
		target := -1
		if k+1 < len(reversed) {
			target = reversed[k+1].Version
		}
		k++
		before, ok := versionBefore(steps, i)
		if assert.True(t, ok, "uninstall.sql:%d: no version row before %s", s.Line, s.Script) {
			assert.Equal(t, [2]int{target, 1}, [2]int{before.Version, before.Dirty},
				"uninstall.sql:%d: before %s record (%d, 1)", before.Line, s.Script, target)
		}
	}
}

var newestVersion = regexp.MustCompile(`(?i)co_newest_version\s+constant\s+pls_integer\s*:=\s*([0-9]+)\s*;`)

func TestUninstallScriptKnowsTheNewestVersion(t *testing.T) {
	up := migrations(t, "up")
	text, err := os.ReadFile(path.Join(sqlDir, "uninstall.sql"))
	require.NoError(t, err)
	m := newestVersion.FindSubmatch(text)
	require.NotNil(t, m, "uninstall.sql declares co_newest_version")
	assert.Equal(t, strconv.Itoa(up[len(up)-1].Version), string(m[1]),
		"uninstall.sql's co_newest_version is the newest migration's version")
}

func TestInstallScriptsFailFastAndLog(t *testing.T) {
	for _, file := range []string{"install.sql", "uninstall.sql"} {
		text, err := os.ReadFile(path.Join(sqlDir, file))
		require.NoError(t, err)
		s := strings.ToLower(string(text))
		first := strings.Index(s, "\nwhenever sqlerror exit sql.sqlcode")
		assert.True(t, first >= 0, "%s sets whenever sqlerror exit sql.sqlcode", file)
		for _, later := range []string{"\n@@", "\nspool agentmem_", "\ndeclare", "\ncreate "} {
			if i := strings.Index(s, later); i >= 0 {
				assert.Less(t, first, i, "%s: whenever sqlerror comes before the first %q", file, strings.TrimSpace(later))
			}
		}
		assert.Contains(t, s, "\nspool agentmem_", "%s spools a log", file)
		assert.Contains(t, s, "\nset sqlblanklines on", "%s keeps blank lines inside statements", file)
		assert.Contains(t, s, "\nset define off", "%s turns off & substitution", file)
	}
}

// SQL*Plus runs any line that starts with @ (after blanks) as a script: a
// stray line such as pasted diff output ("@@ -1,2 +1,2 @@") would run a
// file named "-1,2" in the middle of an install. Every such line of both
// scripts must be one @@<file> step naming a file that exists.
func TestInstallScriptsRunOnlyExistingFiles(t *testing.T) {
	for _, file := range []string{"install.sql", "uninstall.sql"} {
		text, err := os.ReadFile(path.Join(sqlDir, file))
		require.NoError(t, err)
		for i, line := range strings.Split(string(text), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "@") {
				continue
			}
			m := runScript.FindStringSubmatch(line)
			if !assert.NotNil(t, m, "%s:%d: %q is not a @@<file> step", file, i+1, line) {
				continue
			}
			_, err := os.Stat(path.Join(sqlDir, m[1]))
			assert.NoError(t, err, "%s:%d: %s names no file under sql/", file, i+1, m[1])
		}
	}
}

// Every migration file name the docs and the README cite (NNNNNN_title) is a
// file of sql/migrations: a renumbered or renamed migration cannot leave a
// stale name behind (docs/verification.md once named 000003_llm_tasks_job
// after it had become 000004). Names in the example of a new migration are
// written with an x title.
func TestDocsNameExistingMigrations(t *testing.T) {
	entries, err := os.ReadDir(path.Join(sqlDir, sqlfiles.MigrationsDir))
	require.NoError(t, err)
	have := map[string]bool{}
	for _, e := range entries {
		name := strings.TrimSuffix(strings.TrimSuffix(e.Name(), ".up.sql"), ".down.sql")
		have[name] = true
	}
	cited := regexp.MustCompile(`\b\d{6}_[a-z][a-z0-9_]*[a-z0-9]`)
	files, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	files = append(files, "../../README.md")
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range cited.FindAllString(string(text), -1) {
			if strings.HasSuffix(m, "_x") {
				continue
			}
			assert.True(t, have[m], "%s cites migration %s, which is not a file of sql/migrations", f, m)
		}
	}
}
