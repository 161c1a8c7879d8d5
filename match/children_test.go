//go:build unix

// Engines that leave processes behind: an engine started through a wrapper
// script that forks a sleeper (holding the engine's output open) is killed
// with its whole process group, reaped, and nothing it started outlives the
// match, whether it crashes and is restarted, quits at the end or the match
// is interrupted.

package match

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/proctest"
	"github.com/dameo/dameo/pdn"
)

// wrappedEngine is badengine started through proctest's wrapper in dir.
func wrappedEngine(t *testing.T, name, dir string, args ...string) EngineSpec {
	t.Helper()
	e := badEngine(t, name, dir, args...)
	e.Command = proctest.Wrap(t, dir, e.Command...)
	return e
}

func TestWrappedEnginesLeaveNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dirA, dirB := t.TempDir(), t.TempDir()
	pdnPath := filepath.Join(t.TempDir(), "games.pdn")
	cfg := Config{
		Engines: []EngineSpec{
			wrappedEngine(t, "crashing", dirA, "-mode", "crash", "-at", "2"),
			wrappedEngine(t, "good", dirB),
		},
		Games:     4,
		TC:        TimeControl{MoveTime: 20 * time.Millisecond},
		Margin:    time.Second,
		PDN:       pdnPath,
		DrawPlies: 40,
	}
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 4 || s.Pairings[0].Terminations[pdn.TerminationCrash] != 4 {
		t.Errorf("%d games, terminations %v; want 4 crashes", s.Games, s.Pairings[0].Terminations)
	}
	if n := proctest.CheckNothingLeft(t, dirA); n != 4 {
		t.Errorf("the crashing engine was started %d times, want 4", n)
	}
	proctest.CheckNothingLeft(t, dirB)
}

func TestInterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	cfg := Config{
		Engines: []EngineSpec{wrappedEngine(t, "a", dir, "-mode", "slow", "-at", "1"), wrappedEngine(t, "b", dir)},
		Games:   10,
		TC:      TimeControl{MoveTime: 20 * time.Second},
	}
	s, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Interrupted || s.Games != 0 {
		t.Errorf("interrupted %v after %d games", s.Interrupted, s.Games)
	}
	proctest.CheckNothingLeft(t, dir)
}
