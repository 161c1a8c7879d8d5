// A fake Hub engine in the test process, in engineConn's place: go think
// answers the first legal move in notation order (when held, only at stop),
// go analyze one info line, then done at stop; it records the lines a real
// engine would have been sent. The harness drives a session by hand with
// it.

package gui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

// errEngineExited is the error of a fake engine that has been closed.
var errEngineExited = fmt.Errorf("fake: %w", hubclient.ErrExited)

// fakeEngine implements engineConn. Its sent is the lines a Hub engine
// would have been sent (written by hubclient's line builders); parked
// tells the harness that go analyze has sent its info and waits for stop.
type fakeEngine struct {
	mu        sync.Mutex
	sent      []string
	analysing bool
	hold      bool   // go think answers done only at stop
	score     string // of go think's info line, for the side to move
	thinking  bool
	parked    bool
	closed    bool
	thinkErr  error         // what Think fails with, when not nil
	gone      chan struct{} // closed by Close
	poke      chan struct{} // the harness's: a search has parked
}

func newFakeEngine(poke chan struct{}) *fakeEngine {
	return &fakeEngine{gone: make(chan struct{}), poke: poke, score: "-0.50"}
}

func (f *fakeEngine) Exited() <-chan struct{} { return f.gone }

func (f *fakeEngine) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.closed = true
		close(f.gone)
	}
}

// record adds lines to sent; it fails once the engine is closed.
func (f *fakeEngine) record(lines ...string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return errEngineExited
	}
	f.sent = append(f.sent, lines...)
	return nil
}

func (f *fakeEngine) isParked() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.parked
}

func (f *fakeEngine) SetParam(name, value string) error {
	return f.record(hubclient.Param{Name: name, Value: value}.Line().String())
}

func (f *fakeEngine) NewGame() error { return f.record("new-game") }

// start records the lines that start a search and returns the position.
func (f *fakeEngine) start(pos hubclient.Position, lim hub.Level, flag string) (engine.Position, error) {
	lines := []string{pos.Line().String()}
	if level := lim.Line(); len(level.Args) > 0 {
		lines = append(lines, level.String())
	}
	if err := f.record(append(lines, "go "+flag)...); err != nil {
		return engine.Position{}, err
	}
	p := engine.StartPosition()
	if pos.Start != "" {
		var err error
		if p, err = engine.ParseHub(pos.Start); err != nil {
			return p, err
		}
	}
	for _, text := range pos.Moves {
		m, err := p.ParseMove(text)
		if err != nil {
			return p, err
		}
		p = p.Play(m)
	}
	return p, nil
}

// Think answers the first legal move in notation order, after one info
// line; when held, only at stop.
func (f *fakeEngine) Think(ctx context.Context, pos hubclient.Position, lim hub.Level, onInfo func(hubclient.Info)) (hubclient.Done, error) {
	p, err := f.start(pos, lim, "think")
	if err != nil {
		return hubclient.Done{}, err
	}
	if f.thinkErr != nil {
		return hubclient.Done{}, f.thinkErr
	}
	best := bestMove(p)
	score, err := strconv.ParseFloat(f.score, 64)
	if err != nil {
		return hubclient.Done{}, err
	}
	onInfo(hubclient.Info{Depth: 1, Score: score, Nodes: 10, NPS: 0.01, MultiPV: 1, PV: strings.Fields(best)})
	if f.hold {
		return f.untilStop(ctx, best, &f.thinking)
	}
	return hubclient.Done{Move: best}, nil
}

// Analyze sends one info line, then waits for stop (the context's end).
func (f *fakeEngine) Analyze(ctx context.Context, pos hubclient.Position, lim hub.Level, onInfo func(hubclient.Info)) (hubclient.Done, error) {
	p, err := f.start(pos, lim, "analyze")
	if err != nil {
		return hubclient.Done{}, err
	}
	best := bestMove(p)
	onInfo(hubclient.Info{Depth: 1, Score: 0.25, Nodes: 10, NPS: 0.01, MultiPV: 1, PV: strings.Fields(best)})
	return f.untilStop(ctx, best, &f.analysing)
}

// untilStop parks a search, *state set, until stop (ctx's end), which is
// answered with best.
func (f *fakeEngine) untilStop(ctx context.Context, best string, state *bool) (hubclient.Done, error) {
	f.mu.Lock()
	*state, f.parked = true, true
	f.mu.Unlock()
	select {
	case f.poke <- struct{}{}:
	default:
	}
	select {
	case <-ctx.Done():
	case <-f.gone:
		return hubclient.Done{}, errEngineExited
	}
	f.mu.Lock()
	*state, f.parked = false, false
	f.mu.Unlock()
	if err := f.record("stop"); err != nil {
		return hubclient.Done{}, err
	}
	return hubclient.Done{Move: best}, ctx.Err()
}

// bestMove is the first legal move of p in notation order, or "".
func bestMove(p engine.Position) string {
	var texts []string
	for _, m := range p.LegalMoves() {
		texts = append(texts, p.FormatMove(m))
	}
	slices.Sort(texts)
	if len(texts) == 0 {
		return ""
	}
	return texts[0]
}

// harness is a session driven by hand: requests in, engine lines pumped
// until the engines are quiet, messages to the page collected.
type harness struct {
	s       *session
	engines []*fakeEngine
	poke    chan struct{} // a fake engine's search has parked
	// startErr fails the start of engines; thinkErr and score (of go
	// think's info line, "" for the fake's) are given to those started.
	startErr, thinkErr error
	score              string
	sent               []any
	tree               pageTree // the move tree as the page has it, from the states' changes
	saved              []string // Result tags of the games saved
	now                time.Time
}

