// `dameo match`: engine-versus-engine matches and tournaments refereed by
// the runner of package match, and `dameo match report`, which merges the
// PDN files of a match's shards into its summary. This file turns flags
// (GNU forms, and cutechess-cli forms rewritten by translateArgs) into a
// match.Config.

package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/dameo/dameo/match"
)

// matchCmd is `dameo match`: play (the default) or report.
type matchCmd struct {
	Play   matchPlayCmd   `cmd:"" default:"withargs" help:"Play a match or a tournament (the default: dameo match -e SPEC -e SPEC ...)."`
	Report matchReportCmd `cmd:"" help:"Merge the PDN files of a match's shards (or runs) into its summary; with --ladder, fit one Elo per engine to several matches."`
}

// Help is the long help of `dameo match --help`.
func (c *matchCmd) Help() string {
	return `dameo match -e SPEC -e SPEC [flags] plays (dameo match play); dameo match
play --help tells its flags, the engine specs and the cutechess-cli forms it
takes. dameo match report DIR merges the PDN files of a match's shards into
the summary of the whole match.`
}

// matchPlayCmd is `dameo match play`, which `dameo match` runs.
type matchPlayCmd struct {
	Engine         []string `short:"e" required:"" sep:"none" placeholder:"SPEC" help:"An engine: \"cmd=PROGRAM name=NAME option.NAME=VALUE ...\" (repeat for each engine; syntax above; no default)."`
	Each           []string `sep:"none" placeholder:"SPEC" help:"Spec words for every engine, e.g. \"tc=10+0.1 option.hash=64\" (repeatable); an engine's own words override them (default: none)."`
	Games          *int     `short:"g" placeholder:"N" help:"Games per round, 1 or more (default 2: one opening, colours reversed; or until the SPRT decides)."`
	Rounds         *int     `short:"r" placeholder:"R" help:"Rounds, 1 or more: each pairing plays games × rounds games (default 1)."`
	Repeat         int      `default:"2" placeholder:"N" help:"Games per opening, 1 to 2: 2 plays each opening twice with colours reversed (a game pair), 1 gives each game its own opening (default ${default})."`
	NoSwap         bool     `name:"noswap" help:"The first engine of each pairing always has White (default: colours alternate)."`
	Concurrency    int      `short:"c" default:"1" placeholder:"C" help:"Games played at once, 0 to 256, 0 = one per CPU (default ${default})."`
	TC             string   `name:"tc" xor:"limit" placeholder:"[M/]T[+I]" help:"Clock: M moves in T seconds (0 = whole game) plus I seconds per move, e.g. 40/60+0.5, 10+0.1, 1:30 (default: none; one limit is required, here or per engine)."`
	Movetime       *seconds `xor:"limit" placeholder:"S" help:"Fixed time per move in seconds, more than 0 (default: none)."`
	Depth          *int     `xor:"limit" placeholder:"D" help:"Fixed search depth, 1 to ${max_depth} (default: none)."`
	Nodes          *int64   `xor:"limit" placeholder:"N" help:"Fixed nodes per move, 1 or more (default: none)."`
	Margin         seconds  `default:"${match_margin}" placeholder:"S" help:"Seconds an engine may overstep its time before it loses on time, more than 0 (default ${default})."`
	Timeout        seconds  `default:"${hang_timeout}" placeholder:"S" help:"With --depth or --nodes: seconds after which a silent engine is considered hung, more than 0 (default ${default})."`
	StartTimeout   seconds  `default:"${start_timeout}" placeholder:"S" help:"Seconds an engine has to start and answer the Hub handshake before it is reported as failed, more than 0 (default ${default})."`
	Recover        bool     `help:"Try again to start an engine that could not start, before each of its games (default: give it up; its games are not played)."`
	Openings       string   `placeholder:"FILE" help:"Openings: one per line, a position (position text or PlayStrategy's FEN form) and/or moves (\"d3-d4 e6-e5\"), or PDN games (default: the built-in set of all positions after two plies)."`
	OpeningsFormat string   `enum:"auto,pdn,txt" default:"auto" help:"Format of --openings: pdn, txt (lines) or auto (by the file name: .pdn/.pgn is PDN; default ${default})."`
	OpeningPlies   int      `placeholder:"N" help:"Play at most the first N plies of each opening, 0 or more (default 0: all)."`
	OpeningStart   int      `default:"1" placeholder:"K" help:"Begin with the K-th opening of the file, 1 or more (default ${default})."`
	Order          string   `enum:"random,sequential" default:"random" help:"Order of the openings: random (with --seed) or sequential (default ${default})."`
	Seed           string   `placeholder:"S" help:"Seed of the random opening order (default: a fresh random seed, printed; required with --shard)."`
	Shard          string   `placeholder:"I/N" help:"Play only the I-th of N shares of the games (game pairs dealt in turn; needs --seed and --pdn; merge with dameo match report) (default: all games)."`
	PDN            string   `name:"pdn" placeholder:"FILE" help:"Append every game to FILE as it finishes (default: none)."`
	Resume         bool     `help:"Continue the interrupted match of --pdn FILE: its games are counted and not played again; the settings must be the same (the seed is taken from the file when --seed is not given) (default: off)."`
	Log            string   `placeholder:"FILE" help:"Write every line exchanged with the engines to FILE (default: none)."`
	SPRT           string   `name:"sprt" placeholder:"elo0=A,elo1=B,alpha=X,beta=Y,model=M" help:"Sequential probability ratio test (two engines; alpha and beta default to 0.05, model logistic or normalized, default logistic); the match stops when it is decided (default: none)."`
	DrawPlies      int      `default:"${no_progress}" placeholder:"N" help:"Draw after N plies without a capture or a man move, 0 or more (0 = never; default ${default})."`
	MaxPlies       int      `placeholder:"N" help:"Draw after N plies in all, 0 or more (default 0: no limit)."`
	Resign         string   `placeholder:"moves=N,score=S" help:"Adjudicate a loss when for N moves the loser's engine scores <= -S men and the winner's >= S (default: none)."`
	Draw           string   `placeholder:"moves=N,score=S[,movenumber=M]" help:"Adjudicate a draw from move M on (default 1) when both engines score within +-S men for N moves (default: none)."`
	Tournament     string   `enum:"round-robin,gauntlet" default:"round-robin" help:"With more than two engines: round-robin (all pairs) or gauntlet (the first engine against each other) (default ${default})."`
	Event          string   `default:"dameo match" help:"The PDN Event tag (default \"${default}\")."`
	Site           string   `default:"?" help:"The PDN Site tag (default \"${default}\")."`
	RatingInterval int      `default:"10" placeholder:"N" help:"Print the score and Elo every N games, 0 or more (0 = only at the end; default ${default})."`
	Egtb           string   `placeholder:"DIR" help:"Adjudicate positions the endgame tables in DIR decide (built with dameo egtb build; cutechess-cli's -tb) (default: none; with --egtb-pieces alone, those of the data directory, ${data_dir}, completed by the built-in ones of up to 3 pieces)."`
	EgtbPieces     int      `placeholder:"N" help:"Tablebase adjudication of positions of at most N pieces (cutechess-cli's -tbpieces) (default 0: the most pieces of a position some table holds)."`
	Wait           seconds  `default:"0" placeholder:"S" help:"Seconds each game slot waits between two of its games, 0 to 3600 (cutechess-cli's -wait, in milliseconds there; default ${default})."`
	Report         string   `placeholder:"penta" help:"penta: add the pentanomial counts of game pairs to the cutechess-style score lines (fastchess's -report penta=true; default: none)."`
	OutputFormat   string   `enum:"dameo,cutechess,fastchess" default:"dameo" help:"The score reports and the summary: dameo's summary and cutechess-cli's lines, cutechess-cli's lines only, or fastchess's result blocks (-output format=; default ${default})."`
}

