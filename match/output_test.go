package match

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestSummaryOutputFormats(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	s := &Summary{Games: 40, Planned: 40, TC: "10+0.1", SPRT: &sp, LLR: 1.234,
		Pairings: []PairingSummary{{A: "a", B: "b", Score: Score{Wins: 12, Draws: 20, Losses: 8}, Penta: Pentanomial{1, 3, 8, 5, 3}}},
		Engines:  []EngineSummary{{Name: "a"}, {Name: "b"}}}
	write := func(o Output) string {
		var b bytes.Buffer
		s.WriteOutput(&b, o)
		return b.String()
	}
	dameo, cute, fast := write(Output{}), write(Output{Format: FormatCutechess}), write(Output{Format: FormatFastchess, Penta: true})
	cuteLines := "Score of a vs b: 12 - 8 - 20  [0.550] 40\nElo difference: 34.9 +/- 77.4, LOS: 81.4 %, DrawRatio: 50.0 %\n"
	if !strings.Contains(dameo, "=== Match summary") || !strings.Contains(dameo, cuteLines) || strings.Contains(dameo, "Ptnml") {
		t.Errorf("dameo format:\n%s", dameo)
	}
	if strings.Contains(cute, "=== Match summary") || !strings.HasPrefix(cute, cuteLines+"SPRT: llr 1.23") || !strings.HasSuffix(cute, "Finished match\n") {
		t.Errorf("cutechess format:\n%s", cute)
	}
	for _, want := range []string{
		"Results of a vs b (10+0.1):\n",
		"Elo: 34.9 +/- 77.4\n",
		"LOS: 81.45 %, DrawRatio: 50.00 %, PairsRatio: 2.00\n",
		"Games: 40, Wins: 12, Losses: 8, Draws: 20, Points: 22.0 (55.00 %)\n",
		"Ptnml(0-2): [1, 3, 8, 5, 3]\n",
		"LLR: 1.23 (-2.94, 2.94) [0.00, 5.00]\n",
	} {
		if !strings.Contains(fast, want) {
			t.Errorf("fastchess format lacks %q:\n%s", want, fast)
		}
	}
	if strings.Contains(fast, "=== Match summary") || strings.Contains(fast, "Score of") || strings.Contains(fast, "completed") {
		t.Errorf("fastchess format with other formats' lines, or a verdict of an SPRT still going on:\n%s", fast)
	}
	// A decided SPRT ends with fastchess's verdict line (issue 36).
	for d, want := range map[Decision]string{AcceptH1: "H1", AcceptH0: "H0"} {
		s.Decision = d
		if got := write(Output{Format: FormatFastchess}); !strings.HasSuffix(got, "--------------------------------------------------\nSPRT ([0.00, 5.00]) completed - "+want+" was accepted\n") {
			t.Errorf("fastchess format of a decided SPRT (%v):\n%s", d, got)
		}
	}
	s.Decision = Continue
	penta := write(Output{Format: FormatCutechess, Penta: true})
	if !strings.Contains(penta, cuteLines+"Ptnml(0-2): [1, 3, 8, 5, 3], pairs 20, Elo ") {
		t.Errorf("cutechess format with the pentanomial line:\n%s", penta)
	}
}

func TestParseOutputAndReport(t *testing.T) {
	for in, want := range map[string]string{"format=fastchess": FormatFastchess, "cutechess": FormatCutechess, "format=dameo": FormatDameo} {
		if got, err := ParseOutputFormat(in); err != nil || got != want {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	if _, err := ParseOutputFormat("format=pgn"); err == nil {
		t.Error("format=pgn accepted")
	}
	for in, want := range map[string]bool{"penta": true, "penta=true": true, "penta=false": false} {
		if got, err := ParseReport(in); err != nil || got != want {
			t.Errorf("%q: %v, %v", in, got, err)
		}
	}
	if _, err := ParseReport("trinomial"); err == nil {
		t.Error("report trinomial accepted")
	}
}

// TestRatingIntervalFormats: the score every N games comes in the format
// asked for, with the pentanomial line once a pair is complete.
func TestRatingIntervalFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	for _, o := range []Output{{Format: FormatCutechess, Penta: true}, {Format: FormatFastchess}} {
		var out bytes.Buffer
		cfg := Config{
			Engines: []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir)},
			Games:   4, TC: TimeControl{Depth: 1}, RatingInterval: 2, Output: o,
			Out: &syncWriter{w: &out},
		}
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		want, count := "Ptnml(0-2): [", 3 // after games 2 and 4, and at the end
		if n := strings.Count(text, want); n != count {
			t.Errorf("%+v: %d pentanomial lines, want %d:\n%s", o, n, count, text)
		}
		if strings.Contains(text, "=== Match summary") {
			t.Errorf("%+v: dameo's summary printed:\n%s", o, text)
		}
	}
}

// TestWaitBetweenGames: a slot waits between two games, and the end of
// the match ends the wait (no timing is asserted: the match is stopped
// once the wait of an hour before game 2 is announced, and game 2 must
// not have started).
func TestWaitBetweenGames(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &notifyWriter{want: "Waiting 3600 s before game 2\n", seen: make(chan struct{})}
	cfg := Config{
		Engines: []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir)},
		Games:   4, TC: TimeControl{Depth: 1}, Wait: time.Hour, Out: out,
	}
	go func() {
		<-out.seen
		cancel()
	}()
	s, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 1 || !s.Interrupted || strings.Contains(out.String(), "Started game 2") {
		t.Fatalf("%d games, interrupted %v; want 1 game and no second start:\n%s", s.Games, s.Interrupted, out.String())
	}
	bad := cfg
	bad.Wait = -time.Second
	if _, err := Run(context.Background(), bad); err == nil || !strings.HasPrefix(err.Error(), "Wait must be 0 to 3600 seconds") {
		t.Errorf("a negative wait: %v", err)
	}
}

// notifyWriter collects output and closes seen once want was written.
type notifyWriter struct {
	mu   sync.Mutex
	b    bytes.Buffer
	want string
	seen chan struct{}
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.b.String(), w.want)
	w.b.Write(p)
	if !had && strings.Contains(w.b.String(), w.want) {
		close(w.seen)
	}
	return len(p), nil
}

func (w *notifyWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
