// Writing a principal variation in full move notation.
package search

import (
	"strings"

	"github.com/dameo/dameo/engine"
)

// FormatPV writes the moves of pv, played from p, in full notation
// separated by spaces. It stops at the first move that is not legal.
func FormatPV(p engine.Position, pv []engine.Move) string {
	var sb strings.Builder
	for i, m := range pv {
		if !isLegal(&p, m) {
			break
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(p.FormatMove(m))
		p = p.Play(m)
	}
	return sb.String()
}

// isLegal reports whether m is a legal move of p.
func isLegal(p *engine.Position, m engine.Move) bool {
	var l engine.MoveList
	p.GenerateMoves(&l)
	for _, x := range l.Slice() {
		if x == m {
			return true
		}
	}
	return false
}
