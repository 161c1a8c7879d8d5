// The built-in opening set: every distinct position after two plies from
// the start, the starts of matches and of self-play.

package engine

import "sort"

// TwoPlyOpenings are the two moves of each distinct position two plies
// after the start, ordered by the moves' notation (the first move, then
// the second).
func TwoPlyOpenings() [][2]Move {
	start := StartPosition()
	var out [][2]Move
	seen := map[Position]bool{}
	for _, m1 := range sortedMoves(start) {
		p1 := start.Play(m1)
		for _, m2 := range sortedMoves(p1) {
			p2 := p1.Play(m2)
			if seen[p2] {
				continue
			}
			seen[p2] = true
			out = append(out, [2]Move{m1, m2})
		}
	}
	return out
}

// sortedMoves lists the legal moves of p ordered by their notation.
func sortedMoves(p Position) []Move {
	ms := p.LegalMoves()
	sort.Slice(ms, func(i, j int) bool { return p.FormatMove(ms[i]) < p.FormatMove(ms[j]) })
	return ms
}
