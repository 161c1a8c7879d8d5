// The analysis of a whole game at once: the engine searches each position
// of the main line to a number of nodes (the default: the same verdict on
// any machine at any load), a depth or for a time; then each move is
// judged by how much it lowered its side's expected score (an inaccuracy,
// a mistake or a blunder, as lichess marks them), with the better line the
// search found, except that a move from a position the endgame tables hold
// is judged by the tables, a move of the book by the book, and a move the
// explorer's games played often enough by how those games scored. So that
// a review gives the same verdicts on every run, the engine forgets its
// earlier searches (new-game) before each position, and searches it with
// one thread and its book off (which gives no score).

package gui

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/explorer"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// reviewNodes is the nodes a review searches a position unless the page
// asks for another limit.
const reviewNodes = 100_000

// expectedScale is the score in men at which the side ahead expects about
// 73% of the points: E = 1 / (1 + e^(-score/scale)).
const expectedScale = 1.0

// Judgements by the drop of the mover's expected score (0 to 1).
var judgements = []struct {
	drop float64
	mark string
}{{0.15, "??"}, {0.10, "?"}, {0.05, "?!"}}

// decidedScore is the score, in men from White's side, given to a position
// whose game is over: a loss for its side to move, or a draw.
const decidedScore = 20.0

// Who judged a move.
const (
	bySearch   = "search"
	byBook     = "book"
	byTables   = "tables"
	byExplorer = "games" // the explorer's games
)

// explorerMinGames is how many finished games of the explorer a move needs
// to be judged by them rather than by the search.
const explorerMinGames = 20

// review is a whole-game analysis in progress.
type review struct {
	nodes []*node // the main line's nodes, the start first
	next  int     // the node searched now
	lim   hub.Level
	lines map[*node][]string // the best line the search found from a position
}

// verdict is what a review found of a move: the drop of its mover's
// expected score (0 to 1) and score (men), who judged it, and the better
// line from the position before it when the move was not the best.
type verdict struct {
	loss, lossMen float64
	by            string
	better        []string
}

// verdictView is a verdict as the page shows it beside a move.
type verdictView struct {
	Loss    float64  `json:"loss"`    // the mover's expected score lost, 0 to 1
	LossMen float64  `json:"lossMen"` // the mover's score lost, men
	By      string   `json:"by"`      // search, book, tables or games (the explorer's)
	Better  []string `json:"better,omitempty"`
}

func (v *verdict) view() *verdictView {
	if v == nil {
		return nil
	}
	return &verdictView{Loss: v.loss, LossMen: v.lossMen, By: v.by, Better: v.better}
}

// reviewView is a review's progress and its marks, by side (White, Black)
// and kind ("?!", "?", "??"), and each side's average loss of expected
// score per move (0 to 1).
type reviewView struct {
	Done    int        `json:"done"`
	Total   int        `json:"total"`
	Running bool       `json:"running"`
	Marks   [2][3]int  `json:"marks"`
	Loss    [2]float64 `json:"loss"`
}

// startReview begins the analysis of the main line, each position searched
// to lim (nodes, depth or move time; none for the default nodes).
func (s *session) startReview(lim limit) error {
	if len(s.engines) == 0 {
		return errNoEngine
	}
	if s.mode != modeAnalyse && !s.g.over() {
		return errGameNotOver
	}
	hl := hub.Level{MoveTime: seconds(lim.MoveTime), Depth: lim.Depth, Nodes: lim.Nodes}
	if hl == (hub.Level{}) {
		hl.Nodes = reviewNodes
	}
	nodes := append([]*node{s.g.root}, s.g.mainLine()...)
	for _, n := range nodes {
		n.judgement, n.verdict = "", nil
		s.g.touch(n)
	}
	s.review = &review{nodes: nodes, lim: hl, lines: map[*node][]string{}}
	s.reviewSkipDecided()
	return nil
}

