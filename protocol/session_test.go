// In-process tests of the idle commands: start-up, parameters, book
// loading, positions, the moves extension, level and their error paths.

package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/testio"
	"github.com/dameo/dameo/search"
)

func TestHandshake(t *testing.T) {
	h := start(t, nil)
	h.send("hub")
	h.expect(
		`id name=dameo version=test author="the dameo developers" country=unknown`,
		"param name=threads value=1 type=int min=1 max=256",
		"param name=hash value=16 type=int min=1 max=65536",
		"param name=book value=false type=bool",
		`param name=book-file value="" type=string`,
		`param name=egtb-dir value="" type=string`,
		`param name=eval-file value="" type=string`,
		"param name=ponder value=false type=bool",
		"param name=multipv value=1 type=int min=1 max=64",
		"param name=move-overhead value=0.05 type=real min=0 max=5",
		"param name=full-width value=false type=bool",
		"param name=combinations value=false type=bool",
		"wait",
	)
	h.send("init")
	h.expect("ready")
	h.sync()
	h.finish()
	// Init gives the searcher its options even unchanged: it may have been
	// made with a smaller table (Config.Options); once only.
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 1 16"}) {
		t.Errorf("searcher calls %v, want SetOptions 1 16 at init", calls)
	}
}

func TestSetParam(t *testing.T) {
	h := start(t, nil)
	for _, l := range []string{
		"set-param name=threads value=2",
		"set-param name=hash value=32",
		"set-param name=book value=false",
		`set-param name=book-file value=""`,
		"set-param name=ponder value=true",
		"set-param name=multipv value=3",
		"set-param name=move-overhead value=0.2",
		"set-param name=threads value=2 extra=ignored",
	} {
		h.send(l)
	}
	h.sync() // no error lines
	h.send("hub")
	lines := []string{h.next()}
	for l := h.next(); l != "wait"; l = h.next() {
		lines = append(lines, l)
	}
	want := []string{
		"param name=threads value=2 type=int min=1 max=256",
		"param name=hash value=32 type=int min=1 max=65536",
		"param name=ponder value=true type=bool",
		"param name=multipv value=3 type=int min=1 max=64",
		"param name=move-overhead value=0.2 type=real min=0 max=5",
	}
	for _, w := range want {
		found := false
		for _, l := range lines {
			found = found || l == w
		}
		if !found {
			t.Errorf("no %q in %q", w, lines)
		}
	}
	h.send("init")
	h.expect("ready")
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 2 32"}) {
		t.Errorf("calls after init %v, want SetOptions 2 32", calls)
	}
	// A change after init takes effect at once, not at the next go.
	h.send("set-param name=hash value=64", "ping")
	h.expect("pong")
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 2 32", "SetOptions 2 64"}) {
		t.Errorf("calls after set-param hash=64 %v, want the new size given at once", calls)
	}
	h.send("level depth=1", "go think")
	h.expectPrefix("info ")
	h.expectPrefix("done move=")
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 2 32", "SetOptions 2 64", "Search"}) {
		t.Errorf("calls %v", calls)
	}
	if l := h.fake.Limits()[0]; l.Overhead != 200*time.Millisecond {
		t.Errorf("overhead %v, want 0.2s", l.Overhead)
	}
	h.finish()
}

