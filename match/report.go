// The report of a match from its PDN records: the games of any number of
// runs (the shards of one match, or a single run) are read back one at a
// time from regular files, checked to belong to one match, to its schedule
// and to hold each game once, and tallied into the summary the single run
// prints.

package match

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
)

// MatchReport is the summary of one match of the files a report reads.
type MatchReport struct {
	ID      string // the match's id (its DameoMatch tag)
	Seed    uint64
	Summary *Summary
}

// Reports reads the PDN files the runs of matches wrote (a directory
// stands for the .pdn files in it) and returns the summary of each match
// (the games of one DameoMatch id: the shards of one match, or one run),
// in the order the matches first appear, several when runs of other
// matches were appended to the same file; with id not "" the match of
// that id alone. Which shards and how many games it found goes to notes,
// a line a match. It keeps one game at a time and a bit per scheduled
// game of each match in memory.
func Reports(paths []string, id string, notes io.Writer) ([]MatchReport, error) {
	files, err := reportFiles(paths)
	if err != nil {
		return nil, err
	}
	set := &reportSet{only: id, byID: map[string]*reportReader{}}
	for _, file := range files {
		cut, err := readRecords(file, func(rec *pdn.Game) error { return set.add(rec, file) })
		if err != nil {
			return nil, err
		}
		if cut != nil {
			fmt.Fprintf(notes, "%s: %s (still being written?) and is not counted\n", file, cut)
		}
	}
	switch {
	case len(set.order) == 0 && id != "":
		return nil, fmt.Errorf("no games of match %s in %s (%s)", id, strings.Join(files, ", "), set.others())
	case len(set.order) == 0:
		return nil, fmt.Errorf("no games in %s", strings.Join(files, ", "))
	}
	noun := "files"
	if len(files) == 1 {
		noun = "file"
	}
	var reports []MatchReport
	for _, r := range set.order {
		planned := r.info.planned()
		var seen []string
		for s := range r.shards {
			if s.Count > 0 {
				seen = append(seen, s.String())
			}
		}
		slices.Sort(seen)
		fmt.Fprintf(notes, "%d %s, match %s (seed %d)", len(files), noun, r.info.ID, r.info.Seed)
		if len(seen) > 0 {
			fmt.Fprintf(notes, ", shards %s", strings.Join(seen, " "))
		}
		fmt.Fprintf(notes, ": %d of the match's %d games\n", r.games, planned)
		reports = append(reports, MatchReport{ID: r.info.ID, Seed: r.info.Seed, Summary: r.tally.summary(planned)})
	}
	return reports, nil
}

// Report is Reports for files that hold the games of one match: files
// that hold several are refused, naming them.
func Report(paths []string, notes io.Writer) (*Summary, error) {
	reports, err := Reports(paths, "", notes)
	if err != nil {
		return nil, err
	}
	if len(reports) > 1 {
		ids := make([]string, len(reports))
		for i, r := range reports {
			ids[i] = r.ID
		}
		return nil, fmt.Errorf("the files hold the games of another match too (%d matches: %s); report one at a time", len(ids), strings.Join(ids, ", "))
	}
	return reports[0].Summary, nil
}

// WriteReports prints the summaries: one as Summary.Write does, several
// each after a line naming its match, its engines and its seed.
func WriteReports(w io.Writer, reports []MatchReport) {
	for i, r := range reports {
		if len(reports) > 1 {
			s := r.Summary
			names := make([]string, len(s.Engines))
			for j, e := range s.Engines {
				names[j] = e.Name
			}
			fmt.Fprintf(w, "\n##### Match %d of %d: id %s, %s, seed %d (--match %s reports it alone)\n", i+1, len(reports), r.ID, strings.Join(names, " vs "), r.Seed, r.ID)
		}
		r.Summary.Write(w)
	}
}

// reportSet sorts the records it reads by their match.
type reportSet struct {
	only  string // the id of the one match to report ("": every one)
	byID  map[string]*reportReader
	order []*reportReader // in the order the matches first appear
	other map[string]bool // ids of the matches left out (only set)
}