// stopReview stops a review; the moves searched so far are judged.
func (s *session) stopReview() {
	if r := s.review; r != nil && r.next < len(r.nodes) {
		r.next = len(r.nodes)
		s.judge()
	}
}

// reviewNode is the node the review searches now, nil when it is done.
func (s *session) reviewNode() *node {
	r := s.review
	if r == nil || r.next >= len(r.nodes) {
		return nil
	}
	return r.nodes[r.next]
}

// reviewSkipDecided scores the positions whose game is over, which need no
// search, and stops at the next one that does; at the end it judges the
// moves.
func (s *session) reviewSkipDecided() {
	r := s.review
	for ; r.next < len(r.nodes); r.next++ {
		n := r.nodes[r.next]
		if s.g.byID[n.id] != n { // deleted meanwhile
			continue
		}
		if n.rules == engine.Ongoing {
			return
		}
		score := 0.0
		if n.rules == engine.Loss {
			score = decidedScore
			if n.pos.SideToMove() == engine.White {
				score = -decidedScore
			}
		}
		n.eval = &score
		s.g.touch(n)
	}
	s.judge()
}

// reviewed takes the result of a review's search and moves on.
func (s *session) reviewed() {
	if s.review == nil {
		return
	}
	s.review.next++
	s.reviewSkipDecided()
}

// reviewLine keeps the best line of a review's search from n.
func (s *session) reviewLine(n *node, pv []string) {
	if s.review != nil && len(pv) > 0 {
		s.review.lines[n] = pv
	}
}

// judge marks each move of the review: by the tables when they hold the
// position before it, by the book when the move is the book's, otherwise by
// the drop of its mover's expected score.
func (s *session) judge() {
	for _, n := range s.review.nodes[1:] {
		if s.g.byID[n.id] != n {
			continue
		}
		n.judgement, n.verdict = "", nil
		v, ok := s.tablesVerdict(n)
		if !ok {
			v, ok = s.bookVerdict(n)
		}
		if !ok {
			v, ok = s.explorerVerdict(n)
		}
		if !ok {
			v, ok = s.searchVerdict(n)
		}
		if ok {
			n.verdict = &v
			for _, j := range judgements {
				if v.loss >= j.drop {
					n.judgement = j.mark
					break
				}
			}
		}
		s.g.touch(n)
	}
}

// searchVerdict judges n by the scores of the positions before and after
// it; ok is false until both have one.
func (s *session) searchVerdict(n *node) (verdict, bool) {
	if n.parent.eval == nil || n.eval == nil {
		return verdict{}, false
	}
	sign := 1.0
	if n.parent.pos.SideToMove() == engine.Black {
		sign = -1
	}
	v := verdict{by: bySearch,
		loss:    sign * (expected(*n.parent.eval) - expected(*n.eval)),
		lossMen: sign * (*n.parent.eval - *n.eval)}
	if best := s.review.lines[n.parent]; len(best) > 0 && best[0] != n.text {
		v.better = best
	}
	return v, true
}

// bookVerdict judges a move of the book as the book's: no loss.
func (s *session) bookVerdict(n *node) (verdict, bool) {
	if s.book == nil {
		return verdict{}, false
	}
	p := n.parent.pos
	e := s.book.Lookup(&p)
	if e == nil {
		return verdict{}, false
	}
	for _, m := range e.Moves {
		if m.Move == n.move {
			return verdict{by: byBook}, true
		}
	}
	return verdict{}, false
}

