// Fuzz tests of what the bot reads from the network: the lines of the
// event and game streams, and the moves field. No input may panic; what is
// accepted must be safe to act on and read back the same.

package bot

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
)

func FuzzParseEvent(f *testing.F) {
	for _, s := range []string{
		`{"type":"challenge","challenge":{"id":"ab12CD34","challenger":{"id":"someone"},"variant":{"key":"dameo"},"rated":true,"timeControl":{"type":"clock","limit":300,"increment":3},"compat":{"bot":true}}}`,
		`{"type":"gameStart","game":{"id":"ab12CD34","gameId":"ab12CD34"}}`,
		`{"type":"gameFinish","game":{"id":"x"}}`,
		`{"type":"challengeCanceled","challenge":{"id":"../../api/account"}}`,
		`{"type":"somethingNew","x":1}`,
		`{}`, `[]`, `null`, `{"type":"gameStart"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := ParseEvent(line)
		if err != nil {
			return
		}
		if e.Type == "" {
			t.Fatalf("%q: accepted without a type", line)
		}
		if e.Challenge != nil && checkID("challenge", e.Challenge.ID) != nil {
			t.Fatalf("%q: challenge id %q unfit for a URL", line, e.Challenge.ID)
		}
		if e.Game != nil && checkID("game", e.Game.GameID) != nil {
			t.Fatalf("%q: game id %q unfit for a URL", line, e.Game.GameID)
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseEvent(b)
		if err != nil || !reflect.DeepEqual(again, e) {
			t.Fatalf("%q: %+v reads back as %+v, %v", line, e, again, err)
		}
	})
}

func FuzzParseGameEvent(f *testing.F) {
	for _, s := range []string{
		`{"type":"gameFull","id":"g1","variant":{"key":"dameo"},"clock":{"initial":60000,"increment":1000},"p1":{"id":"a"},"p2":{"id":"b"},"initialFen":"startpos","state":{"type":"gameState","moves":"c3c4 f6f5","wtime":1,"btime":2,"winc":0,"binc":0,"status":"started"}}`,
		`{"type":"gameFull","white":{"id":"a"},"black":{},"state":{"status":"mate"}}`,
		`{"type":"gameState","moves":"d4d6,d6d8K","wtime":59000,"btime":60000,"status":"started","bdraw":true}`,
		`{"type":"chatLine","username":"x","text":"hi","room":"player"}`,
		`{"type":"gameState"}`, `{"type":"gameFull","state":null}`, `{"type":"opponentGone","gone":true}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := ParseGameEvent(line)
		if err != nil {
			return
		}
		switch e.Type {
		case "":
			t.Fatalf("%q: accepted without a type", line)
		case "gameFull":
			if e.P1 == nil || e.P2 == nil || e.State == nil || e.Status == "" {
				t.Fatalf("%q: a gameFull without its players or state: %+v", line, e)
			}
		case "gameState":
			if e.Status == "" {
				t.Fatalf("%q: a gameState without a status", line)
			}
		}
	})
}

func FuzzReplayMoves(f *testing.F) {
	for _, s := range []string{"", "c3c4 f6f5", "c1c4", "e3e4 d6d5 e4e5 d5f5", "e3e4 d6d5 e4e5 d5d4", "c3c4K", "d4d6,d6d8K", "a1a2,,", "c3c4 ,", strings.Repeat("a1a2,", 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, moves string) {
		r, err := replayMoves(engine.StartPosition(), moves)
		if err != nil {
			return
		}
		// The complete moves, written as the server's jumps, read back as
		// the same game.
		var turns []string
		p := engine.StartPosition()
		for _, m := range r.game.Moves() {
			if !p.IsLegal(m) {
				t.Fatalf("%q: illegal move %v", moves, m)
			}
			turns = append(turns, strings.Join(serverJumps(&p, m), ","))
			p = p.Play(m)
		}
		again, err := replayMoves(engine.StartPosition(), strings.Join(turns, " "))
		if err != nil || !slices.Equal(again.game.Moves(), r.game.Moves()) || again.partial != nil {
			t.Fatalf("%q: written as %q reads back differently: %v", moves, turns, err)
		}
		if r.partial != nil {
			if done, more := p.FollowJumps(r.partial); done != engine.NoMove || !more {
				t.Fatalf("%q: partial capture %s is not one in progress", moves, pathText(r.partial))
			}
		}
	})
}
