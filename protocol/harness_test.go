// The in-process test harness: a session over pipes with a fake searcher,
// with helpers to send lines and expect answers.

package protocol

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testio"
	"github.com/dameo/dameo/search"
)

// answerTimeout bounds the wait for an expected line; generous, since the
// race detector and a busy machine slow everything down (a start-up of
// dameo hub has been seen to take 17 s at a load of 37 on 2 cores).
const answerTimeout = time.Minute

type harness struct {
	t      testing.TB
	in     io.WriteCloser
	out    <-chan string
	result chan error
	fake   *fakeSearcher
	// skipInfo lets sync and ended pass over info lines (a real search
	// writes them at any time).
	skipInfo bool
}

// start runs a session with a fake searcher; edit may change the config.
func start(t testing.TB, edit func(*Config)) *harness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{t: t, in: inW, out: testio.Lines(outR, nil), result: make(chan error, 1), fake: &fakeSearcher{}}
	cfg := Config{
		Searcher: h.fake,
		Options:  search.Options{Threads: 1, HashMiB: 16},
		Name:     "dameo", Version: "test", Author: "the dameo developers", Country: "unknown",
		Rand: rand.New(rand.NewPCG(1, 0)),
	}
	if edit != nil {
		edit(&cfg)
	}
	go func() {
		err := Run(context.Background(), cfg, inR, outW)
		outW.Close()
		h.result <- err
	}()
	t.Cleanup(func() { inW.Close() })
	return h
}

// send writes lines to the session.
func (h *harness) send(lines ...string) {
	h.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(h.in, l+"\n"); err != nil {
			h.t.Fatalf("writing %q: %v", l, err)
		}
	}
}

// next is the session's next line.
func (h *harness) next() string {
	h.t.Helper()
	select {
	case l, ok := <-h.out:
		if !ok {
			h.t.Fatal("the session's output ended")
		}
		return l
	case <-time.After(answerTimeout):
		h.t.Fatal("no answer in time")
	}
	return ""
}

// expect checks the next lines are exactly want.
func (h *harness) expect(want ...string) {
	h.t.Helper()
	for _, w := range want {
		if got := h.next(); got != w {
			h.t.Fatalf("got line %q, want %q", got, w)
		}
	}
}

// expectPrefix checks the next line starts with prefix and returns it.
func (h *harness) expectPrefix(prefix string) string {
	h.t.Helper()
	got := h.next()
	if !strings.HasPrefix(got, prefix) {
		h.t.Fatalf("got line %q, want one starting with %q", got, prefix)
	}
	return got
}

// until skips lines up to one starting with prefix and returns it and the
// lines skipped.
func (h *harness) until(prefix string) (string, []string) {
	h.t.Helper()
	var skipped []string
	for {
		l := h.next()
		if strings.HasPrefix(l, prefix) {
			return l, skipped
		}
		skipped = append(skipped, l)
	}
}

// sync sends ping and checks that pong is the next line: nothing else was
// written before it.
func (h *harness) sync() {
	h.t.Helper()
	h.send("ping")
	for {
		l := h.next()
		if l == "pong" {
			return
		}
		if !h.skipInfo || !strings.HasPrefix(l, "info ") {
			h.t.Fatalf("got line %q, want pong", l)
		}
	}
}

// quiet checks that nothing is written for a moment.
func (h *harness) quiet() {
	h.t.Helper()
	select {
	case l := <-h.out:
		h.t.Fatalf("unexpected line %q", l)
	case <-time.After(50 * time.Millisecond):
	}
}

// finish closes the input and checks the session ends without error and
// without writing more.
func (h *harness) finish() {
	h.t.Helper()
	h.in.Close()
	h.ended()
}

// ended checks the session returned nil and wrote nothing more.
func (h *harness) ended() {
	h.t.Helper()
	select {
	case err := <-h.result:
		if err != nil {
			h.t.Fatalf("session ended with %v", err)
		}
	case <-time.After(answerTimeout):
		h.t.Fatal("the session did not end")
	}
	for l := range h.out {
		if !h.skipInfo || !strings.HasPrefix(l, "info ") {
			h.t.Errorf("unexpected line %q at the end", l)
		}
	}
}

// errReader fails after its data.
type errReader struct{ data *strings.Reader }

var errBroken = errors.New("broken input")

func (r errReader) Read(p []byte) (int, error) {
	if r.data.Len() == 0 {
		return 0, errBroken
	}
	return r.data.Read(p)
}
