// Tests of the runner's small parsers and rules: engine specs, time
// controls and clocks, Hub lines, openings, the schedule, adjudication.

package match

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hubclient"
)

func TestParseEngineSpec(t *testing.T) {
	e, err := ParseEngineSpec(`cmd="./dameo hub" name=t2 dir=/tmp/x option.threads=2 option.book-file='my book.bin' arg="--log x" ponder=true`, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := EngineSpec{Spec: hubclient.Spec{Name: "t2", Command: []string{"./dameo", "hub", "--log x"}, Dir: "/tmp/x", Options: []Option{{Name: "threads", Value: "2"}, {Name: "book-file", Value: "my book.bin"}}}, Ponder: true}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got %+v\nwant %+v", e, want)
	}
	if e.Threads() != 2 {
		t.Errorf("Threads = %d", e.Threads())
	}
	e, err = ParseEngineSpec("name=a option.hash=16", []string{"/bin/dameo", "hub"})
	if err != nil || !reflect.DeepEqual(e.Command, []string{"/bin/dameo", "hub"}) || e.Threads() != 1 {
		t.Errorf("default command: %+v %v", e, err)
	}
	e, err = ParseEngineSpec("cmd=/usr/local/bin/scan.exe", nil)
	if err != nil || e.Name != "scan" {
		t.Errorf("default name: %+v %v", e, err)
	}
	for _, bad := range []string{
		"", "name=x", "cmd=", "cmd=a cmd=b", "arg=x cmd=a", "cmd=a ponder=maybe", "cmd=a colour=red",
		"cmd=a option.=1", `cmd=a option.x='a"b'`, "cmd=a option.x=a\x01b", "cmd=a 'option.a b=1'", `cmd="a`, "cmd=a name=", "cmd=a justaword",
		// A line break in a value would send the engine extra lines or split the log.
		"cmd=a option.book='false\nquit'", "cmd=a option.book='false\rquit'", "cmd=a option.book=false\nquit",
		"cmd=a name='a\nb'", "cmd=a name='a\rb'", "cmd=a name=a\x1b[2J",
	} {
		if _, err := ParseEngineSpec(bad, nil); err == nil {
			t.Errorf("ParseEngineSpec(%q) accepted", bad)
		}
	}
}

func TestValidateOptions(t *testing.T) {
	for _, o := range []Option{{Name: "book-file", Value: `a "b"`}, {Name: "x", Value: "line\nbreak"}, {Name: "", Value: "1"}, {Name: "a b", Value: "1"}} {
		cfg := Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Command: []string{"a"}}}, {Spec: hubclient.Spec{Command: []string{"b"}, Options: []Option{o}}}}}
		err := cfg.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), "engine 2: ") {
			t.Errorf("Validate with option %+v: %v, want an error about engine 2", o, err)
		}
	}
	cfg := Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Command: []string{"a"}}}, {Spec: hubclient.Spec{Name: "b\nc", Command: []string{"b"}}}}}
	cfg.Defaults()
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "control character") {
		t.Errorf("Validate with a line break in a name: %v", err)
	}
}

