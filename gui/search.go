// The engines' side of a session: which searches the state needs (think
// for an engine's move, analyse the board's position, review a game's
// positions), starting them on the session's engine processes (each in a
// goroutine, through hubclient's search exchange) and stopping them, and
// acting on their reports.

package gui

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// wanted is the search each slot should run now, or nil.
func (s *session) wanted() [2]*job {
	var jobs [2]*job
	g := s.g
	if !g.over() && !s.paused {
		last := g.last()
		side := last.SideToMove()
		if i := s.players[side]; i != person {
			jobs[s.slotOf(side)] = &job{kind: jobThink, spec: i, game: g, node: g.mainEnd.id}
		}
	}
	if n := s.reviewNode(); n != nil && jobs[0] == nil && jobs[1] == nil {
		jobs[0] = &job{kind: jobReview, spec: s.analyser, game: g, node: n.id, multipv: 1}
	}
	if s.analysing && s.mode != modeWatch && jobs[0] == nil && len(s.engines) > 0 && !(g.atEnd() && g.over()) && g.cursor.rules == engine.Ongoing {
		jobs[0] = &job{kind: jobAnalyse, spec: s.analyser, game: g, node: g.cursor.id, multipv: s.multipv}
	}
	return jobs
}

// slotOf is the slot of the engine playing side c.
func (s *session) slotOf(c engine.Color) int {
	if s.mode == modeWatch {
		return int(c)
	}
	return 0
}

// sync stops the searches that are no longer wanted and starts those that
// are, on idle engines. An engine with parameters to apply is stopped from
// analysing, so that they apply at the restart.
func (s *session) sync() {
	jobs := s.wanted()
	for i := range s.slots {
		sl, want := &s.slots[i], jobs[i]
		if sl.job != nil {
			stale := want == nil || *want != *sl.job || (len(sl.pending) > 0 && sl.job.kind == jobAnalyse)
			if stale && !sl.stopSent {
				sl.stopSent = true
				sl.stop()
			}
			continue
		}
		if want == nil {
			continue
		}
		if sl.failed {
			s.giveUp(want, false)
			continue
		}
		if err := s.startJob(i, want); errors.Is(err, errNoEngineFree) {
			s.sendError(err.Error())
			s.giveUp(want, true)
		} else if err != nil {
			sl.failed = true
			s.sendError(fmt.Sprintf("engine %s: %v", s.engines[want.spec].Name, err))
			if sl.conn != nil {
				sl.conn.Close()
				sl.conn = nil
			}
			s.giveUp(want, false)
		}
	}
}

// giveUp gives up a search whose engine would not run it. When the server
// had no engine free (busy), a game waits, paused, until the person goes
// on, and an analysis stops: nobody loses a game because the server is
// busy. Otherwise an engine's move loses its game. A whole-game analysis
// stops either way.
func (s *session) giveUp(j *job, busy bool) {
	switch j.kind {
	case jobThink:
		if busy {
			s.pause(true)
		} else {
			s.engineFailed(j)
		}
	case jobAnalyse:
		s.analysing = s.analysing && !busy
	case jobReview:
		s.review = nil
	}
}

