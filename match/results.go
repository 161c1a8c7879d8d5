// Bookkeeping of finished games: the tally of each pairing's score and game
// pairs, each engine's score and failures, and the SPRT state, kept the
// same way for a running match and for a report merged from PDN files, so
// that both print the same summary for the same games.

package match

import (
	"fmt"
	"strings"

	"github.com/dameo/dameo/pdn"
)

// terminationUnplayed is the Termination tag of the record of a game that
// was not played because an engine could not be started.
const terminationUnplayed = "unplayed"

// failureTerminations are the endings in which an engine lost by
// misbehaving; the summary counts them per engine.
var failureTerminations = []string{pdn.TerminationCrash, pdn.TerminationIllegalMove, pdn.TerminationTimeForfeit}

// gameOutcome is what the statistics need of one game.
type gameOutcome struct {
	pair         int // 1-based game pair in the whole schedule
	white, black int // engine indices
	result       string
	termination  string
	unplayed     int    // with result pdn.Unfinished: the engine that could not start
	startError   string // and why
}

// pairStats accumulates the results of one pairing, from engine a's view.
type pairStats struct {
	pairing
	score   Score
	penta   Pentanomial
	pending map[int]Outcome // pair → outcome of its first finished game
	terms   map[string]int
}

// engineFailures are an engine's failures in a match.
type engineFailures struct {
	startError string         // why it could not be started ("" when it could)
	unplayed   int            // games not played because of that
	losses     map[string]int // games lost by misbehaving, by termination
}

// tally counts finished games.
type tally struct {
	info     *matchInfo
	pairs    []pairing
	stats    []*pairStats
	engines  []Score
	failures []engineFailures
	games    int // games played
	unplayed int
}

func newTally(info *matchInfo, ps []pairing) *tally {
	t := &tally{info: info, pairs: ps, engines: make([]Score, len(info.Engines)), failures: make([]engineFailures, len(info.Engines))}
	for _, p := range ps {
		t.stats = append(t.stats, &pairStats{pairing: p, pending: map[int]Outcome{}, terms: map[string]int{}})
	}
	return t
}

// pairingOf is the index of the pairing of engines x and y, or -1.
func (t *tally) pairingOf(x, y int) int {
	for i, p := range t.pairs {
		if (p.a == x && p.b == y) || (p.a == y && p.b == x) {
			return i
		}
	}
	return -1
}

// add counts a game and returns its pairing's statistics.
func (t *tally) add(g gameOutcome) *pairStats {
	ps := t.stats[t.pairingOf(g.white, g.black)]
	if g.result == pdn.Unfinished {
		t.unplayed++
		f := &t.failures[g.unplayed]
		f.unplayed++
		if f.startError == "" {
			f.startError = g.startError
		}
		return ps
	}
	var o Outcome // from the pairing's engine a's view
	switch {
	case g.result == pdn.Draw:
		o = Draw
	case (g.result == pdn.WhiteWins) == (g.white == ps.a):
		o = Win
	default:
		o = Loss
	}
	ps.score.Add(o)
	ps.terms[g.termination]++
	t.engines[ps.a].Add(o)
	t.engines[ps.b].Add(Win - o)
	if first, ok := ps.pending[g.pair]; ok {
		ps.penta.AddPair(first, o)
		delete(ps.pending, g.pair)
	} else {
		ps.pending[g.pair] = o
	}
	for _, term := range failureTerminations {
		if g.termination == term && o != Draw {
			loser := ps.a
			if o == Win {
				loser = ps.b
			}
			f := &t.failures[loser]
			if f.losses == nil {
				f.losses = map[string]int{}
			}
			f.losses[term]++
		}
	}
	t.games++
	return ps
}