// Help is the long help of `dameo match play --help`.
func (c *matchPlayCmd) Help() string {
	return `Plays games between engines that speak the Hub protocol. The runner is the
referee: it checks every move, keeps the clocks (the increment is credited
before each move), declares the end of the game and adjudicates. An engine
that crashes, hangs, writes garbage or plays an illegal move loses the game
and is restarted; an engine that cannot start is reported and its games are
not played. Each game is announced ("Started game 3 of 200 (a vs b)",
"Finished game 3 (a vs b): 1-0 {...}"), the score is printed every
--rating-interval games, then everything is summarised: score, Elo with its
95% confidence interval, LOS, draw ratio, pentanomial counts of game pairs,
the SPRT state, failures, and the same in cutechess-cli's format.

` + match.SpecHelp + `

The options of cutechess-cli and fastchess work too: -engine and -each with
separate key=value words, -games, -rounds (alone: N games), -repeat [N],
-noswap, -concurrency, -openings file=F format=pdn|txt order=random|sequential
plies=N start=K, -pgnout/-pdnout FILE, -sprt elo0=A elo1=B alpha=X beta=Y
model=logistic|normalized, -draw movenumber=M movecount=N score=S, -resign
movecount=N score=S, -maxmoves N, -srand N, -recover, -ratinginterval N,
-event, -site, -tournament, -log, -wait MS, -tb DIR, -tbpieces N, and
fastchess's -report penta and -output format=cutechess|fastchess. Scores are in men, not centipawns. Unlike
cutechess-cli, each opening is played twice with colours reversed unless
-repeat 1 is given.

Example: the engine with 2 threads against 1 thread, 200 games at 10+0.1,
two games at once, games saved:

  dameo match -e "cmd='./dameo hub' name=t2 option.threads=2" \
              -e "cmd='./dameo hub' name=t1 option.threads=1" \
              --games 200 --tc 10+0.1 --concurrency 2 --pdn t2-t1.pdn

The same in cutechess-cli's words:

  dameo match -engine cmd=./dameo arg=hub name=t2 option.threads=2 \
              -engine cmd=./dameo arg=hub name=t1 -each tc=10+0.1 \
              -rounds 100 -games 2 -repeat -concurrency 2 -pgnout t2-t1.pdn

With --sprt elo0=0,elo1=5 the match stops as soon as the test is decided.
With --shard 3/10 --seed S the run plays the third of ten shares of the
games; "dameo match report DIR" merges the PDN files of the shards into the
summary of the whole match (see docs/scaling.md).

Ctrl-C (or SIGTERM) stops the match: games in progress are abandoned and
not counted, the engines are stopped, the finished games stay in the PDN
file, the summary is printed, and the exit status is 130 (1 when the match
failed, 2 for bad flags). The same command with --resume continues it: the
games of the PDN file are counted and not played again (a game pair half
played is completed with its opening), and a file of other settings is
refused. Without --resume, a PDN file that holds games of the very same
match (engines, settings and seed) is refused (status 2) rather than given
them twice; other matches may be appended to one file, and dameo match
report tells them apart.

--egtb DIR (or --egtb-pieces N alone, with the built-in tables of up to 3
pieces) adjudicates every position the tables decide: the game ends at once
with their result.`
}