// startJob starts the search j on slot i, starting its engine first when
// needed. The search runs in a goroutine of its own, which reports its
// info lines and its end to the event loop (engineEvent).
func (s *session) startJob(i int, j *job) error {
	sl := &s.slots[i]
	if sl.conn != nil && sl.spec != j.spec {
		sl.conn.Close()
		sl.conn = nil
	}
	if sl.conn == nil {
		conn, err := s.start(s.ctx, s.engines[j.spec], s.startParams())
		if err != nil {
			return err
		}
		sl.conn, sl.spec, sl.pending, sl.reviewing, sl.level = conn, j.spec, nil, false, ""
	}
	review := s.reviewParams(sl, j) // first: it drops pending parameters
	params := append(append(sl.pending, review...), s.levelParam(sl, j)...)
	sl.pending = nil
	var lim hub.Level
	switch j.kind {
	case jobAnalyse:
		params = append(params, hubclient.Param{Name: "multipv", Value: strconv.Itoa(j.multipv)})
	case jobReview:
		params = append(params, hubclient.Param{Name: "multipv", Value: "1"})
		lim = s.review.lim
	default:
		lim = s.limits()
	}
	for _, p := range params {
		if err := sl.conn.SetParam(p.Name, p.Value); err != nil {
			return err
		}
	}
	if j.kind == jobReview { // the search must not depend on the earlier ones
		if err := sl.conn.NewGame(); err != nil {
			return err
		}
	}
	ctx, stop := context.WithCancel(s.ctx)
	sl.job, sl.stopSent, sl.lines, sl.stop = j, false, map[int]pvLine{}, stop
	conn, pos := sl.conn, posOf(s.g.byID[j.node])
	report := func(ev engineEvent) {
		select {
		case s.events <- ev:
		case <-s.closed:
		}
	}
	go func() {
		onInfo := func(in hubclient.Info) { report(engineEvent{slot: i, job: j, info: &in}) }
		var done hubclient.Done
		var err error
		if j.kind == jobAnalyse {
			done, err = conn.Analyze(ctx, pos, hub.Level{}, onInfo)
		} else {
			done, err = conn.Think(ctx, pos, lim, onInfo)
		}
		report(engineEvent{slot: i, job: j, done: &done, err: err})
	}()
	return nil
}

// engineEvent is what a search reports: an info line, or its end (done,
// with the error that ended it, if any).
type engineEvent struct {
	slot int
	job  *job
	info *hubclient.Info
	done *hubclient.Done
	err  error
}

// startParams are the parameters of a new engine.
func (s *session) startParams() []hubclient.Param {
	var params []hubclient.Param
	for _, name := range slices.Sorted(maps.Keys(s.params)) {
		params = append(params, hubclient.Param{Name: name, Value: s.params[name]})
	}
	return params
}

// maxPosMoves bounds the moves of a pos line.
const maxPosMoves = 256

// posOf is n's position for the engine: the position after the last
// capture or man move on the way to it, and the moves since, which is what
// the engine needs for repetition; at most maxPosMoves of them, so that
// the pos line stays short however long the game.
func posOf(n *node) hubclient.Position {
	var moves []string
	for ; n.parent != nil && !n.irreversible && len(moves) < maxPosMoves; n = n.parent {
		moves = append(moves, n.text)
	}
	slices.Reverse(moves)
	return hubclient.Position{Start: n.pos.Hub(), Moves: moves}
}

// limits are the limits of an engine's move: its clock or the move time.
func (s *session) limits() hub.Level {
	if s.clk == nil {
		return hub.Level{MoveTime: seconds(s.lim.MoveTime)}
	}
	last := s.g.last()
	return hub.Level{Clock: true, Time: s.clk.beforeIncrement(last.SideToMove(), s.now()), Inc: s.clk.inc}
}

// seconds is a duration of x seconds.
func seconds(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }

// engineExited is closed when slot i's engine has exited; nil without one.
func (s *session) engineExited(i int) <-chan struct{} {
	if s.slots[i].conn == nil {
		return nil
	}
	return s.slots[i].conn.Exited()
}

// engineGone acts on the exit of slot i's engine: the slot fails (and so,
// in sync, does the game of an engine that is to move).
func (s *session) engineGone(i int) {
	sl := &s.slots[i]
	if sl.job != nil {
		sl.stop()
	}
	sl.conn.Close()
	sl.conn, sl.job, sl.failed = nil, nil, true
	s.sendError(fmt.Sprintf("engine %s exited", s.engines[sl.spec].Name))
	s.update()
}

