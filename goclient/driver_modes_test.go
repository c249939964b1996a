package agentmemory

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// fakeMode is the driver the fake database of fakedb_test.go behaves like in
// the current run, and the client's default driver in that run (the one a
// *sql.Tx is taken to be of).
var fakeMode Driver

// seamsAsBuilt is the seam list in init order, before TestMain reorders it
// per run: godror first when compiled in.
var seamsAsBuilt []driverSeam

// TestMain runs the package's tests once per compiled-in driver (godror
// needs cgo; go-ora is always there), so every test that goes through the
// fake runs against the bind types of both, and a test that forgot a driver
// fails in that driver's run. AGENTMEM_FAKE_DRIVER=godror|go-ora runs one.
// A fuzzing run (-fuzz) uses the first driver only.
func TestMain(m *testing.M) {
	flag.Parse()
	seamsAsBuilt = slices.Clone(seams)
	modes := make([]Driver, 0, len(seams))
	for _, s := range seams {
		modes = append(modes, s.name())
	}
	if want := strings.TrimSpace(os.Getenv("AGENTMEM_FAKE_DRIVER")); want != "" {
		if seamByName(Driver(want)) == nil {
			fmt.Fprintf(os.Stderr, "AGENTMEM_FAKE_DRIVER=%s: not compiled in (drivers: %s)\n", want, compiledDrivers())
			os.Exit(2)
		}
		modes = []Driver{Driver(want)}
	}
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		modes = modes[:1]
	}
	all := slices.Clone(seams)
	code := 0
	for _, d := range modes {
		useDefaultDriver(all, d)
		fmt.Printf("=== fake driver: %s\n", d)
		if c := m.Run(); c != 0 {
			fmt.Printf("--- FAIL with fake driver %s\n", d)
			code = c
		}
	}
	os.Exit(code)
}

// useDefaultDriver makes d the fake's mode and the client's default driver.
func useDefaultDriver(all []driverSeam, d Driver) {
	fakeMode = d
	seams = slices.Clone(all)
	i := slices.IndexFunc(seams, func(s driverSeam) bool { return s.name() == d })
	seams[0], seams[i] = seams[i], seams[0]
}
