// A session: one page's game, clock and engines, and its event loop. The
// loop alone touches the session's state; it acts on the page's requests,
// the engines' lines and the clock's flag, then asks the engines for what
// the new state needs (sync) and tells the page.

package gui

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/explorer"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// eventBuffer is how many reports of the searches may wait for the loop.
const eventBuffer = 256

// person marks a side moved by a person in session.players.
const person = -1

// session is one page's state.
type session struct {
	engines  []hubclient.Spec
	start    startFunc
	now      func() time.Time
	send     func(v any)             // a message to the page
	finished func(r *pdn.Game) error // saves a game that has just ended
	ctx      context.Context         // for engine start-up
	caps     engineCaps              // the largest hash and threads the server allows; zero for no cap
	tables   *egtb.Tables            // for the Endgame tables panel; nil for none
	book     *book.Book              // for the Book panel; nil for none
	explorer *explorer.Index         // for the Explorer panel, shared by the pages; nil for none
	levels   []Level                 // the levels a game against the engine may have; none for no choice

	g         *game
	mode      string
	players   [2]int // engine index by engine.Color, or person
	analyser  int    // engine index of the analysis
	lim       limit
	clk       *clock // nil without a clock
	line      int    // bumped whenever the game's moves change
	reported  int    // the line whose end has been reported, or -1
	paused    bool   // the clock and the engines' moves wait
	analysing bool
	multipv   int
	params    map[string]string // engine parameters set from the page
	slots     [2]slot           // slot 0: the engine of play and analysis, White's in watch mode; slot 1: Black's
	flag      *time.Timer
	events    chan engineEvent // the searches' reports
	closed    chan struct{}    // closed when the session ends
	review    *review          // a whole-game analysis, nil without one
	games     int              // bumped at every new game, so that the page knows one
	level     *int             // the engine's level against the person, nil for full strength
}

// slot is one engine process of a session and the search it runs.
type slot struct {
	spec      int // engine index of conn
	conn      engineConn
	job       *job // the search running, nil when idle
	stopSent  bool
	stop      context.CancelFunc // stops the search running
	pending   []hubclient.Param  // parameters to set once idle
	failed    bool               // the engine would not start or died; not retried before the next new game
	reviewing bool               // it has a review's settings (reviewSettings)
	level     string             // the level parameter set on the engine, "" for none
	lines     map[int]pvLine
}

// Kinds of jobs.
const (
	jobThink   = "think"
	jobAnalyse = "analyse"
	jobReview  = "review" // a position of a whole-game analysis, to a fixed limit
)

// job is a search: what for, on which engine, in which position.
type job struct {
	kind    string
	spec    int
	game    *game // the game searched (a new game is a new search, whatever its node ids)
	node    int   // the tree node of the position searched
	multipv int
}

func newSession(ctx context.Context, engines []hubclient.Spec, start startFunc, now func() time.Time, send func(any), finished func(*pdn.Game) error) *session {
	s := &session{engines: engines, start: start, now: now, send: send, finished: finished, ctx: ctx,
		multipv: 1, params: map[string]string{}, reported: -1,
		events: make(chan engineEvent, eventBuffer), closed: make(chan struct{})}
	s.setGame(newGame(engine.StartPosition()), modeAnalyse) // the page offers the choice of a game
	return s
}

// run is the event loop, until in is closed or ctx is done; it ends the
// engines on the way out.
func (s *session) run(ctx context.Context, in <-chan []byte) {
	defer s.close()
	s.send(helloMsg{Type: "hello", Engines: s.engineNames(), MaxHash: s.caps.hash, MaxThreads: s.caps.threads, Initial: engine.StartText, Levels: s.levels, MaxMessage: maxMessage})
	s.update()
	for {
		select {
		case <-ctx.Done():
			return
		case data, ok := <-in:
			if !ok {
				return
			}
			s.handle(data)
		case ev := <-s.events:
			s.engineEvent(ev)
		case <-s.engineExited(0):
			s.engineGone(0)
		case <-s.engineExited(1):
			s.engineGone(1)
		case <-s.flagFall():
			s.checkFlag()
			s.update()
		}
	}
}

// handle acts on one message from the page; a bad one gets an error reply.
func (s *session) handle(data []byte) {
	r, err := decodeRequest(data)
	if err == nil {
		err = s.apply(r)
	}
	if err != nil {
		s.sendError(err.Error())
	}
	s.update()
}

