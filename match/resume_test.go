package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/testio"
	"github.com/dameo/dameo/pdn"
)

// TestResume: a match cut off after three games (the second pair half
// played) and a record half written is resumed from its PDN: the three
// games are not played again, the other five are, and the summary and the
// file are those of the match played in one go.
func TestResume(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	cfg := func(pdnPath string, out *bytes.Buffer) Config {
		return Config{Engines: []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir)}, Games: 8,
			TC: TimeControl{Depth: 1}, Seed: 7, Random: true, DrawPlies: 20, MaxPlies: 60,
			PDN: pdnPath, Out: &syncWriter{w: out}, RatingInterval: 0}
	}
	var whole bytes.Buffer
	wholePDN := filepath.Join(t.TempDir(), "whole.pdn")
	if _, err := Run(context.Background(), cfg(wholePDN, &whole)); err != nil {
		t.Fatal(err)
	}
	want := testio.From(t, whole.String(), "\n=== Match summary")

	// The first three records and the start of a fourth.
	var cut bytes.Buffer
	for _, g := range readPDN(t, wholePDN)[:3] {
		if err := pdn.Write(&cut, g); err != nil {
			t.Fatal(err)
		}
	}
	cut.WriteString("[Event \"dameo match\"]\n[Site \"?\"]\n[Da")
	partPDN := filepath.Join(t.TempDir(), "part.pdn")
	if err := os.WriteFile(partPDN, cut.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := cfg(partPDN, &out)
	c.Resume = true
	var counts [][3]int
	c.Progress = func(played, resumed, total int) { counts = append(counts, [3]int{played, resumed, total}) }
	s, err := Run(context.Background(), c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(counts) != 6 || counts[0] != [3]int{0, 3, 8} || counts[5] != [3]int{5, 3, 8} {
		t.Errorf("resumed run's progress %v, want 3 of 8 games resumed, then each of 5 played", counts)
	}
	text := out.String()
	if s.Games != 8 || strings.Count(text, "Started game") != 5 || !strings.Contains(text, "Resuming "+partPDN+": 3 games done, 5 to play") ||
		!strings.Contains(text, "game 4, the last record (from byte") || strings.Contains(text, "Started game 3 ") {
		t.Errorf("resumed run (%d games):\n%s", s.Games, text)
	}
	if got := testio.From(t, text, "\n=== Match summary"); got != want {
		t.Errorf("resumed summary:\n%s\nwant the whole run's:\n%s", got, want)
	}
	var notes bytes.Buffer
	rs, err := Report([]string{partPDN}, &notes)
	if err != nil {
		t.Fatalf("report of the resumed file: %v", err)
	}
	var got bytes.Buffer
	rs.Write(&got)
	if got.String() != want {
		t.Errorf("report of the resumed file:\n%s\nwant:\n%s", got.String(), want)
	}

	// A last record damaged (not just cut short) is named with what is
	// wrong when it lacks its closing blank line, and refused with it.
	var damaged bytes.Buffer
	for _, g := range readPDN(t, wholePDN)[:4] {
		if err := pdn.Write(&damaged, g); err != nil {
			t.Fatal(err)
		}
	}
	text4 := bytes.TrimRight(damaged.Bytes(), "\n")
	i := bytes.LastIndex(text4, []byte("\n1. ")) + 1
	for ending, wantErr := range map[string]bool{"\n": false, "\n\n": true} {
		body := slices.Concat(text4[:i], []byte("1. \x00\x01{garbage"), text4[i+3:], []byte(ending))
		path := filepath.Join(t.TempDir(), "damaged.pdn")
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		notes.Reset()
		_, err := Report([]string{path}, &notes)
		switch {
		case wantErr && err == nil:
			t.Errorf("a damaged last record closed by a blank line was not refused; notes %q", notes.String())
		case !wantErr && (err != nil || !strings.Contains(notes.String(), "game 4, the last record") || !strings.Contains(notes.String(), "cannot be read (")):
			t.Errorf("a damaged last record: error %v, notes %q, want it named with why", err, notes.String())
		}
	}

	// Resuming a finished match plays nothing.
	out.Reset()
	if s, err := Run(context.Background(), c); err != nil || s.Games != 8 || strings.Contains(out.String(), "Started game") {
		t.Errorf("resuming a finished match: %v, %+v\n%s", err, s, out.String())
	}
	seed, found, err := ResumeSeed(partPDN)
	if err != nil || !found || seed != 7 {
		t.Errorf("ResumeSeed: %d, %v, %v", seed, found, err)
	}
}

// TestResumeRefusesAnotherMatch: a PDN of other settings, of another
// shard, or not of dameo match is not resumed (and not appended to).
func TestResumeRefusesAnotherMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	base := func(pdnPath string) Config {
		return Config{Engines: []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir)}, Games: 4,
			TC: TimeControl{Depth: 1}, Seed: 3, DrawPlies: 20, MaxPlies: 40, PDN: pdnPath}
	}
	played := filepath.Join(t.TempDir(), "played.pdn")
	shard := base(played)
	shard.Shard = Shard{1, 2}
	if _, err := Run(context.Background(), shard); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(played)
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(t.TempDir(), "plain.pdn")
	writeRecords(t, plain, &pdn.Game{Result: pdn.Draw})
	for name, c := range map[string]struct {
		change func(*Config)
		want   string
	}{
		"other games":   {func(c *Config) { c.Games = 6; c.Shard = Shard{1, 2} }, "another match"},
		"other seed":    {func(c *Config) { c.Seed = 4; c.Shard = Shard{1, 2} }, "another match"},
		"other engines": {func(c *Config) { c.Engines[1].Name = "c"; c.Shard = Shard{1, 2} }, "another match"},
		"other shard":   {func(c *Config) { c.Shard = Shard{2, 2} }, `shard "1/2"`},
		"whole match":   {func(c *Config) {}, `shard "1/2"`},
		"not a match":   {func(c *Config) { c.PDN = plain }, "not written by dameo match"},
	} {
		cfg := base(played)
		cfg.Resume = true
		c.change(&cfg)
		_, err := Run(context.Background(), cfg)
		var re *ResumeError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a resume error saying %q", name, err, c.want)
		}
	}
	if after, _ := os.ReadFile(played); !bytes.Equal(after, before) {
		t.Error("a refused resume changed the file")
	}
	noPDN := base("")
	noPDN.Resume = true
	if _, err := Run(context.Background(), noPDN); err == nil || !strings.Contains(err.Error(), "--pdn") {
		t.Errorf("resume without a PDN file: %v", err)
	}
}

