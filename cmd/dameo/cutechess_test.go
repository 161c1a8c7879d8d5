// Tests of the cutechess-cli and fastchess argument forms: each is
// rewritten into the GNU form of `dameo match`, GNU forms pass unchanged,
// and bad forms are refused with a message naming the option.

package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dameo/dameo/match"
)

// gnuKinds are some of the flags of `dameo match`.
func gnuKinds(flag string) flagKind {
	switch flag {
	case "--noswap", "--recover", "--help", "-h":
		return flagSwitch
	case "--engine", "-e", "--games", "-g", "--rounds", "-r", "--tc", "--pdn", "--seed", "--shard", "--event", "--concurrency", "-c":
		return flagValue
	}
	return flagUnknown
}

func TestTranslateArgs(t *testing.T) {
	cases := []struct{ in, want []string }{
		// Engine specs as separate words, up to the next option.
		{[]string{"-engine", "name=a", "cmd=./dameo hub", "option.threads=2", "tc=10+0.1", "-engine", "cmd=x", "name=b"},
			[]string{`--engine=name=a cmd="./dameo hub" option.threads=2 tc=10+0.1`, "--engine=cmd=x name=b"}},
		{[]string{"-each", "tc=40/60", "option.book-file=my \"x\" book", "-engine", "cmd=a"},
			[]string{`--each=tc=40/60 option.book-file='my "x" book'`, "--engine=cmd=a"}},
		// The quoted single-string GNU form and its short flag keep working,
		// values starting with '-' included.
		{[]string{"-e", "cmd=a name=x", "--engine", "cmd=b", "--event", "-x-", "-c", "2"},
			[]string{"-e", "cmd=a name=x", "--engine", "cmd=b", "--event", "-x-", "-c", "2"}},
		// games × rounds; -rounds alone is N games as in cutechess-cli.
		{[]string{"-games", "2", "-rounds", "50"}, []string{"--games=2", "--rounds=50"}},
		{[]string{"-rounds", "50"}, []string{"--rounds=50", "--games=1"}},
		{[]string{"-rounds", "50", "-g", "4"}, []string{"--rounds=50", "-g", "4"}},
		{[]string{"-repeat", "-noswap", "-recover"}, []string{"--repeat=2", "--noswap", "--recover"}},
		{[]string{"-repeat", "1", "-concurrency", "3"}, []string{"--repeat=1", "--concurrency=3"}},
		{[]string{"-openings", "file=o.pgn", "format=pgn", "order=sequential", "plies=4", "start=3", "policy=default"},
			[]string{"--openings=o.pgn", "--openings-format=pdn", "--order=sequential", "--opening-plies=4", "--opening-start=3"}},
		{[]string{"-openings", "file=o.epd", "format=epd"}, []string{"--openings=o.epd", "--openings-format=txt"}},
		{[]string{"-pgnout", "g.pdn"}, []string{"--pdn=g.pdn"}},
		{[]string{"-pdnout", "file=g.pdn"}, []string{"--pdn=g.pdn"}},
		{[]string{"-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.1", "model=normalized"},
			[]string{"--sprt=elo0=0,elo1=5,alpha=0.05,beta=0.1,model=normalized"}},
		{[]string{"-draw", "movenumber=40", "movecount=8", "score=0.1"}, []string{"--draw=movenumber=40,movecount=8,score=0.1"}},
		{[]string{"-resign", "movecount=3", "score=5", "twosided=true"}, []string{"--resign=movecount=3,score=5"}},
		{[]string{"-maxmoves", "150"}, []string{"--max-plies=300"}},
		{[]string{"-srand", "42", "-ratinginterval", "5"}, []string{"--seed=42", "--rating-interval=5"}},
		{[]string{"-event", "My Event", "-site", "here", "-tournament", "gauntlet"},
			[]string{"--event=My Event", "--site=here", "--tournament=gauntlet"}},
		{[]string{"-log", "file=x.log", "level=info"}, []string{"--log=x.log"}},
		{[]string{"-log", "x.log"}, []string{"--log=x.log"}},
		// A single-dash form of a GNU long flag.
		{[]string{"-pdn", "a.pdn", "-shard", "1/3"}, []string{"--pdn", "a.pdn", "--shard", "1/3"}},
		// Words after -- are not options.
		{[]string{"--", "-engine"}, []string{"--", "-engine"}},
		// A negative number is a value, not an option.
		{[]string{"-sprt", "elo0=-3", "elo1=2", "-srand", "7"}, []string{"--sprt=elo0=-3,elo1=2", "--seed=7"}},
		// -wait in milliseconds, --wait in seconds; fastchess's -report and -output.
		{[]string{"-wait", "1500", "-report", "penta=true", "-output", "format=fastchess"},
			[]string{"--wait=1.5", "--report=penta=true", "--output-format=fastchess"}},
		{[]string{"-output", "format=cutechess", "-wait", "0"}, []string{"--output-format=cutechess", "--wait=0"}},
		{[]string{"-tb", "tables", "-tbpieces", "4"}, []string{"--egtb=tables", "--egtb-pieces=4"}},
	}
	for _, c := range cases {
		got, err := translateArgs(c.in, gnuKinds)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("translateArgs(%q)\n got %q %v\nwant %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range [][]string{
		{"-engin", "cmd=a"},               // unknown long option
		{"-engine"},                       // no words
		{"-engine", "justaword"},          // not key=value
		{"-engine", `cmd=a"b'c`},          // both quotes
		{"-games"},                        // no value
		{"-openings", "format=pdn"},       // no file
		{"-openings", "file=a", "file=b"}, // twice
		{"-openings", "file=a", "format=x"},
		{"-openings", "file=a", "policy=round"},
		{"-pgnout", "a.pdn", "min"},
		{"-maxmoves", "x"},
		{"-resign", "movecount=3", "score=5", "twosided=false"},
		{"-sprt"},
		{"-wait", "-5"},
		{"-wait", "0.5"},
		{"-output", "format=pgn"},
		{"-report"},
	} {
		if got, err := translateArgs(bad, gnuKinds); err == nil {
			t.Errorf("translateArgs(%q) = %q, want an error", bad, got)
		} else if !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("translateArgs(%q): %v does not name the option", bad, err)
		}
	}
}

