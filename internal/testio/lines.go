// A program started with pipes for its standard input and output, and an
// output read a line at a time into a channel, as a front-end reads an
// engine's.

package testio

import (
	"bufio"
	"io"
	"os/exec"
	"testing"
)

// StartPiped starts cmd with pipes for its standard input and output and
// returns them; a pipe or a start that fails fails the test.
func StartPiped(tb testing.TB, cmd *exec.Cmd) (stdin io.WriteCloser, stdout io.ReadCloser) {
	tb.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err = cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	return stdin, stdout
}

// maxLine is the longest line Lines reads.
const maxLine = 1 << 20

// pendingLines is how many lines Lines holds that are not received yet.
const pendingLines = 1000

// Lines sends the lines of r, without their ends, to the channel it
// returns (which holds up to 1000 not yet received; a line may be up to
// 1 MiB long), and closes it at the end of r or its first error; then it
// calls atEnd unless it is nil (such as cmd.Wait, which may be called only
// once the output is read).
func Lines(r io.Reader, atEnd func()) <-chan string {
	lines := make(chan string, pendingLines)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, maxLine)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		if atEnd != nil {
			atEnd()
		}
	}()
	return lines
}
