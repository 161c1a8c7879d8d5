// Tests of the info message: its lines both ways, its errors with the
// fields read well, and the fuzz target (parse of format is the identity
// for what a line carries; no text makes ParseInfo panic).

package hub

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestInfo(t *testing.T) {
	in := Info{Depth: 5, SelDepth: 9, Score: -0.42, Nodes: 123456, Time: 250 * time.Millisecond, NPS: 0.49, Hashfull: 3, MultiPV: 2, PV: []string{"c3-c4", "c6-c5"}}
	text := `info depth=5 seldepth=9 score=-0.42 nodes=123456 time=0.25 nps=0.49 hashfull=3 multipv=2 pv="c3-c4 c6-c5"`
	if got := in.Line().String(); got != text {
		t.Errorf("Line() = %s\nwant     %s", got, text)
	}
	if got := mustRead(t, text, ParseInfo); !sameInfo(got, in) {
		t.Errorf("ParseInfo(%s) = %+v, want %+v", text, got, in)
	}
	in = Info{Score: math.NaN(), Time: time.Minute, TBHits: 17}
	text = `info depth=0 seldepth=0 nodes=0 time=60 nps=0.00 hashfull=0 tbhits=17 pv=""`
	if got := in.Line().String(); got != text {
		t.Errorf("Line() = %s\nwant     %s", got, text)
	}
	if got := mustRead(t, text, ParseInfo); !sameInfo(got, in) {
		t.Errorf("ParseInfo(%s) = %+v, want %+v", text, got, in)
	}
	for score, want := range map[float64]string{0: "0.00", 0.35: "0.35", -0.05: "-0.05", 99.93: "99.93", -99.93: "-99.93", 100: "100.00"} {
		if got, _ := (Info{Score: score}).Line().Get("score"); got != want {
			t.Errorf("score %v written as %s, want %s", score, got, want)
		}
	}
	if got := mustRead(t, "info pv=c3-c4 other=1 score=.5", ParseInfo); !sameInfo(got, Info{Score: 0.5, PV: []string{"c3-c4"}}) {
		t.Errorf("a short info line reads as %+v", got)
	}
}

// sameInfo reports whether a and b are equal, a NaN score equal to another.
func sameInfo(a, b Info) bool {
	if math.IsNaN(a.Score) && math.IsNaN(b.Score) {
		a.Score, b.Score = 0, 0
	}
	return reflect.DeepEqual(a, b)
}

func TestInfoErrors(t *testing.T) {
	for _, tt := range []struct {
		text, why string
		read      Info
	}{
		{"info depth=x nodes=5", "bad info depth=x: want a whole number from 0 to 2147483647", Info{Score: math.NaN(), Nodes: 5}},
		{"info depth=3 score=+1 pv=a", "bad info score=+1: want a number of men, such as 0.35 or -1.00, of at most 1000000000 either way", Info{Depth: 3, Score: math.NaN(), PV: []string{"a"}}},
		{"info score=1e3", "bad info score=1e3: want a number of men", Info{Score: math.NaN()}},
		{"info time=-1 nps=2", "bad info time=-1: want a number of seconds from 0 to 31536000", Info{Score: math.NaN(), NPS: 2}},
		{"info hashfull=1001 nodes=x", "bad info hashfull=1001: want a whole number from 0 to 1000", Info{Score: math.NaN()}},
		{"info multipv=0", "bad info multipv=0: want a whole number from 1 to 2147483647", Info{Score: math.NaN()}},
		{"info nps", "bad info nps=: want a number from 0 to 1000000000", Info{Score: math.NaN()}},
		{"done move=c3-c4", "not an info line", Info{Score: math.NaN()}},
	} {
		in, err := ParseInfo(mustParse(t, tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), tt.why) {
			t.Errorf("ParseInfo(%s) error %v, want %q", tt.text, err, tt.why)
		}
		if !sameInfo(in, tt.read) {
			t.Errorf("ParseInfo(%s) read %+v, want %+v", tt.text, in, tt.read)
		}
	}
}

func FuzzInfo(f *testing.F) {
	for _, s := range []string{"", `depth=3 seldepth=7 score=-0.25 nodes=1200 time=0.01 nps=0.12 hashfull=0 pv="a3-b4 b6-a5"`,
		"depth=8 score=99.93 time=2.023 tbhits=5 multipv=3 pv=g7-f6", "score=0.355 nps=0.005 time=0.0005", "score=-0", "score=x depth=-1",
		`pv=""`, "multipv=0"} {
		f.Add(s)
	}
	m := message[Info]{command: "info", read: ParseInfo, line: Info.Line, same: sameInfo, rounds: true}
	f.Fuzz(m.fuzz)
}
