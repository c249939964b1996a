package integration

import (
	"context"
	"database/sql"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentmem/agentmem/internal/oramigrate"
	"github.com/agentmem/agentmem/tests/go/livedb"
)

// sqlTestsDir is tests/sql seen from this package's directory, where go test
// runs the tests.
const sqlTestsDir = "../sql"

// junitFileEnv names the file the JUnit report is written to; by default
// utplsql-junit.xml in this directory (git-ignored), for CI to publish.
const junitFileEnv = "UTPLSQL_JUNIT_FILE"

// TestUTPLSQLSuites compiles the utPLSQL suites of tests/sql (the test_*
// packages) into the ORACLE_DSN schema, runs them with ut.run and the JUnit
// reporter, keeps the report in a file, and fails on any failed or errored
// test. It needs agentmem installed in that schema (make test runs
// "agentmem migrate up" first) and utPLSQL installed in the database.
func TestUTPLSQLSuites(t *testing.T) {
	db := livedb.Open(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()

	suites, err := suitePackages(os.DirFS(sqlTestsDir))
	require.NoError(t, err)
	if len(suites) == 0 {
		t.Skip("SKIPPED: utPLSQL suites (tests/sql): there is no test_*.pks suite package in tests/sql")
	}
	version, err := utplsqlVersion(ctx, db)
	require.NoError(t, err)
	if version == "" {
		t.Skip("SKIPPED: utPLSQL suites (tests/sql): utPLSQL is not installed in this database " +
			"(no UT package visible to this user); install it with make utplsql-install " +
			"(development container) or utPLSQL's install_headless.sql as SYSDBA")
	}
	t.Logf("utPLSQL %s; suites %s", version, strings.Join(suites, ", "))

	schema := livedb.Schema(t, db)
	requireFacadeInstalled(ctx, t, db, schema)
	err = oramigrate.InstallDir(ctx, db, os.DirFS(sqlTestsDir), ".", func(line string) { t.Log(line) })
	require.NoError(t, err, "compiling the suites of tests/sql")

	report, err := runSuites(ctx, db, schema, suites)
	require.NoError(t, err, "ut.run")
	path := os.Getenv(junitFileEnv)
	if path == "" {
		path = "utplsql-junit.xml"
	}
	require.NoError(t, os.WriteFile(path, []byte(report), 0o644))
	t.Logf("JUnit report written to %s", path)

	result, err := parseJUnit(report)
	require.NoError(t, err, "reading the JUnit report of ut.run")
	if result.Tests == 0 {
		t.Fatalf("utPLSQL ran no test of %s: are the packages annotated with --%%suite and --%%test?",
			strings.Join(suites, ", "))
	}
	for _, problem := range result.Problems {
		t.Error(problem)
	}
	t.Logf("utPLSQL: %d tests, %d failures, %d errors, %d disabled",
		result.Tests, result.Failures, result.Errors, result.Disabled)
}

// suitePackages returns the names of the suite packages in fsys (files
// test_*.pks, any case), upper-cased as Oracle stores them, sorted; none when
// the directory does not exist.
func suitePackages(fsys fs.FS) ([]string, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if errors.Is(err, fs.ErrNotExist) { // git keeps no empty directory
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing tests/sql: %w", err)
	}
	var names []string
	for _, e := range entries {
		lower := strings.ToLower(e.Name())
		if e.IsDir() || !strings.HasPrefix(lower, "test_") || !strings.HasSuffix(lower, ".pks") {
			continue
		}
		names = append(names, strings.ToUpper(strings.TrimSuffix(lower, ".pks")))
	}
	sort.Strings(names)
	return names, nil
}

// utplsqlVersion returns ut.version(), or "" when no UT package or synonym
// is visible (calling it then would only fail with ORA-00904).
func utplsqlVersion(ctx context.Context, db *sql.DB) (string, error) {
	var visible int
	err := db.QueryRowContext(ctx, `select count(*) from all_objects
		where object_name = 'UT' and object_type in ('PACKAGE', 'SYNONYM')`).Scan(&visible)
	if err != nil || visible == 0 {
		return "", err
	}
	var version string
	err = db.QueryRowContext(ctx, "select ut.version() from dual").Scan(&version)
	return version, err
}

// requireFacadeInstalled stops with what to do when agentmem itself is not
// installed: the suites test it, so compiling them would only fail with
// PLS-00201 noise.
func requireFacadeInstalled(ctx context.Context, t *testing.T, db *sql.DB, schema string) {
	t.Helper()
	var valid int
	err := db.QueryRowContext(ctx, `select count(*) from user_objects
		where object_name = 'DBMS_AGENT_MEMORY_STORE' and object_type = 'PACKAGE BODY'
		and status = 'VALID'`).Scan(&valid)
	require.NoError(t, err)
	if valid == 0 {
		t.Fatalf("DBMS_AGENT_MEMORY_STORE is not installed (or not VALID) in schema %s: "+
			"run agentmem migrate up (make migrate-up) first; make test does it before the live suites", schema)
	}
}

// runSuites runs the suites with the JUnit reporter and returns the report.
// ut.run as a table function returns the reporter's output one line per row.
func runSuites(ctx context.Context, db *sql.DB, schema string, suites []string) (string, error) {
	placeholders := make([]string, len(suites))
	args := make([]any, len(suites))
	for i, s := range suites {
		placeholders[i] = fmt.Sprintf(":%d", i+1)
		args[i] = schema + "." + s
	}
	query := "select column_value from table(ut.run(ut_varchar2_list(" +
		strings.Join(placeholders, ", ") + "), ut_junit_reporter()))"
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line sql.NullString // Oracle returns an empty line as NULL
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		b.WriteString(line.String)
		b.WriteByte('\n')
	}
	return b.String(), rows.Err()
}