// add tallies a record into its match's reader, started at its first.
func (set *reportSet) add(rec *pdn.Game, file string) error {
	mi, err := recordMatch(rec)
	if err != nil {
		return err
	}
	if set.only != "" && mi.ID != set.only {
		if set.other == nil {
			set.other = map[string]bool{}
		}
		set.other[mi.ID] = true
		return nil
	}
	r := set.byID[mi.ID]
	if r == nil {
		r = &reportReader{shards: map[Shard]bool{}}
		r.start(mi, nil, "the games of "+file)
		set.byID[mi.ID] = r
		set.order = append(set.order, r)
	}
	return r.add(rec, mi)
}

// others names the matches left out.
func (set *reportSet) others() string {
	if len(set.other) == 0 {
		return "they hold none"
	}
	ids := slices.Sorted(maps.Keys(set.other))
	return "they hold match " + strings.Join(ids, ", ")
}

// reportReader tallies the records of one match as they are read.
type reportReader struct {
	info   *matchInfo
	source string // where info came from: "the games of FILE", or the run being resumed
	shard  *Shard // the one shard the records must be of (nil: any)
	pairs  []pairing
	tally  *tally
	seen   []uint64 // a bit per game of the schedule: (pair-1)*repeat + game-1
	shards map[Shard]bool
	games  int // records counted
}

// readRecords reads the records of a PDN file, handing each to add. A
// file that a running shard is appending to may end in the middle of a
// game: when a file that does not end as a record does (with an empty
// line) fails in its last game, that game is left out and described by
// the *cutRecord returned (nil when every game was read).
func readRecords(path string, add func(*pdn.Game) error) (*cutRecord, error) {
	f, _, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	bound := &recordBound{r: bufio.NewReader(f)}
	pr := pdn.NewReader(bound)
	read := 0
	for {
		rec, err := pr.Read()
		bound.n = 0
		if err == io.EOF {
			return nil, nil
		}
		if err != nil {
			if offset, ok := lastGameIncomplete(f, read); ok {
				return &cutRecord{offset: offset, game: read + 1, why: err}, nil
			}
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		read++
		if err := add(rec); err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, read, err)
		}
	}
}

// cutRecord is a file's last record that cannot be read and does not end
// as the runner ends a record (with a blank line): taken for one the run
// was writing when it stopped, it is left out (and, on resume, cut off and
// played again). A record that cannot be read anywhere else, or bytes
// after the last record that do not start one, are refused instead.
type cutRecord struct {
	offset int64 // where the record starts
	game   int   // its number in the file, from 1
	why    error // why it cannot be read
}

// String names the record and says what is wrong with it.
func (c *cutRecord) String() string {
	return fmt.Sprintf("game %d, the last record (from byte %d), cannot be read (%v) and does not end with a blank line", c.game, c.offset, c.why)
}

// maxRecordBytes bounds the bytes of one record a report reads: a game
// the runner writes takes a few kilobytes (at most about 2 MB at the PDN
// reader's limit of moves), while that reader's own bounds on moves and
// comments would let one record take gigabytes.
const maxRecordBytes = 16 << 20

// recordBound fails a read once more than maxRecordBytes were read since
// n was last set to 0 (at the end of each record).
type recordBound struct {
	r io.Reader
	n int64
}

