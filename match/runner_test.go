// Tests of the runner with the scripted misbehaving engine of
// testdata/badengine: each kind of failure is scored as a loss with the
// right termination, the engine is restarted and the match finishes; the
// PDN written is read back and replayed legally.

package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/pdn"
)

func TestMain(m *testing.M) { testbin.Main(m) }

func badEngine(t *testing.T, name, dir string, args ...string) EngineSpec {
	bin := testbin.Build(t, "match/testdata/badengine", false)
	return EngineSpec{Spec: hubclient.Spec{Name: name, Command: append([]string{bin}, args...), Dir: dir}}
}

// replay checks a game record: every move legal, and a normal ending
// agrees with the final position.
func replay(t *testing.T, g *pdn.Game) *engine.Game {
	t.Helper()
	start := engine.StartPosition()
	if fen := g.StartText(); fen != "" {
		var err error
		if start, err = engine.ParsePosition(fen); err != nil {
			t.Fatalf("game %s: FEN: %v", g.Tag(pdn.TagRound), err)
		}
	}
	game := engine.NewGame(start)
	for i, m := range g.MoveTexts() {
		if _, err := game.PlayText(m); err != nil {
			t.Fatalf("game %s: move %d %q: %v", g.Tag(pdn.TagRound), i+1, m, err)
		}
	}
	if g.Tag(pdn.TagGameType) != pdn.GameTypeDameo {
		t.Errorf("GameType tag %q", g.Tag(pdn.TagGameType))
	}
	if g.Tag(pdn.TagTermination) == pdn.TerminationNormal {
		switch g.Result {
		case pdn.Draw:
			if game.Result() != engine.Draw {
				t.Errorf("game %s: drawn normally but the final position is %v", g.Tag(pdn.TagRound), game.Result())
			}
		default:
			if game.Result() != engine.Loss {
				t.Errorf("game %s: won normally but the side to move has moves", g.Tag(pdn.TagRound))
			}
			final := game.Position()
			loser := final.SideToMove()
			if (loser == engine.White) != (g.Result == pdn.BlackWins) {
				t.Errorf("game %s: result %s but %v has no move", g.Tag(pdn.TagRound), g.Result, loser)
			}
		}
	}
	return game
}

func readPDN(t *testing.T, path string) []*pdn.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pdn.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func TestMisbehavingEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	cases := []struct {
		mode, termination string
		games             int
		restarts          bool
		reason            string // in each game's comment, when set
	}{
		{"illegal", pdn.TerminationIllegalMove, 4, true, ""},
		{"nomove", pdn.TerminationIllegalMove, 2, true, ""},
		{"slow", pdn.TerminationTimeForfeit, 2, false, ""},
		{"hang", pdn.TerminationTimeForfeit, 2, true, ""},
		{"crash", pdn.TerminationCrash, 4, true, ""},
		{"garbage", pdn.TerminationCrash, 2, true, ""},
		{"brace", pdn.TerminationCrash, 2, true, ""},
		{"bracemove", pdn.TerminationIllegalMove, 2, true, ""},
		// A line of 2 MiB: the reason says why, not just "protocol violation".
		{"longline", pdn.TerminationCrash, 2, true, "a line longer than 1048576 bytes"},
	}
	// The engines answer at once, but on a loaded machine an answer can
	// come later than 50 ms and a short margin (a game lost on time by
	// either engine before the misbehaviour, or a 2 MiB line read late):
	// both engines get a margin no load reaches. Only the time forfeits
	// under test (slow, hang) keep a short one, for the bad engine alone,
	// which misbehaves at its first move so that no earlier move of its
	// own is on that clock.
	const loaded, short = time.Minute, 150 * time.Millisecond
	timeFailure := map[string]bool{"slow": true, "hang": true}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			badDir := filepath.Join(dir, "bad")
			if err := os.Mkdir(badDir, 0o755); err != nil {
				t.Fatal(err)
			}
			pdnPath := filepath.Join(dir, "games.pdn")
			var log, out bytes.Buffer
			at, margin := "2", loaded
			if timeFailure[c.mode] {
				at, margin = "1", short
			}
			bad := badEngine(t, "bad", badDir, "-mode", c.mode, "-at", at)
			bad.Margin = &margin
			cfg := Config{
				Engines: []EngineSpec{bad, badEngine(t, "good", dir)},
				Games:   c.games,
				TC:      TimeControl{MoveTime: 50 * time.Millisecond},
				Margin:  loaded,
				// The restarts failed a 10 s start-up bound beside busy
				// processes: a minute, which a loaded machine meets.
				StartTimeout: loaded,
				PDN:          pdnPath,
				DrawPlies:    100,
				Log:          &syncWriter{w: &log},
				Out:          &syncWriter{w: &out},
			}
			s, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			p := s.Pairings[0]
			if p.Score.Losses != c.games || p.Score.Games() != c.games {
				t.Errorf("bad engine scored %+v, want %d losses\n%s", p.Score, c.games, out.String())
			}
			if p.Terminations[c.termination] != c.games {
				t.Errorf("terminations %v, want %d × %s", p.Terminations, c.games, c.termination)
			}
			games := readPDN(t, pdnPath)
			if len(games) != c.games {
				t.Fatalf("PDN has %d games, want %d", len(games), c.games)
			}
			for _, g := range games {
				replay(t, g)
				if g.Tag(pdn.TagTermination) != c.termination {
					t.Errorf("Termination tag %q", g.Tag(pdn.TagTermination))
				}
				if why := reasonOf(g); !strings.Contains(why, c.reason) {
					t.Errorf("the game's reason %q does not say %q", why, c.reason)
				}
			}
			starts, _ := os.ReadFile(filepath.Join(badDir, "starts.txt"))
			n := strings.Count(string(starts), "\n")
			want := 1
			if c.restarts {
				want = c.games // restarted before every game after the first
			}
			if n != want {
				t.Errorf("the bad engine was started %d times, want %d", n, want)
			}
			if c.mode == "illegal" || c.mode == "nomove" {
				// The log and the warnings hold the exact lines that produced the move.
				for _, text := range []string{log.String(), out.String()} {
					if !strings.Contains(text, "pos pos=") || !strings.Contains(text, "level move-time=0.05 | go think") {
						t.Errorf("the lines that produced the illegal move are not reported:\n%s", text)
					}
				}
			}
		})
	}
}

