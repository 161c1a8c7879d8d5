//go:build unix

// Reading the process ids a test recorded and checking that those
// processes are gone; a wrapper script that records them.

package proctest

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Pids reads the process ids listed in file, one a line (no file: none).
func Pids(tb testing.TB, file string) []int {
	tb.Helper()
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil || pid <= 0 {
			tb.Fatalf("%s: bad process id %q", file, f)
		}
		pids = append(pids, pid)
	}
	return pids
}

// State is the state of process pid: "gone", "zombie" (exited, not reaped)
// or "running" (any other state, stopped or sleeping included), and whether
// its parent is the calling process.
func State(pid int) (state string, ourChild bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		if _, procErr := os.Stat("/proc/self/stat"); procErr == nil {
			return "gone", false
		}
		// No /proc: ask the kernel whether the process exists.
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			return "gone", false
		}
		return "running", false
	}
	// pid (comm) state ppid ...; comm may hold spaces and parentheses.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) < 2 {
		return "running", false
	}
	ppid, _ := strconv.Atoi(fields[1])
	ours := ppid == os.Getpid()
	if fields[0] == "Z" || fields[0] == "X" {
		return "zombie", ours
	}
	return "running", ours
}

// exitAllowance is how long a process that was sent SIGKILL may still show
// as running: it takes the kernel a moment to end it.
const exitAllowance = 5 * time.Second

// CheckGone fails the test for each process of pids that still runs (after
// a short allowance for dying), and for each that is the caller's child and
// was not reaped.
func CheckGone(tb testing.TB, what string, pids []int) {
	tb.Helper()
	deadline := time.Now().Add(exitAllowance)
	for _, pid := range pids {
		state, ours := State(pid)
		for state == "running" && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
			state, ours = State(pid)
		}
		switch {
		case state == "running":
			tb.Errorf("%s %d is still running", what, pid)
			syscall.Kill(pid, syscall.SIGKILL) // do not leave it behind the test
		case state == "zombie" && ours:
			tb.Errorf("%s %d was not reaped", what, pid)
		}
	}
}

// The files in which the wrapper of Wrap records process ids, one a line.
const (
	EnginesFile  = "engines.txt"  // the engine's (the wrapper's, which execs it)
	SleepersFile = "sleepers.txt" // the sleeper's
)

// wrapperScript records its process id, forks a sleeper that holds the
// engine's output open and records its id, and runs the engine given as
// arguments in its place.
const wrapperScript = `echo $$ >> ` + EnginesFile + `
sleep 1000 &
echo $! >> ` + SleepersFile + `
exec "$@"
`

// Wrap returns command run through a wrapper script that forks a sleeper,
// as an engine started through a shell script may; the script is written to
// dir, and the process ids are recorded in EnginesFile and SleepersFile in
// the working directory of the command.
func Wrap(tb testing.TB, dir string, command ...string) []string {
	tb.Helper()
	path := filepath.Join(dir, "wrap.sh")
	if err := os.WriteFile(path, []byte(wrapperScript), 0o644); err != nil {
		tb.Fatal(err)
	}
	return append([]string{"sh", path}, command...)
}

// CheckNothingLeft checks that the engines recorded in dir by the wrapper
// of Wrap are gone, with their sleepers, and returns how many were started.
func CheckNothingLeft(tb testing.TB, dir string) int {
	tb.Helper()
	engines := Pids(tb, filepath.Join(dir, EnginesFile))
	CheckGone(tb, "engine", engines)
	CheckGone(tb, "sleeper", Pids(tb, filepath.Join(dir, SleepersFile)))
	return len(engines)
}