// engineEvent acts on what slot ev.slot's search reported; the reports of
// a search given up (its engine closed) are dropped.
func (s *session) engineEvent(ev engineEvent) {
	sl := &s.slots[ev.slot]
	j := sl.job
	if j == nil || ev.job != j {
		return
	}
	if ev.info != nil {
		if !sl.stopSent && j.game == s.g && s.g.byID[j.node] != nil {
			s.info(sl, *ev.info)
		}
		return
	}
	if errors.Is(ev.err, hubclient.ErrExited) {
		s.engineGone(ev.slot)
		return
	}
	sl.stop()
	sl.job, sl.stopSent = nil, false
	name := s.engines[sl.spec].Name
	for _, msg := range ev.done.Errors {
		s.sendError(fmt.Sprintf("engine %s: %s", name, msg))
	}
	if err := ev.err; err != nil && !(errors.Is(err, context.Canceled) && !errors.Is(err, hubclient.ErrNoStop)) {
		// garbage, or no done after stop: the engine's state is unknown
		sl.conn.Close()
		sl.conn, sl.failed = nil, true
		s.sendError(fmt.Sprintf("engine %s: %v", name, err))
		s.update() // sync gives up the search, and fails the game of an engine that is to move
		return
	}
	if want := s.wanted()[ev.slot]; ev.err == nil && want != nil && *want == *j {
		switch j.kind {
		case jobThink:
			s.engineMove(j, *ev.done)
		case jobReview:
			s.reviewed()
		}
	}
	s.update()
}

// engineMove plays the move of an engine's done line; a missing or illegal
// move loses the game. The board follows the move if it showed the end of
// the line.
func (s *session) engineMove(j *job, done hubclient.Done) {
	if s.checkFlag() {
		return
	}
	text := done.Move
	if text == "" {
		s.engineLost(j, pdn.TerminationIllegalMove, "gave no move")
		return
	}
	follow := s.g.atEnd()
	cursor := s.g.cursor
	s.g.moveCursor(s.g.mainEnd)
	if _, err := s.g.play(text); err != nil {
		s.g.moveCursor(cursor)
		s.engineLost(j, pdn.TerminationIllegalMove, fmt.Sprintf("played %q: %v", text, err))
		return
	}
	if !follow {
		s.g.moveCursor(cursor)
	}
	s.lineChanged()
}

// engineFailed ends the game of an engine that could not think.
func (s *session) engineFailed(j *job) {
	s.engineLost(j, pdn.TerminationCrash, "failed")
}

// engineLost ends the game as a loss of the engine searching j.
func (s *session) engineLost(j *job, termination, why string) {
	last := s.g.last()
	loser := last.SideToMove()
	s.g.end(outcome{winner(loser.Other()), termination, fmt.Sprintf("%s (%s) %s", colorName(loser), s.engines[j.spec].Name, why)})
	s.lineChanged()
}

// info records an info line of slot sl's search, the score on the tree's
// node, and sends the analysis.
func (s *session) info(sl *slot, in hubclient.Info) {
	j := sl.job
	n := s.g.byID[j.node]
	p := n.pos
	if math.IsNaN(in.Score) {
		return
	}
	score := in.Score
	if p.SideToMove() == engine.Black {
		score = -score
	}
	rank := 1
	if in.MultiPV <= maxMultiPV {
		rank = in.MultiPV
	}
	pv := legalPrefix(p, in.PV)
	sl.lines[rank] = pvLine{Rank: rank, Score: score, Moves: pv}
	for r := range sl.lines {
		if r > max(j.multipv, 1) {
			delete(sl.lines, r)
		}
	}
	if rank == 1 {
		n.eval = &score
		s.g.touch(n)
		if j.kind == jobReview {
			s.reviewLine(n, pv)
		}
	}
	msg := analysisMsg{Type: "analysis", Engine: s.engines[j.spec].Name, Node: j.node,
		Score: sl.lines[1].Score, Depth: in.Depth, Nodes: in.Nodes, NPS: in.NPS}
	for _, r := range slices.Sorted(maps.Keys(sl.lines)) {
		msg.Lines = append(msg.Lines, sl.lines[r])
	}
	if best := sl.lines[1].Moves; len(best) > 0 {
		path := strings.FieldsFunc(best[0], func(r rune) bool { return r == '-' || r == 'x' })
		msg.Arrow = &[2]string{path[0], path[len(path)-1]}
	}
	s.send(msg)
}

// legalPrefix is the moves of a principal variation up to the first that
// is not legal, in full notation.
func legalPrefix(p engine.Position, moves []string) []string {
	var out []string
	for _, text := range moves {
		m, err := p.ParseMove(text)
		if err != nil {
			break
		}
		out = append(out, p.FormatMove(m))
		p = p.Play(m)
	}
	return out
}
