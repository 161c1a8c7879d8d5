// Tests of the rules between a match's settings that Config.Validate
// states: a shard's needs, the games of a match played until
// the SPRT decides, the tablebase piece count, and the range errors of
// SelectOpenings and of the fixed limits of a move, each a typed error
// naming the Config fields.

package match

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/search"
)

// validConfig is a Config that Validate accepts: two engines at depth 1,
// with its defaults.
func validConfig(t *testing.T) Config {
	t.Helper()
	cfg := Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "a", Command: []string{"a"}}}, {Spec: hubclient.Spec{Name: "b", Command: []string{"b"}}}}, TC: TimeControl{Depth: 1}}
	cfg.Defaults()
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestRuleErrors: a setting that needs another is a *RuleError naming
// both fields, and the same settings with what they need are accepted.
func TestRuleErrors(t *testing.T) {
	sprt, err := ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name              string
		set, fix          func(*Config)
		field, with, need string
	}{
		{"shard without a seed given", func(c *Config) { c.Shard, c.PDN, c.SeedNotGiven = Shard{1, 2}, "x.pdn", true },
			func(c *Config) { c.SeedNotGiven = false }, "Shard", "", "Seed"},
		{"shard without PDN", func(c *Config) { c.Shard = Shard{1, 2} }, func(c *Config) { c.PDN = "x.pdn" }, "Shard", "", "PDN"},
		{"shard until the SPRT decides", func(c *Config) { c.Shard, c.PDN, c.SPRT, c.UntilDecided = Shard{2, 2}, "x.pdn", &sprt, true },
			func(c *Config) { c.UntilDecided = false }, "Shard", "SPRT", "Games"},
		{"until decided without SPRT", func(c *Config) { c.UntilDecided = true }, func(c *Config) { c.SPRT = &sprt }, "UntilDecided", "", "SPRT"},
	} {
		cfg := validConfig(t)
		c.set(&cfg)
		var re *RuleError
		err := cfg.Validate()
		if !errors.As(err, &re) || re.Field != c.field || re.With != c.with || re.Needs != c.need || re.Why == "" {
			t.Errorf("%s: %v, want a RuleError: %s with %q needs %s", c.name, err, c.field, c.with, c.need)
			continue
		}
		if want := " needs " + c.need + ": " + re.Why; !strings.HasPrefix(err.Error(), c.field) || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("%s: %q does not say %s ...%s", c.name, err, c.field, want)
		}
		c.fix(&cfg)
		if err := cfg.Validate(); err != nil {
			t.Errorf("%s, fixed: %v", c.name, err)
		}
	}
}

// TestUntilDecided: a match played until its SPRT decides gets as many
// games as untilDecidedGames, whatever Games said, and keeps them when
// validated again.
func TestUntilDecided(t *testing.T) {
	sprt, err := ParseSPRT("elo0=0,elo1=5")
	if err != nil {
		t.Fatal(err)
	}
	cfg := validConfig(t)
	cfg.SPRT, cfg.UntilDecided = &sprt, true
	for range 2 {
		if err := cfg.Validate(); err != nil || cfg.Games != untilDecidedGames {
			t.Fatalf("games %d, %v; want %d", cfg.Games, err, untilDecidedGames)
		}
	}
	fixed := validConfig(t)
	fixed.SPRT, fixed.Games = &sprt, 6
	if err := fixed.Validate(); err != nil || fixed.Games != 6 {
		t.Errorf("SPRT with 6 games: games %d, %v", fixed.Games, err)
	}
}