func TestParseTC(t *testing.T) {
	cases := []struct {
		in   string
		want TimeControl
		text string
	}{
		{"40/60+0.5", TimeControl{Moves: 40, Base: 60 * time.Second, Inc: 500 * time.Millisecond}, "40/60+0.5"},
		{"10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"1:30", TimeControl{Base: 90 * time.Second}, "90"},
		{"0+0.2", TimeControl{Inc: 200 * time.Millisecond}, "0+0.2"},
	}
	for _, c := range cases {
		tc, err := ParseTC(c.in)
		if err != nil || tc != c.want || tc.String() != c.text {
			t.Errorf("ParseTC(%q) = %+v (%q), %v; want %+v (%q)", c.in, tc, tc.String(), err, c.want, c.text)
		}
	}
	for _, bad := range []string{"", "x", "0", "40/", "/60", "0/60", "-1/60", "40/0+1", "60+", "60+x", "1e9", "a:10", "-5"} {
		if tc, err := ParseTC(bad); err == nil {
			t.Errorf("ParseTC(%q) accepted: %+v", bad, tc)
		}
	}
	if (TimeControl{}).Validate() == nil || (TimeControl{Depth: 3, Nodes: 5}).Validate() == nil {
		t.Error("Validate accepts no limit or two limits")
	}
	for tc, want := range map[TimeControl]string{
		{MoveTime: 250 * time.Millisecond}: "move-time=0.25", {Depth: 7}: "depth=7", {Nodes: 5000}: "nodes=5000",
	} {
		if tc.Validate() != nil || tc.String() != want {
			t.Errorf("%+v: %q", tc, tc.String())
		}
	}
}

func TestClock(t *testing.T) {
	// 2 moves in 10 s + 1 s: the increment is credited before each move.
	c := newClock(TimeControl{Moves: 2, Base: 10 * time.Second, Inc: time.Second})
	if got := c.limits().Line().String(); got != "level moves=2 time=10 inc=1" {
		t.Errorf("level %q", got)
	}
	if c.allowed() != 11*time.Second {
		t.Errorf("allowed %v", c.allowed())
	}
	// 10 + 1 − 4 = 7.
	if !c.spend(4*time.Second, 0) || c.left != 7*time.Second {
		t.Errorf("after 4 s: %v", c.left)
	}
	if got := c.limits().Line().String(); got != "level moves=1 time=7 inc=1" {
		t.Errorf("level %q", got)
	}
	// 7 + 1 − 3 = 5, then the second period adds 10: 15.
	if !c.spend(3*time.Second, 0) || c.left != 15*time.Second {
		t.Errorf("after the period: %v", c.left)
	}
	// 15 + 1 − 16.05 = −0.05: within a 0.1 s margin, the clock stays at 0.
	if !c.spend(16050*time.Millisecond, 100*time.Millisecond) || c.left != 0 {
		t.Errorf("overstep within the margin: ok=false or left %v", c.left)
	}
	// 0 + 1 − 1.2 = −0.2: beyond the margin, a loss on time.
	if c.spend(1200*time.Millisecond, 100*time.Millisecond) {
		t.Error("overstep beyond the margin not detected")
	}
	m := newClock(TimeControl{MoveTime: 100 * time.Millisecond})
	if m.limits().Line().String() != "level move-time=0.1" || !m.spend(150*time.Millisecond, 50*time.Millisecond) || m.spend(151*time.Millisecond, 50*time.Millisecond) {
		t.Error("move time clock")
	}
	d := newClock(TimeControl{Depth: 4})
	if d.limits().Line().String() != "level depth=4" || d.allowed() != 0 || !d.spend(time.Hour, 0) {
		t.Error("depth clock")
	}
	if n := newClock(TimeControl{Nodes: 900}); n.limits().Line().String() != "level nodes=900" {
		t.Errorf("nodes level %q", n.limits().Line())
	}
}

func TestReadOpenings(t *testing.T) {
	text := "# comment\n\n1. d3-d4 e6-e5\nstart c3-c4\n8/8/8/3b4/3w4/8/8/8 b\n8/8/8/3b4/3w4/8/2w5/8 b d5xd3\nB:Wc2,d4:Bd5:H0:F1 1... d5xd3\n"
	ops, err := ReadOpenings(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 5 {
		t.Fatalf("%d openings", len(ops))
	}
	if !reflect.DeepEqual(ops[4], ops[3]) {
		t.Errorf("the FEN form: %+v, want %+v", ops[4], ops[3])
	}
	if !reflect.DeepEqual(ops[0].Moves, []string{"d3-d4", "e6-e5"}) || ops[0].Start != engine.StartPosition() {
		t.Errorf("opening 1: %+v", ops[0])
	}
	if ops[3].String() != "8/8/8/3b4/3w4/8/2w5/8 b d5xd3" || ops[1].String() != "c3-c4" {
		t.Errorf("String: %q %q", ops[3].String(), ops[1].String())
	}
	for _, c := range []struct{ text, msg string }{
		{"d3-d4\nd3-d5\n", "line 2"},
		{"d3-d4 d4-d5\n", "line 1: move 2"},
		{"8/8/8/8/8/8/8/8 w\n", "ends the game"},
		{"8/8/8/3b4/3w4/8/8/8 b d5xd3 d2-d3\n", "game is over"},
		{"8/8/8/3b4/3w4/8/8/8\n", "no side"},
		{"9/8/8/8/8/8/8/8 w\n", "line 1"},
		{"W:Wa1:Ba1 d3-d4\n", "square a1 listed twice"},
	} {
		if _, err := ReadOpenings(strings.NewReader(c.text)); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.msg)
		}
	}
}

func TestDefaultOpenings(t *testing.T) {
	ops := DefaultOpenings()
	if len(ops) < 100 {
		t.Fatalf("only %d default openings", len(ops))
	}
	seen := map[engine.Position]bool{}
	for _, o := range ops {
		g := engine.NewGame(o.Start)
		for _, m := range o.Moves {
			if _, err := g.PlayText(m); err != nil {
				t.Fatalf("%v: %v", o, err)
			}
		}
		if len(o.Moves) != 2 || seen[g.Position()] {
			t.Errorf("opening %v repeated or not two plies", o)
		}
		seen[g.Position()] = true
	}
	a := orderOpenings(ops, 10, true, 7)
	b := orderOpenings(ops, 10, true, 7)
	c := orderOpenings(ops, 10, false, 7)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) || !reflect.DeepEqual(c, ops[:10]) {
		t.Error("opening order not deterministic per seed or sequential order wrong")
	}
	if r := orderOpenings(ops[:3], 7, false, 0); !reflect.DeepEqual(r[6], ops[0]) {
		t.Error("openings do not repeat when too few")
	}
}