func newHarness(engineNames ...string) *harness {
	h := &harness{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), poke: make(chan struct{}, 1), tree: pageTree{}}
	var specs []hubclient.Spec
	for _, n := range engineNames {
		specs = append(specs, hubclient.Spec{Name: n, Command: []string{n}})
	}
	start := func(_ context.Context, _ hubclient.Spec, params []hubclient.Param) (engineConn, error) {
		if h.startErr != nil {
			return nil, h.startErr
		}
		f := newFakeEngine(h.poke)
		f.thinkErr = h.thinkErr
		if h.score != "" {
			f.score = h.score
		}
		f.record("hub", "wait")
		for _, p := range params {
			f.SetParam(p.Name, p.Value)
		}
		f.record("init", "ready")
		h.engines = append(h.engines, f)
		return f, nil
	}
	h.s = newSession(context.Background(), specs, start, func() time.Time { return h.now },
		func(v any) {
			switch m := v.(type) {
			case stateMsg:
				h.tree.apply(m.Tree)
			case analysisMsg: // as the page does, the node's score
				if n, ok := h.tree[m.Node]; ok && len(m.Lines) > 0 {
					score := m.Score
					n.Eval = &score
					h.tree[m.Node] = n
				}
			}
			h.sent = append(h.sent, v)
		},
		func(g *pdn.Game) error { h.saved = append(h.saved, g.Result); return nil })
	h.s.levels = testLevels
	h.s.apply(playWhite) // with an engine, a game against it; without, the analysis board stays
	h.s.update()
	h.pump()
	return h
}

// testLevels is a ladder of 13 levels, 0 to 12 (the full engine), 100
// Elo apart.
var testLevels = func() []Level {
	var lv []Level
	for n := range 13 {
		lv = append(lv, Level{Elo: 100 * n, Description: fmt.Sprintf("test level %d", n)})
	}
	return lv
}()

// playWhite is a game as White against the first engine, one second a
// move.
var playWhite = request{Type: reqNew, Mode: modePlay, Color: "white", Limit: limit{MoveTime: 1}}

// pump delivers the searches' reports to the session until every search
// has ended or, for an analysis not being stopped, waits for stop.
func (h *harness) pump() {
	for {
		for i := range h.s.slots {
			select {
			case <-h.s.engineExited(i):
				h.s.engineGone(i)
			default:
			}
		}
		if h.settled() {
			select {
			case ev := <-h.s.events:
				h.s.engineEvent(ev)
				continue
			default:
				return
			}
		}
		select {
		case ev := <-h.s.events:
			h.s.engineEvent(ev)
		case <-h.poke:
		}
	}
}

// settled reports whether no search will report more without being
// stopped: each slot idle, or searching on a parked fake engine.
func (h *harness) settled() bool {
	for i := range h.s.slots {
		sl := &h.s.slots[i]
		if sl.job == nil {
			continue
		}
		f, ok := sl.conn.(*fakeEngine)
		if sl.stopSent || !ok || !f.isParked() {
			return false
		}
	}
	return true
}

// do sends a request given as JSON and pumps; it returns the error reply,
// "" without one.
func (h *harness) do(request string) string {
	n := len(h.sent)
	h.s.handle([]byte(request))
	h.pump()
	for _, m := range h.sent[n:] {
		if e, ok := m.(errorMsg); ok {
			return e.Message
		}
	}
	return ""
}

// state is the last state sent.
func (h *harness) state() stateMsg {
	for i := len(h.sent) - 1; i >= 0; i-- {
		if st, ok := h.sent[i].(stateMsg); ok {
			return st
		}
	}
	panic("no state sent")
}

// last is the last message of type T sent, and whether there is one.
func last[T any](h *harness) (T, bool) {
	for i := len(h.sent) - 1; i >= 0; i-- {
		if m, ok := h.sent[i].(T); ok {
			return m, true
		}
	}
	var zero T
	return zero, false
}

// jsonOf is v as JSON text.
func jsonOf(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// pageTree is the move tree as the page builds it from the states' changes,
// by node id.
type pageTree map[int]nodeView

func (pt pageTree) apply(d *treeDelta) {
	if d == nil {
		return
	}
	if d.Change == treeReset {
		clear(pt)
	}
	for _, id := range d.Removed {
		delete(pt, id)
	}
	for _, n := range d.Nodes {
		pt[n.ID] = n
	}
}

// line is the moves from the start to node id.
func (pt pageTree) line(id int) []string {
	var out []string
	for n := pt[id]; n.Parent >= 0; n = pt[n.Parent] {
		out = append([]string{n.Text}, out...)
	}
	return out
}

// mainLine is the nodes of the main line after the start.
func (pt pageTree) mainLine() []nodeView {
	var out []nodeView
	for n := pt[0]; len(n.Children) > 0; {
		n = pt[n.Children[0]]
		out = append(out, n)
	}
	return out
}

// moves is the main line as the page has it.
func (h *harness) moves() []string {
	var out []string
	for _, n := range h.tree.mainLine() {
		out = append(out, n.Text)
	}
	return out
}

// node is the id of the main line's node after ply moves.
func (h *harness) node(ply int) int {
	if ply == 0 {
		return 0
	}
	return h.tree.mainLine()[ply-1].ID
}

// view is what the page shows: the last state with the tree it has built.
func (h *harness) view() string {
	st := h.state()
	st.Tree = nil
	return jsonOf(struct {
		State stateMsg
		Tree  pageTree
	}{st, h.tree})
}
