// The analysis of a whole game at once: the engine searches each position
// of the main line for a fixed time; then each move is judged by how much
// it lowered its side's expected score (an inaccuracy, a mistake or a
// blunder, as lichess marks them), and the page marks the move list and
// the graph. The engine's book is off for these searches, which must give
// scores.

package gui

import (
	"cmp"
	"math"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hubclient"
)

// reviewMoveTime is a review's search time a position unless the page
// asks for another.
const reviewMoveTime = 0.2

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

// review is a whole-game analysis in progress.
type review struct {
	nodes    []*node // the main line's nodes, the start first
	next     int     // the node searched now
	moveTime float64
}

// reviewView is a review's progress and its marks, by side (White, Black)
// and kind ("?!", "?", "??").
type reviewView struct {
	Done    int       `json:"done"`
	Total   int       `json:"total"`
	Running bool      `json:"running"`
	Marks   [2][3]int `json:"marks"`
}

// startReview begins the analysis of the main line, searching each position
// for moveTime seconds (0 for the default).
func (s *session) startReview(moveTime float64) error {
	if len(s.engines) == 0 {
		return errNoEngine
	}
	if s.mode != modeAnalyse && !s.g.over() {
		return errGameNotOver
	}
	if moveTime == 0 {
		moveTime = reviewMoveTime
	}
	nodes := append([]*node{s.g.root}, s.g.mainLine()...)
	for _, n := range nodes {
		n.judgement = ""
		s.g.touch(n)
	}
	s.review = &review{nodes: nodes, moveTime: moveTime}
	s.reviewSkipDecided()
	return nil
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

// judge marks each move of the review by the drop of its mover's expected
// score.
func (s *session) judge() {
	for _, n := range s.review.nodes[1:] {
		if s.g.byID[n.id] != n || n.parent.eval == nil || n.eval == nil {
			continue
		}
		drop := expected(*n.parent.eval) - expected(*n.eval)
		if n.parent.pos.SideToMove() == engine.Black {
			drop = -drop
		}
		n.judgement = ""
		for _, j := range judgements {
			if drop >= j.drop {
				n.judgement = j.mark
				break
			}
		}
		s.g.touch(n)
	}
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
	for _, n := range r.nodes[1:] {
		for k, j := range judgements {
			if n.judgement == j.mark {
				v.Marks[n.parent.pos.SideToMove()][len(judgements)-1-k]++
			}
		}
	}
	return v
}

// bookParam turns slot sl's book off for a review, whose searches must
// give scores, and back to the page's choice for other jobs.
func (s *session) bookParam(sl *slot, j *job) []hubclient.Param {
	if off := j.kind == jobReview; off != sl.bookOff {
		sl.bookOff = off
		value := "false"
		if !off {
			value = cmp.Or(s.params["book"], "true")
		}
		return []hubclient.Param{{Name: "book", Value: value}}
	}
	return nil
}
