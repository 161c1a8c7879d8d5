// Building the module's programs for the tests: once per test process, into
// a folder the module's test processes share, where go build relinks a
// program only when it is out of date.

package testbin

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Module is this module's import path.
const Module = "github.com/dameo/dameo"

var (
	mu     sync.Mutex            // serialises builds of parallel tests
	tmp    string                // the process's own folder, where no shared one is
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
	dir, unlock, err := folder()
	if err != nil {
		tb.Fatal(err)
	}
	defer unlock()
	name := strings.ReplaceAll(pkg, "/", "_")
	if race {
		name += "-race"
	}
	bin := filepath.Join(dir, name+exeSuffix())
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

// folder is where Build puts the programs, locked against the builds of
// other test processes until unlock: a folder of the user's cache for this
// checkout, kept from one run to the next, since every package's test
// process and both halves of the README's test command build the same
// programs, and go build skips the link (about a CPU-second a program) of
// one that is up to date; or, where the system offers no cache folder or
// no lock, a temporary folder of this process's own that Main removes.
func folder() (dir string, unlock func(), err error) {
	if cache, cacheErr := os.UserCacheDir(); cacheErr == nil {
		_, file, _, _ := runtime.Caller(0) // this checkout's copy of this file
		sum := sha256.Sum256([]byte(filepath.Dir(file)))
		shared := filepath.Join(cache, "dameo", "testbin", hex.EncodeToString(sum[:8]))
		if os.MkdirAll(shared, 0o755) == nil {
			if release, ok := lock(filepath.Join(shared, "lock")); ok {
				return shared, release, nil
			}
		}
	}
	if tmp == "" {
		d, err := os.MkdirTemp("", "dameo-testbin")
		if err != nil {
			return "", nil, err
		}
		tmp = d
	}
	return tmp, func() {}, nil
}

// exeSuffix is the ending of a program's file name on this system.
func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// Main runs the tests of a package that builds binaries, then removes the
// binaries of a temporary folder: its TestMain is
// `func TestMain(m *testing.M) { testbin.Main(m) }`.
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

// cleanup removes the temporary folder, if Build made one.
func cleanup() {
	mu.Lock()
	defer mu.Unlock()
	if tmp != "" {
		os.RemoveAll(tmp)
		tmp, binary = "", map[string]string{}
	}
}