func (b *recordBound) Read(p []byte) (int, error) {
	if b.n > maxRecordBytes {
		return 0, fmt.Errorf("a game record longer than %d MiB", maxRecordBytes>>20)
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// lastGameIncomplete reports whether f does not end with an empty line
// and holds one record ("[Event" starting a line) more than the read
// ones, and where that last record starts.
func lastGameIncomplete(f *os.File, read int) (int64, bool) {
	fi, err := f.Stat()
	if err != nil {
		return -1, false
	}
	if end := make([]byte, 2); fi.Size() >= 2 {
		if _, err := f.ReadAt(end, fi.Size()-2); err != nil || string(end) == "\n\n" {
			return -1, false
		}
	}
	records, last, err := countRecords(io.NewSectionReader(f, 0, fi.Size()))
	return last, err == nil && records == read+1
}

// countRecords counts the lines that start with "[Event " in r, reading
// it in bounded memory whatever its lines, and gives the offset of the
// last one.
func countRecords(r io.Reader) (n int, last int64, err error) {
	br := bufio.NewReader(r)
	var offset int64
	lineStart := true
	for {
		chunk, err := br.ReadSlice('\n')
		if lineStart && bytes.HasPrefix(chunk, []byte("[Event ")) {
			n, last = n+1, offset
		}
		offset += int64(len(chunk))
		lineStart = err == nil
		switch err {
		case nil, bufio.ErrBufferFull:
		case io.EOF:
			return n, last, nil
		default:
			return n, last, err
		}
	}
}

// recordMatch is the match a record names in its DameoMatch tag.
func recordMatch(rec *pdn.Game) (*matchInfo, error) {
	if !rec.HasTag(tagMatch) {
		return nil, fmt.Errorf("no %s tag: not written by dameo match", tagMatch)
	}
	return parseMatchTag(rec.Tag(tagMatch))
}

// add checks and tallies one record, of the match mi.
func (r *reportReader) add(rec *pdn.Game, mi *matchInfo) error {
	if mi.ID != r.info.ID {
		return fmt.Errorf("belongs to another match (id %s) than %s (id %s): the settings, seed or engines differ", mi.ID, r.source, r.info.ID)
	}
	if r.shard != nil && mi.Shard != *r.shard {
		return fmt.Errorf("belongs to shard %q of the match, not to %q", mi.Shard, *r.shard)
	}
	r.shards[mi.Shard] = true
	g, game, err := r.outcomeOf(rec)
	if err != nil {
		return err
	}
	if r.done(g.pair, game) {
		return fmt.Errorf("game %d.%d is there twice: give each shard's file once", g.pair, game)
	}
	slot := (g.pair-1)*r.info.Repeat + game - 1
	r.seen[slot/64] |= 1 << (slot % 64)
	r.tally.add(g)
	r.games++
	return nil
}

// start sets the match the records must belong to, the tally they go to
// (nil: a new one), and where the match's description came from.
func (r *reportReader) start(mi *matchInfo, t *tally, source string) {
	r.info, r.source = mi, source
	r.pairs, _ = pairings(len(mi.Engines), mi.Tournament)
	if t == nil {
		t = newTally(mi, r.pairs)
	}
	r.tally = t
	r.seen = make([]uint64, (r.units()*len(r.pairs)*mi.Repeat+63)/64)
}

// done reports whether the game of a pair was read.
func (r *reportReader) done(pair, game int) bool {
	slot := (pair-1)*r.info.Repeat + game - 1
	return r.seen[slot/64]&(1<<(slot%64)) != 0
}

// units is the number of openings each pairing plays.
func (r *reportReader) units() int {
	return scheduleParams{games: r.info.Games, repeat: r.info.Repeat}.units()
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

// outcomeOf reads what the tally needs of a record, and the number of the
// game in its pair, checked against the schedule: the pair must be one of
// the match's, the game within it, and the engines those of its pairing.
func (r *reportReader) outcomeOf(rec *pdn.Game) (gameOutcome, int, error) {
	var g gameOutcome
	mi := r.info
	round := rec.Tag(pdn.TagRound)
	pairText, gameText, ok := strings.Cut(round, ".")
	pair, err1 := strconv.Atoi(pairText)
	game, err2 := strconv.Atoi(gameText)
	if !ok || err1 != nil || err2 != nil || pair < 1 || game < 1 || game > mi.Repeat || pair > r.units()*len(r.pairs) ||
		(pair-1)/len(r.pairs)*mi.Repeat+game > mi.Games {
		return g, 0, fmt.Errorf("the Round tag %q: want PAIR.GAME of a game of the match (%d games per pairing, %d a pair)", round, mi.Games, mi.Repeat)
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
	p := r.pairs[(pair-1)%len(r.pairs)]
	if (p.a != g.white || p.b != g.black) && (p.a != g.black || p.b != g.white) {
		return g, 0, fmt.Errorf("game pair %d is %s vs %s in this %s, not %s vs %s", pair,
			mi.Engines[p.a], mi.Engines[p.b], mi.Tournament, mi.Engines[g.white], mi.Engines[g.black])
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
