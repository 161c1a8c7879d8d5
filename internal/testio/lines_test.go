//go:build unix

// Lines reads a reader's lines, long ones too, then calls atEnd; a program
// started with StartPiped answers through the pipes.

package testio

import (
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestLinesReadsEveryLineThenCallsAtEnd(t *testing.T) {
	long := strings.Repeat("x", 100_000) // beyond bufio.Scanner's default limit
	ended := make(chan struct{})
	lines := Lines(strings.NewReader("one\n"+long+"\nlast"), func() { close(ended) })
	var got []string
	for l := range lines {
		got = append(got, l)
	}
	if len(got) != 3 || got[0] != "one" || got[1] != long || got[2] != "last" {
		t.Errorf("%d lines, want one, the long line and last", len(got))
	}
	select {
	case <-ended:
	case <-time.After(time.Minute):
		t.Fatal("atEnd not called after the last line")
	}
}

func TestStartPipedConnectsBothPipes(t *testing.T) {
	cmd := exec.Command("cat")
	in, out := StartPiped(t, cmd)
	lines := Lines(out, nil)
	io.WriteString(in, "ping\n")
	if l := <-lines; l != "ping" {
		t.Errorf("cat answered %q, want ping", l)
	}
	in.Close()
	if l, open := <-lines; open {
		t.Errorf("line %q after the input closed, want the end", l)
	}
	if err := cmd.Wait(); err != nil {
		t.Error(err)
	}
}
