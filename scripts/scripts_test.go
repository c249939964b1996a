package scripts

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tools are the commands the scripts call. toolDir links the ones this
// machine has into a directory, so a test's PATH holds them and nothing else
// (above all, no docker or podman unless the test adds a fake one).
var tools = []string{
	"bash", "env", "cat", "awk", "grep", "sed", "tr", "tail", "od", "timeout", "sleep", "mktemp",
	"dirname", "basename", "readlink", "find", "mv", "ln", "rm", "mkdir", "uname", "id",
	"curl", "unzip", "sha256sum", "ldd",
}

// ldconfig is left out on purpose: the demo's Instant Client lookup asks
// ldconfig, and a machine with Instant Client in its linker cache must not
// change what these tests see.

// needTools skips a test when this machine lacks a command the script under
// test cannot do without (our CI image may lack curl or unzip).
func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := exec.LookPath(name); err != nil {
			t.Skipf("SKIPPED: %s is not installed; scripts/instantclient.sh needs it", name)
		}
	}
}

func toolDir(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	for _, name := range tools {
		path, err := exec.LookPath(name)
		if err != nil {
			for _, sbin := range []string{"/sbin/" + name, "/usr/sbin/" + name} {
				if _, serr := os.Stat(sbin); serr == nil {
					path, err = sbin, nil
					break
				}
			}
		}
		if err != nil {
			continue
		}
		require.NoError(t, os.Symlink(path, filepath.Join(dir, name)))
	}
	return dir
}

// fakeEngine is a docker stand-in driven by FAKE_* variables; it appends
// each call to $FAKE_DIR/calls and keeps the container state in
// $FAKE_DIR/state ("docker run" makes it running).
const fakeEngine = `#!/usr/bin/env bash
echo "$*" >>"$FAKE_DIR/calls"
case "$1" in
  info) [ "${FAKE_INFO:-ok}" = ok ] || { echo "Cannot connect to the Docker daemon" >&2; exit 1; } ;;
  container)
    if [ -s "$FAKE_DIR/state" ]; then cat "$FAKE_DIR/state"; else echo "Error: No such container" >&2; exit 1; fi ;;
  image) [ "${FAKE_IMAGE_PRESENT:-no}" = yes ] ;;
  pull) if [ -n "${FAKE_PULL_ERROR:-}" ]; then echo "$FAKE_PULL_ERROR" >&2; exit 1; fi ;;
  run)
    if [ -n "${FAKE_RUN_ERROR:-}" ]; then echo "$FAKE_RUN_ERROR" >&2; exit 1; fi
    echo running >"$FAKE_DIR/state"; echo 0123456789ab ;;
  logs) echo "CONTAINER: starting up..." ;;
  exec) exit 1 ;;
  rm) : >"$FAKE_DIR/state" ;;
  start) echo running >"$FAKE_DIR/state" ;;
esac
`

type run struct {
	code   int
	stderr string
	stdout string
	calls  string // the fake engine's calls, one per line
}

type env map[string]string

// baseEnv is what the Makefile exports to the scripts, with a free port.
func baseEnv(t *testing.T, path string) env {
	return env{
		"PATH":              path,
		"HOME":              t.TempDir(),
		"ORACLE_IMAGE":      "gvenzl/oracle-free:23.26.0-full-faststart",
		"ORACLE_CONTAINER":  "agentmem-test",
		"ORACLE_PORT":       strconv.Itoa(freePort(t)),
		"ORACLE_PASSWORD":   "test_sys_pw",
		"APP_USER":          "agentmem",
		"APP_USER_PASSWORD": "agentmem_dev",
		"DB_WAIT_SECONDS":   "0",
	}
}

// withFakeEngine returns env whose PATH holds the tools and the fake docker.
func withFakeEngine(t *testing.T, e env) env {
	t.Helper()
	bin := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "docker"), []byte(fakeEngine), 0o755))
	e["PATH"] = bin + ":" + e["PATH"]
	e["FAKE_DIR"] = t.TempDir()
	e["CONTAINER_ENGINE"] = "docker"
	return e
}