func TestSetParamErrors(t *testing.T) {
	h := start(t, nil)
	for _, tt := range []struct{ line, msg string }{
		{"set-param", "set-param needs name="},
		{"set-param name=hash", "set-param hash needs value="},
		{"set-param name value=1", "set-param needs name="},
		// An empty name is no name (it was "set-param  needs value=" and
		// "unknown parameter ", found by hostile testing).
		{"set-param name=", "set-param needs name="},
		{`set-param name="" value=1`, "set-param needs name="},
		{"set-param name=colour value=red", "unknown parameter colour"},
		{"set-param name=threads value=0", "bad value 0 for parameter threads: want a whole number from 1 to 256"},
		{"set-param name=threads value=257", "bad value 257 for parameter threads: want a whole number from 1 to 256"},
		{"set-param name=hash value=65537", "bad value 65537 for parameter hash: want a whole number from 1 to 65536"},
		{"set-param name=hash value=1e3", "bad value 1e3 for parameter hash: want a whole number from 1 to 65536"},
		{"set-param name=multipv value=65", "bad value 65 for parameter multipv: want a whole number from 1 to 64"},
		{"set-param name=book value=yes", "bad value yes for parameter book: want true or false"},
		{"set-param name=ponder value=1", "bad value 1 for parameter ponder: want true or false"},
		{"set-param name=move-overhead value=5.5", "bad value 5.5 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=move-overhead value=-1", "bad value -1 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=move-overhead value=NaN", "bad value NaN for parameter move-overhead: want a number from 0 to 5"},
		// The decimal grammar of level: no hex, exponent, sign.
		{"set-param name=move-overhead value=0x1p-2", "bad value 0x1p-2 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=move-overhead value=1e0", "bad value 1e0 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=move-overhead value=+1", "bad value +1 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=move-overhead value=0.5e-1", "bad value 0.5e-1 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=move-overhead value=-0", "bad value -0 for parameter move-overhead: want a number from 0 to 5"},
		{"set-param name=threads value=+1", "bad value +1 for parameter threads: want a whole number from 1 to 256"},
		{"set-param name=hash value=-0", "bad value -0 for parameter hash: want a whole number from 1 to 65536"},
	} {
		h.send(tt.line)
		h.expect(`error message="` + tt.msg + `"`)
	}
	// Nothing changed.
	h.send("hub")
	h.expectPrefix("id ")
	h.expect("param name=threads value=1 type=int min=1 max=256", "param name=hash value=16 type=int min=1 max=65536")
	h.until("param name=move-overhead value=0.05 type=real min=0 max=5")
	h.until("wait")
	h.finish()
}

// bookConfig gives the session a fake book loader: "" is a book with one
// move from the start, "bad" fails, anything else is an empty book.
func bookConfig(t *testing.T, loads *[]string) func(*Config) {
	p := engine.StartPosition()
	m := mustMove(t, p, "d3-d4")
	return func(c *Config) {
		c.LoadBook = func(path string) (Book, error) {
			*loads = append(*loads, path)
			switch path {
			case "":
				return &fakeBook{pos: p, move: m}, nil
			case "bad":
				return nil, errors.New("book bad: no such file")
			}
			return &fakeBook{}, nil
		}
	}
}

func TestBook(t *testing.T) {
	var loads []string
	h := start(t, bookConfig(t, &loads))
	h.send("hub")
	_, lines := h.until("wait")
	if !strings.Contains(strings.Join(lines, "\n"), "param name=book value=true type=bool") {
		t.Errorf("book not on by default: %q", lines)
	}
	h.send("init")
	h.expect("ready")
	// go think in a book position answers with the book move, no search.
	h.send("go think")
	h.expect("done move=d3-d4")
	// go analyze never uses the book.
	h.send("level depth=1", "go analyze")
	h.expectPrefix("info ")
	h.expectPrefix("done move=")
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 1 16", "Search"}) {
		t.Errorf("searcher calls %v, want the options at init and one search (analyze)", calls)
	}
	// Out of book: a search.
	h.send("pos moves=c3-c4", "level depth=1", "go think")
	h.expectPrefix("info ")
	h.expectPrefix("done move=")
	// book=false: a search even in a book position.
	h.send("set-param name=book value=false", "pos", "level depth=1", "go think")
	h.expectPrefix("info ")
	h.expectPrefix("done move=")
	// A book file that fails to load after init: error, the old book stays.
	h.send("set-param name=book value=true", "set-param name=book-file value=bad")
	h.expect(`error message="book bad: no such file"`)
	h.send("go think")
	h.expect("done move=d3-d4")
	h.send("set-param name=book-file value=other", "go think")
	h.expectPrefix("info ") // the empty book has no move
	h.send("stop")
	h.expectPrefix("done move=")
	h.finish()
	if want := []string{"", "bad", "other"}; !reflect.DeepEqual(loads, want) {
		t.Errorf("loads %q, want %q", loads, want)
	}
}

