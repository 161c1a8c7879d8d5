// `dameo match`: engine-versus-engine matches and tournaments refereed by
// the runner of package match. This file only turns flags into a
// match.Config.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/dameo/dameo/match"
)

type matchCmd struct {
	Engine      []string `short:"e" required:"" sep:"none" placeholder:"SPEC" help:"An engine: \"cmd=PROGRAM name=NAME dir=DIR option.NAME=VALUE ponder=true\" (repeat for each engine; syntax above)."`
	Games       int      `short:"g" xor:"count" placeholder:"N" help:"Games per pairing (default 2; each opening is played twice with colours reversed)."`
	Rounds      int      `short:"r" xor:"count" placeholder:"R" help:"Opening pairs per pairing: 2R games."`
	Concurrency int      `short:"c" default:"1" placeholder:"C" help:"Games played at once (default ${default})."`
	TC          string   `name:"tc" xor:"limit" placeholder:"[M/]T[+I]" help:"Clock: M moves in T seconds (0 = whole game) plus I seconds per move, e.g. 40/60+0.5, 10+0.1, 1:30."`
	Movetime    string   `xor:"limit" placeholder:"S" help:"Fixed time per move in seconds."`
	Depth       int      `xor:"limit" placeholder:"D" help:"Fixed search depth."`
	Nodes       int64    `xor:"limit" placeholder:"N" help:"Fixed nodes per move."`
	Margin      string   `default:"0.1" placeholder:"S" help:"Seconds an engine may overstep its time before it loses on time (default ${default})."`
	Timeout     string   `default:"60" placeholder:"S" help:"With --depth or --nodes: seconds after which a silent engine is considered hung (default ${default})."`
	Openings    string   `placeholder:"FILE" help:"Openings: one per line, position text and/or moves (\"d3-d4 e6-e5\"), or a .pdn file; default: the built-in set of all positions after two plies."`
	Order       string   `enum:"random,sequential" default:"random" help:"Order of the openings: random (with --seed) or sequential."`
	Seed        uint64   `default:"1" placeholder:"S" help:"Seed of the random opening order (default ${default})."`
	PDN         string   `name:"pdn" placeholder:"FILE" help:"Append every game to FILE as it finishes."`
	Log         string   `placeholder:"FILE" help:"Write every line exchanged with the engines to FILE."`
	SPRT        string   `name:"sprt" placeholder:"elo0=A,elo1=B,alpha=X,beta=Y" help:"Sequential probability ratio test (two engines); the match stops when it is decided."`
	DrawPlies   int      `default:"100" placeholder:"N" help:"Draw after N plies without a capture or a man move (0 = never; default ${default})."`
	MaxPlies    int      `placeholder:"N" help:"Draw after N plies in all (0 = no limit)."`
	Resign      string   `placeholder:"moves=N,score=S" help:"Adjudicate a loss when for N moves the loser's engine scores <= -S men and the winner's >= S."`
	Draw        string   `placeholder:"movenumber=M,moves=N,score=S" help:"Adjudicate a draw from move M on when both engines score within +-S for N moves."`
	Tournament  string   `enum:"round-robin,gauntlet" default:"round-robin" help:"With more than two engines: round-robin (all pairs) or gauntlet (the first engine against each other)."`
	Event       string   `default:"dameo match" help:"The PDN Event tag."`
}

// Help is the long help of `dameo match --help`.
func (c *matchCmd) Help() string {
	return `Plays games between engines that speak the Hub protocol. The runner is the
referee: it checks every move, keeps the clocks (the increment is credited
before each move), declares the end of the game and adjudicates. An engine
that crashes, hangs, writes garbage or plays an illegal move loses the game
and is restarted. Results are shown live (a progress bar on a terminal),
then summarised: score, Elo with its 95% confidence interval, LOS, draw
ratio, pentanomial counts of game pairs, and the SPRT state.

` + match.SpecHelp + `

Example: the engine with 2 threads against 1 thread, 200 games at 10+0.1,
two games at once, games saved:

  dameo match -e "cmd='./dameo hub' name=t2 option.threads=2" \
              -e "cmd='./dameo hub' name=t1 option.threads=1" \
              --games 200 --tc 10+0.1 --concurrency 2 --pdn t2-t1.pdn

With --sprt elo0=0,elo1=5 the match stops as soon as the test is decided.

Ctrl-C (or SIGTERM) stops the match: games in progress are abandoned and
not counted, the engines are stopped, the finished games stay in the PDN
file, the summary is printed, and the exit status is 130 (1 when the match
failed, 2 for bad flags).`
}