func runScript(t *testing.T, e env, script string, args ...string) run {
	t.Helper()
	path, err := filepath.Abs(script)
	require.NoError(t, err)
	cmd := exec.Command(path, args...)
	for k, v := range e {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	r := run{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else {
		require.NoError(t, err, "running %s", script)
	}
	if dir, ok := e["FAKE_DIR"]; ok {
		calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
		r.calls = string(calls)
	}
	return r
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	return port
}

func TestDBUpWithoutContainerEngine(t *testing.T) {
	r := runScript(t, baseEnv(t, toolDir(t)), "db.sh", "up")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "no container engine is running (docker is not installed; podman is not installed)")
	assert.Contains(t, r.stderr, "Start Docker or Podman")
	assert.Contains(t, r.stderr, "set ORACLE_DSN")
}

func TestDBUpEngineNotAnswering(t *testing.T) {
	e := withFakeEngine(t, baseEnv(t, toolDir(t)))
	e["FAKE_INFO"] = "fail"
	r := runScript(t, e, "db.sh", "up")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "the docker client is installed but 'docker info' gets no answer from its engine: Cannot connect to the Docker daemon")
	assert.NotContains(t, r.calls, "run ")
}

func TestDBUpPortTaken(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	e := withFakeEngine(t, baseEnv(t, toolDir(t)))
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	e["ORACLE_PORT"] = port
	r := runScript(t, e, "db.sh", "up")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "port "+port+" on 127.0.0.1 is already in use")
	assert.Contains(t, r.stderr, "ORACLE_PORT=1522")
	assert.NotContains(t, r.calls, "pull ", "nothing is pulled or created when the port is taken")
	assert.NotContains(t, r.calls, "run ")
}

// The engine can still find the port taken (a race, or a port bound on
// another address): its error is translated too, and the half-created
// container removed.
func TestDBUpPortAllocatedByEngine(t *testing.T) {
	e := withFakeEngine(t, baseEnv(t, toolDir(t)))
	e["FAKE_IMAGE_PRESENT"] = "yes"
	e["FAKE_RUN_ERROR"] = "Error response from daemon: driver failed programming external connectivity: Bind for 127.0.0.1:1521 failed: port is already allocated"
	r := runScript(t, e, "db.sh", "up")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "port "+e["ORACLE_PORT"]+" is already in use")
	assert.Contains(t, r.calls, "rm -f agentmem-test")
}

func TestDBUpPullRefused(t *testing.T) {
	cases := []struct{ name, engineSays, want, next string }{
		{"no network", "Error response from daemon: Get \"https://registry-1.docker.io/v2/\": dial tcp: lookup registry-1.docker.io: no such host",
			"no network connection to the registry", "Connect to the internet"},
		{"rate limit", "Error response from daemon: toomanyrequests: You have reached your pull rate limit.",
			"pull rate limit reached", "docker login"},
		{"unknown tag", "Error response from daemon: manifest for gvenzl/oracle-free:99 not found: manifest unknown",
			"the registry has no image", "check ORACLE_IMAGE"},
		{"denied", "Error response from daemon: pull access denied for gvenzl/oracle-fre, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
			"access denied", "docker login"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := withFakeEngine(t, baseEnv(t, toolDir(t)))
			e["FAKE_PULL_ERROR"] = c.engineSays
			r := runScript(t, e, "db.sh", "up")
			assert.Equal(t, 1, r.code)
			assert.Contains(t, r.stderr, "pulling gvenzl/oracle-free:23.26.0-full-faststart: several GB")
			assert.Contains(t, r.stderr, c.want)
			assert.Contains(t, r.stderr, c.next)
			assert.NotContains(t, r.calls, "run ")
		})
	}
}

func TestDBUpNotReadyInTime(t *testing.T) {
	e := withFakeEngine(t, baseEnv(t, toolDir(t)))
	r := runScript(t, e, "db.sh", "up")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.calls, "pull gvenzl/oracle-free:23.26.0-full-faststart")
	assert.Contains(t, r.calls, "run -d --name agentmem-test -p 127.0.0.1:"+e["ORACLE_PORT"]+":1521")
	assert.Contains(t, r.stderr, "takes a minute or two", "says how long the start may take")
	assert.Contains(t, r.stderr, "was not ready after 0s")
	assert.Contains(t, r.stderr, "make db-logs")
	assert.Contains(t, r.stderr, "DB_WAIT_SECONDS")
}

