// Perft: counting the leaves of the legal move tree, the move generator's
// correctness check and speed benchmark.
package engine

// Perft counts the leaves of the tree of legal moves of the given depth
// from p. With bulk counting the last ply is counted without being played.
func Perft(p *Position, depth int, bulk bool) uint64 {
	lists := make([]MoveList, max(depth, 1))
	return perft(p, depth, bulk, lists)
}

func perft(p *Position, depth int, bulk bool, lists []MoveList) uint64 {
	if depth == 0 {
		return 1
	}
	if bulk && depth == 1 {
		return uint64(p.CountMoves())
	}
	l := &lists[0]
	p.GenerateMoves(l)
	var n uint64
	for _, m := range l.Slice() {
		q := p.Play(m)
		n += perft(&q, depth-1, bulk, lists[1:])
	}
	return n
}
