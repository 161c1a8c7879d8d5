// Resuming an interrupted match from its PDN file (--resume): the games
// recorded there are counted as they were and not played again, the run
// plays the others of the schedule, and a file of another match (other
// settings, seed or engines) or of another shard is refused. A game pair
// half played before the interruption is completed with its own opening
// and colours, so that pairs never split.

package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
)

// ResumeError is a PDN file that a run cannot resume: another match's,
// another shard's, or not records of dameo match.
type ResumeError struct{ Err error }

func (e *ResumeError) Error() string { return "resume: " + e.Err.Error() }

func (e *ResumeError) Unwrap() error { return e.Err }

// ResumeSeed is the seed of the match whose games the PDN file at path
// holds (that of its first record); found is false when the file does not
// exist or holds no complete game.
func ResumeSeed(path string) (seed uint64, found bool, err error) {
	f, _, err := safefile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, &ResumeError{err}
	}
	defer f.Close()
	rec, err := pdn.NewReader(bufio.NewReader(f)).Read()
	if err == io.EOF {
		return 0, false, nil
	}
	if _, incomplete := lastGameIncomplete(f, 0); err != nil && incomplete {
		return 0, false, nil // the only game, cut off: nothing to resume
	}
	if err != nil {
		return 0, false, &ResumeError{fmt.Errorf("%s: %v", path, err)}
	}
	if !rec.HasTag(tagMatch) {
		return 0, false, &ResumeError{fmt.Errorf("%s: game 1 has no %s tag: not written by dameo match", path, tagMatch)}
	}
	mi, err := parseMatchTag(rec.Tag(tagMatch))
	if err != nil {
		return 0, false, &ResumeError{fmt.Errorf("%s: game 1: %v", path, err)}
	}
	return mi.Seed, true, nil
}

// resume counts the games of the PDN file into the tally and returns the
// jobs still to play, with the lines that tell what it found. The file may
// not exist yet (nothing was played). An unreadable last record without
// its closing blank line (the run was killed while writing it: cutRecord)
// is cut off with a warning naming it, so that the games appended after it
// read back; damage anywhere else is refused.
func (m *match) resume(jobs []gameJob) ([]gameJob, []string, error) {
	path := m.cfg.PDN
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return jobs, []string{fmt.Sprintf("Resume: %s does not exist yet: the match starts from its first game", path)}, nil
	}
	r := &reportReader{shard: &m.cfg.Shard, shards: map[Shard]bool{}}
	r.start(m.info, m.tally, "this run")
	cut, err := r.readFile(path)
	if err != nil {
		return nil, nil, &ResumeError{err}
	}
	var lines []string
	if cut != nil {
		if err := os.Truncate(path, cut.offset); err != nil {
			return nil, nil, fmt.Errorf("cutting off the incomplete last game of %s: %v", path, err)
		}
		lines = append(lines, fmt.Sprintf("warning: %s: %s: taken for a game the run was writing when it stopped, it is cut off and played again", path, cut))
	}
	var todo []gameJob
	for _, j := range jobs {
		if !r.done(j.pair, j.game) {
			todo = append(todo, j)
		}
	}
	if sp := m.cfg.SPRT; sp != nil && m.cfg.Shard.Count == 0 && m.tally.games > 0 {
		if m.decided = sp.Decide(m.tally.llr(m.tally.stats[0])) != Continue; m.decided {
			todo = nil
		}
	}
	lines = append(lines, fmt.Sprintf("Resuming %s: %d games done, %d to play", path, r.games, len(todo)))
	return todo, lines, nil
}
