// The configuration of a match: the engines, the tournament and the number
// of games, the time control and timeouts, openings, adjudication, the SPRT
// and the outputs, with its checks and defaults.

package match

import (
	"fmt"
	"io"
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
	// an engine that cannot start is reported quickly.
	DefaultStartTimeout = 10 * time.Second
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

// Config is a match.
type Config struct {
	Engines      []EngineSpec
	Tournament   string // RoundRobin (default) or Gauntlet
	Games        int    // games per pairing (default 2)
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
	Shard        Shard         // play only this share of the games (zero: all)
	PDN          string        // file the games are appended to ("" = none)
	Resume       bool          // count the games PDN holds and play only the others
	Event, Site  string        // PDN tags (default "dameo match", "?")
	SPRT         *SPRT         // stop early when decided (two engines only)
	DrawPlies    int           // draw after this many plies without progress (0 = never)
	MaxPlies     int           // draw after this many plies (0 = no limit)
	Tablebase    Tablebase     // adjudicate the positions its tables decide (nil = none)
	TBPieces     int           // of at most this many pieces (0: all the tables cover)
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

// Validate checks the configuration and fills in defaults.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return fmt.Errorf("a match needs at least two engines (give --engine twice or more)")
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
	if len(c.Engines) > MaxEngines {
		return fmt.Errorf("a match has at most %d engines, not %d", MaxEngines, len(c.Engines))
	}
	if _, err := pairings(len(c.Engines), c.Tournament); err != nil {
		return err
	}
	if c.Games == 0 {
		c.Games = 2
	}
	if err := checkGames(c.Games, len(c.Engines), c.Tournament); err != nil {
		return err
	}
	if c.Repeat == 0 {
		c.Repeat = DefaultRepeat
	}
	if c.Repeat != 1 && c.Repeat != 2 {
		return fmt.Errorf("repeat must be 1 or 2 (games per opening), not %d", c.Repeat)
	}
	if c.Resume && c.PDN == "" {
		return fmt.Errorf("resume continues the match of a PDN file: give it (--pdn)")
	}
	if c.Shard.Count > 0 && c.PDN == "" {
		return fmt.Errorf("a shard writes its games for the report: give a PDN file (--pdn)")
	}
	if c.RatingInterval < 0 {
		return fmt.Errorf("the rating interval must not be negative")
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.Concurrency < 0 || c.Concurrency > 256 {
		return fmt.Errorf("concurrency must be 1 to 256")
	}
	if c.TC != (TimeControl{}) {
		if err := c.TC.Validate(); err != nil {
			return err
		}
	}
	if c.Margin == 0 {
		c.Margin = DefaultMargin
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
	if c.HangTimeout == 0 {
		c.HangTimeout = DefaultHangTimeout
	}
	if c.StartTimeout == 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.Margin < 0 || c.HangTimeout < 0 || c.StartTimeout < 0 {
		return fmt.Errorf("negative timeout")
	}
	if c.Wait < 0 || c.Wait > time.Hour {
		return fmt.Errorf("the wait between games must be 0 to 3600 seconds, not %v", c.Wait)
	}
	if c.Openings == nil {
		c.Openings = DefaultOpenings()
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
	if c.DrawPlies < 0 || c.MaxPlies < 0 {
		return fmt.Errorf("negative --draw-plies or --max-plies")
	}
	if err := c.checkTablebase(); err != nil {
		return err
	}
	if err := c.Output.check(); err != nil {
		return err
	}
	if c.Event == "" {
		c.Event = "dameo match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
	return nil
}

// checkGames checks the games per pairing: at least 1, and at most
// MaxGames in the whole match.
func checkGames(games, engines int, tournament string) error {
	most := MaxGames / pairingCount(engines, tournament)
	if games < 1 || games > most {
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
