//go:build unix

// Engines that leave processes behind: an engine started through a wrapper
// script that forks a sleeper (holding the engine's output open) is killed
// with its whole process group, reaped, and nothing it started outlives the
// match, whether it crashes and is restarted, quits at the end or the match
// is interrupted.

package match

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/proctest"
	"github.com/dameo/dameo/pdn"
)

// wrapperScript starts a sleeper that keeps the engine's output open,
// records its own process id (the engine's, after exec) and the sleeper's,
// and runs the engine given as arguments.
const wrapperScript = `echo $$ >> engines.txt
sleep 1000 &
echo $! >> sleepers.txt
exec "$@"
`

// wrappedEngine is badengine started through the wrapper script in dir.
func wrappedEngine(t *testing.T, name, dir string, args ...string) EngineSpec {
	t.Helper()
	wrap := filepath.Join(dir, "wrap.sh")
	if err := os.WriteFile(wrap, []byte(wrapperScript), 0o644); err != nil {
		t.Fatal(err)
	}
	e := badEngine(t, name, dir, args...)
	e.Command = append([]string{"sh", wrap}, e.Command...)
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
	for _, dir := range []string{dirA, dirB} {
		proctest.CheckGone(t, "engine", proctest.Pids(t, filepath.Join(dir, "engines.txt")))
		proctest.CheckGone(t, "sleeper", proctest.Pids(t, filepath.Join(dir, "sleepers.txt")))
	}
	if n := len(proctest.Pids(t, filepath.Join(dirA, "sleepers.txt"))); n != 4 {
		t.Errorf("the crashing engine was started %d times, want 4", n)
	}
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
	proctest.CheckGone(t, "engine", proctest.Pids(t, filepath.Join(dir, "engines.txt")))
	proctest.CheckGone(t, "sleeper", proctest.Pids(t, filepath.Join(dir, "sleepers.txt")))
}
