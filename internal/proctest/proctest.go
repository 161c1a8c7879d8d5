//go:build unix

// Reading the process ids a test recorded and checking that those
// processes are gone.

package proctest

import (
	"bytes"
	"errors"
	"os"
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