// The rewritten arguments parse into the settings cutechess-cli would use.
func TestTranslatedArgsParse(t *testing.T) {
	args, err := translateArgs([]string{"-engine", "cmd=e", "name=a", "st=0.5", "-engine", "cmd=e", "name=b", "-each", "depth=3", "restart=on", "timemargin=250",
		"-sprt", "elo0=0", "elo1=10", "model=normalized", "-resign", "movecount=3", "score=4", "-draw", "movenumber=20", "movecount=6", "score=0.2"}, gnuKinds)
	if err != nil {
		t.Fatal(err)
	}
	val := func(flag string) string {
		for _, a := range args {
			if v, ok := strings.CutPrefix(a, flag+"="); ok {
				return v
			}
		}
		return ""
	}
	var specs []match.EngineSpec
	for _, a := range args {
		if s, ok := strings.CutPrefix(a, "--engine="); ok {
			e, err := match.ParseEngineSpecWith(val("--each"), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			specs = append(specs, e)
		}
	}
	if len(specs) != 2 || specs[0].TC.MoveTime != 500e6 || specs[0].TC.Depth != 0 || specs[1].TC.Depth != 3 ||
		specs[0].Restart != match.RestartOn || *specs[1].Margin != 250e6 {
		t.Errorf("specs %+v", specs)
	}
	sp, err := match.ParseSPRT(val("--sprt"))
	if err != nil || sp.Model != match.Normalized || sp.Elo1 != 10 {
		t.Errorf("sprt %+v %v", sp, err)
	}
	if r, err := match.ParseResignRule(val("--resign")); err != nil || r.Moves != 3 || r.Score != 4 {
		t.Errorf("resign %+v %v", r, err)
	}
	if d, err := match.ParseDrawRule(val("--draw")); err != nil || d.MoveNumber != 20 || d.Moves != 6 || d.Score != 0.2 {
		t.Errorf("draw %+v %v", d, err)
	}
}

func FuzzTranslateArgs(f *testing.F) {
	f.Add("-engine name=a cmd=x -each tc=1+0.1 -rounds 3 -repeat")
	f.Add("-e x -openings file=a format=pdn -sprt elo0=0 elo1=5")
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		out, err := translateArgs(args, gnuKinds)
		if err != nil {
			return
		}
		// Every single-dash long option was rewritten.
		for i, a := range out {
			if a == "--" {
				break
			}
			if len(a) > 2 && a[0] == '-' && a[1] != '-' && isOption(a) && (i == 0 || gnuKinds(out[i-1]) != flagValue) {
				t.Errorf("%q left in %q", a, out)
			}
		}
	})
}