// update starts and stops the engines' searches as the state needs and
// sends the state to the page.
func (s *session) update() {
	s.sync()
	s.reportEnd()
	s.armFlag()
	s.send(s.state())
}

// apply carries out a checked request; on error nothing has changed.
func (s *session) apply(r request) error {
	switch r.Type {
	case reqNew:
		return s.newGame(r)
	case reqMove:
		return s.personMove(r.Move)
	case reqTakeBack:
		return s.takeBack()
	case reqResign:
		return s.resign()
	case reqGoTo:
		return s.g.goTo(r.Node)
	case reqDelete, reqPromote:
		return s.editTree(r)
	case reqPlayLine:
		return s.playLine(r.Moves)
	case reqOpen:
		return s.open(r.Text, r.Moves)
	case reqPause:
		return s.pause(r.On)
	case reqReview:
		return s.startReview(r.Limit)
	case reqStopReview:
		s.stopReview()
	case reqAnalyse:
		if s.mode == modeWatch && r.On {
			return fmt.Errorf("the engines are playing; their search is the analysis")
		}
		s.analysing = r.On
		if r.On {
			s.slots[0].failed = false // try again
		}
		if r.MultiPV > 0 {
			s.multipv = r.MultiPV
		}
	case reqPosition:
		p, err := parsePositionText(r.Text)
		if err != nil {
			return err
		}
		s.setGame(newGame(p), modeAnalyse)
	case reqLoadPDN:
		g, err := loadRecord(s.ctx, r.Text)
		if err != nil {
			return err
		}
		s.setGame(g, modeAnalyse)
	case reqExplorerLoad:
		return s.loadExplorer(r.Text)
	case reqSavePDN:
		return s.sendPDN(false)
	case reqOption:
		return s.setOption(r.Name, r.Value)
	}
	return nil
}

// newGame starts a game as r asks.
func (s *session) newGame(r request) error {
	if len(s.engines) == 0 && r.Mode != modeAnalyse {
		return errNoEngine
	}
	for _, i := range []int{r.Engine, r.White, r.Black} {
		if i >= len(s.engines) && len(s.engines) > 0 {
			return fmt.Errorf("no engine %d (there are %d)", i, len(s.engines))
		}
	}
	if err := s.checkLevel(r.Level); err != nil {
		return err
	}
	start := engine.StartPosition()
	if r.FromBoard && s.g != nil {
		start = s.g.position()
	}
	g := newGame(start)
	players := [2]int{person, person}
	switch r.Mode {
	case modePlay:
		engineSide := engine.Black
		if r.Color == "black" {
			engineSide = engine.White
		}
		players[engineSide] = r.Engine
	case modeWatch:
		players = [2]int{r.White, r.Black}
	}
	s.setGame(g, r.Mode)
	s.players, s.analyser, s.lim, s.level = players, r.Engine, r.Limit, r.Level
	s.paused = false
	if r.Mode != modeAnalyse { // an analysis board's sides are nobody's
		g.white, g.black = s.playerName(engine.White), s.playerName(engine.Black)
	}
	for i := range s.slots {
		s.slots[i].failed = false
	}
	if r.Mode != modeAnalyse && r.Limit.isClock() {
		s.clk = newClock(time.Duration(r.Limit.Minutes*float64(time.Minute)), time.Duration(r.Limit.Increment*float64(time.Second)))
		if !g.over() {
			s.clk.startTurn(start.SideToMove(), s.now())
		}
		snap := s.clk.snapshot(s.now())
		g.root.clock = &snap
	}
	if r.Mode == modeWatch {
		s.analysing = false
	}
	return nil
}

// setGame replaces the game, in mode, with people moving both sides unless
// newGame says otherwise, and no clock.
func (s *session) setGame(g *game, mode string) {
	s.g, s.mode, s.players, s.clk, s.paused = g, mode, [2]int{person, person}, nil, false
	s.review = nil
	s.line++
	s.games++
	if g.date == "" {
		g.date = s.now().Format(pdnDate)
	}
}

// pdnDate is the layout of the PDN Date tag.
const pdnDate = "2006.01.02"

// personSide is the side the person plays against an engine, "" when
// people or engines move both sides.
func (s *session) personSide() string {
	if s.mode != modePlay {
		return ""
	}
	if s.players[engine.White] == person {
		return "white"
	}
	return "black"
}