func TestEgtbDirParam(t *testing.T) {
	var loads []string
	h := start(t, func(c *Config) {
		c.LoadTablebase = func(dir string) (search.Tablebase, error) {
			loads = append(loads, dir)
			if dir == "bad" {
				return nil, errors.New("endgame tables: bad: no such directory")
			}
			return fakeTables{dir}, nil
		}
	})
	// Before init the tables wait for init, which gives them with the
	// table of the size set: one SetOptions, none at the default size.
	h.send("set-param name=egtb-dir value=/tables", "set-param name=hash value=8")
	h.sync()
	if calls := h.fake.Calls(); len(calls) != 0 {
		t.Errorf("searcher calls before init %v, want none", calls)
	}
	h.send("init")
	h.expect("ready")
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"SetOptions 1 8"}) {
		t.Errorf("searcher calls at init %v, want SetOptions 1 8", calls)
	}
	if got := h.fake.Tablebase(); got != (fakeTables{"/tables"}) {
		t.Errorf("searcher tables %v, want those of /tables", got)
	}
	// After init a directory reaches the searcher at once.
	h.send("set-param name=egtb-dir value=/tables2")
	h.sync()
	if got := h.fake.Tablebase(); got != (fakeTables{"/tables2"}) {
		t.Errorf("searcher tables %v, want those of /tables2", got)
	}
	h.send("set-param name=egtb-dir value=/tables")
	h.sync()
	// A directory that fails to load: error, the tables and the value stay.
	h.send("set-param name=egtb-dir value=bad")
	h.expect(`error message="endgame tables: bad: no such directory"`)
	h.send("hub")
	if _, params := h.until("wait"); !slices.Contains(params, `param name=egtb-dir value=/tables type=string`) {
		t.Errorf("params after a failed load %q, want egtb-dir still /tables", params)
	}
	if got := h.fake.Tablebase(); got != (fakeTables{"/tables"}) {
		t.Errorf("searcher tables after a failed load %v, want those of /tables", got)
	}
	// The tables survive a change of the other options.
	h.send("set-param name=threads value=2", "level depth=1", "go think")
	h.expectPrefix("info ")
	h.expectPrefix("done move=")
	if got := h.fake.Tablebase(); got != (fakeTables{"/tables"}) {
		t.Errorf("searcher tables after threads=2 %v, want those of /tables", got)
	}
	h.finish()
	if want := []string{"/tables", "/tables2", "/tables", "bad"}; !reflect.DeepEqual(loads, want) {
		t.Errorf("loads %q, want %q", loads, want)
	}
	// Without a loader the parameter is refused.
	h2 := start(t, nil)
	h2.send("set-param name=egtb-dir value=/tables")
	h2.expect(`error message="this engine has no endgame tables"`)
	h2.finish()
}

func TestEvalFileParam(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "hand.bin")
	f, err := os.Create(good)
	if err != nil {
		t.Fatal(err)
	}
	if err := eval.Write(f, eval.HandWeights(), "hand-set terms"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	h := start(t, nil)
	h.send("set-param name=eval-file value=" + good)
	h.sync()
	if calls := h.fake.Calls(); len(calls) != 0 {
		t.Errorf("searcher calls before init %v, want none: the evaluation waits for init", calls)
	}
	h.send("init")
	h.expect("ready")
	loaded := h.fake.Eval()
	if loaded == nil || loaded == eval.Default() {
		t.Fatalf("searcher evaluation %p, want the file's", loaded)
	}
	// Files that fail to load: an error, the evaluation and the value stay.
	for _, bad := range []string{dir, filepath.Join(dir, "missing.bin"), "/dev/zero"} {
		h.send("set-param name=eval-file value=" + bad)
		h.expectPrefix("error message=")
		if h.fake.Eval() != loaded {
			t.Errorf("%s: the evaluation changed", bad)
		}
	}
	h.send("hub")
	if _, params := h.until("wait"); !slices.Contains(params, "param name=eval-file value="+good+" type=string") {
		t.Errorf("params after failed loads %q, want eval-file still %s", params, good)
	}
	// Empty: the embedded weights again.
	h.send(`set-param name=eval-file value=""`)
	h.sync()
	if h.fake.Eval() != eval.Default() {
		t.Errorf("eval-file empty: not the embedded evaluation")
	}
	h.finish()
}