// TestMatchesInOneFile: a second match played into the PDN file of a
// first is reported apart (issue 36: the report refused the file), each
// match alone with its id, and resumed without the first's games; the
// very same match again without --resume is refused, the file untouched.
func TestMatchesInOneFile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	dir := t.TempDir()
	path := filepath.Join(t.TempDir(), "games.pdn")
	cfg := func(seed uint64, games int) Config {
		return Config{Engines: []EngineSpec{badEngine(t, "a", dir), badEngine(t, "b", dir)}, Games: games,
			TC: TimeControl{Depth: 1}, Seed: seed, DrawPlies: 20, MaxPlies: 40, PDN: path}
	}
	for _, c := range []Config{cfg(3, 2), cfg(4, 4)} {
		if _, err := Run(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	var notes bytes.Buffer
	reports, err := Reports([]string{path}, "", &notes)
	if err != nil || len(reports) != 2 || reports[0].Seed != 3 || reports[0].Summary.Games != 2 || reports[1].Seed != 4 || reports[1].Summary.Games != 4 {
		t.Fatalf("Reports: %v, %+v", err, reports)
	}
	if strings.Count(notes.String(), "1 file, match ") != 2 {
		t.Errorf("notes %q, want a line a match", notes.String())
	}
	var out bytes.Buffer
	WriteReports(&out, reports)
	if strings.Count(out.String(), "=== Match summary") != 2 || !strings.Contains(out.String(), "##### Match 2 of 2: id "+reports[1].ID+", a vs b, seed 4") {
		t.Errorf("the reports:\n%s", out.String())
	}
	one, err := Reports([]string{path}, reports[1].ID, io.Discard)
	if err != nil || len(one) != 1 || one[0].Seed != 4 {
		t.Errorf("Reports of match %s: %v, %+v", reports[1].ID, err, one)
	}
	if _, err := Reports([]string{path}, "nosuchid", io.Discard); err == nil || !strings.Contains(err.Error(), "no games of match nosuchid") {
		t.Errorf("Reports of a match not there: %v", err)
	}
	if _, err := Report([]string{path}, io.Discard); err == nil || !strings.Contains(err.Error(), "2 matches") {
		t.Errorf("Report of two matches: %v", err)
	}
	if seed, found, err := ResumeSeed(path); err != nil || !found || seed != 4 {
		t.Errorf("ResumeSeed: %d, %v, %v; want the last match's seed 4", seed, found, err)
	}
	resume := cfg(4, 4)
	resume.Resume = true
	var runOut bytes.Buffer
	resume.Out = &syncWriter{w: &runOut}
	if s, err := Run(context.Background(), resume); err != nil || s.Games != 4 || !strings.Contains(runOut.String(), "4 games done, 0 to play") {
		t.Errorf("resuming the second match: %v\n%s", err, runOut.String())
	}
	before, _ := os.ReadFile(path)
	var replay *ReplayError
	if _, err := Run(context.Background(), cfg(3, 2)); !errors.As(err, &replay) || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("the first match again: %v, want a ReplayError", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("a refused match changed the file")
	}
}
