package integration

import (
	"encoding/json"
	"errors"
	"go/version"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// languageFloor is the lowest Go the module's own code needs, whatever its
// dependencies say: sync.WaitGroup.Go (tests) arrived in Go 1.25.
const languageFloor = "go1.25"

// The go directive of go.mod is what every importer of the library must
// run: it must be the lowest the module really needs, the highest go line
// among the modules of its build graph (golang-migrate v4.20.1 says
// 1.25.11) or the language floor, and no higher (issue 10: it said 1.26.8).
// make go-min then builds and tests with exactly that release.
func TestGoDirectiveIsTheLowestTheModuleNeeds(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-json", "all").Output()
	require.NoError(t, err, "go list -m -json all")
	type module struct {
		Path, Version, GoVersion string
		Main                     bool
	}
	var main module
	need, needBy := languageFloor, "the module's own code"
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var m module
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		if m.Main {
			main = m
			continue
		}
		if m.GoVersion != "" && version.Compare("go"+m.GoVersion, need) > 0 {
			need, needBy = "go"+m.GoVersion, m.Path+"@"+m.Version
		}
	}
	require.NotEmpty(t, main.GoVersion, "the main module's go line")
	if main.GoVersion != strings.TrimPrefix(need, "go") {
		gomod, _ := os.ReadFile("../../go.mod")
		t.Fatalf("go.mod says go %s; the lowest the module needs is %s (set by %s)\n%s",
			main.GoVersion, strings.TrimPrefix(need, "go"), needBy, gomod)
	}
}
