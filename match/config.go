// The configuration of a match: the engines, the tournament and the number
// of games, the time control and timeouts, openings, adjudication, the SPRT
// and the outputs, with its checks and defaults.

package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/dameo/dameo/hubclient"
)

// Default timing settings.
const (
	// DefaultMargin is the time an engine may overstep its clock before it
	// loses on time: pipe and scheduling latency on a loaded machine.
	DefaultMargin = 100 * time.Millisecond
	// DefaultHangTimeout is how long an engine under a depth or nodes
	// limit may think before it is considered hung.
	DefaultHangTimeout = 60 * time.Second
	// DefaultStartTimeout bounds the start-up handshake (hub ... ready):
	// an engine that cannot be run fails at once, one that does not speak
	// the protocol is reported after this long. It leaves room for an
	// engine that reads its tables or book at start on a loaded machine
	// (dameo hub took over 10 s under a load of 20 beside a match's
	// other games, the default before).
	DefaultStartTimeout = 30 * time.Second
	// syncTimeout bounds the answer to new-game and ping before a game,
	// which may take an engine a while (clearing a large hash table).
	syncTimeout = 30 * time.Second
	// DefaultRepeat is the number of games played with each opening: a
	// game pair, the colours reversed.
	DefaultRepeat = 2
)

// Bounds of a match, checked in its configuration and in the DameoMatch
// tags a report reads, so that no count from a file can overflow or take
// memory out of proportion.
const (
	MaxEngines = 256        // engines of a match
	MaxGames   = 10_000_000 // games of the whole match, all pairings together
)

// untilDecidedGames is the games per pairing of a match played until its
// SPRT decides (Config.UntilDecided).
const untilDecidedGames = 100_000

// Config is a match.
type Config struct {
	Engines      []EngineSpec
	Tournament   string // RoundRobin (default) or Gauntlet
	Games        int    // games per pairing (default 2; with UntilDecided, untilDecidedGames)
	UntilDecided bool   // with SPRT: play until the test decides, not a given number of games
	Repeat       int    // games per opening: 2 (default; colours reversed) or 1
	NoSwap       bool   // the pairing's first engine always has White
	Concurrency  int    // games at once (default 1)
	TC           TimeControl
	Margin       time.Duration // default DefaultMargin
	HangTimeout  time.Duration // default DefaultHangTimeout
	StartTimeout time.Duration // default DefaultStartTimeout
	Recover      bool          // try again to start an engine that could not start, before each of its games
	Wait         time.Duration // pause of each game slot between two of its games (cutechess-cli's -wait)
	Openings     []Opening     // nil: DefaultOpenings()
	Random       bool          // play the openings in random order
	Seed         uint64        // seed of the random order
	SeedNotGiven bool          // Seed was not given (drawn at random, or read back from PDN to resume), which a Shard refuses
	Shard        Shard         // play only this share of the games (zero: all)
	PDN          string        // file the games are appended to ("" = none)
	Resume       bool          // count the games PDN holds and play only the others
	Event, Site  string        // PDN tags (default "dameo match", "?")
	SPRT         *SPRT         // stop early when decided (two engines only)
	DrawPlies    int           // draw after this many plies without progress (0 = never)
	MaxPlies     int           // draw after this many plies (0 = no limit)
	Tablebase    Tablebase     // adjudicate the positions its tables decide (nil = none)
	TBPieces     int           // of at most this many pieces (0: the most some table holds, MostPieces)
	Resign       ResignRule
	Draw         DrawRule
	Log          io.Writer // every protocol line (nil = none)
	Out          io.Writer // the games as they start and finish, the score reports and the summary (nil = none)
	Output       Output    // the format of the score reports and the summary
	// Progress, if not nil, is told the games finished (or given up as
	// unplayed) by this run, those resumed from the PDN file and the games
	// of the run, resumed included: once before the games, then after
	// each, one call at a time.
	Progress func(played, resumed, total int)
	// RatingInterval is the number of games between two rating lines on
	// Out (0 = none until the summary).
	RatingInterval int
}

// FieldError is a setting of a Config out of its range. Field is the
// name of the Config field (or OpeningStart and OpeningPlies, the
// settings of SelectOpenings), so that a caller names it in its own words
// (cmd/dameo: the flag that sets it).
type FieldError struct {
	Field string // "Games", "Repeat", "Wait", "TBPieces", ...
	Want  string // the range: "1 or more", "0 to 3600 seconds"
	Got   string // the value given
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("%s must be %s, not %s", e.Field, e.Want, e.Got)
}

