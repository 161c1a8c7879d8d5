// The engines' side of a session: which searches the state needs (think
// for an engine's move, analyse the board's position), starting them on the
// session's engine processes (each in a goroutine, through hubclient's
// search exchange) and stopping them, and acting on their reports.

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
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// wanted is the search each slot should run now, or nil.
func (s *session) wanted() [2]*job {
	var jobs [2]*job
	g := s.g
	if !g.over() {
		last := g.last()
		side := last.SideToMove()
		if i := s.players[side]; i != person {
			jobs[s.slotOf(side)] = &job{kind: jobThink, spec: i, line: s.line, ply: len(g.moves)}
		}
	}
	if s.analysing && s.mode != modeWatch && jobs[0] == nil && len(s.engines) > 0 && !(g.atEnd() && g.over()) {
		jobs[0] = &job{kind: jobAnalyse, spec: s.analyser, line: s.line, ply: g.cursor, multipv: s.multipv}
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
			if want.kind == jobThink {
				s.engineFailed(want)
			}
			continue
		}
		if err := s.startJob(i, want); err != nil {
			sl.failed = true
			s.sendError(fmt.Sprintf("engine %s: %v", s.engines[want.spec].Name, err))
			if sl.conn != nil {
				sl.conn.Close()
				sl.conn = nil
			}
			if want.kind == jobThink {
				s.engineFailed(want)
			}
		}
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
		sl.conn, sl.spec, sl.pending = conn, j.spec, nil
	}
	params := sl.pending
	sl.pending = nil
	if j.kind == jobAnalyse {
		params = append(params, hubclient.Param{Name: "multipv", Value: strconv.Itoa(j.multipv)})
	}
	for _, p := range params {
		if err := sl.conn.SetParam(p.Name, p.Value); err != nil {
			return err
		}
	}
	ctx, stop := context.WithCancel(s.ctx)
	sl.job, sl.stopSent, sl.lines, sl.stop = j, false, map[int]pvLine{}, stop
	conn, pos, lim := sl.conn, s.position(j.ply), s.limits()
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
			done, err = conn.Analyze(ctx, pos, hubclient.Limits{}, onInfo)
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

// position is the position after ply moves of the line, for the engine.
func (s *session) position(ply int) hubclient.Position {
	return hubclient.Position{Start: s.g.start().Hub(), Moves: s.g.lineFrom(0)[:ply]}
}

// limits are the limits of an engine's move: its clock or the move time.
func (s *session) limits() hubclient.Limits {
	if s.clk == nil {
		return hubclient.Limits{MoveTime: time.Duration(s.lim.MoveTime * float64(time.Second))}
	}
	last := s.g.last()
	return hubclient.Limits{Clock: true, Time: s.clk.beforeIncrement(last.SideToMove(), s.now()), Inc: s.clk.inc}
}

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
		if !sl.stopSent && j.line == s.line && j.ply <= len(s.g.moves) {
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
		s.update() // sync fails the game of an engine that is to move
		return
	}
	if ev.err == nil && j.kind == jobThink && s.wanted()[ev.slot] != nil && *s.wanted()[ev.slot] == *j {
		s.engineMove(j, *ev.done)
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
	s.g.cursor = len(s.g.moves)
	if _, err := s.g.play(text); err != nil {
		s.g.cursor = cursor
		s.engineLost(j, pdn.TerminationIllegalMove, fmt.Sprintf("played %q: %v", text, err))
		return
	}
	if !follow {
		s.g.cursor = cursor
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

// info records an info line of slot sl's search and sends the analysis.
func (s *session) info(sl *slot, in hubclient.Info) {
	j := sl.job
	p := s.g.positions[j.ply]
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
		s.g.evals[j.ply] = score
	}
	msg := analysisMsg{Type: "analysis", Engine: s.engines[j.spec].Name, Line: j.line, Ply: j.ply,
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