// playerName is the name of the player of side c: an engine's with its
// level (withLevel), or "you".
func (s *session) playerName(c engine.Color) string {
	if i := s.players[c]; i != person {
		return s.withLevel(s.engines[i].Name)
	}
	return "you"
}

// personMove plays a move entered on the board.
func (s *session) personMove(text string) error {
	if s.mode == modeWatch {
		return fmt.Errorf("the engines are playing")
	}
	p := s.g.position()
	if s.players[p.SideToMove()] != person {
		return fmt.Errorf("it is the engine's move")
	}
	if s.paused {
		return errPaused
	}
	if s.checkFlag() {
		return errGameOver
	}
	from, size := s.g.cursor, s.g.moves
	n, err := s.g.play(text)
	if err != nil {
		return err
	}
	main := s.g.onMain(n)
	if s.g.moves == size && (main || s.mode != modePlay) {
		return nil // a move the tree has: the board goes there, the game is as it was
	}
	if s.mode == modePlay && !main {
		// Play goes on from the earlier position: its line becomes the
		// game, the old one a variation, and the clocks show again what
		// they showed there. When that would nest the old lines too
		// deep, the move is refused and a new one taken out again.
		if err := s.g.makeMain(n); err != nil {
			if s.g.moves != size {
				s.g.remove(n)
			}
			s.g.moveCursor(from)
			return fmt.Errorf("%v: take moves back instead", err)
		}
		s.restoreClock(from)
	}
	s.lineChanged()
	return nil
}

var (
	errPaused      = errors.New("the game is paused")
	errNoEngine    = errors.New("no engine to play")
	errGameNotOver = errors.New("a game is analysed whole once it is over, or on the analysis board")
)

// restoreClock sets the clock to what it showed at n, with the time of n's
// side to move running.
func (s *session) restoreClock(n *node) {
	if s.clk != nil && n.clock != nil {
		s.clk.restore(*n.clock, n.pos.SideToMove(), s.now())
	}
}

// takeBack takes back the last move, and in play mode as many as needed for
// the person to be to move again.
func (s *session) takeBack() error {
	if err := s.checkTakeBack(); err != nil {
		return err
	}
	for s.g.mainEnd != s.g.root {
		s.g.takeBack()
		last := s.g.last()
		if s.players[last.SideToMove()] == person {
			break
		}
	}
	s.restoreClock(s.g.mainEnd)
	s.line++
	if s.paused && s.clk != nil {
		s.clk.stop(s.now())
	}
	return nil
}

// checkTakeBack says why a take-back is refused now, nil when it is not.
// Against the engine it needs a move of the person's: the engine's first
// move alone, taken back, would only be played again. The sides take
// turns, so the person has moved unless the main line is that one move.
func (s *session) checkTakeBack() error {
	if s.mode == modeWatch {
		return fmt.Errorf("the engines are playing")
	}
	if s.g.mainEnd == s.g.root {
		return fmt.Errorf("no move to take back")
	}
	if s.mode == modePlay && s.g.mainEnd.ply == 1 && s.players[s.g.root.pos.SideToMove()] != person {
		return fmt.Errorf("no move of yours to take back: the engine moved first")
	}
	return nil
}

// pause stops the clock and the engine's move (on), or lets them go on.
func (s *session) pause(on bool) error {
	if s.mode == modeAnalyse {
		return fmt.Errorf("an analysis has no clock to pause")
	}
	if on == s.paused {
		return nil
	}
	if s.g.over() {
		return errGameOver
	}
	s.paused = on
	if s.clk != nil {
		if on {
			s.clk.stop(s.now())
		} else {
			last := s.g.last()
			s.clk.resume(last.SideToMove(), s.now())
		}
	}
	return nil
}

// editTree deletes a node or promotes its line, in an analysis.
func (s *session) editTree(r request) error {
	if s.mode != modeAnalyse {
		return fmt.Errorf("variations are deleted and promoted on the analysis board")
	}
	n, err := s.g.node(r.Node)
	if err != nil {
		return err
	}
	if r.Type == reqPromote {
		if err := s.g.makeMain(n); err != nil {
			return err
		}
	} else {
		if n == s.g.root {
			return fmt.Errorf("the start position cannot be deleted")
		}
		s.g.remove(n)
	}
	s.line++
	return nil
}

