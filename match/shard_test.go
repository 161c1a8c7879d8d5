// Tests of shards and reports: the shards of a schedule partition it
// without splitting a game pair, the DameoMatch tag reads back, and the
// report merged from the PDN files of sharded runs prints exactly the
// summary of the unsharded run of the same games.

package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testio"
	"github.com/dameo/dameo/pdn"
)

func TestScheduleRepeatAndNoSwap(t *testing.T) {
	ops := DefaultOpenings()[:4]
	ps := []pairing{{0, 1}}
	jobs := scheduleGames(ps, scheduleParams{games: 4, repeat: 1}, ops)
	for i, j := range jobs {
		if j.pair != i+1 || j.game != 1 || !reflect.DeepEqual(j.opening, ops[i]) || (j.white == 0) != (i%2 == 0) {
			t.Errorf("repeat 1, job %d: %+v", i, j)
		}
	}
	jobs = scheduleGames(ps, scheduleParams{games: 4, repeat: 2, noSwap: true}, ops)
	for i, j := range jobs {
		if j.white != 0 || j.pair != i/2+1 || !reflect.DeepEqual(j.opening, ops[i/2]) {
			t.Errorf("noswap, job %d: %+v", i, j)
		}
	}
}

func TestShardsPartitionTheSchedule(t *testing.T) {
	ops := DefaultOpenings()
	for _, c := range []struct{ engines, games, repeat, shards int }{
		{2, 10, 2, 3}, {3, 7, 2, 4}, {4, 5, 1, 2}, {2, 2, 2, 5}, {3, 12, 2, 1},
	} {
		ps, _ := pairings(c.engines, RoundRobin)
		p := scheduleParams{games: c.games, repeat: c.repeat}
		all := scheduleGames(ps, p, ops)
		seen := map[int]int{} // game number → shard
		pairShard := map[int]int{}
		for i := 1; i <= c.shards; i++ {
			for _, j := range (Shard{i, c.shards}).take(all) {
				if s, ok := seen[j.number]; ok {
					t.Errorf("%+v: game %d in shards %d and %d", c, j.number, s, i)
				}
				seen[j.number] = i
				if s, ok := pairShard[j.pair]; ok && s != i {
					t.Errorf("%+v: pair %d split between shards %d and %d", c, j.pair, s, i)
				}
				pairShard[j.pair] = i
				if !reflect.DeepEqual(j, all[j.number-1]) {
					t.Errorf("%+v: shard %d changed game %d", c, i, j.number)
				}
			}
		}
		if len(seen) != len(all) {
			t.Errorf("%+v: shards hold %d of %d games", c, len(seen), len(all))
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/10"); err != nil || s != (Shard{2, 10}) || s.String() != "2/10" {
		t.Errorf("2/10: %+v %v", s, err)
	}
	for _, bad := range []string{"", "1", "0/3", "4/3", "1/0", "-1/3", "a/b", "1/3/4", "1 /3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func TestMatchTagRoundTrip(t *testing.T) {
	sp := SPRT{Elo0: -1, Elo1: 4, Alpha: 0.05, Beta: 0.1, Model: Normalized}
	mi := &matchInfo{ID: "0123456789ab", Engines: []string{"a b", "c,d", `e"%`}, Tournament: Gauntlet, Games: 10, Repeat: 2,
		Seed: 1 << 63, TC: "a depth=3, b 10+0.1", SPRT: &sp, Shard: Shard{2, 5}}
	got, err := parseMatchTag(mi.tag())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, mi) {
		t.Errorf("tag %q read back as %+v, want %+v", mi.tag(), got, mi)
	}
	if mi.planned() != 20 {
		t.Errorf("planned %d", mi.planned())
	}
	for _, bad := range []string{
		"", "id=x", "id=x engines=a games=2 repeat=2", "id=x engines=a,b games=0 repeat=2", "id=x engines=a,b games=2 repeat=3",
		"id=x engines=a,b games=2 repeat=2 seed=-1", "id=x engines=a,b games=2 repeat=2 shard=4/3", "id=x id=y engines=a,b games=2 repeat=2",
		"id=x engines=a,,b games=2 repeat=2", "id=x engines=a,b games=2 repeat=2 tournament=swiss", "id=x engines=a,b games=2 repeat=2 sprt=elo0=5,elo1=0", "junk",
	} {
		if _, err := parseMatchTag(bad); err == nil {
			t.Errorf("parseMatchTag(%q) accepted", bad)
		}
	}
}

func FuzzParseMatchTag(f *testing.F) {
	f.Add("id=0123456789ab engines=a,b tournament=round-robin games=10 repeat=2 seed=5 tc=depth=1 shard=1/2")
	f.Add("id=x engines=a%2Cb,c games=3 repeat=1 sprt=elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized")
	f.Fuzz(func(t *testing.T, s string) {
		mi, err := parseMatchTag(s)
		if err != nil {
			return
		}
		again, err := parseMatchTag(mi.tag())
		if err != nil || !reflect.DeepEqual(again.Engines, mi.Engines) || again.Games != mi.Games || again.Shard != mi.Shard {
			t.Errorf("%q → %q → %+v %v", s, mi.tag(), again, err)
		}
	})
}

func TestReportOfShardsEqualsTheRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	for _, c := range []struct {
		name    string
		engines []EngineSpec
		sprt    *SPRT
		games   int
		shards  int
	}{
		// Three engines: one loses by illegal moves, one cannot start.
		{"failures", []EngineSpec{
			badEngine(t, "good", dir), badEngine(t, "illegal", dir, "-mode", "illegal", "-at", "3"),
			{Spec: hubclient.Spec{Name: "ghost", Command: []string{filepath.Join(dir, "no-such-engine")}}},
		}, nil, 4, 3},
		// Two engines, an SPRT, an odd number of games (the last pair has one).
		{"sprt", []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir, "-mode", "crash", "-at", "7")}, &sp, 7, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := func(shard Shard, pdnPath string, out *bytes.Buffer) Config {
				return Config{Engines: c.engines, Games: c.games, TC: TimeControl{Depth: 1}, Seed: 99, Random: true,
					SPRT: c.sprt, Shard: shard, PDN: pdnPath, Out: &syncWriter{w: out}, DrawPlies: 20, MaxPlies: 80}
			}
			var whole bytes.Buffer
			wholePDN := filepath.Join(t.TempDir(), "whole.pdn")
			s, err := Run(context.Background(), cfg(Shard{}, wholePDN, &whole))
			if (err != nil) != (c.name == "failures") {
				t.Fatalf("whole run: %v\n%s", err, whole.String())
			}
			want := testio.From(t, whole.String(), "\n=== Match summary")
			if c.name == "failures" && (s.Unplayed != 8 || !strings.Contains(want, "ghost could not be started (8 games not played)") ||
				!strings.Contains(want, "illegal lost games by illegal move 4")) {
				t.Errorf("failures not summarised:\n%s", want)
			}
			shardDir := t.TempDir()
			for i := 1; i <= c.shards; i++ {
				var out bytes.Buffer
				sh := Shard{i, c.shards}
				if _, err := Run(context.Background(), cfg(sh, filepath.Join(shardDir, sh.String()[:1]+".pdn"), &out)); err != nil && c.name != "failures" {
					t.Fatalf("shard %s: %v\n%s", sh, err, out.String())
				}
			}
			for _, paths := range [][]string{{shardDir}, {wholePDN}} {
				var notes bytes.Buffer
				rs, err := Report(paths, &notes)
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				rs.Write(&got)
				if got.String() != want {
					t.Errorf("report of %v:\n%s\nwant the run's summary:\n%s", paths, got.String(), want)
				}
			}
		})
	}
}

