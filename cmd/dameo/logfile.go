// Files the commands append to: the --log file of `dameo hub` and `dameo
// match`, opened for appending, a write that fails (a full disk) reported
// once on standard error while the command goes on; and the check at
// start-up that a --pdn file can be appended to.

package main

import (
	"fmt"
	"os"
	"sync/atomic"

	"github.com/dameo/dameo/internal/safefile"
)

// logFile is a --log file.
type logFile struct {
	f      *os.File
	failed atomic.Bool
}

// openLog opens the --log file path for appending, creating it if needed;
// a FIFO or a device is refused at once.
func openLog(path string) (*logFile, error) {
	f, err := safefile.OpenAppend(path, 0o644)
	if err != nil {
		return nil, usageError{fmt.Errorf("--log: %v", err)}
	}
	return &logFile{f: f}, nil
}

// Write writes to the file; the first failure is reported on stderr.
func (l *logFile) Write(p []byte) (int, error) {
	n, err := l.f.Write(p)
	if err != nil && l.failed.CompareAndSwap(false, true) {
		fmt.Fprintf(os.Stderr, "dameo: --log %s: %v; the log is incomplete from here\n", l.f.Name(), err)
	}
	return n, err
}

// Close closes the file.
func (l *logFile) Close() error { return l.f.Close() }

// checkAppendable checks at start-up that the file of flag can be opened
// for appending (it is created if missing), so that a bad path (a FIFO, a
// device) is refused before any work is done.
func checkAppendable(flag, path string) error {
	f, err := safefile.OpenAppend(path, 0o644)
	if err != nil {
		return usageError{fmt.Errorf("--%s: %v", flag, err)}
	}
	return f.Close()
}
