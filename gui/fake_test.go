// A fake Hub engine in the test process: it answers hub, init, pos, go
// think (the first legal move in notation order; when held, only at stop)
// and go analyze (one info line, then done at stop), and records what it
// was sent.

package gui

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/pdn"
)

type fakeEngine struct {
	out       chan hub.Line
	sent      []string
	pos       engine.Position
	analysing bool
	hold      bool   // go think answers done only at stop
	score     string // of go think's info line, for the side to move
	thinking  bool
	closed    bool
}

func newFakeEngine() *fakeEngine { return &fakeEngine{out: make(chan hub.Line, 1000), score: "-0.50"} }

func (f *fakeEngine) Lines() <-chan hub.Line { return f.out }

func (f *fakeEngine) Close() {
	if !f.closed {
		f.closed = true
		close(f.out)
	}
}

func (f *fakeEngine) reply(text string) {
	l, err := hub.Parse(text)
	if err != nil {
		panic(err)
	}
	f.out <- l
}

func (f *fakeEngine) Send(l hub.Line) error {
	if f.closed {
		return errEngineExited
	}
	f.sent = append(f.sent, l.String())
	switch l.Command {
	case "hub":
		f.reply("id name=fake")
		f.reply("wait")
	case "init":
		f.reply("ready")
	case "pos":
		fen, _ := l.Get("fen")
		p, err := engine.ParsePosition(fen)
		if err != nil {
			f.reply(`error message="bad position"`)
			return nil
		}
		moves, _ := l.Get("moves")
		for _, text := range strings.Fields(moves) {
			m, err := p.ParseMove(text)
			if err != nil {
				f.reply(`error message="illegal move"`)
				return nil
			}
			p = p.Play(m)
		}
		f.pos = p
	case "go":
		best := f.best()
		if l.Has("analyze") {
			f.analysing = true
			f.reply("info depth=1 score=0.25 nodes=10 nps=0.01 pv=" + best)
			return nil
		}
		f.reply("info depth=1 score=" + f.score + " nodes=10 nps=0.01 pv=" + best)
		if f.hold {
			f.thinking = true
			return nil
		}
		f.reply("done move=" + best)
	case "stop":
		if f.analysing || f.thinking {
			f.analysing, f.thinking = false, false
			f.reply("done move=" + f.best())
		}
	}
	return nil
}

// best is the first legal move of the position in notation order, or "".
func (f *fakeEngine) best() string {
	var texts []string
	for _, m := range f.pos.LegalMoves() {
		texts = append(texts, f.pos.FormatMove(m))
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
	sent    []any
	tree    pageTree // the move tree as the page has it, from the states' changes
	saved   []string // Result tags of the games saved
	now     time.Time
	score   string // of the fake engines' go think, "" for theirs
}

func newHarness(engineNames ...string) *harness {
	h := &harness{now: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), tree: pageTree{}}
	var specs []EngineSpec
	for _, n := range engineNames {
		specs = append(specs, EngineSpec{Name: n, Command: []string{n}})
	}
	start := func(EngineSpec) (engineConn, error) {
		f := newFakeEngine()
		if h.score != "" {
			f.score = h.score
		}
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
	h.s.update()
	h.pump()
	return h
}

// pump delivers the engines' lines to the session until none is left.
func (h *harness) pump() {
	for busy := true; busy; {
		busy = false
		for i := range h.s.slots {
			select {
			case l, ok := <-h.s.engineLines(i):
				h.s.engineLine(i, l, ok)
				busy = true
			default:
			}
		}
	}
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
	if d.Reset {
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
