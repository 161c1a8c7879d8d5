// A buffer safe for concurrent use: a log or an output that goroutines (or
// a process's copying goroutines) write while the test reads it.

package testio

import (
	"bytes"
	"sync"
)

// SyncBuffer is a bytes.Buffer whose Write and String may be called at
// once from several goroutines. Its zero value is an empty buffer.
type SyncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p to the buffer.
func (b *SyncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String is what has been written so far.
func (b *SyncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