func TestBookLoadErrorAtInit(t *testing.T) {
	var loads []string
	h := start(t, bookConfig(t, &loads))
	h.send("set-param name=book-file value=bad", "init")
	h.expect(`error message="book bad: no such file; going on without a book"`, "ready")
	// Other parameters are set without retrying the book.
	h.send("set-param name=threads value=2", "ping")
	h.expect("pong")
	h.send("level depth=1", "go think")
	h.expectPrefix("info ")
	h.expectPrefix("done move=")
	// A go before init initialises: here the built-in book.
	h2 := start(t, bookConfig(t, &loads))
	h2.send("go think")
	h2.expect("done move=d3-d4")
	h.finish()
	h2.finish()
}

func TestNoBookSupport(t *testing.T) {
	h := start(t, nil)
	h.send("set-param name=book value=true") // before init it is only recorded
	h.sync()
	h.send("init")
	h.expect(`error message="this engine has no opening book; going on without a book"`, "ready")
	h.send("set-param name=book value=true")
	h.expect(`error message="this engine has no opening book"`)
	h.finish()
}

// legalList is the sorted legal moves of p in full notation.
func legalList(p engine.Position) string {
	var names []string
	for _, m := range p.LegalMoves() {
		names = append(names, p.FormatMove(m))
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

func TestPosAndMoves(t *testing.T) {
	h := start(t, nil)
	startPos := engine.StartPosition()
	h.send("moves")
	h.expect(`moves list="` + legalList(startPos) + `" result=none`)

	after := startPos.Play(mustMove(t, startPos, "c3-c4"))
	for _, l := range []string{
		`pos moves="c3-c4"`,
		`pos start moves=c3-c4`,
		"pos pos=" + startPos.Hub() + " moves=c3-c4",
		`pos fen="` + engine.StartText + `" moves=c3-c4`,
		"pos pos=" + after.Hub(),
		`pos fen="` + after.String() + `" moves=""`,
	} {
		h.send(l, "moves")
		h.expect(`moves list="` + legalList(after) + `" result=none`)
	}
	h.send("pos", "moves")
	h.expect(`moves list="` + legalList(startPos) + `" result=none`)
	h.finish()
}

// A capture position for the short notation: the white man on d4 takes d5
// and d7; black keeps a man on h8.
func TestPosShortCapture(t *testing.T) {
	h := start(t, nil)
	p, err := engine.ParsePosition("7b/3b4/8/3b4/3w4/8/8/8 w")
	if err != nil {
		t.Fatal(err)
	}
	full := legalList(p)
	if !strings.Contains(full, "x") {
		t.Fatalf("no capture in test position: %s", full)
	}
	short := full[:2] + "x" + full[len(full)-2:]
	next := p.Play(mustMove(t, p, full))
	h.send(`pos fen="`+p.String()+`" moves=`+short, "moves")
	h.expect(`moves list="` + legalList(next) + `" result=none`)
	h.send(`pos fen="`+p.String()+`" moves=`+full, "moves")
	h.expect(`moves list="` + legalList(next) + `" result=none`)
	h.finish()
}

func TestPosErrors(t *testing.T) {
	h := start(t, nil)
	h.send("pos moves=c3-c4")
	startPos := engine.StartPosition()
	want := `moves list="` + legalList(startPos.Play(mustMove(t, startPos, "c3-c4"))) + `" result=none`
	for _, tt := range []struct{ line, msg string }{
		{"pos pos=Wxyz", "bad position: hub position has 4 characters, want 65 (side and 64 squares)"},
		{"pos pos=X" + startPos.Hub()[1:], "bad position: bad side to move 'X' in hub position (want 'W' or 'B')"},
		{`pos fen="8/8/8 w"`, "bad position: board has 3 ranks, want 8"},
		{`pos fen=""`, "bad position: empty position text"},
		{`pos fen=" "`, "bad position: empty position text"},
		{`pos pos=""`, "bad position: hub position has 0 characters, want 65 (side and 64 squares)"},
		{`pos pos=" "`, "bad position: hub position has 1 characters, want 65 (side and 64 squares)"},
		{"pos fen", "bad position: pos= and fen= need a value"},
		{"pos pos", "bad position: pos= and fen= need a value"},
		{"pos start pos=" + startPos.Hub(), "bad position: give only one of start, pos= and fen="},
		{`pos pos=` + startPos.Hub() + ` fen="` + engine.StartText + `"`, "bad position: give only one of start, pos= and fen="},
		{`pos moves="c3-c4 c6-c5 zz"`, "illegal move zz: malformed: bad square 'zz'"},
		{`pos moves="c3-c4 c3-c4"`, "illegal move c3-c4: not a legal move here"},
		{`pos moves="c3-c5"`, "illegal move c3-c5: not a legal move here"},
		{`pos moves="c3-c4-c5"`, "illegal move c3-c4-c5: malformed: a move without capture has two squares"},
		{`pos moves="c3xc5"`, "illegal move c3xc5: no capture is possible"},
		{`pos moves="c3-c4 c6-c5 d3xd5"`, "illegal move d3xd5: d3 to d5 does not jump exactly one enemy piece"},
		{`pos fen="W7/8/b2b4/1b6/8/8/8/1B6 w" moves=a8xd7`, "illegal move a8xd7: ambiguous: 2 captures go from a8 to d7; give every landing square"},
	} {
		h.send(tt.line)
		h.expect(`error message="` + tt.msg + `"`)
		h.send("moves")
		h.expect(want)
	}
	h.finish()
}

// TestMoveReason: the reason comes from the engine's typed error, also
// when wrapped; an error of another type is given as it is.
func TestMoveReason(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&engine.MoveError{Kind: engine.IllegalMove, Text: "a1-a2"}, "not a legal move here"},
		{fmt.Errorf("move 3: %w", &engine.MoveError{Kind: engine.IllegalMove, Text: "a1-a2", Detail: "a capture is compulsory"}), "a capture is compulsory"},
		{&engine.MoveError{Kind: engine.MalformedMove, Text: "zz"}, "malformed"},
		{&engine.MoveError{Kind: engine.AmbiguousMove, Text: "a8xd7", Detail: "2 captures"}, "ambiguous: 2 captures"},
		{errors.New(`illegal move "x": not a MoveError`), `illegal move "x": not a MoveError`},
	} {
		if got := moveReason(tt.err); got != tt.want {
			t.Errorf("moveReason(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

func TestMovesResult(t *testing.T) {
	h := start(t, nil)
	lost, err := engine.ParsePosition("8/8/8/8/8/8/8/B7 w")
	if err != nil {
		t.Fatal(err)
	}
	h.send(`pos fen="`+lost.String()+`"`, "moves")
	h.expect(`moves list="" result=loss`)
	// Kings shuffling: the third occurrence is a draw.
	kings := `pos fen="7B/8/8/8/8/8/8/W7 w" moves="a1-a2 h8-h7 a2-a1 h7-h8 a1-a2 h8-h7 a2-a1 h7-h8"`
	h.send(kings, "moves")
	h.expectPrefix(`moves list="a1-`)
	// wait: result is the last field; check it precisely below.
	h.send(kings, "moves")
	got := h.next()
	if !strings.HasSuffix(got, " result=draw") {
		t.Errorf("after a threefold repetition: %s", got)
	}
	h.send(`pos fen="7B/8/8/8/8/8/8/W7 w" moves="a1-a2 h8-h7 a2-a1 h7-h8"`, "moves")
	if got := h.next(); !strings.HasSuffix(got, " result=none") {
		t.Errorf("after a twofold repetition: %s", got)
	}
	// new-game forgets the history: no draw any more.
	h.send(kings, "new-game", "moves")
	if got := h.next(); !strings.HasSuffix(got, " result=none") {
		t.Errorf("after new-game: %s", got)
	}
	h.finish()
	if calls := h.fake.Calls(); !reflect.DeepEqual(calls, []string{"NewGame"}) {
		t.Errorf("calls %v, want NewGame", calls)
	}
}

// TestLevel checks every form of level, how they add up, and that pos and
// go reset them.
func TestLevel(t *testing.T) {
	h := start(t, nil)
	sec := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	over := 50 * time.Millisecond
	for _, tt := range []struct {
		lines []string
		want  search.Limits
	}{
		{[]string{"level depth=7"}, search.Limits{Depth: 7}},
		{[]string{"level nodes=5000"}, search.Limits{Nodes: 5000}},
		{[]string{"level move-time=1.5"}, search.Limits{MoveTime: sec(1.5)}},
		{[]string{"level time=60 inc=0.5"}, search.Limits{Time: sec(60), Inc: sec(0.5)}},
		{[]string{"level moves=40 time=300"}, search.Limits{Time: sec(300), MovesToGo: 40}},
		{[]string{"level time=0"}, search.Limits{Time: 1}},
		{[]string{"level infinite"}, search.Limits{Infinite: true}},
		{[]string{}, search.Limits{Infinite: true}},
		{[]string{"level depth=3", "level nodes=100", "level depth=4"}, search.Limits{Depth: 4, Nodes: 100}},
		{[]string{"level depth=3 infinite"}, search.Limits{Infinite: true}},
		{[]string{"level infinite", "level move-time=2"}, search.Limits{MoveTime: sec(2)}},
		{[]string{"level depth=3", "pos"}, search.Limits{Infinite: true}},
		{[]string{"level depth=3", "level bogus=1 depth=x"}, search.Limits{Depth: 3}},
		{[]string{"level depth=3", "new-game"}, search.Limits{Depth: 3}},
		// A refused level line leaves the limits before it, and never
		// none: the front-end meant to bound the search.
		{[]string{"level move-time=0"}, search.Limits{Depth: 1}},
		{[]string{"level nodes=50", "level move-time=0.0001"}, search.Limits{Nodes: 50}},
		{[]string{"level move-time=0", "level infinite"}, search.Limits{Infinite: true}},
		{[]string{"level move-time=0", "pos"}, search.Limits{Infinite: true}},
	} {
		h.send(tt.lines...)
		h.send("go think")
		h.until("info ")
		if tt.want.Infinite {
			h.send("stop")
		}
		h.until("done ")
		ls := h.fake.Limits()
		got := ls[len(ls)-1]
		tt.want.Overhead, tt.want.MultiPV = over, 1
		if got != tt.want {
			t.Errorf("after %q: limits %+v, want %+v", tt.lines, got, tt.want)
		}
	}
	// go reset the level: the next search has no limit.
	h.send("level depth=2", "go think")
	h.until("done ")
	h.send("go think")
	h.until("info ")
	h.send("stop")
	h.until("done ")
	if ls := h.fake.Limits(); !ls[len(ls)-1].Infinite {
		t.Errorf("the level was not reset by go: %+v", ls[len(ls)-1])
	}
	h.finish()
}

func TestLevelErrors(t *testing.T) {
	h := start(t, nil)
	for _, tt := range []struct{ line, msg string }{
		{"level depth=0", "bad level depth=0: want a whole number from 1 to 100"},
		{"level depth=101", "bad level depth=101: want a whole number from 1 to 100"},
		{"level depth=x", "bad level depth=x: want a whole number from 1 to 100"},
		{"level depth", "bad level depth=: want a whole number from 1 to 100"},
		{"level nodes=-1", "bad level nodes=-1: want a whole number from 1 to 9223372036854775807"},
		{"level moves=-1 time=5", "bad level moves=-1: want a whole number from 0 to 2147483647"},
		{"level move-time=0", "bad level move-time=0: want a number of seconds from 0.001 to 31536000"},
		// A move time under what a line carries means nothing.
		{"level move-time=0.0004", "bad level move-time=0.0004: want a number of seconds from 0.001 to 31536000"},
		{"level time=-1", "bad level time=-1: want a number of seconds from 0 to 31536000"},
		{"level time=1 inc=Inf", "bad level inc=Inf: want a number of seconds from 0 to 31536000"},
		{"level time=NaN", "bad level time=NaN: want a number of seconds from 0 to 31536000"},
		// Only plain decimals: no digit separators, exponents, hex or signs.
		{"level time=1_0", "bad level time=1_0: want a number of seconds from 0 to 31536000"},
		{"level move-time=1e1", "bad level move-time=1e1: want a number of seconds from 0.001 to 31536000"},
		{"level time=0x1p-2", "bad level time=0x1p-2: want a number of seconds from 0 to 31536000"},
		{"level inc=+1 time=5", "bad level inc=+1: want a number of seconds from 0 to 31536000"},
		{"level time=.", "bad level time=.: want a number of seconds from 0 to 31536000"},
		{"level depth=1_0", "bad level depth=1_0: want a whole number from 1 to 100"},
		{"level depth=+5", "bad level depth=+5: want a whole number from 1 to 100"},
		{"level infinite=1", "bad level infinite=1: infinite takes no value"},
		{`level infinite=""`, "bad level infinite=: infinite takes no value"},
	} {
		h.send("level depth=9", tt.line)
		h.expect(`error message="` + tt.msg + `"`)
		h.send("go think")
		h.until("done ")
		ls := h.fake.Limits()
		if got := ls[len(ls)-1]; got.Depth != 9 || got.Time != 0 || got.MovesToGo != 0 {
			t.Errorf("after %q the level changed: %+v", tt.line, got)
		}
	}
	h.finish()
}

func TestMiscCommands(t *testing.T) {
	var log testio.SyncBuffer
	h := start(t, func(c *Config) { c.Log = &log })
	h.send("", "   ", "\r", "stop", "ponder-hit") // ignored while idle
	h.sync()
	h.send("frobnicate now")
	h.expect(`error message="unknown command frobnicate"`)
	h.send(`pos fen="unclosed`)
	h.expect(`error message="malformed line: argument fen: missing closing quote"`)
	h.send(strings.Repeat("x", maxLineLen+10))
	h.expect(`error message="line longer than 1048576 bytes"`)
	h.sync()
	h.send("quit")
	h.ended()
	text := log.String()
	for _, want := range []string{" recv frobnicate now\n", ` send error message="unknown command frobnicate"` + "\n", " recv quit\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("log lacks %q:\n%s", want, text)
		}
	}
	first := strings.SplitN(text, "\n", 2)[0]
	if _, err := time.Parse("2006-01-02 15:04:05.000", first[:23]); err != nil {
		t.Errorf("log line %q does not start with a timestamp: %v", first, err)
	}
}

func TestEndings(t *testing.T) {
	// The last line may lack its newline.
	var out strings.Builder
	err := Run(context.Background(), fakeConfig(), strings.NewReader("ping\nping"), &out)
	if err != nil || out.String() != "pong\npong\n" {
		t.Errorf("Run = %v, output %q", err, out.String())
	}
	// A read error is returned, after the lines before it.
	out.Reset()
	err = Run(context.Background(), fakeConfig(), errReader{strings.NewReader("ping\n")}, &out)
	if !errors.Is(err, errBroken) || out.String() != "pong\n" {
		t.Errorf("Run = %v, output %q", err, out.String())
	}
	// Cancelling the context ends the session, also mid-search.
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	ended := make(chan error)
	go func() { ended <- Run(ctx, fakeConfig(), inR, io.Discard) }()
	io.WriteString(inW, "go analyze\n")
	cancel()
	select {
	case err := <-ended:
		if err != nil {
			t.Errorf("Run = %v after cancel", err)
		}
	case <-time.After(answerTimeout):
		t.Fatal("Run did not end after cancel")
	}
	// A session needs a searcher, and options within the search's bounds.
	if err := Run(context.Background(), Config{}, strings.NewReader("go think\n"), io.Discard); err == nil {
		t.Error("Run without a searcher gave no error")
	}
	bad := fakeConfig()
	bad.Options.HashMiB = search.MaxHashMiB + 1
	var rangeErr *search.RangeError
	if err := Run(context.Background(), bad, strings.NewReader("ping\n"), io.Discard); !errors.As(err, &rangeErr) || rangeErr.Field != "hash" {
		t.Errorf("Run with hash %d MiB = %v, want a range error on hash", bad.Options.HashMiB, err)
	}
	// Output that fails does not block the session.
	err = Run(context.Background(), fakeConfig(), strings.NewReader("hub\ninit\nping\n"), failWriter{})
	if err != nil {
		t.Errorf("Run with failing output = %v", err)
	}
}

// fakeConfig is the least configuration of a session with a fake searcher.
func fakeConfig() Config {
	return Config{Searcher: &fakeSearcher{}, Options: search.Options{Threads: 1, HashMiB: 16}}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

// TestSearchTestingParams: full-width and combinations are bool
// parameters that reach the searcher's options at init (and at once
// after it), and only true or false is accepted.
func TestSearchTestingParams(t *testing.T) {
	for _, c := range []struct {
		name string
		get  func(o search.Options) bool
	}{
		{"full-width", func(o search.Options) bool { return o.FullWidth }},
		{"combinations", func(o search.Options) bool { return o.Combinations }},
	} {
		h := start(t, nil)
		h.send("set-param name=" + c.name + " value=yes")
		h.expect("error message=\"bad value yes for parameter " + c.name + ": want true or false\"")
		h.send("set-param name="+c.name+" value=true", "init")
		h.expect("ready")
		if !c.get(h.fake.Options()) {
			t.Fatalf("%s=true did not reach the searcher at init", c.name)
		}
		h.send("set-param name="+c.name+" value=false", "ping")
		h.expect("pong")
		if c.get(h.fake.Options()) {
			t.Fatalf("%s=false after init did not reach the searcher", c.name)
		}
		h.finish()
	}
}

// The bound is on a line's text: a line of maxLineLen bytes is read
// whether it ends with "\n" or "\r\n", one byte more is too long either
// way. (It was maxLineLen+1 bytes with the line end, so a full line from
// Windows was refused; found by hostile testing.)
func TestLineBoundIgnoresLineEnd(t *testing.T) {
	full, over := strings.Repeat("x", maxLineLen), strings.Repeat("y", maxLineLen+1)
	in := full + "\r\n" + over + "\r\n" + full + "\n" + over + "\n" + "ping"
	lines := make(chan input, 8)
	var readErr error
	readLines(strings.NewReader(in), lines, &readErr, nil, make(chan struct{}))
	var got []string
	for l := range lines {
		switch {
		case l.err != nil:
			got = append(got, l.err.Error())
		case l.text == full+"\r", l.text == full:
			got = append(got, fmt.Sprintf("%d bytes", len(l.text)))
		default:
			got = append(got, fmt.Sprintf("%.10q", l.text))
		}
	}
	want := []string{"1048577 bytes", errLineTooLong.Error(), "1048576 bytes", errLineTooLong.Error(), `"ping"`}
	if readErr != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("lines %q (error %v), want %q", got, readErr, want)
	}
}