// junitResult sums up a ut_junit_reporter report.
type junitResult struct {
	Tests, Failures, Errors, Disabled int
	// Problems has one entry per failed or errored test and per suite whose
	// setup failed (utPLSQL reports those in the suite's system-err).
	Problems []string
}

// The subset of ut_junit_reporter's output read here: nested <testsuite>
// elements holding <testcase> elements, each with an optional <failure>,
// <error> or <skipped/>.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Package   string       `xml:"package,attr"`
	Name      string       `xml:"name,attr"`
	Suites    []junitSuite `xml:"testsuite"`
	Cases     []junitCase  `xml:"testcase"`
	SystemErr string       `xml:"system-err"`
}

type junitCase struct {
	Classname string    `xml:"classname,attr"`
	Name      string    `xml:"name,attr"`
	Failure   *junitMsg `xml:"failure"`
	Error     *junitMsg `xml:"error"`
	Skipped   *struct{} `xml:"skipped"`
}

type junitMsg struct {
	Text string `xml:",chardata"`
}

// parseJUnit reads a ut_junit_reporter report.
func parseJUnit(report string) (junitResult, error) {
	var doc junitSuites
	dec := xml.NewDecoder(strings.NewReader(report))
	// The header names the database character set, but the text reached Go
	// through the driver and is already UTF-8: read it as it is.
	dec.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	if err := dec.Decode(&doc); err != nil {
		return junitResult{}, fmt.Errorf("not a JUnit report: %w", err)
	}
	var r junitResult
	for _, s := range doc.Suites {
		r.addSuite(s)
	}
	// The totals of the root element must agree with the test cases read;
	// a disagreement means this reader missed something, which must not pass.
	if doc.Failures != r.Failures || doc.Errors != r.Errors {
		r.Problems = append(r.Problems, fmt.Sprintf(
			"the report's totals (%d failures, %d errors) differ from its test cases (%d failures, %d errors)",
			doc.Failures, doc.Errors, r.Failures, r.Errors))
	}
	return r, nil
}

