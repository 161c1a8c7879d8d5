//go:build unix

// Hostile input to `dameo hub` end to end: book files that are not books
// (a FIFO nothing writes to, an endless device) get an error at once and the
// engine still answers.

package protocol

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestHubRefusesSpecialBookFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "book.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("cannot make a FIFO:", err)
	}
	h := startHub(t)
	h.send("set-param name=hash value=8", "init")
	h.expect("ready")
	for _, path := range []string{fifo, "/dev/zero"} {
		h.send("set-param name=book-file value=" + path)
		if l := h.expectPrefix("error "); !strings.Contains(l, "not a regular file") {
			t.Errorf("book-file %s: %s", path, l)
		}
		h.sync()
	}
	h.send("quit")
	h.ended()
}
