// Robustness: thousands of random, truncated and mangled lines, after which
// the session still answers ping, and every line it wrote is a well-formed
// protocol line.

package protocol

import (
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/hub"
)

// seedLines are real commands that random lines are made from.
var seedLines = []string{
	"hub", "init", "ping", "stop", "ponder-hit", "new-game", "moves",
	"set-param name=threads value=2", "set-param name=hash value=8",
	"set-param name=multipv value=2", "set-param name=book value=true",
	`set-param name=book-file value="x y"`, "set-param name=move-overhead value=0.1",
	"pos", "pos start", `pos moves="c3-c4 c6-c5 c4xc6"`, `pos fen="` + "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w" + `"`,
	"pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves=d3-d4",
	"level depth=2", "level nodes=100", "level move-time=0.01", "level moves=40 time=1 inc=0.1", "level infinite",
	"go think", "go ponder", "go analyze",
}

// randomLine is a seed line cut, mangled, or random bytes.
func randomLine(rng *rand.Rand) string {
	s := seedLines[rng.IntN(len(seedLines))]
	switch rng.IntN(6) {
	case 0:
		return s[:rng.IntN(len(s)+1)]
	case 1: // replace a byte
		b := []byte(s)
		b[rng.IntN(len(b))] = byte(rng.IntN(256))
		return string(b)
	case 2: // random bytes from the protocol's alphabet
		const alphabet = `abcdefgh12345678 ="-x\twWbBe`
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	case 3: // raw bytes
		b := make([]byte, rng.IntN(40))
		for i := range b {
			if b[i] = byte(rng.IntN(256)); b[i] == '\n' {
				b[i] = ' '
			}
		}
		return string(b)
	case 4: // two lines glued
		return s + " " + seedLines[rng.IntN(len(seedLines))]
	}
	return s
}

// expectedAnswers counts the pong and done lines a line must cause: one
// pong per ping and one done per well-formed go.
func expectedAnswers(line string) (pongs, dones int) {
	l, err := hub.Parse(line)
	if err != nil {
		return 0, 0
	}
	switch l.Command {
	case "ping":
		return 1, 0
	case "go":
		n := 0
		for _, mode := range []string{"think", "ponder", "analyze"} {
			if l.Has(mode) {
				n++
			}
		}
		if n == 1 {
			return 0, 1
		}
	}
	return 0, 0
}

func TestRandomLines(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 500
	}
	h := start(t, nil)
	rng := rand.New(rand.NewPCG(7, 0))
	known := map[string]bool{"id": true, "param": true, "wait": true, "ready": true, "pong": true,
		"info": true, "done": true, "moves": true, "error": true}
	wantPongs, wantDones := 0, 0
	// Send from another goroutine while this one reads: a session blocked
	// on its output would stall a sender that does not read.
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for i := 0; i < n; i++ {
			l := randomLine(rng)
			if pl, err := hub.Parse(l); err == nil && pl.Command == "quit" {
				continue
			}
			p, d := expectedAnswers(l)
			wantPongs, wantDones = wantPongs+p, wantDones+d
			h.send(l)
		}
		h.send("stop", "ping")
		wantPongs++
		h.send("quit")
	}()
	pongs, dones := 0, 0
	for l := range h.out {
		pl, err := hub.Parse(l)
		if err != nil || !known[pl.Command] {
			t.Errorf("bad output line %q (%v)", l, err)
		}
		switch pl.Command {
		case "pong":
			pongs++
		case "done":
			dones++
		}
	}
	if err := <-h.result; err != nil {
		t.Errorf("session ended with %v", err)
	}
	<-sent
	if wantDones < n/50 {
		t.Errorf("only %d searches in %d lines", wantDones, n)
	}
	if pongs != wantPongs || dones != wantDones {
		t.Errorf("%d pongs and %d dones, want %d and %d", pongs, dones, wantPongs, wantDones)
	}
}