func TestMatchPDNAndPondering(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	pdnPath := filepath.Join(dir, "games.pdn")
	ops, err := ReadOpenings(strings.NewReader("# test openings\nd3-d4 e6-e5\n8/8/8/3b4/8/2w5/1w6/w7 w\n"))
	if err != nil {
		t.Fatal(err)
	}
	right := badEngine(t, "right", dir, "-predict", "right")
	right.Ponder = true
	wrong := badEngine(t, "wrong", dir, "-predict", "wrong")
	wrong.Ponder = true
	var out, log bytes.Buffer
	cfg := Config{
		Engines:     []EngineSpec{right, wrong, badEngine(t, "plain", dir)},
		Log:         &syncWriter{w: &log},
		Games:       4,
		Concurrency: 2,
		TC:          TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond, Moves: 10},
		Openings:    ops,
		PDN:         pdnPath,
		DrawPlies:   30,
		MaxPlies:    120,
		Out:         &syncWriter{w: &out},
	}
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 12 || len(s.Pairings) != 3 {
		t.Fatalf("played %d games in %d pairings, want 12 in 3\n%s", s.Games, len(s.Pairings), out.String())
	}
	games := readPDN(t, pdnPath)
	if len(games) != 12 {
		t.Fatalf("PDN has %d games", len(games))
	}
	fens := 0
	for _, g := range games {
		replay(t, g)
		if g.Tag(pdn.TagTimeControl) != "10/5+0.05" {
			t.Errorf("TimeControl tag %q", g.Tag(pdn.TagTimeControl))
		}
		if g.StartText() != "" {
			fens++
		} else if ms := g.MoveTexts(); len(ms) < 2 || ms[0] != "d3-d4" || ms[1] != "e6-e5" {
			t.Errorf("game from the start does not begin with the opening: %v", ms)
		}
		if term := g.Tag(pdn.TagTermination); term != pdn.TerminationNormal && term != pdn.TerminationAdjudication {
			t.Errorf("game %s ended by %q: %s", g.Tag(pdn.TagRound), term, g.Moves[len(g.Moves)-1].Comment)
		}
	}
	if fens != 6 {
		t.Errorf("%d games start from the FEN opening, want 6", fens)
	}
	// Each opening is played twice with colours reversed.
	seen := map[string]int{}
	for _, g := range games {
		seen[g.Tag(pdn.TagWhite)+"/"+g.Tag(pdn.TagBlack)+"/"+g.StartText()]++
	}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("%s played %d times", k, n)
		}
	}
	// The right predictions were hit, the wrong ones stopped.
	for _, want := range []string{`right@\d > ponder-hit`, `wrong@\d > go ponder`, `wrong@\d > stop`, `right@\d > set-param name=ponder value=true`} {
		if !regexp.MustCompile(want).MatchString(log.String()) {
			t.Errorf("the log has no line matching %q", want)
		}
	}
	if !strings.Contains(out.String(), "Standings:") {
		t.Errorf("no standings in the summary:\n%s", out.String())
	}
}

func TestSPRTStopsEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	sp := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	var out bytes.Buffer
	cfg := Config{
		Engines: []EngineSpec{badEngine(t, "good", dir), badEngine(t, "bad", dir, "-mode", "illegal", "-at", "1")},
		Games:   400,
		TC:      TimeControl{Depth: 1},
		SPRT:    &sp,
		Out:     &syncWriter{w: &out},
	}
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Decision != AcceptH1 || s.Games >= 400 {
		t.Errorf("decision %v after %d games, want H1 accepted early\n%s", s.Decision, s.Games, out.String())
	}
	if !strings.Contains(out.String(), "LLR") {
		t.Errorf("no LLR shown:\n%s", out.String())
	}
}

func TestStartFailure(t *testing.T) {
	dir := t.TempDir()
	for _, recover := range []bool{false, true} {
		var out bytes.Buffer
		cfg := Config{
			Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "nothing", Command: []string{filepath.Join(dir, "no-such-engine")}}}, badEngine(t, "good", dir)},
			TC:      TimeControl{Depth: 1},
			Games:   4,
			Recover: recover,
			Out:     &syncWriter{w: &out},
		}
		s, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), "cannot start") || !strings.Contains(err.Error(), "4 games not played") {
			t.Errorf("recover %v: error %v, want a start failure", recover, err)
		}
		if s == nil || s.Games != 0 || s.Unplayed != 4 || len(s.Failures) != 1 || s.Failures[0].Unplayed != 4 {
			t.Fatalf("recover %v: summary %+v", recover, s)
		}
		// The failure is reported once, saying what happens to the other games.
		want := "its games are not played"
		if recover {
			want = "it is tried again before each of its games"
		}
		if n := strings.Count(out.String(), "warning: "); n != 1 || !strings.Contains(out.String(), want) {
			t.Errorf("recover %v: %d warnings, want one saying %q:\n%s", recover, n, want, out.String())
		}
		if strings.Count(out.String(), "not played: engine nothing: cannot start") != 4 {
			t.Errorf("recover %v: each unplayed game is not reported:\n%s", recover, out.String())
		}
	}
	// An engine that exits at once: given up after one start, or started
	// again before each of its games with Recover.
	for recover, want := range map[bool]int{false: 1, true: 4} {
		starts := filepath.Join(t.TempDir(), "starts")
		cfg := Config{
			Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "quitter", Command: []string{"sh", "-c", "echo x >> " + starts + "; exit 3"}}}, badEngine(t, "good", dir)},
			TC:      TimeControl{Depth: 1},
			Games:   4,
			Recover: recover,
		}
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "quitter") {
			t.Errorf("recover %v: error %v", recover, err)
		}
		text, _ := os.ReadFile(starts)
		if n := strings.Count(string(text), "x"); n != want {
			t.Errorf("recover %v: started %d times, want %d", recover, n, want)
		}
	}
}

// syncWriter serialises writes from the runner's goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func TestRestartOn(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	for restart, want := range map[string]int{RestartOn: 4, RestartAuto: 1} {
		dir := t.TempDir()
		fresh := badEngine(t, "fresh", dir)
		fresh.Restart = restart
		other := badEngine(t, "other", t.TempDir())
		if _, err := Run(context.Background(), Config{Engines: []EngineSpec{fresh, other}, Games: 4, TC: TimeControl{Depth: 1}}); err != nil {
			t.Fatal(err)
		}
		starts, _ := os.ReadFile(filepath.Join(dir, "starts.txt"))
		if n := strings.Count(string(starts), "\n"); n != want {
			t.Errorf("restart=%s: started %d times in 4 games, want %d", restart, n, want)
		}
	}
}

// reasonOf is the comment a match gives the reason a game ended in: the
// last move's, or the game's when no move was played.
func reasonOf(g *pdn.Game) string {
	if n := len(g.Moves); n > 0 {
		return g.Moves[n-1].Comment
	}
	return g.Comment
}
