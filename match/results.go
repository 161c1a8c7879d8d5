// Bookkeeping of finished games: the score and game pairs of each pairing,
// each engine's score, the SPRT decision, the PDN file, the running status
// line, and the summary at the end.

package match

import (
	"fmt"

	"github.com/dameo/dameo/pdn"
)

// pairStats accumulates the results of one pairing, from engine a's view.
type pairStats struct {
	pairing
	score   Score
	penta   Pentanomial
	pending map[int]Outcome // round → outcome of the pair's first finished game
	terms   map[string]int
}

// record counts a finished game, writes it to the PDN file and reports it.
func (m *match) record(res gameResult) error {
	j := res.job
	ps := m.stats[j.pairing]
	var o Outcome // from the pairing's engine a's view
	switch {
	case res.result == pdn.Draw:
		o = Draw
	case (res.result == pdn.WhiteWins) == (j.white == ps.a):
		o = Win
	default:
		o = Loss
	}
	ps.score.Add(o)
	ps.terms[res.termination]++
	m.engines[ps.a].Add(o)
	m.engines[ps.b].Add(Win - o)
	if first, ok := ps.pending[j.round]; ok {
		ps.penta.AddPair(first, o)
		delete(ps.pending, j.round)
	} else {
		ps.pending[j.round] = o
	}
	m.finished++
	if m.cfg.SPRT != nil {
		m.llr = m.sprtLLR(ps)
		m.decision = m.cfg.SPRT.Decide(m.llr)
	}
	var err error
	if m.pdnFile != nil {
		err = m.writeRecord(j.number, res.record)
	}
	names := m.cfg.Engines
	line := fmt.Sprintf("Finished game %d (%s vs %s): %s {%s}", j.number, names[j.white].Name, names[j.black].Name, res.result, pdn.SafeComment(res.reason))
	m.rep.gameFinished(line, m.status(ps))
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

// sprtLLR is the LLR of the pairing: pentanomial when the games come in
// complete pairs, trinomial while a pair is unfinished or the schedule has
// unpaired games.
func (m *match) sprtLLR(ps *pairStats) float64 {
	if m.cfg.Games%2 == 0 && len(ps.pending) == 0 && ps.penta.Pairs() > 0 {
		return m.cfg.SPRT.LLRPentanomial(ps.penta)
	}
	return m.cfg.SPRT.LLRTrinomial(ps.score)
}

// status is the running score line of a pairing.
func (m *match) status(ps *pairStats) string {
	a, b := m.cfg.Engines[ps.a].Name, m.cfg.Engines[ps.b].Name
	s := ps.score
	line := fmt.Sprintf("Score of %s vs %s: %d - %d - %d [%.3f] %d/%d, Elo %s",
		a, b, s.Wins, s.Losses, s.Draws, s.Ratio(), m.finished, m.planned, s.Elo())
	if m.cfg.SPRT != nil {
		lo, hi := m.cfg.SPRT.Bounds()
		line += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", m.llr, lo, hi)
	}
	return line
}

// summary collects the results.
func (m *match) summary() *Summary {
	s := &Summary{Games: m.finished, Planned: m.planned, TC: m.cfg.TC.String(), SPRT: m.cfg.SPRT, LLR: m.llr, Decision: m.decision}
	for _, ps := range m.stats {
		s.Pairings = append(s.Pairings, PairingSummary{
			A: m.cfg.Engines[ps.a].Name, B: m.cfg.Engines[ps.b].Name,
			Score: ps.score, Penta: ps.penta, Terminations: ps.terms,
		})
	}
	for i, e := range m.cfg.Engines {
		s.Engines = append(s.Engines, EngineSummary{Name: e.Name, Score: m.engines[i]})
	}
	return s
}
