// The configuration of a match: the engines, the tournament and the number
// of games, the time control and timeouts, openings, adjudication, the SPRT
// and the outputs, with its checks and defaults.

package match

import (
	"fmt"
	"io"
	"time"
)

// Default timing settings.
const (
	// DefaultMargin is the time an engine may overstep its clock before it
	// loses on time: pipe and scheduling latency on a loaded machine.
	DefaultMargin = 100 * time.Millisecond
	// DefaultHangTimeout is how long an engine under a depth or nodes
	// limit may think before it is considered hung.
	DefaultHangTimeout = 60 * time.Second
	// DefaultStartTimeout bounds the start-up handshake (hub ... ready).
	DefaultStartTimeout = 30 * time.Second
)

// Config is a match.
type Config struct {
	Engines      []EngineSpec
	Tournament   string // RoundRobin (default) or Gauntlet
	Games        int    // games per pairing (default 2)
	Concurrency  int    // games at once (default 1)
	TC           TimeControl
	Margin       time.Duration // default DefaultMargin
	HangTimeout  time.Duration // default DefaultHangTimeout
	StartTimeout time.Duration // default DefaultStartTimeout
	Openings     []Opening     // nil: DefaultOpenings()
	Random       bool          // play the openings in random order
	Seed         uint64        // seed of the random order
	PDN          string        // file the games are appended to ("" = none)
	Event, Site  string        // PDN tags (default "dameo match", "?")
	SPRT         *SPRT         // stop early when decided (two engines only)
	DrawPlies    int           // draw after this many plies without progress (0 = never)
	MaxPlies     int           // draw after this many plies (0 = no limit)
	Resign       ResignRule
	Draw         DrawRule
	Log          io.Writer // every protocol line (nil = none)
	Out          io.Writer // progress and summary (nil = none)
	Terminal     bool      // show a progress bar on Out
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
		if err := checkName(e.Name); err != nil {
			return fmt.Errorf("engine %d: %v", i+1, err)
		}
		for _, o := range e.Options {
			if err := o.check(); err != nil {
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
	if c.Games == 0 {
		c.Games = 2
	}
	if c.Games < 0 {
		return fmt.Errorf("the number of games must be positive")
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.Concurrency < 0 || c.Concurrency > 256 {
		return fmt.Errorf("concurrency must be 1 to 256")
	}
	if err := c.TC.Validate(); err != nil {
		return err
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
	if c.Margin < 0 || c.HangTimeout < 0 || c.StartTimeout < 0 {
		return fmt.Errorf("negative timeout")
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
	if c.Event == "" {
		c.Event = "dameo match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
	return nil
}