// llr is the SPRT's LLR of a pairing: pentanomial when the games come in
// complete pairs, trinomial while a pair is unfinished or the schedule has
// unpaired games.
func (t *tally) llr(ps *pairStats) float64 {
	sp := t.info.SPRT
	if t.info.Repeat == 2 && t.info.Games%2 == 0 && len(ps.pending) == 0 && ps.penta.Pairs() > 0 {
		return sp.LLRPentanomial(ps.penta)
	}
	return sp.LLRTrinomial(ps.score)
}

// summary collects the results; planned is the number of games scheduled.
func (t *tally) summary(planned int) *Summary {
	s := &Summary{Games: t.games, Unplayed: t.unplayed, Planned: planned, TC: t.info.TC, SPRT: t.info.SPRT}
	for _, ps := range t.stats {
		s.Pairings = append(s.Pairings, PairingSummary{
			A: t.info.Engines[ps.a], B: t.info.Engines[ps.b],
			Score: ps.score, Penta: ps.penta, Terminations: ps.terms,
		})
	}
	if s.SPRT != nil && len(t.stats) == 1 {
		s.LLR = t.llr(t.stats[0])
		s.Decision = s.SPRT.Decide(s.LLR)
	}
	for i, name := range t.info.Engines {
		s.Engines = append(s.Engines, EngineSummary{Name: name, Score: t.engines[i]})
		f := t.failures[i]
		if f.startError != "" || len(f.losses) > 0 {
			s.Failures = append(s.Failures, EngineFailure{Name: name, StartError: f.startError, Unplayed: f.unplayed, Losses: f.losses})
		}
	}
	return s
}

// record counts a finished (or unplayed) game, writes it to the PDN file
// and reports it.
func (m *match) record(res gameResult) error {
	j := res.job
	g := gameOutcome{pair: j.pair, white: j.white, black: j.black, result: res.result, termination: res.termination}
	record := res.record
	if res.unplayed {
		g.result, g.termination, g.unplayed, g.startError = pdn.Unfinished, terminationUnplayed, res.failed, commentText(res.reason)
		record = unplayedRecord(m.set, j, m.cfg.Engines, res.failed, res.reason)
	}
	ps := m.tally.add(g)
	if sp := m.cfg.SPRT; sp != nil && m.cfg.Shard.Count == 0 && !res.unplayed {
		m.decided = m.decided || sp.Decide(m.tally.llr(ps)) != Continue
	}
	var err error
	if m.pdnFile != nil {
		err = m.writeRecord(j.number, record)
	}
	names := m.info.Engines
	reason := pdn.SafeComment(res.reason)
	if res.unplayed {
		m.rep.gameDone(fmt.Sprintf("Game %d (%s vs %s) not played: %s", j.number, names[j.white], names[j.black], reason))
		return err
	}
	m.rep.gameDone(fmt.Sprintf("Finished game %d (%s vs %s): %s {%s}", j.number, names[j.white], names[j.black], res.result, reason))
	if n := m.cfg.RatingInterval; n > 0 && m.tally.games%n == 0 {
		var b strings.Builder
		var llr float64
		if m.cfg.SPRT != nil {
			llr = m.tally.llr(ps)
		}
		p := PairingSummary{A: names[ps.a], B: names[ps.b], Score: ps.score, Penta: ps.penta}
		m.cfg.Output.scoreReport(&b, p, m.cfg.SPRT, llr, m.info.TC)
		m.rep.line(strings.TrimSuffix(b.String(), "\n"))
	}
	return err
}

// writeRecord appends the record of game number to the PDN file. A record
// the writer refuses (text that slipped through unsafe) is written made
// safe, with a warning, so that a finished game is never lost for it; only
// an error of the file itself is returned.
func (m *match) writeRecord(number int, rec *pdn.Game) error {
	if _, err := pdn.Format(rec); err != nil {
		m.rep.warn(fmt.Sprintf("game %d: the PDN writer refused the record (%v); writing it with the offending text replaced", number, err))
		rec = rec.Safe()
	}
	if err := pdn.WriteSync(m.pdnFile, rec); err != nil {
		return fmt.Errorf("writing %s: %v", m.cfg.PDN, err)
	}
	return nil
}