func (r *junitResult) addSuite(s junitSuite) {
	for _, child := range s.Suites {
		r.addSuite(child)
	}
	for _, c := range s.Cases {
		r.Tests++
		name := c.Name
		if c.Classname != "" {
			name = c.Classname + ": " + c.Name
		}
		switch {
		case c.Error != nil:
			r.Errors++
			r.Problems = append(r.Problems, "ERROR "+name+"\n"+excerpt(c.Error.Text))
		case c.Failure != nil:
			r.Failures++
			r.Problems = append(r.Problems, "FAILURE "+name+"\n"+excerpt(c.Failure.Text))
		case c.Skipped != nil:
			r.Disabled++
		}
	}
	if strings.TrimSpace(s.SystemErr) != "" {
		r.Problems = append(r.Problems, "ERROR in suite "+s.Package+" (setup or teardown)\n"+excerpt(s.SystemErr))
	}
}

// excerpt keeps the first lines of a failure message, indented.
func excerpt(text string) string {
	const maxLines = 20
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) > maxLines {
		lines = append(lines[:maxLines], fmt.Sprintf("... (%d more lines in the JUnit report)", len(lines)-maxLines))
	}
	return "    " + strings.Join(lines, "\n    ")
}

// --- unit tests of the helpers above (no database) ----------------------------

// Reports shaped like utPLSQL's ut_junit_reporter output (source/reporters/
// ut_junit_reporter.tpb): root totals, nested suites, test cases.
const junitPassing = `<?xml version="1.0" encoding="WINDOWS-1252"?>
<testsuites tests="3" disabled="1" errors="0" failures="0" name="" time=".05" >
<testsuite tests="3" id="1" package="agentmem"  disabled="1" errors="0" failures="0" name="agentmem" time=".05" >
<testsuite tests="3" id="2" package="agentmem.test_util"  disabled="1" errors="0" failures="0" name="util" time=".04" >
<testcase classname="agentmem.test_util" assertions="1" name="sql_name accepts a plain name" time=".01" >
<system-out/>
<system-err/>
</testcase>
<testcase classname="agentmem.test_util" assertions="1" name="sql_name rejects a quote" time=".01" >
<system-out/>
<system-err/>
</testcase>
<testcase classname="agentmem.test_util" assertions="0" name="not yet" time="0"  status="Disabled">
<skipped/>
<system-out/>
<system-err/>
</testcase>
<system-out/>
<system-err/>
</testsuite>
<system-out/>
<system-err/>
</testsuite>
</testsuites>
`

const junitFailing = `<?xml version="1.0"?>
<testsuites tests="3" disabled="0" errors="1" failures="1" name="" time=".2" >
<testsuite tests="3" id="1" package="test_store"  disabled="0" errors="1" failures="1" name="store" time=".2" >
<testcase classname="test_store" assertions="1" name="opens a store" time=".1" >
<system-out/>
<system-err/>
</testcase>
<testcase classname="test_store" assertions="1" name="rejects a bad id" time=".05"  status="Failure">
<failure>
<![CDATA[
Actual: -20101 (number) was expected to equal: -20100 (number)
at "AGENTMEM.TEST_STORE.REJECTS_BAD_ID", line 12 ut.expect(l_code).to_equal(-20100);
]]>
</failure>
<system-out/>
<system-err/>
</testcase>
<testcase classname="test_store" assertions="0" name="drops a store" time=".05"  status="Error">
<error>
<![CDATA[
ORA-00942: table or view does not exist
]]>
</error>
<system-out/>
<system-err/>
</testcase>
<system-out/>
<system-err/>
</testsuite>
</testsuites>
`

