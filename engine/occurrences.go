// Threefold repetition for front-ends that move up and down a line of play
// (a move tree): the positions of the line counted as moves are added and
// taken back, each in constant time, and the result of a position that has
// occurred so many times.

package engine

// DrawOccurrences is the number of occurrences of a position that draws the
// game (threefold repetition).
const DrawOccurrences = 3

// Occurrences counts how often each position occurs on a line of play. A
// position from before a capture or a man move never occurs again after it,
// so counting the whole line is the same as counting since the last one.
// The zero value is an empty line.
type Occurrences struct {
	seen map[Position]int
}

// Enter counts p as reached and returns its occurrences, itself included.
func (o *Occurrences) Enter(p Position) int {
	if o.seen == nil {
		o.seen = map[Position]int{}
	}
	o.seen[p]++
	return o.seen[p]
}

// Leave takes back one occurrence of p.
func (o *Occurrences) Leave(p Position) {
	if o.seen[p] <= 1 {
		delete(o.seen, p)
		return
	}
	o.seen[p]--
}

// Count is how often p occurs on the line.
func (o *Occurrences) Count(p Position) int { return o.seen[p] }

// ResultAfter is the result of p for its side to move when p has occurred
// occurrences times in the game (itself included): Loss without a legal
// move, Draw on its DrawOccurrences-th occurrence, else Ongoing.
func (p *Position) ResultAfter(occurrences int) Result {
	var l MoveList
	p.GenerateMoves(&l)
	if l.Len == 0 {
		return Loss
	}
	if occurrences >= DrawOccurrences {
		return Draw
	}
	return Ongoing
}
