// The report of a match from its PDN records: the games of any number of
// runs (the shards of one match, or a single run) are read back, checked
// to belong to one match and to hold each game once, and tallied into the
// summary the single run prints.

package match

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/dameo/dameo/pdn"
)

// Report reads the PDN files the runs of one match wrote (a directory
// stands for the .pdn files in it) and returns the summary of their games;
// which shards and how many games it found goes to notes.
func Report(paths []string, notes io.Writer) (*Summary, error) {
	files, err := reportFiles(paths)
	if err != nil {
		return nil, err
	}
	var info *matchInfo
	var firstFile string
	type found struct {
		g    gameOutcome
		game int
		file string
	}
	var games []found
	shards := map[Shard]bool{}
	for _, file := range files {
		recs, err := readRecords(file, notes)
		if err != nil {
			return nil, err
		}
		for i, rec := range recs {
			where := fmt.Sprintf("%s: game %d", file, i+1)
			mi, err := parseMatchTag(rec.Tag(tagMatch))
			if !rec.HasTag(tagMatch) {
				return nil, fmt.Errorf("%s has no %s tag: not written by dameo match", where, tagMatch)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if info == nil {
				info, firstFile = mi, file
			} else if mi.ID != info.ID {
				return nil, fmt.Errorf("%s belongs to another match (id %s) than the games of %s (id %s): the settings, seed or engines differ", where, mi.ID, firstFile, info.ID)
			}
			shards[mi.Shard] = true
			g, game, err := outcomeOf(rec, mi)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			games = append(games, found{g, game, where})
		}
	}
	if info == nil {
		return nil, fmt.Errorf("no games in %s", strings.Join(files, ", "))
	}
	slices.SortStableFunc(games, func(x, y found) int {
		return cmp.Or(cmp.Compare(x.g.pair, y.g.pair), cmp.Compare(x.game, y.game))
	})
	ps, _ := pairings(len(info.Engines), info.Tournament)
	t := newTally(info, ps)
	for i, f := range games {
		if i > 0 && games[i-1].g.pair == f.g.pair && games[i-1].game == f.game {
			return nil, fmt.Errorf("game %d.%d is there twice (%s and %s): give each shard's file once", f.g.pair, f.game, games[i-1].file, f.file)
		}
		t.add(f.g)
	}
	planned := info.planned()
	var seen []string
	for s := range shards {
		if s.Count > 0 {
			seen = append(seen, s.String())
		}
	}
	slices.Sort(seen)
	fmt.Fprintf(notes, "%d files, match %s (seed %d)", len(files), info.ID, info.Seed)
	if len(seen) > 0 {
		fmt.Fprintf(notes, ", shards %s", strings.Join(seen, " "))
	}
	fmt.Fprintf(notes, ": %d of the match's %d games\n", len(games), planned)
	return t.summary(planned), nil
}

// reportFiles lists the files to read: each path, or the .pdn files of a
// directory, in name order.
func reportFiles(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("give the PDN files (or directories) of the match")
	}
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(p, "*.pdn"))
		if err != nil {
			return nil, err
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("%s: no .pdn files", p)
		}
		slices.Sort(matches)
		files = append(files, matches...)
	}
	return files, nil
}

// readRecords reads the games of a PDN file. A file that a running shard
// is appending to may end in the middle of a game: when the file does not
// parse and does not end as a record does (with an empty line), its last
// game is left out, and notes says so.
func readRecords(path string, notes io.Writer) ([]*pdn.Game, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	games, err := pdn.Parse(string(text))
	if err != nil && !strings.HasSuffix(string(text), "\n\n") {
		complete := string(text[:max(0, strings.LastIndex(string(text), "\n[Event ")+1)])
		if games, err = pdn.Parse(complete); err == nil {
			fmt.Fprintf(notes, "%s: the last game is incomplete (still being written?) and is not counted\n", path)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return games, nil
}

// outcomeOf reads what the tally needs of a record, and the number of the
// game in its pair.
func outcomeOf(rec *pdn.Game, mi *matchInfo) (gameOutcome, int, error) {
	var g gameOutcome
	pairText, gameText, ok := strings.Cut(rec.Tag(pdn.TagRound), ".")
	pair, err1 := strconv.Atoi(pairText)
	game, err2 := strconv.Atoi(gameText)
	units := (mi.Games + mi.Repeat - 1) / mi.Repeat
	if !ok || err1 != nil || err2 != nil || pair < 1 || game < 1 || game > mi.Repeat || pair > units*len(mi.Engines)*len(mi.Engines) {
		return g, 0, fmt.Errorf("the Round tag %q: want PAIR.GAME within the match", rec.Tag(pdn.TagRound))
	}
	g.pair = pair
	index := func(tag string) (int, error) {
		name := rec.Tag(tag)
		if i := slices.Index(mi.Engines, name); i >= 0 {
			return i, nil
		}
		return 0, fmt.Errorf("%s %q is not an engine of the match", tag, name)
	}
	var err error
	if g.white, err = index(pdn.TagWhite); err != nil {
		return g, 0, err
	}
	if g.black, err = index(pdn.TagBlack); err != nil {
		return g, 0, err
	}
	ps, _ := pairings(len(mi.Engines), mi.Tournament)
	if !slices.ContainsFunc(ps, func(p pairing) bool {
		return (p.a == g.white && p.b == g.black) || (p.a == g.black && p.b == g.white)
	}) {
		return g, 0, fmt.Errorf("%s and %s do not meet in this %s", mi.Engines[g.white], mi.Engines[g.black], mi.Tournament)
	}
	g.result, g.termination = rec.Result, rec.Tag(pdn.TagTermination)
	switch g.result {
	case pdn.WhiteWins, pdn.BlackWins, pdn.Draw:
	case pdn.Unfinished:
		if g.termination != terminationUnplayed {
			return g, 0, fmt.Errorf("an unfinished game (result *)")
		}
		name := rec.Tag(tagUnplayed)
		if g.unplayed = slices.Index(mi.Engines, name); g.unplayed < 0 {
			return g, 0, fmt.Errorf("%s %q is not an engine of the match", tagUnplayed, name)
		}
		g.startError = rec.Comment
	default:
		return g, 0, fmt.Errorf("result %q", g.result)
	}
	if rec.HasTag(pdn.TagResult) && rec.Tag(pdn.TagResult) != rec.Result {
		return g, 0, fmt.Errorf("the Result tag %q differs from the result %q of the moves", rec.Tag(pdn.TagResult), rec.Result)
	}
	return g, game, nil
}
