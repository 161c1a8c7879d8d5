// The engines' side of a session: which searches the state needs (think
// for an engine's move, analyse the board's position), starting and stopping
// them on the session's engine processes, and reading their info and done
// lines.

package gui

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
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
			jobs[s.slotOf(side)] = &job{kind: jobThink, spec: i, node: g.mainEnd.id}
		}
	}
	if n := s.reviewNode(); n != nil && jobs[0] == nil && jobs[1] == nil {
		jobs[0] = &job{kind: jobReview, spec: s.analyser, node: n.id, multipv: 1}
	}
	if s.analysing && s.mode != modeWatch && jobs[0] == nil && len(s.engines) > 0 && !(g.atEnd() && g.over()) && g.cursor.rules == engine.Ongoing {
		jobs[0] = &job{kind: jobAnalyse, spec: s.analyser, node: g.cursor.id, multipv: s.multipv}
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
				sl.conn.Send(hub.NewLine("stop"))
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
// needed.
func (s *session) startJob(i int, j *job) error {
	sl := &s.slots[i]
	if sl.conn != nil && sl.spec != j.spec {
		sl.conn.Close()
		sl.conn = nil
	}
	if sl.conn == nil {
		conn, err := s.start(s.engines[j.spec])
		if err != nil {
			return err
		}
		warnings, err := handshake(s.ctx, conn, s.startParams())
		for _, w := range warnings {
			s.sendError(fmt.Sprintf("engine %s: %s", s.engines[j.spec].Name, w))
		}
		if err != nil {
			conn.Close()
			return err
		}
		sl.conn, sl.spec, sl.pending, sl.bookOff = conn, j.spec, nil, false
	}
	lines := append(sl.pending, s.bookLine(sl, j)...)
	lines = append(lines, s.posLine(s.g.byID[j.node]))
	sl.pending = nil
	switch j.kind {
	case jobAnalyse:
		lines = append(lines, setParam("multipv", strconv.Itoa(j.multipv)), hub.NewLine("go").Flag("analyze"))
	case jobReview:
		lines = append(lines, setParam("multipv", "1"), hub.NewLine("level").Set("move-time", secondsText(s.review.moveTime)), hub.NewLine("go").Flag("think"))
	default:
		lines = append(lines, s.levelLine(), hub.NewLine("go").Flag("think"))
	}
	for _, l := range lines {
		if err := sl.conn.Send(l); err != nil {
			return err
		}
	}
	sl.job, sl.stopSent, sl.lines = j, false, map[int]pvLine{}
	return nil
}

// startParams are the set-param lines of a new engine.
func (s *session) startParams() []hub.Line {
	var lines []hub.Line
	for _, name := range slices.Sorted(maps.Keys(s.params)) {
		lines = append(lines, setParam(name, s.params[name]))
	}
	return lines
}

// maxPosMoves bounds the moves of a pos line.
const maxPosMoves = 256

// posLine is the pos line of n's position: the position after the last
// capture or man move on the way to it, and the moves since, which is what
// the engine needs for repetition; at most maxPosMoves of them, so that
// the line stays short however long the game.
func (s *session) posLine(n *node) hub.Line {
	var moves []string
	for ; n.parent != nil && !n.irreversible && len(moves) < maxPosMoves; n = n.parent {
		moves = append(moves, n.text)
	}
	slices.Reverse(moves)
	l := hub.NewLine("pos").Set("fen", n.pos.String())
	if len(moves) > 0 {
		l = l.Set("moves", strings.Join(moves, " "))
	}
	return l
}

// levelLine is the limit of an engine's move: its clock or the move time.
func (s *session) levelLine() hub.Line {
	l := hub.NewLine("level")
	if s.clk == nil {
		return l.Set("move-time", secondsText(s.lim.MoveTime))
	}
	last := s.g.last()
	now := s.now()
	return l.Set("time", secondsText(s.clk.beforeIncrement(last.SideToMove(), now).Seconds())).
		Set("inc", secondsText(s.clk.inc.Seconds()))
}

func secondsText(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// engineLines is the output of slot i's engine, nil without one.
func (s *session) engineLines(i int) <-chan hub.Line {
	if s.slots[i].conn == nil {
		return nil
	}
	return s.slots[i].conn.Lines()
}

// engineLine acts on a line from slot i's engine; !ok means its output has
// ended.
func (s *session) engineLine(i int, l hub.Line, ok bool) {
	sl := &s.slots[i]
	if !ok {
		j := sl.job
		sl.conn.Close()
		sl.conn, sl.job, sl.failed = nil, nil, true
		s.sendError(fmt.Sprintf("engine %s exited", s.engines[sl.spec].Name))
		if j != nil && j.kind == jobThink {
			s.engineFailed(j)
		}
		s.update()
		return
	}
	switch l.Command {
	case "info":
		if j := sl.job; j != nil && !sl.stopSent && s.g.byID[j.node] != nil {
			s.info(sl, l)
		}
	case "error":
		msg, _ := l.Get("message")
		s.sendError(fmt.Sprintf("engine %s: %s", s.engines[sl.spec].Name, msg))
	case "done":
		j := sl.job
		sl.job, sl.stopSent = nil, false
		if want := s.wanted()[i]; j != nil && want != nil && *want == *j {
			switch j.kind {
			case jobThink:
				s.engineMove(j, l)
			case jobReview:
				s.reviewed()
			}
		}
		s.update()
	}
}

// engineMove plays the move of an engine's done line; a missing or illegal
// move loses the game. The board follows the move if it showed the end of
// the line.
func (s *session) engineMove(j *job, l hub.Line) {
	if s.checkFlag() {
		return
	}
	text, ok := l.Get("move")
	if !ok {
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

// info records an info line of slot sl's search and sends the analysis.
func (s *session) info(sl *slot, l hub.Line) {
	j := sl.job
	n := s.g.byID[j.node]
	p := n.pos
	score, err := strconv.ParseFloat(value(l, "score"), 64)
	if err != nil {
		return
	}
	if p.SideToMove() == engine.Black {
		score = -score
	}
	rank := 1
	if r, err := strconv.Atoi(value(l, "multipv")); err == nil && r >= 1 && r <= maxMultiPV {
		rank = r
	}
	pv := legalPrefix(p, strings.Fields(value(l, "pv")))
	sl.lines[rank] = pvLine{Rank: rank, Score: score, Moves: pv}
	for r := range sl.lines {
		if r > max(j.multipv, 1) {
			delete(sl.lines, r)
		}
	}
	if rank == 1 {
		n.eval = &score
		s.g.touch(n)
	}
	msg := analysisMsg{Type: "analysis", Engine: s.engines[j.spec].Name, Node: j.node,
		Score: sl.lines[1].Score}
	msg.Depth, _ = strconv.Atoi(value(l, "depth"))
	msg.Nodes, _ = strconv.ParseInt(value(l, "nodes"), 10, 64)
	msg.NPS, _ = strconv.ParseFloat(value(l, "nps"), 64)
	for _, r := range slices.Sorted(maps.Keys(sl.lines)) {
		msg.Lines = append(msg.Lines, sl.lines[r])
	}
	if best := sl.lines[1].Moves; len(best) > 0 {
		path := strings.FieldsFunc(best[0], func(r rune) bool { return r == '-' || r == 'x' })
		msg.Arrow = &[2]string{path[0], path[len(path)-1]}
	}
	s.send(msg)
}

// value is the value of l's argument name, "" without one.
func value(l hub.Line, name string) string {
	v, _ := l.Get(name)
	return v
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