// TestTablebasePiecesField: a tablebase piece count out of its range is a
// *FieldError of TBPieces that tells the range.
func TestTablebasePiecesField(t *testing.T) {
	mostProbed := 0
	tb := fakeTables{max: 4, mostProbed: &mostProbed}
	for _, c := range []struct {
		tb     Tablebase
		pieces int
		want   string
	}{
		{nil, 3, "0 without tables"},
		{nil, -1, "0 without tables"},
		{tb, -1, "2 to 4 (the largest tables hold positions of 4 pieces)"},
		{tb, 1, "2 to 4 (the largest tables hold positions of 4 pieces)"},
		{tb, 5, "2 to 4 (the largest tables hold positions of 4 pieces)"},
	} {
		cfg := validConfig(t)
		cfg.Tablebase, cfg.TBPieces = c.tb, c.pieces
		var fe *FieldError
		if err := cfg.Validate(); !errors.As(err, &fe) || fe.Field != "TBPieces" || fe.Want != c.want {
			t.Errorf("tables %v, %d pieces: %v, want a FieldError of TBPieces, %s", c.tb != nil, c.pieces, err, c.want)
		}
	}
	for _, pieces := range []int{2, 4} {
		cfg := validConfig(t)
		cfg.Tablebase, cfg.TBPieces = tb, pieces
		if err := cfg.Validate(); err != nil || cfg.TBPieces != pieces {
			t.Errorf("%d pieces: %d, %v", pieces, cfg.TBPieces, err)
		}
	}
	cfg := validConfig(t)
	cfg.Tablebase = fakeTables{max: 1, mostProbed: &mostProbed}
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "cover no position") {
		t.Errorf("tables of 1 piece: %v", err)
	}
}

// TestSelectOpeningsFields: a start or plies out of its range is a
// *FieldError of OpeningStart or OpeningPlies.
func TestSelectOpeningsFields(t *testing.T) {
	ops := DefaultOpenings()[:3]
	for _, c := range []struct {
		start, plies int
		field, want  string
	}{
		{0, 0, "OpeningStart", "1 or more"},
		{-1, 0, "OpeningStart", "1 or more"},
		{4, 0, "OpeningStart", "1 to 3 (the number of openings)"},
		{1, -1, "OpeningPlies", "0 or more"},
	} {
		var fe *FieldError
		if _, err := SelectOpenings(ops, c.start, c.plies); !errors.As(err, &fe) || fe.Field != c.field || fe.Want != c.want {
			t.Errorf("start %d, plies %d: %v, want a FieldError of %s, %s", c.start, c.plies, err, c.field, c.want)
		}
	}
	if got, err := SelectOpenings(ops, 3, 0); err != nil || len(got) != 1 {
		t.Errorf("the last opening: %d openings, %v", len(got), err)
	}
}

// TestLimitFields: the fixed limits of a move (MoveTimeLimit, DepthLimit,
// NodesLimit) accept their range and give a *FieldError naming the field
// and the range outside it.
func TestLimitFields(t *testing.T) {
	type limit struct {
		name string
		make func() (TimeControl, error)
		want TimeControl
	}
	for _, l := range []limit{
		{"move time 0.1", func() (TimeControl, error) { return MoveTimeLimit(100 * time.Millisecond) }, TimeControl{MoveTime: 100 * time.Millisecond}},
		{"depth 1", func() (TimeControl, error) { return DepthLimit(1) }, TimeControl{Depth: 1}},
		{"depth max", func() (TimeControl, error) { return DepthLimit(search.MaxDepth) }, TimeControl{Depth: search.MaxDepth}},
		{"nodes 1", func() (TimeControl, error) { return NodesLimit(1) }, TimeControl{Nodes: 1}},
	} {
		tc, err := l.make()
		if err != nil || tc != l.want || tc.Validate() != nil {
			t.Errorf("%s: %+v, %v; want %+v", l.name, tc, err, l.want)
		}
	}
	for _, bad := range []struct {
		name, field, want string
		make              func() (TimeControl, error)
	}{
		{"move time 0", "MoveTime", "more than 0 seconds", func() (TimeControl, error) { return MoveTimeLimit(0) }},
		{"move time < 0", "MoveTime", "more than 0 seconds", func() (TimeControl, error) { return MoveTimeLimit(-time.Second) }},
		{"depth 0", "Depth", "1 to " + strconv.Itoa(search.MaxDepth), func() (TimeControl, error) { return DepthLimit(0) }},
		{"depth past the search's", "Depth", "1 to " + strconv.Itoa(search.MaxDepth), func() (TimeControl, error) { return DepthLimit(search.MaxDepth + 1) }},
		{"nodes 0", "Nodes", "1 or more", func() (TimeControl, error) { return NodesLimit(0) }},
	} {
		tc, err := bad.make()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != bad.field || fe.Want != bad.want || tc != (TimeControl{}) {
			t.Errorf("%s: %+v, %v; want a *FieldError of %s, %s", bad.name, tc, err, bad.field, bad.want)
		}
	}
}
