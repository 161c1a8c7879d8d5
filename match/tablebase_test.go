package match

import (
	"bytes"
	"context"
	"math/bits"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// fakeTables decides every position of up to max pieces with the value
// wdl for the side to move, and records the most pieces it was asked about.
type fakeTables struct {
	max, wdl   int
	mostProbed *int
}

func (f fakeTables) ProbeAny(p *engine.Position) (int, int, bool) {
	n := bits.OnesCount64(uint64(p.Occupied()))
	*f.mostProbed = max(*f.mostProbed, n)
	return f.wdl, 7, n <= f.max
}

func (f fakeTables) MostPieces() int { return f.max }

// TestTablebaseAdjudication: a game in a position the tables decide ends
// at once with their result, recorded as an adjudication; beyond the
// piece count (or without tables) the engines play it out.
func TestTablebaseAdjudication(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	// Three pieces, the side to move with legal moves: kings on d4 and e4, a black man on h8.
	start, err := engine.ParsePosition("7b/8/8/8/3WB3/8/8/8 w")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		wdl, max int
		pieces   int
		result   string
		reason   string
		adjudged bool
	}{
		{"win for the side to move", 1, 3, 0, pdn.WhiteWins + "|" + pdn.BlackWins, "tablebase: ", true},
		{"draw", 0, 3, 3, pdn.Draw, "tablebase: draw (3 pieces)", true},
		{"more pieces than asked", 1, 3, 2, "", "", false},
	} {
		mostProbed := 0
		pdnPath := filepath.Join(t.TempDir(), "games.pdn")
		var out bytes.Buffer
		cfg := Config{
			Engines: []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir)},
			Games:   2, TC: TimeControl{Depth: 1}, MaxPlies: 40, PDN: pdnPath,
			Openings:  []Opening{{Start: start}},
			Tablebase: fakeTables{max: c.max, wdl: c.wdl, mostProbed: &mostProbed}, TBPieces: c.pieces,
			Out: &syncWriter{w: &out},
		}
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		games := readPDN(t, pdnPath)
		for _, g := range games {
			if g.StartText() != start.FEN() {
				t.Errorf("%s: FEN tag %q, want %q", c.name, g.StartText(), start.FEN())
			}
			replay(t, g)
			reason := g.Comment
			adjudged := g.Tag(pdn.TagTermination) == pdn.TerminationAdjudication && strings.HasPrefix(reason, "tablebase: ")
			if adjudged != c.adjudged {
				t.Errorf("%s: game %s ended %q {%s}, tablebase adjudication %v", c.name, g.Tag(pdn.TagRound), g.Tag(pdn.TagTermination), reason, c.adjudged)
				continue
			}
			if !c.adjudged {
				continue
			}
			if len(g.Moves) != 0 || !strings.Contains(c.result, g.Result) || !strings.HasPrefix(reason, c.reason) {
				t.Errorf("%s: game %s: %d moves, %s {%s}; want no move, %s {%s...}", c.name, g.Tag(pdn.TagRound), len(g.Moves), g.Result, reason, c.result, c.reason)
			}
			if c.wdl == 1 && g.Result != pdn.WhiteWins { // White is to move in the opening
				t.Errorf("%s: %s, want White (to move) to win", c.name, g.Result)
			}
		}
		limit := c.pieces
		if limit == 0 {
			limit = c.max
		}
		if mostProbed > limit || (c.adjudged && mostProbed != 3) {
			t.Errorf("%s: probed a position of %d pieces (limit %d)", c.name, mostProbed, limit)
		}
	}
}

func TestTablebaseSettings(t *testing.T) {
	mostProbed := 0
	tb := fakeTables{max: 3, mostProbed: &mostProbed}
	base := Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "a", Command: []string{"a"}}}, {Spec: hubclient.Spec{Name: "b", Command: []string{"b"}}}}, TC: TimeControl{Depth: 1}}
	for _, c := range []struct {
		tb     Tablebase
		pieces int
		want   string
	}{
		{nil, 3, "without tables"},
		{tb, 4, "must be 2 to 3 (the largest tables hold positions of 3 pieces), not 4"},
		{tb, -1, "must be 2 to 3 (the largest tables hold positions of 3 pieces), not -1"},
	} {
		cfg := base
		cfg.Tablebase, cfg.TBPieces = c.tb, c.pieces
		cfg.Defaults()
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("tables %v, %d pieces: %v, want %q", c.tb != nil, c.pieces, err, c.want)
		}
	}
	cfg := base
	cfg.Tablebase = tb
	cfg.Defaults()
	if err := cfg.Validate(); err != nil || cfg.TBPieces != 3 {
		t.Errorf("default piece count: %d, %v; want the tables' 3", cfg.TBPieces, err)
	}
	plain := base
	plain.Defaults()
	if err := plain.Validate(); err != nil {
		t.Fatal(err)
	}
	if plain.fingerprint() == cfg.fingerprint() {
		t.Error("tablebase adjudication does not change the match id")
	}
}
