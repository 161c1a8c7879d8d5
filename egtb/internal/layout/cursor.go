// Consecutive slots decoded by counting: a slot's digits are found by
// division once, and each next slot's by adding one to the innermost
// digit, with carries.

package layout

import "math/bits"

// SlotCursor walks the slots of a layout in order, holding the current
// slot's digits and groups.
type SlotCursor struct {
	l *Layout
	SlotDigits
	g      [NumGroups]uint64
	pieces int
	// the innermost group with pieces (l.digits[0]), its number of sets
	// and its sets by rank (nil when not tabled)
	inner      int
	innerRadix uint64
	innerSets  []uint64
}

// Cursor is a slotCursor at slot i (< size).
func (l *Layout) Cursor(i uint64) SlotCursor {
	c := SlotCursor{l: l, pieces: l.pieces(), inner: l.digits[0]}
	c.innerRadix, c.innerSets = l.radix[c.inner], l.sets[c.inner]
	c.Orbit = l.restDivisor.Divide(i, l.RestSize)
	c.Rest = i - c.Orbit*l.RestSize
	c.g[l.Lead] = l.Orbits.set[c.Orbit]
	higher := c.Rest
	for _, j := range l.digits {
		c.Ranks[j] = higher % l.radix[j]
		higher /= l.radix[j]
		c.setGroup(j)
	}
	return c
}

// setGroup sets group j's set from its rank.
func (c *SlotCursor) setGroup(j int) {
	if sets := c.l.sets[j]; sets != nil {
		c.g[j] = sets[c.Ranks[j]]
		return
	}
	d := GroupDomain[j]
	c.g[j] = Uncolex(c.Ranks[j], c.l.Count[j], d.Offset, d.Squares)
}

// Position is layout.position of the current slot, its groups valid
// until the cursor moves.
func (c *SlotCursor) Position() (*[NumGroups]uint64, bool) {
	g := &c.g
	if bits.OnesCount64(g[0]|g[1]|g[2]|g[3]) != c.pieces {
		return g, false // groups overlap
	}
	if c.l.Orbits.Symmetric[c.Orbit] {
		return g, c.Rest <= c.l.MirroredRest(g, &c.Ranks)
	}
	return g, true
}

// Next moves to the next slot (when there is one: past the last slot the
// cursor is not to be read).
func (c *SlotCursor) Next() {
	c.Rest++
	if r := c.Ranks[c.inner&3] + 1; r < c.innerRadix && c.innerSets != nil {
		c.Ranks[c.inner&3], c.g[c.inner&3] = r, c.innerSets[r]
		return
	}
	c.carry()
}

// carry is next past the innermost digit's last set, or with its sets
// not tabled.
func (c *SlotCursor) carry() {
	for _, j := range c.l.digits {
		if c.Ranks[j]++; c.Ranks[j] < c.l.radix[j] {
			c.setGroup(j)
			return
		}
		c.Ranks[j] = 0
		c.setGroup(j)
	}
	// Every digit carried: the next orbit.
	c.Rest = 0
	if c.Orbit++; c.Orbit < uint64(len(c.l.Orbits.set)) {
		c.g[c.l.Lead] = c.l.Orbits.set[c.Orbit]
	}
}
