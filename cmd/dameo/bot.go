// `dameo bot`: the engine online on PlayStrategy through its Bot API, run
// by package bot. This file only turns flags into a bot.Config and the
// first and second Ctrl-C into the bot's interrupt and its hard stop.

package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/dameo/dameo/bot"
)

type botCmd struct {
	TokenFile      string   `required:"" placeholder:"FILE" help:"File holding the account's API token (scope bot:play); never printed."`
	Server         string   `default:"https://playstrategy.org" placeholder:"URL" help:"The server (default ${default})."`
	Engine         string   `placeholder:"\"CMD ARGS\"" help:"The engine's command line, words separated by spaces (default: this program's own hub)."`
	EngineOption   []string `placeholder:"NAME=VALUE" help:"A Hub parameter for the engine, e.g. threads=2 or hash=256 (repeat for several)."`
	Limits         string   `placeholder:"FIELDS" help:"Limits added to each search besides the clock, e.g. \"depth=12\" or \"move-time=2\"."`
	Accept         []string `default:"rated,casual" enum:"rated,casual" help:"The kinds of game to accept (default ${default})."`
	TCMin          string   `name:"tc-min" default:"60" placeholder:"T[+I]" help:"The fastest clock accepted, in seconds and increment, compared by base + 40 × increment (default ${default})."`
	TCMax          string   `name:"tc-max" default:"3600" placeholder:"T[+I]" help:"The slowest clock accepted (default ${default})."`
	Concurrency    int      `default:"1" placeholder:"N" help:"Games played at once; more challenges are declined with 'later' (default ${default})."`
	Challenge      []string `placeholder:"USER" help:"Challenge USER at start-up (repeat for several)."`
	ChallengeTC    string   `name:"challenge-tc" default:"300+3" placeholder:"T+I" help:"The clock of those challenges (default ${default})."`
	ChallengeRated bool     `help:"Make those challenges rated."`
	Greeting       string   `default:"Hello from dameo ${version}. Good game!" help:"Said in the players' chat when a game starts; empty for nothing."`
	Resign         string   `placeholder:"moves=N,score=S" help:"Resign after N own moves in a row scored <= -S men."`
	Draw           string   `placeholder:"moves=N,score=S" help:"Offer a draw after N own moves in a row scored within +-S men, and accept offers within it."`
	OnInterrupt    string   `enum:"finish,resign" default:"finish" help:"On the first Ctrl-C take no new games and finish or resign those in progress (default ${default}); a second Ctrl-C resigns them at once."`
	Log            string   `placeholder:"FILE" help:"Write the log to FILE instead of standard error."`
}

// Help is the long help of `dameo bot --help`.
func (c *botCmd) Help() string {
	return `Plays Dameo online on PlayStrategy with a bot account: follows the
account's events, accepts Dameo challenges within the policy (--accept,
--tc-min, --tc-max, --concurrency) and declines the rest, and plays each
game with an engine process of its own. Streams that drop are followed
again, rate limits are waited out. How to make the account, its token and
upgrade it to a bot: docs/playstrategy.md.

  dameo bot --token-file ~/.dameo-token --tc-min 180 --engine-option threads=2`
}

func (c *botCmd) Run() error {
	cfg, err := c.config()
	if err != nil {
		return usageError{err}
	}
	if c.Log != "" {
		f, err := os.OpenFile(c.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
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
	return bot.Run(ctx, cfg)
}

// config builds the bot's configuration from the flags.
func (c *botCmd) config() (bot.Config, error) {
	cfg := bot.Config{
		Server:            c.Server,
		Limits:            c.Limits,
		Concurrency:       c.Concurrency,
		Challenge:         c.Challenge,
		ChallengeRated:    c.ChallengeRated,
		Greeting:          c.Greeting,
		ResignOnInterrupt: c.OnInterrupt == "resign",
		Log:               os.Stderr,
	}
	token, err := os.ReadFile(c.TokenFile)
	if err != nil {
		return cfg, fmt.Errorf("--token-file: cannot read %s", c.TokenFile)
	}
	if cfg.Token = strings.TrimSpace(string(token)); cfg.Token == "" {
		return cfg, fmt.Errorf("--token-file: %s is empty", c.TokenFile)
	}
	if c.Engine != "" {
		cfg.Engine = strings.Fields(c.Engine)
	} else if self, err := os.Executable(); err == nil {
		cfg.Engine = []string{self, "hub"}
	} else {
		return cfg, fmt.Errorf("cannot find this program for its hub (%v): give --engine", err)
	}
	for _, o := range c.EngineOption {
		name, value, ok := strings.Cut(o, "=")
		if !ok || name == "" {
			return cfg, fmt.Errorf("--engine-option %q: want NAME=VALUE", o)
		}
		cfg.EngineOptions = append(cfg.EngineOptions, bot.EngineOption{Name: name, Value: value})
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
		if cfg.Resign, err = parseThreshold(c.Resign); err != nil {
			return cfg, fmt.Errorf("--resign: %v", err)
		}
	}
	if c.Draw != "" {
		if cfg.Draw, err = parseThreshold(c.Draw); err != nil {
			return cfg, fmt.Errorf("--draw: %v", err)
		}
	}
	return cfg, nil
}

// parseThreshold reads "moves=N,score=S" (both required, N >= 1, S >= 0).
func parseThreshold(s string) (bot.Threshold, error) {
	var t bot.Threshold
	seen := map[string]bool{}
	for field := range strings.SplitSeq(s, ",") {
		name, value, _ := strings.Cut(field, "=")
		var err error
		switch name {
		case "moves":
			t.Moves, err = strconv.Atoi(value)
			if err == nil && t.Moves < 1 {
				err = fmt.Errorf("want at least 1")
			}
		case "score":
			t.Score, err = strconv.ParseFloat(value, 64)
			if err == nil && !(t.Score >= 0 && t.Score <= 100) {
				err = fmt.Errorf("want 0 to 100 men")
			}
		default:
			return t, fmt.Errorf("%q: want moves=N,score=S", s)
		}
		if err != nil {
			return t, fmt.Errorf("%s=%q: %v", name, value, err)
		}
		seen[name] = true
	}
	if !seen["moves"] || !seen["score"] {
		return t, fmt.Errorf("%q: want moves=N,score=S", s)
	}
	return t, nil
}