// instantClientZip is a zip shaped like Oracle's Basic Light package.
func instantClientZip(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, name := range []string{"instantclient_23_26/libclntsh.so.23.1", "instantclient_23_26/BASIC_LITE_LICENSE"} {
		f, err := w.Create(name)
		require.NoError(t, err)
		_, err = f.Write([]byte("not a real library"))
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	return buf.Bytes()
}

func instantClientEnv(t *testing.T, url, sum string) (env, string) {
	needTools(t, "curl", "unzip", "sha256sum")
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("scripts/instantclient.sh downloads the Linux x86-64 package only")
	}
	root := t.TempDir()
	return env{
		"PATH":                 toolDir(t),
		"HOME":                 t.TempDir(),
		"INSTANTCLIENT_URL":    url,
		"INSTANTCLIENT_SHA256": sum,
		"INSTANTCLIENT_ROOT":   root,
	}, root
}

func TestInstantClientWithoutNetwork(t *testing.T) {
	e, root := instantClientEnv(t, "http://127.0.0.1:"+strconv.Itoa(freePort(t))+"/instantclient-basiclite.zip", "")
	r := runScript(t, e, "instantclient.sh")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "cannot download Oracle Instant Client")
	assert.Contains(t, r.stderr, "needs internet access to download.oracle.com")
	assert.Contains(t, r.stderr, filepath.Join(root, "downloads", "instantclient-basiclite.zip"), "says where to put the zip by hand")
	assert.NoFileExists(t, filepath.Join(root, "current"))
}

func TestInstantClientChecksumAndCache(t *testing.T) {
	body := instantClientZip(t)
	sum := sha256.Sum256(body)
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits++
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	url := srv.URL + "/instantclient-basiclite-linux.x64-23.26.0.0.0.zip"

	t.Run("mismatch installs nothing", func(t *testing.T) {
		e, root := instantClientEnv(t, url, strings.Repeat("0", 64))
		r := runScript(t, e, "instantclient.sh")
		assert.Equal(t, 1, r.code)
		assert.Contains(t, r.stderr, "has SHA256 "+hex.EncodeToString(sum[:])+", not the expected "+strings.Repeat("0", 64))
		assert.Contains(t, r.stderr, "Nothing was installed")
		assert.NoFileExists(t, filepath.Join(root, "current"))
		assert.NoFileExists(t, filepath.Join(root, "downloads", "instantclient-basiclite-linux.x64-23.26.0.0.0.zip"))
	})

	t.Run("match installs and caches", func(t *testing.T) {
		e, root := instantClientEnv(t, url, hex.EncodeToString(sum[:]))
		before := hits
		r := runScript(t, e, "instantclient.sh")
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stderr, "checksum verified")
		assert.FileExists(t, filepath.Join(root, "current", "libclntsh.so.23.1"))
		assert.Equal(t, before+1, hits)

		// A new install (the unpacked copy gone) reuses the verified zip.
		require.NoError(t, os.RemoveAll(filepath.Join(root, "instantclient_23_26")))
		require.NoError(t, os.Remove(filepath.Join(root, "current")))
		r = runScript(t, e, "instantclient.sh")
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stderr, "using the cached download")
		assert.Equal(t, before+1, hits, "no second download")
		assert.FileExists(t, filepath.Join(root, "current", "libclntsh.so.23.1"))
	})
}

// fakeAgentmem records its arguments, one call per line.
const fakeAgentmem = `#!/usr/bin/env bash
echo "$*" >>"$FAKE_DIR/agentmem-calls"
`

func demoEnv(t *testing.T) env {
	e := baseEnv(t, toolDir(t))
	e["FAKE_DIR"] = t.TempDir()
	bin := filepath.Join(t.TempDir(), "agentmem")
	require.NoError(t, os.WriteFile(bin, []byte(fakeAgentmem), 0o755))
	e["AGENTMEM_BIN"] = bin
	e["INSTANTCLIENT_ROOT"] = t.TempDir()
	return e
}

// fakeClientDir holds a file named like the library godror loads.
func fakeClientDir(t *testing.T) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "libclntsh.so"), nil, 0o644))
	return dir
}

func TestDemoWithDSNRunsEveryStep(t *testing.T) {
	e := demoEnv(t)
	e["LD_LIBRARY_PATH"] = fakeClientDir(t)
	e["ORACLE_DSN"] = `user="app" password="pw" connectString="dbhost:1521/FREEPDB1"`
	r := runScript(t, e, "demo.sh")
	require.Equal(t, 0, r.code, r.stderr)
	calls, err := os.ReadFile(filepath.Join(e["FAKE_DIR"], "agentmem-calls"))
	require.NoError(t, err)
	assert.Equal(t, "migrate up\ndoctor\nhelp demo\ndemo\n", string(calls))
	steps := regexp.MustCompile(`== step (\d)/5`).FindAllStringSubmatch(r.stderr, -1)
	require.Len(t, steps, 5, r.stderr)
	for i, s := range steps {
		assert.Equal(t, strconv.Itoa(i+1), s[1])
	}
	assert.Contains(t, r.stderr, "using the database in ORACLE_DSN")
	assert.Contains(t, r.stderr, "make test")
}

