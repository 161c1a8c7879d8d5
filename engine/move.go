// Moves and move lists. A move is identified by its start square, its final
// square and the set of pieces it captures (docs/rules.md); the path of a capture
// is rebuilt from these when it is printed.

package engine

// Move is a legal move: start square, final square and captured pieces.
// The zero Move is NoMove (a quiet move never starts and ends on one square).
type Move struct {
	Captured Bitboard
	From, To Square
}

// NoMove is the absence of a move.
var NoMove Move

// IsCapture reports whether m captures.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// CaptureCount is the number of pieces m captures.
func (m Move) CaptureCount() int { return popCount(m.Captured) }

// MaxMoves bounds the moves of one position. Quiet moves cannot exceed it:
// each empty square is reached from at most eight directions by one piece
// each (8 × 63 = 504). Captures can come near it: a king's long leaps
// give many distinct sequences under the majority rule, and a random
// search (movecount_test.go) found a position with 1,192 legal captures,
// against 128 quiet moves at most. No bound is known for captures; a
// generator that would exceed MaxMoves drops the excess rather than fail.
const MaxMoves = 2048

// MoveList is a fixed-size list of moves, reused to avoid allocation.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

// Slice is the list's moves (sharing its storage).
func (l *MoveList) Slice() []Move { return l.Moves[:l.Len] }

func (l *MoveList) add(m Move) { l.Len = put(&l.Moves, l.Len, m) }

// put stores m as move n of moves unless they are full, and returns the
// new count.
func put(moves *[MaxMoves]Move, n int, m Move) int {
	if uint(n) < MaxMoves {
		moves[n] = m
		n++
	}
	return n
}

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}
