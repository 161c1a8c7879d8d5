//go:build unix

// Hostile input to `dameo hub` end to end: book files that are not books
// (a FIFO nothing writes to, an endless device) get an error at once and the
// engine still answers; a front-end that closes the engine's output makes
// it exit quietly.

package protocol

import (
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

func TestHubRefusesSpecialBookFiles(t *testing.T) {
	fifo := fifotest.Make(t, filepath.Join(t.TempDir(), "book.fifo"))
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

func TestHubExitsQuietlyWhenOutputCloses(t *testing.T) {
	cmd := exec.Command(dameoBinary(t), "hub")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out.Close() // the front-end stops reading but keeps the engine's input open
	io.WriteString(in, "ping\n")
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit: %v (stderr %q), want status 0", err, stderr.String())
		}
	case <-time.After(6 * answerTimeout): // a start under the race detector on a busy machine
		cmd.Process.Kill()
		t.Fatal("the hub goes on after its output closed")
	}
}