func TestDemoWithoutEngine(t *testing.T) {
	e := demoEnv(t)
	r := runScript(t, e, "demo.sh")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "no container engine is running")
	assert.NotContains(t, r.stderr, "== step 1/5", "stops before any download")
	assert.NoFileExists(t, filepath.Join(e["FAKE_DIR"], "agentmem-calls"), "nothing ran after the failed step")
}

// Without Instant Client, make demo installs it first; without network that
// step stops the demo with the download's cause.
func TestDemoInstallsInstantClientFirst(t *testing.T) {
	needTools(t, "curl", "unzip", "sha256sum")
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("scripts/instantclient.sh downloads the Linux x86-64 package only")
	}
	e := demoEnv(t)
	e["INSTANTCLIENT_URL"] = "http://127.0.0.1:" + strconv.Itoa(freePort(t)) + "/ic.zip"
	e["ORACLE_DSN"] = `user="app" password="pw" connectString="dbhost:1521/FREEPDB1"`
	r := runScript(t, e, "demo.sh")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "not found: installing it into .instantclient/")
	assert.Contains(t, r.stderr, "cannot download Oracle Instant Client")
	assert.NotContains(t, r.stderr, "== step 2/5")
}

// On go-ora (AGENTMEM_DRIVER=go-ora) the demo needs no Instant Client: step
// 1 says so and downloads nothing.
func TestDemoOnGoOraSkipsInstantClient(t *testing.T) {
	e := demoEnv(t)
	e["AGENTMEM_DRIVER"] = "go-ora"
	e["INSTANTCLIENT_URL"] = "http://127.0.0.1:1/unreachable.zip"
	e["ORACLE_DSN"] = `oracle://app:pw@dbhost:1521/FREEPDB1`
	r := runScript(t, e, "demo.sh")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "not needed: AGENTMEM_DRIVER=go-ora")
	assert.NotContains(t, r.stderr, "installing it into .instantclient/")
	calls, err := os.ReadFile(filepath.Join(e["FAKE_DIR"], "agentmem-calls"))
	require.NoError(t, err)
	assert.Equal(t, "migrate up\ndoctor\nhelp demo\ndemo\n", string(calls))
}

// The CI workflow runs the image that make db-up runs.
func TestWorkflowImageMatchesMakefile(t *testing.T) {
	makefile, err := os.ReadFile("../Makefile")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^ORACLE_IMAGE\s*\?=\s*(\S+)$`).FindSubmatch(makefile)
	require.NotNil(t, m, "ORACLE_IMAGE ?= ... in the Makefile")
	workflow, err := os.ReadFile("../.github/workflows/oracle.yml")
	require.NoError(t, err)
	images := regexp.MustCompile(`gvenzl/oracle-free:\S+`).FindAllString(string(workflow), -1)
	require.NotEmpty(t, images)
	for _, image := range images {
		assert.Equal(t, string(m[1]), image)
	}
}

// Every action and image of the workflows is pinned to a full version, so a
// run is reproducible. actionlint checks the inputs of popular actions only
// for the major-version specs in its data set (actions/checkout@v5, ...),
// so this pinning is checked here instead.
func TestWorkflowPinsVersions(t *testing.T) {
	files, err := filepath.Glob("../.github/workflows/*.y*ml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	uses := regexp.MustCompile(`(?m)^\s*(?:-\s+)?uses:\s*(\S+)`)
	image := regexp.MustCompile(`(?m)^\s*image:\s*(\S+)`)
	exact := regexp.MustCompile(`^[\w.-]+/[\w.-]+@v\d+\.\d+\.\d+$`)
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		found := uses.FindAllSubmatch(text, -1)
		require.NotEmpty(t, found, f)
		for _, m := range found {
			assert.Regexp(t, exact, string(m[1]), "%s: an action pinned to vX.Y.Z", f)
		}
		for _, m := range image.FindAllSubmatch(text, -1) {
			ref := string(m[1])
			tag := ref[strings.LastIndex(ref, ":")+1:]
			assert.Regexp(t, `^\d+\.\d+\.\d+-`, tag, "%s: image %s pinned to a release tag", f, ref)
		}
	}
}