func (c *matchPlayCmd) Run() error {
	cfg, err := c.config()
	if err != nil {
		return usageError{err}
	}
	ctx, stop := untilSignal()
	defer stop()
	if c.PDN != "" {
		if err := checkAppendable("pdn", c.PDN); err != nil {
			return err
		}
	}
	if c.Log != "" {
		f, err := openLog(c.Log)
		if err != nil {
			return err
		}
		defer f.Close()
		cfg.Log = f
	}
	if c.Seed == "" && !cfg.Resume {
		fmt.Fprintf(cfg.Out, "Seed %d (give --seed %d to play the same openings again)\n", cfg.Seed, cfg.Seed)
	}
	progress := startProgress("match: games", 0, 0)
	cfg.Out = progress.above(cfg.Out)
	cfg.Progress = func(played, resumed, total int) {
		if played == 0 {
			progress.restart(resumed, total)
		}
		progress.set(resumed + played)
	}
	s, err := match.Run(ctx, cfg)
	progress.close()
	if err == nil && s.Interrupted {
		return errInterrupted
	}
	var resumeErr *match.ResumeError
	var replayErr *match.ReplayError
	if errors.As(err, &resumeErr) || errors.As(err, &replayErr) {
		return usageError{err}
	}
	return err
}

// config builds the match configuration from the flags.
func (c *matchPlayCmd) config() (match.Config, error) {
	concurrency, err := parallel("concurrency", c.Concurrency)
	if err != nil {
		return match.Config{}, err
	}
	cfg := match.Config{
		Concurrency:    concurrency,
		Repeat:         c.Repeat,
		NoSwap:         c.NoSwap,
		Recover:        c.Recover,
		Random:         c.Order == "random",
		PDN:            c.PDN,
		DrawPlies:      c.DrawPlies,
		MaxPlies:       c.MaxPlies,
		Tournament:     c.Tournament,
		Event:          c.Event,
		Site:           c.Site,
		RatingInterval: c.RatingInterval,
		Out:            os.Stdout,
	}
	if cfg.Seed, err = c.seed(); err != nil {
		return cfg, err
	}
	cfg.SeedNotGiven = c.Seed == ""
	if cfg.Resume = c.Resume; c.Resume && c.Seed == "" && c.PDN != "" {
		seed, found, err := match.ResumeSeed(c.PDN)
		if err != nil {
			return cfg, err
		}
		if found {
			cfg.Seed = seed
		}
	}
	cfg.Wait = c.Wait.duration()
	cfg.Output.Format = c.OutputFormat
	if cfg.Output.Penta, err = match.ParseReport(c.Report); err != nil {
		return cfg, fmt.Errorf("--report: %v", err)
	}
	if c.Shard != "" {
		if cfg.Shard, err = match.ParseShard(c.Shard); err != nil {
			return cfg, fmt.Errorf("--shard: %v", err)
		}
	}
	self, err := os.Executable()
	var selfCmd []string
	if err == nil {
		selfCmd = []string{self, "hub"}
	}
	for _, s := range c.Engine {
		e, err := match.ParseEngineSpecWith(strings.Join(c.Each, " "), s, selfCmd)
		if err != nil {
			return cfg, fmt.Errorf("--engine: %v", err)
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	games, rounds := 2, 1
	if c.Games != nil {
		games = *c.Games
	}
	if c.Rounds != nil {
		rounds = *c.Rounds
	}
	if err := atLeast("rounds", int64(rounds), 1); err != nil { // so that games × rounds has the sign of --games
		return cfg, err
	}
	cfg.Games = games * rounds
	if err := c.limits(&cfg); err != nil {
		return cfg, err
	}
	if err := c.openings(&cfg); err != nil {
		return cfg, err
	}
	if c.SPRT != "" {
		sp, err := match.ParseSPRT(c.SPRT)
		if err != nil {
			return cfg, err // "sprt: ..."
		}
		cfg.SPRT = &sp
		cfg.UntilDecided = c.Games == nil && c.Rounds == nil
	}
	if c.Egtb != "" || c.EgtbPieces != 0 {
		if cfg.Tablebase, err = loadTablebase(c.Egtb); err != nil {
			return cfg, fmt.Errorf("--egtb: %v", err)
		}
		cfg.TBPieces = c.EgtbPieces
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
	return cfg, c.flagError(cfg.Validate())
}

// matchFlags names the flag of each match.Config field whose range or
// whose need of another match.Config.Validate checks (its
// *match.FieldError and *match.RuleError), and of the settings of
// match.SelectOpenings.
var matchFlags = map[string]string{
	"Engines":        "engine",
	"Games":          "games", // games × rounds
	"Seed":           "seed",
	"Shard":          "shard",
	"PDN":            "pdn",
	"SPRT":           "sprt",
	"TBPieces":       "egtb-pieces",
	"OpeningStart":   "opening-start",
	"OpeningPlies":   "opening-plies",
	"Repeat":         "repeat",
	"Concurrency":    "concurrency",
	"RatingInterval": "rating-interval",
	"DrawPlies":      "draw-plies",
	"MaxPlies":       "max-plies",
	"Margin":         "margin",
	"HangTimeout":    "timeout",
	"StartTimeout":   "start-timeout",
	"Wait":           "wait",
	"MoveTime":       "movetime",
	"Depth":          "depth",
	"Nodes":          "nodes",
}

// flagError is err, a setting out of its range or one that needs another,
// told with the flags that set them.
func (c *matchPlayCmd) flagError(err error) error {
	var fe *match.FieldError
	var re *match.RuleError
	switch {
	case errors.As(err, &fe) && matchFlags[fe.Field] != "":
		got := fe.Got
		if fe.Field == "Games" && c.Games != nil {
			got = strconv.Itoa(*c.Games) // the flag's value, not games × rounds
		}
		return fmt.Errorf("--%s must be %s, not %s", matchFlags[fe.Field], fe.Want, got)
	case errors.As(err, &re) && matchFlags[re.Field] != "" && matchFlags[re.Needs] != "" && (re.With == "" || matchFlags[re.With] != ""):
		flags := "--" + matchFlags[re.Field]
		if re.With != "" {
			flags += " with --" + matchFlags[re.With]
		}
		needs := "--" + matchFlags[re.Needs]
		if re.Needs == "Games" {
			needs += " or --rounds" // games × rounds
		}
		return fmt.Errorf("%s needs %s: %s", flags, needs, re.Why)
	}
	return err
}

// seed is --seed, or a fresh random seed.
func (c *matchPlayCmd) seed() (uint64, error) {
	if c.Seed == "" {
		return rand.Uint64(), nil
	}
	s, err := strconv.ParseUint(c.Seed, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("--seed %q: want a number from 0 to 2^64-1", c.Seed)
	}
	return s, nil
}

// limits reads the time control and the timeouts.
func (c *matchPlayCmd) limits(cfg *match.Config) error {
	var err error
	switch {
	case c.TC != "":
		if cfg.TC, err = match.ParseTC(c.TC); err != nil {
			return fmt.Errorf("--tc: %v", err)
		}
	case c.Movetime != nil:
		cfg.TC, err = match.MoveTimeLimit(c.Movetime.duration())
	case c.Depth != nil:
		cfg.TC, err = match.DepthLimit(*c.Depth)
	case c.Nodes != nil:
		cfg.TC, err = match.NodesLimit(*c.Nodes)
	}
	if err != nil {
		return c.flagError(err)
	}
	cfg.Margin, cfg.HangTimeout, cfg.StartTimeout = c.Margin.duration(), c.Timeout.duration(), c.StartTimeout.duration()
	return nil
}

// openings loads --openings and applies --opening-start and --opening-plies.
func (c *matchPlayCmd) openings(cfg *match.Config) error {
	ops := match.DefaultOpenings()
	if c.Openings != "" {
		format := c.OpeningsFormat
		if format == "auto" {
			format = ""
		}
		var err error
		if ops, err = match.LoadOpeningsFormat(c.Openings, format); err != nil {
			return fmt.Errorf("--openings: %v", err)
		}
	}
	ops, err := match.SelectOpenings(ops, c.OpeningStart, c.OpeningPlies)
	if err != nil {
		return c.flagError(err)
	}
	cfg.Openings = ops
	return nil
}

// matchReportCmd is `dameo match report`.
type matchReportCmd struct {
	Files  []string `arg:"" name:"pdn" placeholder:"FILE.pdn|DIR" help:"PDN files written by dameo match (the shards of one match), or directories of them."`
	Ladder bool     `help:"Each argument is a match of its own (a PDN file, or the directory of one match's shards): fit one Elo per engine to all of them, --anchor = 0, and print each with its 95% interval (docs/levels.md)."`
	Anchor string   `default:"level-0" placeholder:"NAME" help:"With --ladder: the engine whose Elo is 0 (default ${default})."`
	Match  string   `placeholder:"ID" help:"Report only the match of this id (its DameoMatch tag), when runs of several matches were appended to the same file (default: each match, one after another)."`
}

// Help is the long help of `dameo match report --help`.
func (c *matchReportCmd) Help() string {
	return `Reads the games that runs of one match wrote (the shards of --shard I/N, or
a single run) and prints the summary the whole match prints: score, Elo with
its interval, LOS, pentanomial game pairs, the SPRT state and the failures.
The games of one match (settings, engines and seed: the DameoMatch tag's
id) are counted together, each game once; when runs of other matches were
appended to the same file, each match is reported after a line with its id
(--match ID reports one). Which files and shards were read goes to standard
error.

With --ladder each argument is a match of its own, and the report fits one
Elo per engine to all their pairings (weighted least squares, --anchor = 0):
how the strength levels are calibrated (docs/levels.md).`
}

func (c *matchReportCmd) Run() error {
	if c.Ladder {
		l, err := match.ReportLadder(c.Files, c.Anchor, os.Stderr)
		if err != nil {
			return usageError{err}
		}
		l.Write(os.Stdout)
		return nil
	}
	reports, err := match.Reports(c.Files, c.Match, os.Stderr)
	if err != nil {
		return usageError{err} // every error is of the files given (docs/cli.md: status 2)
	}
	match.WriteReports(os.Stdout, reports)
	return nil
}