// playLine plays moves from the board's position as a line of the tree (an
// engine's variation clicked on the page); the board shows its first move.
func (s *session) playLine(moves []string) error {
	if s.mode != modeAnalyse {
		return fmt.Errorf("variations are played onto the analysis board")
	}
	from := s.g.cursor
	var first *node
	for _, text := range moves {
		n, err := s.g.play(text)
		if err != nil {
			s.g.moveCursor(from)
			return fmt.Errorf("%s: %v", text, err)
		}
		if first == nil {
			first = n
		}
	}
	s.g.moveCursor(first)
	s.line++
	return nil
}

// open sets up an analysis board from an address: a start position and
// moves from it, the board at the last.
func (s *session) open(text string, moves []string) error {
	p := engine.StartPosition()
	if text != "" {
		var err error
		if p, err = parsePositionText(text); err != nil {
			return err
		}
	}
	g := newGame(p)
	for i, m := range moves {
		if _, err := g.play(m); err != nil {
			return fmt.Errorf("move %d (%s): %v", i+1, m, err)
		}
	}
	s.setGame(g, modeAnalyse)
	return nil
}

// resign ends the game against an engine as a loss of the person.
func (s *session) resign() error {
	if s.mode != modePlay {
		return fmt.Errorf("only a player in a game against an engine resigns")
	}
	if s.g.over() {
		return errGameOver
	}
	if s.paused {
		return errPaused
	}
	last := s.g.last()
	loser := last.SideToMove()
	if s.players[loser] != person {
		loser = loser.Other()
	}
	s.g.end(outcome{winner(loser.Other()), terminationResignation, colorName(loser) + " resigns"})
	s.lineChanged()
	return nil
}

// lineChanged follows a change of the line of moves: the clock turns to
// the side to move, or stops at the end of the game.
func (s *session) lineChanged() {
	s.line++
	if s.mode != modeAnalyse && !s.g.over() && s.g.moves >= maxTreeMoves {
		s.g.end(outcome{pdn.Draw, pdn.TerminationAdjudication, fmt.Sprintf("the game reached the limit of %d moves", maxTreeMoves)})
	}
	if s.clk == nil {
		return
	}
	now := s.now()
	if s.g.over() {
		s.clk.stop(now)
	} else {
		last := s.g.last()
		s.clk.startTurn(last.SideToMove(), now)
	}
	if end := s.g.mainEnd; end.clock == nil && end.parent != nil && end.parent.clock != nil {
		snap := s.clk.snapshot(now)
		end.clock = &snap
		mover := end.parent.pos.SideToMove()
		end.spent = end.parent.clock[mover] - snap[mover]
		s.g.touch(end)
	}
}

// checkFlag ends the game when the running side's time is out, and reports
// whether it did.
func (s *session) checkFlag() bool {
	if s.clk == nil || s.paused || s.g.over() || !s.clk.flagged(s.now()) {
		return false
	}
	loser := s.clk.side
	s.g.end(outcome{winner(loser.Other()), pdn.TerminationTimeForfeit, colorName(loser) + " lost on time"})
	s.lineChanged()
	return true
}

// armFlag sets the timer for the running side's flag.
func (s *session) armFlag() {
	if s.flag != nil {
		s.flag.Stop()
		s.flag = nil
	}
	if s.clk != nil && s.clk.running && !s.paused {
		s.flag = time.NewTimer(max(0, s.clk.remaining(s.clk.side, s.now())))
	}
}

func (s *session) flagFall() <-chan time.Time {
	if s.flag == nil {
		return nil
	}
	return s.flag.C
}

// reportEnd sends a game that has just ended to the page as PDN and
// passes it on to be saved.
func (s *session) reportEnd() {
	if s.mode == modeAnalyse || s.reported == s.line || !s.g.over() {
		return
	}
	s.reported = s.line
	if err := s.sendPDN(true); err != nil {
		s.sendError(err.Error())
	}
	rec := s.g.record(pdnEvent)
	if s.explorer != nil && len(rec.Moves) > 0 && s.explorer.Len() < maxExplorerEntries {
		if err := s.explorer.Add(rec); err != nil {
			s.sendError("adding the game to the explorer: " + err.Error())
		}
	}
	if s.finished != nil {
		if err := s.finished(rec); err != nil {
			s.sendError("saving the game: " + err.Error())
		}
	}
}

// pdnEvent is the Event tag of the games the GUI records.
const pdnEvent = "dameo gui"