const junitSuiteSetupError = `<?xml version="1.0"?>
<testsuites tests="1" disabled="0" errors="1" failures="0" name="" time=".1" >
<testsuite tests="1" id="1" package="test_search"  disabled="0" errors="1" failures="0" name="search" time=".1" >
<testcase classname="test_search" assertions="0" name="finds by vector" time="0"  status="Error">
<error>
<![CDATA[
ORA-20103: SCHEMA_MISSING: store IT_X has no table IT_X_MEMORY
]]>
</error>
<system-out/>
<system-err/>
</testcase>
<system-out/>
<system-err>
<![CDATA[
beforeall setup_store failed: ORA-20103
]]>
</system-err>
</testsuite>
</testsuites>
`

func TestParseJUnitPassing(t *testing.T) {
	r, err := parseJUnit(junitPassing)
	require.NoError(t, err)
	assert.Equal(t, junitResult{Tests: 3, Disabled: 1}, r)
}

func TestParseJUnitFailing(t *testing.T) {
	r, err := parseJUnit(junitFailing)
	require.NoError(t, err)
	assert.Equal(t, 3, r.Tests)
	assert.Equal(t, 1, r.Failures)
	assert.Equal(t, 1, r.Errors)
	require.Len(t, r.Problems, 2)
	assert.Contains(t, r.Problems[0], "FAILURE test_store: rejects a bad id")
	assert.Contains(t, r.Problems[0], "was expected to equal: -20100")
	assert.Contains(t, r.Problems[1], "ERROR test_store: drops a store")
	assert.Contains(t, r.Problems[1], "ORA-00942")
}

func TestParseJUnitSuiteSetupError(t *testing.T) {
	r, err := parseJUnit(junitSuiteSetupError)
	require.NoError(t, err)
	assert.Equal(t, 1, r.Errors)
	require.Len(t, r.Problems, 2)
	assert.Contains(t, r.Problems[1], "ERROR in suite test_search")
	assert.Contains(t, r.Problems[1], "beforeall setup_store failed")
}

func TestParseJUnitTotalsDisagree(t *testing.T) {
	// Root says one failure, but no test case carries it: never a pass.
	report := strings.Replace(junitPassing, `errors="0" failures="0" name="" time=".05"`,
		`errors="0" failures="1" name="" time=".05"`, 1)
	r, err := parseJUnit(report)
	require.NoError(t, err)
	require.Len(t, r.Problems, 1)
	assert.Contains(t, r.Problems[0], "differ from its test cases")
}

func TestParseJUnitRejectsNonReports(t *testing.T) {
	for _, text := range []string{"", "ORA-06550: line 1, column 7", "<testsuite></testsuite>", "<testsuites><testsuite>"} {
		_, err := parseJUnit(text)
		assert.Error(t, err, "%q", text)
	}
}

func TestParseJUnitEmptyRun(t *testing.T) {
	r, err := parseJUnit(`<?xml version="1.0"?>` + "\n" +
		`<testsuites tests="0" disabled="0" errors="0" failures="0" name="" time="0" >` + "\n</testsuites>\n")
	require.NoError(t, err)
	assert.Equal(t, 0, r.Tests)
	assert.Empty(t, r.Problems)
}

func TestExcerptCapsLongMessages(t *testing.T) {
	long := strings.Repeat("line\n", 30)
	got := excerpt(long)
	assert.Equal(t, 21, strings.Count(got, "\n")+1)
	assert.Contains(t, got, "... (10 more lines in the JUnit report)")
}

func TestSuitePackages(t *testing.T) {
	fsys := fstest.MapFS{
		"test_store.pks":  {},
		"test_store.pkb":  {},
		"TEST_UTIL.PKS":   {},
		"helper.pks":      {},
		"test_dir/a.pks":  {},
		"test_search.sql": {},
	}
	names, err := suitePackages(fsys)
	require.NoError(t, err)
	assert.Equal(t, []string{"TEST_STORE", "TEST_UTIL"}, names)

	names, err = suitePackages(os.DirFS(t.TempDir() + "/missing"))
	require.NoError(t, err)
	assert.Empty(t, names)
}