// RuleError is a setting of a Config that needs another: Field (together
// with With, when that is not "") needs Needs, for the reason Why. The
// settings are named as the fields of Config, so that a caller names
// them in its own words (cmd/dameo: the flags that set them).
type RuleError struct {
	Field string // "Shard", "UntilDecided"
	With  string // the setting that makes the rule apply, or ""
	Needs string // "Seed", "PDN", "Games", "SPRT"
	Why   string // "every shard must play the same schedule"
}

func (e *RuleError) Error() string {
	field := e.Field
	if e.With != "" {
		field += " with " + e.With
	}
	return fmt.Sprintf("%s needs %s: %s", field, e.Needs, e.Why)
}

// Defaults fills in the settings left at zero that have a default: two
// games per pairing, DefaultRepeat, one game at once, the default margin
// and timeouts, the built-in openings and the PDN tags. Run calls it
// before Validate.
func (c *Config) Defaults() {
	if c.Games == 0 {
		c.Games = 2
	}
	if c.Repeat == 0 {
		c.Repeat = DefaultRepeat
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.Margin == 0 {
		c.Margin = DefaultMargin
	}
	if c.HangTimeout == 0 {
		c.HangTimeout = DefaultHangTimeout
	}
	if c.StartTimeout == 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.Openings == nil {
		c.Openings = DefaultOpenings()
	}
	if c.Event == "" {
		c.Event = "dameo match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
}

// Validate checks the configuration (after Defaults) and resolves the
// settings: each engine's time control and margin, the match's when its
// spec gives none, names made distinct, the games of a match played until
// the SPRT decides and the default tablebase piece count. A setting out of
// its range is a *FieldError, a setting that needs another a *RuleError.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 || len(c.Engines) > MaxEngines {
		return &FieldError{Field: "Engines", Want: fmt.Sprintf("given 2 to %d times", MaxEngines), Got: fmt.Sprint(len(c.Engines))}
	}
	names := map[string]bool{}
	for i := range c.Engines {
		e := &c.Engines[i]
		if len(e.Command) == 0 {
			return fmt.Errorf("engine %d has no command", i+1)
		}
		if err := hubclient.CheckName(e.Name); err != nil {
			return fmt.Errorf("engine %d: %v", i+1, err)
		}
		for _, o := range e.Options {
			if err := o.Check(); err != nil {
				return fmt.Errorf("engine %d: %v", i+1, err)
			}
		}
		base := e.Name
		for n := 2; names[e.Name]; n++ {
			e.Name = fmt.Sprintf("%s-%d", base, n)
		}
		names[e.Name] = true
	}
	if _, err := pairings(len(c.Engines), c.Tournament); err != nil {
		return err
	}
	if err := c.checkRules(); err != nil {
		return err
	}
	if c.UntilDecided {
		c.Games = untilDecidedGames
	}
	for _, check := range []error{
		checkGames(c.Games, len(c.Engines), c.Tournament),
		within("Repeat", c.Repeat, 1, 2),
		within("Concurrency", c.Concurrency, 1, 256),
		within("RatingInterval", c.RatingInterval, 0, -1),
		within("DrawPlies", c.DrawPlies, 0, -1),
		within("MaxPlies", c.MaxPlies, 0, -1),
		positive("Margin", c.Margin),
		positive("HangTimeout", c.HangTimeout),
		positive("StartTimeout", c.StartTimeout),
	} {
		if check != nil {
			return check
		}
	}
	if c.Wait < 0 || c.Wait > time.Hour {
		return &FieldError{Field: "Wait", Want: "0 to 3600 seconds", Got: seconds(c.Wait)}
	}
	if c.Resume && c.PDN == "" {
		return fmt.Errorf("resume continues the match of a PDN file: give it (--pdn)")
	}
	if c.TC != (TimeControl{}) {
		if err := c.TC.Validate(); err != nil {
			return err
		}
	}
	for i := range c.Engines {
		e := &c.Engines[i]
		if e.TC == (TimeControl{}) {
			e.TC = c.TC
		}
		if err := e.TC.Validate(); err != nil {
			return fmt.Errorf("engine %s: %v (or tc=, st=, depth=, nodes= in its spec)", e.Name, err)
		}
		if e.Margin == nil {
			m := c.Margin
			e.Margin = &m
		}
		if *e.Margin < 0 {
			return fmt.Errorf("engine %s: negative time margin", e.Name)
		}
	}
	if len(c.Openings) == 0 {
		return fmt.Errorf("no openings")
	}
	for i, o := range c.Openings {
		if _, err := newOpening(o.Start, o.Moves); err != nil {
			return fmt.Errorf("opening %d: %v", i+1, err)
		}
	}
	if c.SPRT != nil {
		if err := c.SPRT.Validate(); err != nil {
			return err
		}
		if len(c.Engines) != 2 {
			return fmt.Errorf("sprt needs exactly two engines")
		}
	}
	if err := c.checkTablebase(); err != nil {
		return err
	}
	return c.Output.check()
}