// tablesVerdict judges a move from a position the tables hold: a move that
// turns a win into a draw or a draw into a loss (or a win into a loss)
// loses half the expected score for each step, and the tables' best move
// is the better line; a loss in men means nothing there and is left 0.
func (s *session) tablesVerdict(n *node) (verdict, bool) {
	t := s.tables
	p := n.parent.pos
	if t == nil || bits.OnesCount64(p.Occupied()) > t.MostPieces() {
		return verdict{}, false
	}
	moves, ok := t.ProbeAnyMoves(&p)
	if !ok || len(moves) == 0 {
		return verdict{}, false
	}
	best := moves[0]
	for _, m := range moves {
		if m.Move == n.move {
			v := verdict{by: byTables, loss: float64(best.Result.WDL-m.Result.WDL) / 2}
			if m.Result.WDL < best.Result.WDL {
				v.better = []string{p.FormatMove(best.Move)}
			}
			return v, true
		}
	}
	return verdict{}, false
}

// explorerVerdict judges a move of at least explorerMinGames finished games
// of the explorer by their score for the mover, against the best score of
// the moves with as many games from the same position (the better move).
func (s *session) explorerVerdict(n *node) (verdict, bool) {
	if s.explorer == nil {
		return verdict{}, false
	}
	p := n.parent.pos
	side := p.SideToMove()
	var played *explorer.MoveCounts
	best, bestText := -1.0, ""
	for _, m := range s.explorer.Lookup(&p).Moves {
		score, ok := m.Score(side)
		if !ok || m.WhiteWins+m.Draws+m.BlackWins < explorerMinGames {
			continue
		}
		if m.Move == n.move {
			played = &m
		}
		if score > best {
			best, bestText = score, m.Text
		}
	}
	if played == nil {
		return verdict{}, false
	}
	score, _ := played.Score(side)
	v := verdict{by: byExplorer, loss: best - score}
	if bestText != played.Text && v.loss > 0 {
		v.better = []string{bestText}
	}
	return v, true
}

// expected is White's expected score (0 to 1) at a score in men.
func expected(score float64) float64 { return 1 / (1 + math.Exp(-score/expectedScale)) }

// reviewState is the review's progress for the page, nil without one.
func (s *session) reviewState() *reviewView {
	r := s.review
	if r == nil {
		return nil
	}
	v := &reviewView{Done: min(r.next, len(r.nodes)), Total: len(r.nodes), Running: r.next < len(r.nodes)}
	var judged [2]int
	for _, n := range r.nodes[1:] {
		side := n.parent.pos.SideToMove()
		for k, j := range judgements {
			if n.judgement == j.mark {
				v.Marks[side][len(judgements)-1-k]++
			}
		}
		if n.verdict != nil {
			judged[side]++
			v.Loss[side] += max(0, n.verdict.loss)
		}
	}
	for side := range v.Loss {
		if judged[side] > 0 {
			v.Loss[side] /= float64(judged[side])
		}
	}
	return v
}

// reviewSettings are the parameters of a review's searches: the book off,
// as its moves give no score, and one thread, whose search to a number of
// nodes or a depth is the same on every run. The page's own values of
// these, kept in session.params, come back once the review is over.
var reviewSettings = []hubclient.Param{{Name: "book", Value: "false"}, {Name: "threads", Value: "1"}}

// reviewParams are the parameters slot sl needs before job j: the review's
// settings before a review's first search, the page's choices back before
// the first other search after one; nil when the engine has them (sent
// once, so that an engine without one of them refuses it once, not at
// every position). Before a review's search it drops the page's changes
// of those settings from the slot's pending parameters: they apply once
// the review is over, from session.params.
func (s *session) reviewParams(sl *slot, j *job) []hubclient.Param {
	review := j.kind == jobReview
	if review {
		sl.pending = slices.DeleteFunc(sl.pending, func(p hubclient.Param) bool {
			return slices.ContainsFunc(reviewSettings, func(r hubclient.Param) bool { return r.Name == p.Name })
		})
	}
	if review == sl.reviewing {
		return nil
	}
	sl.reviewing = review
	if review {
		return reviewSettings
	}
	return []hubclient.Param{
		{Name: "book", Value: cmp.Or(s.params["book"], "true")},
		{Name: "threads", Value: cmp.Or(s.params["threads"], "1")},
	}
}
