// Building the module's programs once per test process, into one temporary
// folder, and removing them when the tests end.

package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// Module is this module's import path.
const Module = "github.com/dameo/dameo"

var (
	mu     sync.Mutex // serialises builds of parallel tests
	dir    string
	binary = map[string]string{} // built package (and race mode) -> path
)

// PrebuiltEnv names a folder of programs built beforehand, for tests that
// run where no Go toolchain is (Windows test programs under wine,
// .ci/wine-test): Build then returns the program named after the package's
// last element ("dameo", "dameo.exe" on Windows) there instead of building.
const PrebuiltEnv = "DAMEO_TESTBIN_PREBUILT"

// Build builds the package pkg, an import path relative to the module
// ("cmd/dameo"), with the race detector when race is set, and returns the
// binary's path. A failed build fails the test.
func Build(tb testing.TB, pkg string, race bool) string {
	tb.Helper()
	if prebuilt := os.Getenv(PrebuiltEnv); prebuilt != "" {
		bin := filepath.Join(prebuilt, path.Base(pkg)+exeSuffix())
		if _, err := os.Stat(bin); err != nil {
			tb.Fatalf("%s names %s: %v", PrebuiltEnv, prebuilt, err)
		}
		return bin
	}
	mu.Lock()
	defer mu.Unlock()
	key := fmt.Sprintf("%s race=%v", pkg, race)
	if bin, ok := binary[key]; ok {
		return bin
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "dameo-testbin")
		if err != nil {
			tb.Fatal(err)
		}
		dir = d
	}
	bin := filepath.Join(dir, fmt.Sprintf("%s-%d%s", path.Base(pkg), len(binary), exeSuffix()))
	args := []string{"build", "-o", bin}
	if race {
		args = append(args, "-race") // a race in the binary fails its exit status
	}
	if out, err := exec.Command("go", append(args, Module+"/"+pkg)...).CombinedOutput(); err != nil {
		tb.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	binary[key] = bin
	return bin
}

// exeSuffix is the ending of a program's file name on this system.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// Main runs the tests of a package that builds binaries, then removes the
// binaries: its TestMain is `func TestMain(m *testing.M) { testbin.Main(m) }`.
// The tests and the programs they start never see the user's data (their
// endgame tables above all): XDG_DATA_HOME names an empty folder of their
// own, which a test may fill.
func Main(m *testing.M) {
	home, err := os.MkdirTemp("", "dameo-test-data-home")
	if err != nil {
		fmt.Fprintln(os.Stderr, "testbin:", err)
		os.Exit(1)
	}
	os.Setenv("XDG_DATA_HOME", home)
	code := m.Run()
	cleanup()
	os.RemoveAll(home)
	os.Exit(code)
}

// cleanup removes the binaries.
func cleanup() {
	mu.Lock()
	defer mu.Unlock()
	if dir != "" {
		os.RemoveAll(dir)
		dir, binary = "", map[string]string{}
	}
}
