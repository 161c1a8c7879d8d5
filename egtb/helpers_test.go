// Test helpers: random positions of given material, and a build's
// storage in memory.

package egtb

import (
	"io"
	"math/rand/v2"
	"testing"

	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/engine"
)

// randomPosition places the pieces of s on random squares of their
// domains, with a random side to move.
func randomPosition(t testing.TB, rng *rand.Rand, s Signature) engine.Position {
	t.Helper()
	var g [layout.NumGroups]uint64
	var occupied uint64
	for i, n := range s.Counts() {
		d := layout.GroupDomain[i]
		for range n {
			for {
				b := uint64(1) << (d.Offset + rng.IntN(d.Squares))
				if occupied&b == 0 {
					g[i] |= b
					occupied |= b
					break
				}
			}
		}
	}
	side := engine.Color(rng.IntN(2))
	p, err := engine.NewPosition(g[0]|g[1], g[2]|g[3], g[1]|g[3], side)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// randomSignature is a random signature of 2 to maxPieces pieces.
func randomSignature(rng *rand.Rand, maxPieces int) Signature {
	all := Signatures(maxPieces)
	return all[rng.IntN(len(all))]
}

// savedTables is a build's Storage in memory: the tables saved, in order
// (after save, if set, accepts each), given back by Finished; no
// checkpoints. With unreadable, Finished fails with it.
type savedTables struct {
	list       []*Table
	save       func(*Table) error
	unreadable error
}

func (s *savedTables) Finished(sig Signature) (*Table, error) {
	if s.unreadable != nil {
		return nil, s.unreadable
	}
	for _, t := range s.list {
		if t.Signature() == sig {
			return t, nil
		}
	}
	return nil, nil
}

func (s *savedTables) Save(t *Table) error {
	if s.save != nil {
		if err := s.save(t); err != nil {
			return err
		}
	}
	s.list = append(s.list, t)
	return nil
}

func (s *savedTables) SaveCheckpoint(Signature, func(io.Writer) error) error { return nil }

func (s *savedTables) LoadCheckpoint(Signature, func(io.Reader) error) bool { return false }

func (s *savedTables) RemoveCheckpoint(Signature) error { return nil }
