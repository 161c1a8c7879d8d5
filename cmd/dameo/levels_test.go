package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/levels"
)

// dameo bot --level N sets the engine's level parameter and says the level
// in the greeting; without --level the engine is left as it is.
func TestBotLevel(t *testing.T) {
	token := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(token, []byte("x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	three := 3
	c := botCmd{TokenFile: token, Greeting: "Hello.", Level: &three, TCMin: "60", TCMax: "3600", ChallengeTC: "300+3", Concurrency: 1}
	cfg, err := c.config()
	if err != nil {
		t.Fatal(err)
	}
	want := hubclient.Param{Name: "level", Value: "3"}
	if n := len(cfg.Engine.Options); n == 0 || cfg.Engine.Options[n-1] != want {
		t.Errorf("engine options %v, want level=3 last", cfg.Engine.Options)
	}
	if !strings.HasPrefix(cfg.Greeting, "Hello. ") || !strings.Contains(cfg.Greeting, "level 3 of 18") {
		t.Errorf("greeting %q does not say the level", cfg.Greeting)
	}
	c.Level = nil
	if cfg, err = c.config(); err != nil || len(cfg.Engine.Options) != 0 || cfg.Greeting != "Hello." {
		t.Errorf("without --level: options %v, greeting %q, %v", cfg.Engine.Options, cfg.Greeting, err)
	}
	if g := levelGreeting("", 3); g != "" {
		t.Errorf("no greeting became %q", g)
	}
}

// dameo match takes option.level=N as any Hub parameter: level 0 (random
// moves) against level 4 at fixed depth, the games recorded; and dameo
// match report --ladder fits the levels' Elo to them.
func TestMatchAtLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	games := filepath.Join(t.TempDir(), "levels.pdn")
	out, errOut, code := run(t, "match",
		"-e", "name=level-0 option.level=0 option.level-seed=1 "+quiet,
		"-e", "name=level-4 option.level=4 option.level-seed=2 "+quiet,
		"--depth", "3", "--games", "4", "--seed", "5", "--max-plies", "60", "--pdn", games, "--rating-interval", "0")
	if code != 0 {
		t.Fatalf("status %d\n%s%s", code, out, errOut)
	}
	if !regexp.MustCompile(`(?m)^Score of level-0 vs level-4: \d+ - \d+ - \d+ .* 4$`).MatchString(out) {
		t.Errorf("no score line of 4 games:\n%s", out)
	}
	// The ladder of the match's file: level-0 anchored at 0, level-4 fitted.
	out, errOut, code = run(t, "match", "report", "--ladder", games)
	if code != 0 || !regexp.MustCompile(`(?m)^level-0 +0\.0 +0\.0 +4$`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^level-4 +-?\d+\.\d +\d+\.\d +4$`).MatchString(out) ||
		!strings.Contains(out, "level-0 vs level-4: 4 games, measured ") {
		t.Errorf("match report --ladder: status %d\n%s%s", code, out, errOut)
	}
	// A level off the ladder is refused at start-up, with the engine's error.
	out, errOut, code = run(t, "match",
		"-e", "name=bad option.level="+strconv.Itoa(levels.Full+1)+" "+quiet, "-e", "name=good "+quiet,
		"--depth", "1", "--games", "2", "--seed", "5", "--rating-interval", "0")
	if code == 0 || !strings.Contains(out+errOut, fmt.Sprintf("bad value %d for parameter level", levels.Full+1)) {
		t.Errorf("option.level=%d: status %d, output\n%s%s", levels.Full+1, code, out, errOut)
	}
}