func TestSchedule(t *testing.T) {
	ps, err := pairings(3, RoundRobin)
	if err != nil || !reflect.DeepEqual(ps, []pairing{{0, 1}, {0, 2}, {1, 2}}) {
		t.Errorf("round robin %v %v", ps, err)
	}
	ps, err = pairings(3, Gauntlet)
	if err != nil || !reflect.DeepEqual(ps, []pairing{{0, 1}, {0, 2}}) {
		t.Errorf("gauntlet %v %v", ps, err)
	}
	if _, err := pairings(1, RoundRobin); err == nil {
		t.Error("one engine accepted")
	}
	if _, err := pairings(3, "swiss"); err == nil {
		t.Error("unknown tournament accepted")
	}
	ops := DefaultOpenings()[:3]
	jobs := scheduleGames([]pairing{{0, 1}}, scheduleParams{games: 5, repeat: 2}, ops)
	if len(jobs) != 5 {
		t.Fatalf("%d jobs", len(jobs))
	}
	for i, j := range jobs {
		if j.number != i+1 || j.pair != i/2+1 || j.game != i%2+1 || !reflect.DeepEqual(j.opening, ops[i/2]) {
			t.Errorf("job %d: %+v", i, j)
		}
		if (i%2 == 0) != (j.white == 0) {
			t.Errorf("job %d: colours not alternating", i)
		}
	}
}

func TestAdjudicationRules(t *testing.T) {
	r, err := ParseResignRule("moves=2,score=5")
	if err != nil {
		t.Fatal(err)
	}
	lost, won := []float64{0, -6, -7}, []float64{1, 5, 9}
	if !r.resigns(lost, won) || r.resigns(won, lost) {
		t.Error("resign rule")
	}
	nan := []float64{-6, nanScore(), -7}
	if r.resigns(nan, []float64{6, 6, 6}) || r.resigns([]float64{-9}, []float64{9}) {
		t.Error("resign without enough known scores")
	}
	d, err := ParseDrawRule("movenumber=10 moves=2 score=0.1")
	if err != nil {
		t.Fatal(err)
	}
	if !d.draws(10, []float64{1, 0.05, 0}, []float64{-0.1, 0.02}) || d.draws(9, []float64{0, 0}, []float64{0, 0}) ||
		d.draws(12, []float64{0, 0.2}, []float64{0, 0}) {
		t.Error("draw rule")
	}
	for _, bad := range []string{"", "moves=2", "moves=x,score=1", "moves=1.5,score=1", "moves=0,score=1", "moves=2,score=1,extra=3", "moves"} {
		if _, err := ParseResignRule(bad); err == nil {
			t.Errorf("ParseResignRule(%q) accepted", bad)
		}
	}
	if _, err := ParseDrawRule("movenumber=-1,moves=2,score=0"); err == nil {
		t.Error("negative move number accepted")
	}
}

func nanScore() float64 {
	var zero float64
	return zero / zero
}

