// A front-end that goes away without closing the engine's input: once a
// line cannot be written, the session ends quietly instead of reading on.

package protocol

import (
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/dameo/dameo/search"
)

// brokenOutput fails every write, as a pipe whose reader has gone.
type brokenOutput struct{}

func (brokenOutput) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestSessionEndsWhenOutputFails(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Config{Searcher: &fakeSearcher{}, Options: search.Options{Threads: 1, HashMiB: 1}}, inR, brokenOutput{})
	}()
	if _, err := io.WriteString(inW, "ping\n"); err != nil {
		t.Fatal(err)
	}
	go io.WriteString(inW, "ping\n") // a reader that has not seen the end would take it
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the session ended with %v, want nil", err)
		}
	case <-time.After(answerTimeout):
		t.Fatal("the session reads on after its output failed")
	}
}
