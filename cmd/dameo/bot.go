// `dameo bot`: the engine online on PlayStrategy through its Bot API, run
// by package bot. This file only turns flags into a bot.Config and the
// first and second Ctrl-C into the bot's interrupt and its hard stop.

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/dameo/dameo/bot"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/levels"
	"github.com/dameo/dameo/match"
)

type botCmd struct {
	TokenFile      string   `required:"" placeholder:"FILE" help:"File holding the account's API token (scope bot:play); never printed."`
	Server         string   `default:"https://playstrategy.org" placeholder:"URL" help:"The server (default ${default})."`
	Engine         string   `short:"e" placeholder:"SPEC" help:"The engine: \"cmd=PROGRAM option.NAME=VALUE ...\" or its command line \"PROGRAM ARGS\" (docs/cli.md), e.g. \"option.threads=2\" for this program's own hub with 2 threads (default: this program's own hub)."`
	EngineOption   []string `hidden:"" placeholder:"NAME=VALUE" help:"A Hub parameter for the engine (the old form of --engine \"option.NAME=VALUE\")."`
	Level          *int     `placeholder:"N" help:"Play at strength level N, 0 (random moves) to ${max_level} (the full engine): the engine's Hub parameter level (docs/levels.md); the greeting says the level (default: the engine's own, full strength for this program)."`
	Limits         string   `placeholder:"FIELDS" help:"Limits added to each search besides the clock, e.g. \"depth=12\" or \"move-time=2\"."`
	Accept         []string `default:"rated,casual" enum:"rated,casual" help:"The kinds of game to accept (default ${default})."`
	TCMin          string   `name:"tc-min" default:"60" placeholder:"T[+I]" help:"The fastest clock accepted, in seconds and increment, compared by base + 40 × increment (default ${default})."`
	TCMax          string   `name:"tc-max" default:"3600" placeholder:"T[+I]" help:"The slowest clock accepted (default ${default})."`
	Concurrency    int      `default:"1" placeholder:"N" help:"Games played at once, 0 to 256, 0 = one per CPU; more challenges are declined with 'later' (default ${default})."`
	Challenge      []string `placeholder:"USER" help:"Challenge USER at start-up (repeat for several)."`
	ChallengeTC    string   `name:"challenge-tc" default:"300+3" placeholder:"T+I" help:"The clock of those challenges (default ${default})."`
	ChallengeRated bool     `help:"Make those challenges rated."`
	Greeting       string   `default:"Hello from dameo ${version}. Good game!" help:"Said in the players' chat when a game starts; empty for nothing."`
	Resign         string   `placeholder:"moves=N,score=S" help:"Resign after N own moves in a row scored <= -S men (default: never)."`
	Draw           string   `placeholder:"moves=N,score=S[,movenumber=M]" help:"From move M on (default 1), offer a draw after N own moves in a row scored within +-S men, and accept offers within it (default: never)."`
	OnInterrupt    string   `enum:"finish,resign" default:"finish" help:"On the first Ctrl-C take no new games and finish or resign those in progress (default ${default}); a second Ctrl-C resigns them at once."`
	Log            string   `placeholder:"FILE" help:"Append the log to FILE instead of writing it to standard error (default: none)."`
}

// Help is the long help of `dameo bot --help`.
func (c *botCmd) Help() string {
	return `Plays Dameo online on PlayStrategy with a bot account: follows the
account's events, accepts Dameo challenges within the policy (--accept,
--tc-min, --tc-max, --concurrency) and declines the rest, and plays each
game with an engine process of its own. Streams that drop are followed
again, rate limits are waited out. How to make the account, its token and
upgrade it to a bot: docs/playstrategy.md.

  dameo bot --token-file ~/.dameo-token --tc-min 180 --engine "option.threads=2"`
}

func (c *botCmd) Run() error {
	cfg, err := c.config()
	if err != nil {
		return usageError{err}
	}
	if c.Log != "" {
		f, err := safefile.OpenAppend(c.Log, 0o600)
		if err != nil {
			return usageError{fmt.Errorf("--log: %v", err)}
		}
		defer f.Close()
		cfg.Log = f
	}
	interrupt := make(chan struct{})
	cfg.Interrupt = interrupt
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	go func() {
		<-signals
		close(interrupt)
		<-signals
		cancel()
	}()
	err = bot.Run(ctx, cfg)
	select {
	case <-interrupt: // Ctrl-C: the bot stopped as asked
		if err == nil || errors.Is(err, context.Canceled) {
			return errInterrupted
		}
		return fmt.Errorf("%w: %v", errInterrupted, err)
	default:
		return err
	}
}

// maxTokenFile bounds the size of --token-file: a token is some tens of
// bytes, and a device such as /dev/zero would never end.
const maxTokenFile = 4096