func TestEngineSpecLimitsAndEach(t *testing.T) {
	e, err := ParseEngineSpec("cmd=x tc=40/60+0.5 timemargin=250 restart=on proto=hub args='-a -b'", nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.TC != (TimeControl{Moves: 40, Base: 60 * time.Second, Inc: 500 * time.Millisecond}) || *e.Margin != 250*time.Millisecond ||
		e.Restart != RestartOn || !reflect.DeepEqual(e.Command, []string{"x", "-a", "-b"}) {
		t.Errorf("got %+v", e)
	}
	for spec, want := range map[string]TimeControl{
		"cmd=x st=0.25":             {MoveTime: 250 * time.Millisecond},
		"cmd=x depth=4":             {Depth: 4},
		"cmd=x nodes=5000":          {Nodes: 5000},
		"cmd=x tc=inf depth=2":      {Depth: 2},
		"cmd=x tc=infinite nodes=9": {Nodes: 9},
	} {
		if e, err := ParseEngineSpec(spec, nil); err != nil || e.TC != want {
			t.Errorf("%s: %+v %v", spec, e.TC, err)
		}
	}
	// Shared words: the engine's own override them by key, and by group for
	// the command line and the limits.
	e, err = ParseEngineSpecWith("cmd=shared arg=1 depth=3 option.hash=8 option.threads=2 ponder=true", "name=a option.hash=16 st=1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(e.Command, []string{"shared", "1"}) || e.TC != (TimeControl{MoveTime: time.Second}) || !e.Ponder ||
		!reflect.DeepEqual(e.Options, []Option{{Name: "threads", Value: "2"}, {Name: "hash", Value: "16"}}) {
		t.Errorf("merged %+v", e)
	}
	e, err = ParseEngineSpecWith("cmd=shared arg=1", "cmd=own", nil)
	if err != nil || !reflect.DeepEqual(e.Command, []string{"own"}) {
		t.Errorf("own command: %+v %v", e, err)
	}
	for _, bad := range []string{
		"cmd=x tc=10 depth=2", "cmd=x st=0", "cmd=x depth=0", "cmd=x nodes=-1", "cmd=x tc=abc",
		"cmd=x timemargin=-5", "cmd=x timemargin=1.5", "cmd=x restart=sometimes", "cmd=x proto=uci", "args=x",
		// The protocol's whole numbers: no sign, exponent or overflow.
		"cmd=x depth=+5", "cmd=x nodes=1e6", "cmd=x depth=99999999999", "cmd=x depth=101", "cmd=x nodes=0",
	} {
		if _, err := ParseEngineSpec(bad, nil); err == nil {
			t.Errorf("ParseEngineSpec(%q) accepted", bad)
		}
	}
	if _, err := ParseEngineSpecWith(`cmd="x`, "name=a", nil); err == nil || !strings.HasPrefix(err.Error(), "each: ") {
		t.Errorf("bad shared words: %v", err)
	}
}

func TestPerEngineTimeControl(t *testing.T) {
	m := 2 * time.Second
	cfg := Config{
		Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "a", Command: []string{"a"}}, TC: TimeControl{Depth: 3}, Margin: &m}, {Spec: hubclient.Spec{Name: "b", Command: []string{"b"}}}},
		TC:      TimeControl{Base: time.Minute},
	}
	cfg.Defaults()
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	if cfg.Engines[1].TC != cfg.TC || cfg.Engines[0].TC.Depth != 3 || cfg.Engines[0].margin() != m || cfg.Engines[1].margin() != DefaultMargin {
		t.Errorf("limits not resolved: %+v", cfg.Engines)
	}
	if s := cfg.tcString(); s != "a depth=3, b 60" {
		t.Errorf("tcString %q", s)
	}
	cfg = Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Command: []string{"a"}}, TC: TimeControl{Depth: 3}}, {Spec: hubclient.Spec{Name: "b", Command: []string{"b"}}}}}
	cfg.Defaults()
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "engine b") {
		t.Errorf("an engine without limits: %v", err)
	}
}

func TestSelectOpenings(t *testing.T) {
	ops, err := ReadOpenings(strings.NewReader("h1-h2 g8-h7 b2-b3\nc3-c4\nc3-b4 g8-h7\n"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := SelectOpenings(ops, 2, 1)
	if err != nil || len(got) != 2 || !reflect.DeepEqual(got[0].Moves, []string{"c3-c4"}) || !reflect.DeepEqual(got[1].Moves, []string{"c3-b4"}) {
		t.Errorf("start 2, plies 1: %v %v", got, err)
	}
	if len(ops[2].Moves) != 2 {
		t.Error("SelectOpenings changed its input")
	}
	for _, c := range [][2]int{{0, 0}, {4, 0}, {1, -1}} {
		if _, err := SelectOpenings(ops, c[0], c[1]); err == nil {
			t.Errorf("start %d plies %d accepted", c[0], c[1])
		}
	}
}

// TestFieldErrors: a setting out of its range is a *FieldError naming its
// field, which the command line turns into its flag's name.
func TestFieldErrors(t *testing.T) {
	for field, set := range map[string]func(*Config){
		"Engines":        func(c *Config) { c.Engines = c.Engines[:1] },
		"Games":          func(c *Config) { c.Games = -1 },
		"Repeat":         func(c *Config) { c.Repeat = 3 },
		"Concurrency":    func(c *Config) { c.Concurrency = 257 },
		"RatingInterval": func(c *Config) { c.RatingInterval = -1 },
		"DrawPlies":      func(c *Config) { c.DrawPlies = -1 },
		"MaxPlies":       func(c *Config) { c.MaxPlies = -1 },
		"Margin":         func(c *Config) { c.Margin = -time.Second },
		"HangTimeout":    func(c *Config) { c.HangTimeout = -time.Second },
		"StartTimeout":   func(c *Config) { c.StartTimeout = -time.Second },
		"Wait":           func(c *Config) { c.Wait = 2 * time.Hour },
	} {
		cfg := Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "a", Command: []string{"a"}}}, {Spec: hubclient.Spec{Name: "b", Command: []string{"b"}}}}, TC: TimeControl{Depth: 1}}
		cfg.Defaults()
		set(&cfg)
		var fe *FieldError
		if err := cfg.Validate(); !errors.As(err, &fe) || fe.Field != field || !strings.HasPrefix(err.Error(), field+" must be ") {
			t.Errorf("%s out of range: %v, want a FieldError of %s", field, err, field)
		}
	}
}
