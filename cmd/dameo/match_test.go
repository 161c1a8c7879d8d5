// Tests of `dameo match` and `dameo match report` as a user runs them: the
// cutechess-cli argument forms, the output lines, the printed seed, the
// report of shards, an engine that cannot start, and --help's defaults.

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/testio"
	"github.com/dameo/dameo/pdn"
)

// quiet are spec words that make dameo's games reproducible and fast: one
// thread, no book, a small hash.
const quiet = "option.threads=1 option.book=false option.hash=1"

func TestMatchCutechessForms(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pdn")
	out, errOut, code := run(t, "match",
		"-engine", "name=deep", "depth=2", "option.threads=1",
		"-engine", "name=shallow", "option.threads=1",
		"-each", "depth=1", "option.book=false", "-each", "option.hash=1", "restart=on",
		"-rounds", "2", "-games", "2", "-repeat", "-srand", "3", "-pgnout", games, "-ratinginterval", "2",
		"-event", "Test Event", "-site", "here", "-maxmoves", "60", "-concurrency", "1")
	if code != 0 {
		t.Fatalf("exit status %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		`(?m)^Started game 1 of 4 \(deep vs shallow\)$`,
		`(?m)^Started game 2 of 4 \(shallow vs deep\)$`,
		`(?m)^Finished game 4 \(shallow vs deep\): (1-0|0-1|1/2-1/2) \{.+\}$`,
		`(?m)^Score of deep vs shallow: \d+ - \d+ - \d+  \[\d\.\d{3}\] 2$`,
		`(?m)^Elo difference: .+, LOS: \d+\.\d %, DrawRatio: \d+\.\d %$`,
		`(?m)^=== Match summary: 4 of 4 games, time control deep depth=2, shallow depth=1 ===$`,
		`(?m)^Score of deep vs shallow: \d+ - \d+ - \d+  \[\d\.\d{3}\] 4$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output has no line matching %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Seed") {
		t.Errorf("-srand given, yet a seed is printed:\n%s", out)
	}
	f, err := os.Open(games)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := pdn.ReadAll(f)
	if err != nil || len(recs) != 4 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for _, g := range recs {
		if g.Tag(pdn.TagEvent) != "Test Event" || g.Tag(pdn.TagSite) != "here" || !strings.Contains(g.Tag("DameoMatch"), "seed=3") ||
			g.Tag("WhiteTimeControl") == "" || len(g.Moves) > 120+2 {
			t.Errorf("record tags %v, %d moves", g.Tags, len(g.Moves))
		}
	}
}

func TestMatchSeedAndShardChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	out, errOut, code := run(t, "match", "-e", "name=a "+quiet, "-e", "name=b "+quiet, "--depth", "1", "--games", "1", "--rating-interval", "0")
	if code != 0 || !regexp.MustCompile(`(?m)^Seed \d+ \(give --seed \d+ to play the same openings again\)$`).MatchString(out) {
		t.Errorf("status %d, no seed printed:\n%s%s", code, out, errOut)
	}
	for args, want := range map[string]string{
		"--shard 1/2 --pdn x.pdn":          "--shard needs --seed",
		"--shard 1/2 --seed 4":             "--shard needs --pdn",
		"--shard 3/2 --seed 4 --pdn x.pdn": "shard",
		"--seed x":                         "--seed",
		"--start-timeout 0":                "--start-timeout",
		"--repeat 3":                       "--repeat must be 1 to 2, not 3",
		"-rounds":                          "-rounds needs a value",
		"-openings file=a.pdn format=fen":  "format=fen",
		"-engines x":                       "unknown option -engines",
		"--opening-start 99999":            "--opening-start must be 1 to ",
		"--opening-start 0":                "--opening-start must be 1 or more, not 0",
		"--opening-plies -1":               "--opening-plies must be 0 or more, not -1",
		"--egtb-pieces -1":                 "--egtb-pieces must be 2 to ",
		"--resume":                         "resume continues the match of a PDN file: give it (--pdn)",
		"--shard 1/2 --seed 4 --pdn x.pdn --sprt elo0=0,elo1=5": "--shard with --sprt needs --games or --rounds",
	} {
		_, errOut, code := run(t, append([]string{"match", "-e", "name=a", "-e", "name=b", "--depth", "1"}, strings.Fields(args)...)...)
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%s: status %d, stderr %q, want 2 and %q", args, code, errOut, want)
		}
	}
}

func TestMatchReportOfShards(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	args := []string{"match", "-e", "name=d2 depth=2 " + quiet, "-e", "name=d1 depth=1 " + quiet,
		"--games", "2", "--rounds", "3", "--seed", "11", "--rating-interval", "0", "--sprt", "elo0=0,elo1=20"}
	out, errOut, code := run(t, append(args, "--pdn", filepath.Join(dir, "whole.pdn"))...)
	if code != 0 {
		t.Fatalf("whole run: status %d\n%s%s", code, out, errOut)
	}
	want := testio.From(t, out, "\n=== Match summary")
	shards := filepath.Join(dir, "shards")
	if err := os.Mkdir(shards, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"1", "2"} {
		if out, errOut, code := run(t, append(args, "--shard", s+"/2", "--pdn", filepath.Join(shards, s+".pdn"))...); code != 0 {
			t.Fatalf("shard %s: status %d\n%s%s", s, code, out, errOut)
		}
	}
	got, notes, code := run(t, "match", "report", shards)
	if code != 0 || got != want {
		t.Errorf("report: status %d\n%s\nwant\n%s", code, got, want)
	}
	if !strings.Contains(notes, "shards 1/2 2/2: 6 of the match's 6 games") {
		t.Errorf("report notes %q", notes)
	}
	if _, errOut, code := run(t, "match", "report", filepath.Join(shards, "1.pdn"), filepath.Join(dir, "whole.pdn")); code != 2 || !strings.Contains(errOut, "twice") {
		t.Errorf("overlapping files: status %d, %q", code, errOut)
	}
	if out, _, code := run(t, "match", "report", "--help"); code != 0 || !strings.HasPrefix(out, "Usage: dameo match report <pdn> ...") {
		t.Errorf("report --help: status %d\n%s", code, out)
	}
}

func TestMatchEngineThatCannotStart(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	// A program that never answers the Hub handshake, and one that does not exist;
	// the start-up limit is long enough for a loaded machine to start dameo hub.
	out, errOut, code := run(t, "match", "--start-timeout", "5", "--depth", "1", "--games", "2", "--seed", "1",
		"-e", "name=a "+quiet, "-e", "name=b "+quiet, "-e", "name=mute cmd=sleep arg=30",
		"-e", "name=ghost cmd="+filepath.Join(dir, "none"), "--tournament", "gauntlet")
	if code != 1 {
		t.Errorf("status %d, want 1", code)
	}
	for _, want := range []string{
		"=== Match summary: 2 of 6 games",
		"4 games were not played",
		"mute could not be started (2 games not played): engine mute: start-up (hub ... wait): no answer in time",
		"ghost could not be started (2 games not played): engine ghost: cannot start",
		"Score of a vs b: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output does not say %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "4 games not played") {
		t.Errorf("stderr %q", errOut)
	}
}

// TestMatchHelpShowsDefaults: every flag of match --help states its default.
func TestMatchHelpShowsDefaults(t *testing.T) {
	out, _, code := run(t, "match", "--help")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	flags := strings.Split(out[strings.Index(out, "Flags:"):], "\n  -")
	for _, f := range flags[1:] {
		text := strings.Join(strings.Fields(f), " ")
		if strings.HasPrefix(text, "h, --help") || strings.HasPrefix(text, "-version") {
			continue
		}
		if !strings.Contains(text, "default") {
			t.Errorf("the help of a flag does not state its default: %s", text)
		}
	}
}
