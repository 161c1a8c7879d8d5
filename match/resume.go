// Resuming an interrupted match from its PDN file (--resume): the games
// recorded there are counted as they were and not played again, the run
// plays the others of the schedule, and a file of another match (other
// settings, seed or engines) or of another shard is refused. A game pair
// half played before the interruption is completed with its own opening
// and colours, so that pairs never split.

package match

import (
	"errors"
	"fmt"
	"os"

	"github.com/dameo/dameo/pdn"
)

// ResumeError is a PDN file that a run cannot resume: another match's,
// another shard's, or not records of dameo match.
type ResumeError struct{ Err error }

func (e *ResumeError) Error() string { return "resume: " + e.Err.Error() }

func (e *ResumeError) Unwrap() error { return e.Err }

// ResumeSeed is the seed of the match whose games the PDN file at path
// holds last (that of its last complete record: the run to go on with,
// when other matches were played into the file before it); found is
// false when the file does not exist or holds no complete game.
func ResumeSeed(path string) (seed uint64, found bool, err error) {
	_, err = readRecords(path, func(rec *pdn.Game) error {
		mi, err := recordMatch(rec)
		if err == nil {
			seed, found = mi.Seed, true
		}
		return err
	})
	switch {
	case errors.Is(err, os.ErrNotExist):
		return 0, false, nil
	case err != nil:
		return 0, false, &ResumeError{err}
	}
	return seed, found, nil
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
	// The games of other matches appended to the same file are passed
	// over; a file that holds none of this match's is refused (the
	// settings differ from those of its run).
	var other *pdn.Game
	cut, err := readRecords(path, func(rec *pdn.Game) error {
		mi, err := recordMatch(rec)
		switch {
		case err != nil:
			return err
		case mi.ID != m.info.ID:
			other = rec
			return nil
		}
		return r.add(rec, mi)
	})
	if err == nil && r.games == 0 && other != nil {
		mi, _ := recordMatch(other)
		err = fmt.Errorf("%s: %v", path, r.add(other, mi))
	}
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

// ReplayError is a run that would append the very games of a match (its
// id and shard) to a PDN file that holds them already: the same games
// twice, which no report can count. --resume goes on with the match
// instead.
type ReplayError struct {
	Path string
	ID   string
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("%s holds games of this very match already (id %s: the same engines, settings and seed): "+
		"--resume goes on with it; to play it again, give another --pdn file (or another --seed for other games)", e.Path, e.ID)
}

// refuseReplay is a *ReplayError when the PDN file holds a game of this
// run's match and shard. A file that cannot be read as records is left to
// the appending (which checks only that it is a regular file), as before
// runs were told apart.
func (m *match) refuseReplay() error {
	path := m.cfg.PDN
	if path == "" {
		return nil
	}
	replay := &ReplayError{Path: path, ID: m.info.ID}
	_, err := readRecords(path, func(rec *pdn.Game) error {
		if mi, err := recordMatch(rec); err == nil && mi.ID == m.info.ID && mi.Shard == m.info.Shard {
			return replay
		}
		return nil
	})
	if errors.As(err, &replay) {
		return replay
	}
	return nil
}