func (s *session) sendPDN(final bool) error {
	text, err := pdn.Format(s.g.record(pdnEvent))
	if err != nil {
		return err
	}
	s.send(pdnMsg{Type: "pdn", Text: text, Final: final})
	return nil
}

// setOption sets an engine parameter for the engines running now and those
// started later, within the server's caps.
func (s *session) setOption(name, value string) error {
	if err := s.caps.check(name, value); err != nil {
		return err
	}
	if name == "multipv" {
		fmt.Sscan(value, &s.multipv)
		return nil
	}
	s.params[name] = value
	for i := range s.slots {
		if s.slots[i].conn != nil {
			s.slots[i].pending = append(s.slots[i].pending, hubclient.Param{Name: name, Value: value})
		}
	}
	return nil
}

func (s *session) sendError(msg string) {
	s.send(errorMsg{Type: "error", Message: msg})
}

func (s *session) engineNames() []string {
	names := make([]string, len(s.engines))
	for i, e := range s.engines {
		names[i] = e.Name
	}
	return names
}

// close ends the session's engines.
func (s *session) close() {
	if s.flag != nil {
		s.flag.Stop()
	}
	close(s.closed)
	for i := range s.slots {
		if s.slots[i].job != nil {
			s.slots[i].stop()
		}
		if c := s.slots[i].conn; c != nil {
			c.Close()
			s.slots[i].conn = nil
		}
	}
}

// parsePositionText reads position text or the Hub pos= form.
func parsePositionText(text string) (engine.Position, error) {
	if len(text) == 65 && (text[0] == 'W' || text[0] == 'B') {
		return engine.ParseHub(text)
	}
	return engine.ParsePosition(text)
}

// state is the session as the page shows it, with the tree's changes
// since the last state.
func (s *session) state() stateMsg {
	g := s.g
	p := g.position()
	o := g.outcome()
	st := stateMsg{
		Type: "state", Mode: s.mode, Line: s.line, Cursor: g.cursor.id, Ply: g.cursor.ply, MainEnd: g.mainEnd.id,
		Board: p.Hub()[1:], Side: colorWord(p.SideToMove()), Text: p.String(), Start: g.start().String(),
		Legal: []moveView{}, Tree: g.delta(),
		Result: o.result, Reason: o.reason, White: g.white, Black: g.black,
		Analysing: s.analysing, MultiPV: s.multipv, Params: s.params, Game: s.games, Player: s.personSide(),
		TakeBack: s.checkTakeBack() == nil,
	}
	if s.mayMove() {
		for _, m := range p.LegalMoves() {
			st.Legal = append(st.Legal, newMoveView(&p, m))
		}
	}
	if c := g.cursor; c.parent != nil {
		v := newMoveView(&c.parent.pos, c.move)
		st.Last = &v
	}
	if s.clk != nil {
		now := s.now()
		st.Clock = &clockView{White: s.clk.remaining(engine.White, now).Seconds(), Black: s.clk.remaining(engine.Black, now).Seconds(),
			Inc: s.clk.inc.Seconds(), Turn: s.clk.turnTime(now).Seconds(), Paused: s.paused}
		if s.clk.running {
			st.Clock.Running = colorWord(s.clk.side)
		} else if s.paused {
			last := g.last()
			st.Clock.Running = colorWord(last.SideToMove()) // whose time waits
		}
	}
	for i := range s.slots {
		if j := s.slots[i].job; j != nil && j.kind == jobThink && !s.slots[i].stopSent {
			st.Thinking = s.engines[j.spec].Name
		}
	}
	start := g.start()
	for c := engine.White; c <= engine.Black; c++ {
		st.Lost[c] = bits.OnesCount64(start.Pieces(c)) - bits.OnesCount64(p.Pieces(c))
	}
	st.Review = s.reviewState()
	if s.mode == modeAnalyse {
		st.Tables, st.Book, st.Explorer = probeTables(s.tables, p), lookUpBook(s.book, p), lookUpExplorer(s.explorer, p)
	}
	return st
}

// mayMove reports whether a person may move on the board now.
func (s *session) mayMove() bool {
	p := s.g.position()
	if s.mode == modeWatch || s.players[p.SideToMove()] != person || s.paused {
		return false
	}
	return !(s.g.atEnd() && s.g.over()) && s.g.cursor.rules == engine.Ongoing
}

func colorWord(c engine.Color) string {
	if c == engine.White {
		return "white"
	}
	return "black"
}
