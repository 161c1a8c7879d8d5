// Consecutive slots decoded by counting: a slot's digits are found by
// division once, and each next slot's by adding one to the innermost
// digit, with carries.

package egtb

import "math/bits"

// slotCursor walks the slots of a layout in order, holding the current
// slot's digits and groups.
type slotCursor struct {
	l *layout
	slotDigits
	g      [numGroups]uint64
	pieces int
	// the innermost group with pieces (l.digits[0]), its number of sets
	// and its sets by rank (nil when not tabled)
	inner      int
	innerRadix uint64
	innerSets  []uint64
}

// cursor is a slotCursor at slot i (< size).
func (l *layout) cursor(i uint64) slotCursor {
	c := slotCursor{l: l, pieces: l.pieces(), inner: l.digits[0]}
	c.innerRadix, c.innerSets = l.radix[c.inner], l.sets[c.inner]
	c.orbit = l.restDivisor.divide(i, l.restSize)
	c.rest = i - c.orbit*l.restSize
	c.g[l.lead] = l.orbits.set[c.orbit]
	higher := c.rest
	for _, j := range l.digits {
		c.ranks[j] = higher % l.radix[j]
		higher /= l.radix[j]
		c.setGroup(j)
	}
	return c
}

// setGroup sets group j's set from its rank.
func (c *slotCursor) setGroup(j int) {
	if sets := c.l.sets[j]; sets != nil {
		c.g[j] = sets[c.ranks[j]]
		return
	}
	d := groupDomain[j]
	c.g[j] = uncolex(c.ranks[j], c.l.count[j], d.offset, d.squares)
}

// position is layout.position of the current slot, its groups valid
// until the cursor moves.
func (c *slotCursor) position() (*[numGroups]uint64, bool) {
	g := &c.g
	if bits.OnesCount64(g[0]|g[1]|g[2]|g[3]) != c.pieces {
		return g, false // groups overlap
	}
	if c.l.orbits.symmetric[c.orbit] {
		return g, c.rest <= c.l.mirroredRest(g, &c.ranks)
	}
	return g, true
}

// next moves to the next slot (when there is one: past the last slot the
// cursor is not to be read).
func (c *slotCursor) next() {
	c.rest++
	if r := c.ranks[c.inner&3] + 1; r < c.innerRadix && c.innerSets != nil {
		c.ranks[c.inner&3], c.g[c.inner&3] = r, c.innerSets[r]
		return
	}
	c.carry()
}

// carry is next past the innermost digit's last set, or with its sets
// not tabled.
func (c *slotCursor) carry() {
	for _, j := range c.l.digits {
		if c.ranks[j]++; c.ranks[j] < c.l.radix[j] {
			c.setGroup(j)
			return
		}
		c.ranks[j] = 0
		c.setGroup(j)
	}
	// Every digit carried: the next orbit.
	c.rest = 0
	if c.orbit++; c.orbit < uint64(len(c.l.orbits.set)) {
		c.g[c.l.lead] = c.l.orbits.set[c.orbit]
	}
}