func (c *matchCmd) Run() error {
	cfg, err := c.config()
	if err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if c.Log != "" {
		f, err := openLog(c.Log)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.Log = f
	}
	s, err := match.Run(ctx, cfg)
	if err == nil && s.Interrupted {
		return errInterrupted
	}
	return err
}

// config builds the match configuration from the flags.
func (c *matchCmd) config() (match.Config, error) {
	cfg := match.Config{
		Concurrency: c.Concurrency,
		Random:      c.Order == "random",
		Seed:        c.Seed,
		PDN:         c.PDN,
		DrawPlies:   c.DrawPlies,
		MaxPlies:    c.MaxPlies,
		Tournament:  c.Tournament,
		Event:       c.Event,
		Out:         os.Stdout,
		Terminal:    match.IsTerminal(os.Stdout),
	}
	self, err := os.Executable()
	var selfCmd []string
	if err == nil {
		selfCmd = []string{self, "hub"}
	}
	for _, s := range c.Engine {
		e, err := match.ParseEngineSpec(s, selfCmd)
		if err != nil {
			return cfg, fmt.Errorf("--engine: %v", err)
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	if len(cfg.Engines) < 2 {
		return cfg, fmt.Errorf("a match needs at least two engines: give --engine twice or more")
	}
	switch {
	case c.Games < 0 || c.Rounds < 0:
		return cfg, fmt.Errorf("--games and --rounds must be positive")
	case c.Rounds > 0:
		cfg.Games = 2 * c.Rounds
	default:
		cfg.Games = c.Games
	}
	switch {
	case c.TC != "":
		if cfg.TC, err = match.ParseTC(c.TC); err != nil {
			return cfg, fmt.Errorf("--tc: %v", err)
		}
	case c.Movetime != "":
		if cfg.TC.MoveTime, err = match.ParseSeconds(c.Movetime); err != nil || cfg.TC.MoveTime <= 0 {
			return cfg, fmt.Errorf("--movetime %q: want a positive number of seconds", c.Movetime)
		}
	case c.Depth != 0:
		if c.Depth < 1 || c.Depth > 200 {
			return cfg, fmt.Errorf("--depth must be 1 to 200")
		}
		cfg.TC.Depth = c.Depth
	case c.Nodes != 0:
		if c.Nodes < 1 {
			return cfg, fmt.Errorf("--nodes must be positive")
		}
		cfg.TC.Nodes = c.Nodes
	default:
		return cfg, fmt.Errorf("give a time control: --tc, --movetime, --depth or --nodes")
	}
	if cfg.Margin, err = match.ParseSeconds(c.Margin); err != nil {
		return cfg, fmt.Errorf("--margin: %v", err)
	}
	if cfg.HangTimeout, err = match.ParseSeconds(c.Timeout); err != nil || cfg.HangTimeout <= 0 {
		return cfg, fmt.Errorf("--timeout %q: want a positive number of seconds", c.Timeout)
	}
	if c.Openings != "" {
		if cfg.Openings, err = match.LoadOpenings(c.Openings); err != nil {
			return cfg, fmt.Errorf("--openings: %v", err)
		}
	}
	if c.SPRT != "" {
		sp, err := match.ParseSPRT(c.SPRT)
		if err != nil {
			return cfg, err // "sprt: ..."
		}
		cfg.SPRT = &sp
		if c.Games == 0 && c.Rounds == 0 {
			cfg.Games = 100000 // until the test is decided
		}
	}
	if c.Resign != "" {
		if cfg.Resign, err = match.ParseResignRule(c.Resign); err != nil {
			return cfg, err // "resign: ..."
		}
	}
	if c.Draw != "" {
		if cfg.Draw, err = match.ParseDrawRule(c.Draw); err != nil {
			return cfg, err // "draw: ..."
		}
	}
	return cfg, cfg.Validate()
}
