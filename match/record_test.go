// Tests of the PDN record of a game: what engines and users wrote goes into
// comments and tags made safe, and a record the writer refuses is still
// written (made safe) instead of costing the game or the match.

package match

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

func TestRecordKeepsARefusedGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pdn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	cfg := Config{Engines: []EngineSpec{{Spec: hubclient.Spec{Name: "a"}}, {Spec: hubclient.Spec{Name: "b"}}}, Games: 2, PDN: path}
	m := &match{cfg: &cfg, info: newMatchInfo(&cfg), planned: 2, total: 2,
		pdnFile: f, rep: newReporter(&out, nil, 0, 2)}
	m.tally = newTally(m.info, []pairing{{0, 1}})
	m.set = &gameSettings{}
	rec := &pdn.Game{Result: pdn.WhiteWins, Comment: `a}b [Event "x"]`}
	rec.SetTag(pdn.TagWhite, "a\nb")
	rec.AddMove("d3-d4", "{")
	res := gameResult{job: gameJob{number: 1, white: 0, black: 1}, result: pdn.WhiteWins, termination: pdn.TerminationCrash,
		reason: "b (black): protocol violation: \"}\x1b[2J\"", record: rec}
	if err := m.record(res); err != nil {
		t.Fatal(err)
	}
	games := readPDN(t, path)
	if len(games) != 1 || games[0].Comment != `a)b [Event "x"]` || games[0].Tag(pdn.TagWhite) != `a\x0ab` {
		t.Fatalf("the PDN file holds %d games: %+v", len(games), games)
	}
	if !strings.Contains(out.String(), "game 1: the PDN writer refused the record") {
		t.Errorf("no warning of the refused record:\n%s", out.String())
	}
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("the engine's control bytes reach the output: %q", out.String())
	}
}

func TestFinishRecordMakesTheReasonSafe(t *testing.T) {
	r := &referee{record: &pdn.Game{}}
	r.record.AddMove("d3-d4", "+0.25/1 0.010s")
	rec := r.finishRecord(gameResult{result: pdn.BlackWins, termination: pdn.TerminationIllegalMove,
		reason: "bad (white): malformed move \"}[Event\"\n"})
	if _, err := pdn.Format(rec); err != nil {
		t.Fatal(err)
	}
	if c := rec.Moves[0].Comment; c != `+0.25/1 0.010s, bad (white): malformed move ")[Event" ` {
		t.Errorf("comment %q", c)
	}
}
