// Real matches between two `dameo hub` processes built from ./cmd/dameo:
// the games are refereed, written as PDN, read back by package pdn and
// replayed legally by package engine.

package match

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/pdn"
)

// dameoHub builds the dameo command and checks that it speaks Hub; the
// test is skipped when `dameo hub` does not exist yet.
func dameoHub(t *testing.T) string {
	t.Helper()
	bin := testbin.Build(t, "cmd/dameo", false)
	cmd := exec.Command(bin, "hub")
	cmd.Stdin = strings.NewReader("hub\nquit\n")
	out, _ := cmd.Output()
	if !strings.Contains(string(out), "wait") {
		t.Skipf("`dameo hub` does not answer the hub handshake yet: %q", out)
	}
	return bin
}

func TestRealMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the engine")
	}
	bin := dameoHub(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		tc     TimeControl
		ponder bool
		games  int
	}{
		{"depth", TimeControl{Depth: 3}, false, 4},
		// Two engines thinking on their clocks and pondering keep three
		// cores busy for the whole clock: one game pair, on a short one.
		{"clock-ponder", TimeControl{Base: 500 * time.Millisecond, Inc: 10 * time.Millisecond}, true, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdnPath := filepath.Join(dir, c.name+".pdn")
			t2 := EngineSpec{Spec: hubclient.Spec{Name: "t2", Command: []string{bin, "hub"}, Dir: dir, Options: []Option{{Name: "threads", Value: "2"}, {Name: "hash", Value: "8"}}}, Ponder: c.ponder}
			t1 := EngineSpec{Spec: hubclient.Spec{Name: "t1", Command: []string{bin, "hub"}, Dir: dir, Options: []Option{{Name: "threads", Value: "1"}, {Name: "hash", Value: "8"}}}}
			var out bytes.Buffer
			s, err := Run(context.Background(), Config{
				Engines: []EngineSpec{t2, t1},
				Games:   c.games,
				TC:      c.tc,
				// The engines keep to their clocks; the margin before a loss
				// on time is one no load reaches (1 s was, and a game lost
				// at its first moves failed the test).
				Margin: time.Minute,
				// A 10 s start-up bound (the old default) failed here under a
				// load of 20 (issue 34): a minute, which a loaded machine meets.
				StartTimeout: time.Minute,
				PDN:          pdnPath,
				DrawPlies:    100,
				MaxPlies:     300,
				Out:          &syncWriter{w: &out},
			})
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if s.Games != c.games {
				t.Fatalf("%d games finished, want %d\n%s", s.Games, c.games, out.String())
			}
			games := readPDN(t, pdnPath)
			if len(games) != c.games {
				t.Fatalf("PDN has %d games", len(games))
			}
			for _, g := range games {
				replay(t, g)
				switch term := g.Tag(pdn.TagTermination); term {
				case pdn.TerminationNormal, pdn.TerminationAdjudication:
					if len(g.Moves) < 3 {
						t.Errorf("game %s has only %d moves", g.Tag(pdn.TagRound), len(g.Moves))
					}
				case pdn.TerminationTimeForfeit:
					t.Logf("game %s lost on time (loaded machine?)", g.Tag(pdn.TagRound))
				default:
					t.Errorf("game %s ended by %s\n%s", g.Tag(pdn.TagRound), term, out.String())
				}
			}
		})
	}
}