// checkRules checks the settings that need others: a *RuleError.
func (c *Config) checkRules() error {
	switch {
	case c.UntilDecided && c.SPRT == nil:
		return &RuleError{Field: "UntilDecided", Needs: "SPRT", Why: "the test decides when the match ends"}
	case c.Shard.Count == 0:
		return nil
	case c.SeedNotGiven:
		return &RuleError{Field: "Shard", Needs: "Seed", Why: "every shard must play the same schedule"}
	case c.PDN == "":
		return &RuleError{Field: "Shard", Needs: "PDN", Why: "the report merges the shards' PDN files"}
	case c.UntilDecided:
		return &RuleError{Field: "Shard", With: "SPRT", Needs: "Games", Why: "shards play a fixed number of games"}
	}
	return nil
}

// checkTablebase checks the tablebase settings and fills in the default
// piece count: the most pieces of a position some table holds.
func (c *Config) checkTablebase() error {
	switch {
	case c.Tablebase == nil && c.TBPieces != 0:
		return &FieldError{Field: "TBPieces", Want: "0 without tables", Got: fmt.Sprint(c.TBPieces)}
	case c.Tablebase == nil:
		return nil
	}
	most := c.Tablebase.MostPieces()
	switch {
	case most < 2:
		return fmt.Errorf("the tables cover no position (up to %d pieces)", most)
	case c.TBPieces == 0:
		c.TBPieces = most
	case c.TBPieces < 2 || c.TBPieces > most:
		return &FieldError{Field: "TBPieces", Want: fmt.Sprintf("2 to %d (the largest tables hold positions of %d pieces)", most, most), Got: fmt.Sprint(c.TBPieces)}
	}
	return nil
}

// within is a *FieldError when v is not lo to hi (hi < lo: no upper
// bound).
func within(field string, v, lo, hi int) error {
	switch {
	case hi < lo && v < lo:
		return &FieldError{Field: field, Want: fmt.Sprintf("%d or more", lo), Got: fmt.Sprint(v)}
	case hi >= lo && (v < lo || v > hi):
		return &FieldError{Field: field, Want: fmt.Sprintf("%d to %d", lo, hi), Got: fmt.Sprint(v)}
	}
	return nil
}

// positive is a *FieldError when d is not more than 0.
func positive(field string, d time.Duration) error {
	if d <= 0 {
		return &FieldError{Field: field, Want: "more than 0 seconds", Got: seconds(d)}
	}
	return nil
}

// seconds is d as a number of seconds.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'g', -1, 64) }

// checkGames checks the games per pairing: at least 1, and at most
// MaxGames in the whole match.
func checkGames(games, engines int, tournament string) error {
	if games < 1 {
		return &FieldError{Field: "Games", Want: "1 or more", Got: fmt.Sprint(games)}
	}
	if most := MaxGames / pairingCount(engines, tournament); games > most {
		return fmt.Errorf("games per pairing must be 1 to %d (at most %d games in a match), not %d", most, MaxGames, games)
	}
	return nil
}

// tcString is the time control as the summary shows it: the engines' when
// they share it, else each engine's ("a 10+0.1, b depth=4").
func (c *Config) tcString() string {
	same := true
	for _, e := range c.Engines {
		same = same && e.TC == c.Engines[0].TC
	}
	if same {
		return c.Engines[0].TC.String()
	}
	parts := make([]string, len(c.Engines))
	for i, e := range c.Engines {
		parts[i] = e.Name + " " + e.TC.String()
	}
	return strings.Join(parts, ", ")
}