// config builds the bot's configuration from the flags.
func (c *botCmd) config() (bot.Config, error) {
	concurrency, err := parallel("concurrency", c.Concurrency)
	if err != nil {
		return bot.Config{}, err
	}
	cfg := bot.Config{
		Server:            c.Server,
		Limits:            c.Limits,
		Concurrency:       concurrency,
		Challenge:         c.Challenge,
		ChallengeRated:    c.ChallengeRated,
		Greeting:          c.Greeting,
		ResignOnInterrupt: c.OnInterrupt == "resign",
		Log:               os.Stderr,
	}
	token, err := safefile.ReadFile(c.TokenFile, maxTokenFile)
	if err != nil {
		return cfg, fmt.Errorf("--token-file: cannot read %s: %v", c.TokenFile, err)
	}
	if cfg.Token = strings.TrimSpace(string(token)); cfg.Token == "" {
		return cfg, fmt.Errorf("--token-file: %s is empty", c.TokenFile)
	}
	if cfg.Engine, err = c.engine(); err != nil {
		return cfg, err
	}
	if c.Level != nil {
		n := *c.Level
		if n < 0 || n > levels.Full {
			return cfg, fmt.Errorf("--level must be 0 to %d, not %d", levels.Full, n)
		}
		cfg.Engine.Options = append(cfg.Engine.Options, hubclient.Param{Name: "level", Value: strconv.Itoa(n)})
		cfg.Greeting = levelGreeting(cfg.Greeting, n)
	}
	for _, kind := range c.Accept {
		cfg.Policy.Rated = cfg.Policy.Rated || kind == "rated"
		cfg.Policy.Casual = cfg.Policy.Casual || kind == "casual"
	}
	if cfg.Policy.Min, err = bot.ParseClock(c.TCMin); err != nil {
		return cfg, fmt.Errorf("--tc-min: %v", err)
	}
	if cfg.Policy.Max, err = bot.ParseClock(c.TCMax); err != nil {
		return cfg, fmt.Errorf("--tc-max: %v", err)
	}
	if cfg.Policy.Max.Estimate() < cfg.Policy.Min.Estimate() {
		return cfg, fmt.Errorf("--tc-max %s is faster than --tc-min %s", c.TCMax, c.TCMin)
	}
	if cfg.ChallengeClock, err = bot.ParseClock(c.ChallengeTC); err != nil {
		return cfg, fmt.Errorf("--challenge-tc: %v", err)
	}
	if c.Resign != "" {
		r, err := match.ParseResignRule(c.Resign)
		if err != nil {
			return cfg, fmt.Errorf("--%v", err)
		}
		cfg.Resign = bot.Threshold{Moves: r.Moves, Score: r.Score}
	}
	if c.Draw != "" {
		d, err := match.ParseDrawRule(c.Draw)
		if err != nil {
			return cfg, fmt.Errorf("--%v", err)
		}
		cfg.Draw = bot.Threshold{Moves: d.Moves, Score: d.Score, FromMove: d.MoveNumber}
	}
	return cfg, nil
}

// levelGreeting is the greeting with the level the bot plays at; nothing
// when there is no greeting.
func levelGreeting(greeting string, n int) string {
	if greeting == "" {
		return ""
	}
	if n == levels.Full {
		return fmt.Sprintf("%s I play at full strength (level %d of %d).", greeting, n, levels.Full)
	}
	return fmt.Sprintf("%s I play at level %d of %d, about %d Elo on dameo's scale (random moves = 0).", greeting, n, levels.Full, levels.Ladder[n].Elo)
}

// engine is the engine's command line and parameters from --engine (and
// the old --engine-option); a program that cannot be run is refused.
func (c *botCmd) engine() (hubclient.Spec, error) {
	self, err := os.Executable()
	var selfCmd []string
	if err == nil {
		selfCmd = []string{self, "hub"}
	}
	words, err := hubclient.SpecWords(c.Engine)
	if err != nil {
		return hubclient.Spec{}, fmt.Errorf("--engine: %v", err)
	}
	for _, w := range words {
		if key, _, _ := strings.Cut(w, "="); key == "name" || key == "dir" {
			return hubclient.Spec{}, fmt.Errorf("--engine: %s= is not used by the bot (its games are the account's, and the engine runs in the bot's directory)", key)
		}
	}
	spec, err := hubclient.ParseSpec(c.Engine, selfCmd)
	if err != nil {
		return hubclient.Spec{}, fmt.Errorf("--engine: %v", err)
	}
	if err := spec.Found(); err != nil {
		return hubclient.Spec{}, fmt.Errorf("--engine: %v", err)
	}
	for _, o := range c.EngineOption {
		name, value, ok := strings.Cut(o, "=")
		opt := hubclient.Param{Name: name, Value: value}
		if !ok || opt.Check() != nil {
			return hubclient.Spec{}, fmt.Errorf("--engine-option %q: want NAME=VALUE", o)
		}
		spec.Options = append(spec.Options, opt)
	}
	return spec, nil
}
