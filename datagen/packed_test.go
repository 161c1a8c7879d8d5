// Tests of the packed record: every position of random games packs and
// unpacks to itself, and damage to any byte is caught.

package datagen

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// randomRecords are the positions of random games from the initial
// position (kings and captures included), with random results and scores.
func randomRecords(n int, seed uint64) []Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	var recs []Record
	for game := 0; len(recs) < n; game++ {
		p := engine.StartPosition()
		for ply := 0; ply < 200 && len(recs) < n; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			recs = append(recs, Record{Position: p, Result: Outcome(rng.IntN(3)),
				Score: search.Score(rng.IntN(2*int(search.Win)+1)) - search.Win, Game: game, Ply: ply})
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	return recs
}

func TestPackRoundTrip(t *testing.T) {
	kings := 0
	for i, r := range randomRecords(20000, 1) {
		p, err := pack(&r, i%500, i%7 == 0)
		if err != nil {
			t.Fatalf("%v: %v", r.Position, err)
		}
		got, err := p.Decode()
		if err != nil || got != r {
			t.Fatalf("%v packs and reads back as %+v, %v", r, got, err)
		}
		if p.seq() != i%500 || p.last() != (i%7 == 0) {
			t.Fatalf("seq %d last %v, packed %d %v", p.seq(), p.last(), i%500, i%7 == 0)
		}
		if r.Position.Kings(engine.White)|r.Position.Kings(engine.Black) != 0 {
			kings++
		}
	}
	if kings < 100 {
		t.Errorf("only %d positions with kings", kings)
	}
}

// TestPackFullBoard: 36 pieces, the most a game has and a record holds,
// pack; a position of more (if the engine takes it at all) is refused.
func TestPackFullBoard(t *testing.T) {
	full, err := engine.ParsePosition("bbbbbbbb/BBbbbbbb/bb6/8/8/WW6/wwwwwwww/wwwWwwww b")
	if err != nil {
		t.Fatal(err)
	}
	r := Record{Position: full, Result: Drawn}
	p, err := pack(&r, 0, true)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := p.Decode(); err != nil || got != r {
		t.Errorf("36 pieces read back as %v, %v", got.Position, err)
	}
	more, err := engine.NewPosition(full.Pieces(engine.White)|1<<20, full.Pieces(engine.Black), 0, engine.White)
	if err == nil {
		r.Position = more
		if _, err := pack(&r, 0, true); err == nil {
			t.Errorf("a position of 37 pieces packs")
		}
	}
}

// TestPackedDamage: flipping any bit of a record is caught by Decode.
func TestPackedDamage(t *testing.T) {
	for _, r := range randomRecords(50, 2) {
		p, err := pack(&r, 3, false)
		if err != nil {
			t.Fatal(err)
		}
		for bit := range 8 * RecordSize {
			q := p
			q[bit/8] ^= 1 << (bit % 8)
			if _, err := q.Decode(); err == nil {
				t.Fatalf("%v: bit %d flipped reads without error", r.Position, bit)
			}
		}
	}
	var zero Packed
	if _, err := zero.Decode(); !errors.Is(err, errChecksum) {
		t.Errorf("a record of zeros: %v", err)
	}
}

func TestPackRefuses(t *testing.T) {
	good := sampleRecords(t)[0]
	for _, tc := range []struct {
		change func(*Record)
		seq    int
	}{
		{func(r *Record) { r.Score = search.Win + 1 }, 0},
		{func(r *Record) { r.Game = -1 }, 0},
		{func(r *Record) { r.Game = 1 << 32 }, 0},
		{func(r *Record) { r.Ply = -1 }, 0},
		{func(r *Record) { r.Result = 3 }, 0},
		{func(*Record) {}, 1 << 16},
	} {
		r := good
		tc.change(&r)
		if _, err := pack(&r, tc.seq, true); err == nil {
			t.Errorf("%+v as record %d packs", r, tc.seq)
		}
	}
}