// writeRecords writes games to a new PDN file.
func writeRecords(t *testing.T, path string, games ...*pdn.Game) {
	t.Helper()
	var b bytes.Buffer
	for _, g := range games {
		if err := pdn.Write(&b, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// record is a synthetic game record of a match.
func record(tag, round, white, black, result string) *pdn.Game {
	g := &pdn.Game{Result: result}
	for _, kv := range [][2]string{{pdn.TagRound, round}, {pdn.TagWhite, white}, {pdn.TagBlack, black}, {pdn.TagResult, result}, {tagMatch, tag}} {
		g.SetTag(kv[0], kv[1])
	}
	return g
}

func TestReportOfSyntheticRecords(t *testing.T) {
	dir := t.TempDir()
	tag := "id=abc engines=x,y tournament=round-robin games=4 repeat=2 seed=1 tc=depth=2"
	other := "id=def engines=x,y tournament=round-robin games=4 repeat=2 seed=2 tc=depth=2"
	ok1 := filepath.Join(dir, "1.pdn")
	writeRecords(t, ok1, record(tag+" shard=1/2", "1.1", "x", "y", pdn.WhiteWins), record(tag+" shard=1/2", "1.2", "y", "x", pdn.Draw))
	ok2 := filepath.Join(dir, "2.pdn")
	writeRecords(t, ok2, record(tag+" shard=2/2", "2.2", "y", "x", pdn.WhiteWins), record(tag+" shard=2/2", "2.1", "x", "y", pdn.WhiteWins))
	// A game being written at the end of a file is left out.
	text, err := os.ReadFile(ok2)
	if err != nil {
		t.Fatal(err)
	}
	partial := filepath.Join(dir, "partial.pdn")
	if err := os.WriteFile(partial, append(text, "[Event \"dameo match\"]\n[Round \"3.1\"]\n[Whi"...), 0o644); err != nil {
		t.Fatal(err)
	}
	var notes bytes.Buffer
	s, err := Report([]string{partial, ok1}, &notes)
	if err != nil {
		t.Fatal(err)
	}
	p := s.Pairings[0]
	if s.Games != 4 || s.Planned != 4 || p.Score != (Score{Wins: 2, Draws: 1, Losses: 1}) || p.Penta != (Pentanomial{0, 0, 1, 1, 0}) || s.TC != "depth=2" {
		t.Errorf("report %+v %+v", s, p)
	}
	if !strings.Contains(notes.String(), "shards 1/2 2/2: 4 of the match's 4 games") || !strings.Contains(notes.String(), "partial.pdn: game ") {
		t.Errorf("notes %q", notes.String())
	}
	// A complete file that does not parse is an error.
	broken := filepath.Join(dir, "broken.pdn")
	if err := os.WriteFile(broken, []byte("[Event \"x\"\n[Round 1]\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Report([]string{broken}, &notes); err == nil || !strings.Contains(err.Error(), "broken.pdn") {
		t.Errorf("a broken file: %v", err)
	}
	bad := func(name string, games ...*pdn.Game) string {
		path := filepath.Join(dir, name+".pdn")
		writeRecords(t, path, games...)
		return path
	}
	for name, paths := range map[string][]string{
		"another match":   {ok1, bad("other", record(other, "2.1", "x", "y", pdn.Draw))},
		"twice":           {ok1, ok1},
		"no DameoMatch":   {bad("plain", &pdn.Game{Result: pdn.Draw})},
		"not an engine":   {bad("stranger", record(tag, "1.1", "x", "z", pdn.Draw))},
		"unfinished":      {bad("unfinished", record(tag, "1.1", "x", "y", pdn.Unfinished))},
		"Round tag":       {bad("round", record(tag, "7", "x", "y", pdn.Draw))},
		"no .pdn files":   {t.TempDir()},
		"no such file":    {filepath.Join(dir, "missing.pdn")},
		"give the PDN":    nil,
		"bad engine name": {bad("badtag", record("id=x engines=a,,b games=2 repeat=2", "1.1", "a", "b", pdn.Draw))},
	} {
		if _, err := Report(paths, &notes); err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), name) && !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(name)) {
			t.Errorf("%s: error %q", name, err)
		}
	}
}
