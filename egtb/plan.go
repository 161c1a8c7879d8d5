// The build plan: the units of generation in order, their sizes and
// memory, and the tables each needs, for a scheduler (deploy/slurm) that
// builds units as separate jobs once the jobs they depend on are done.

package egtb

import (
	"fmt"
	"strings"
)

// PlanPieces is the largest number of pieces Plan describes.
const PlanPieces = 6

// bytesPerSlot is the generator's peak memory per slot of a unit: its
// state word, the level lists and the finished table (an estimate that
// `/usr/bin/time -v` bears out at 4 pieces).
const bytesPerSlot = 10

// unitSlots is the number of slots of a unit's tables.
func unitSlots(unit []Signature) uint64 {
	var n uint64
	for _, s := range unit {
		n += Size(s)
	}
	return n
}

// Plan describes the build of every table of 2 to n pieces, one line per
// unit (a signature with its swap) in build order:
//
//	unit <k> <sig>[,<swap>] slots <N> memory <bytes> file <bytes> needs <sig>,...|-
//
// where memory estimates the generator's peak, file is the size of the
// table files with one-byte distances, and needs lists the tables (of
// earlier units) that the unit's captures and promotions lead into.
func Plan(n int) string {
	var b strings.Builder
	for k, unit := range Units(n) {
		var names, needs []string
		slots, file := unitSlots(unit), uint64(0)
		seen := map[Signature]bool{}
		for _, s := range unit {
			names = append(names, s.String())
			file += fileSize(Size(s), 1)
			for _, need := range s.Needs() {
				if !seen[need] {
					seen[need] = true
					needs = append(needs, need.String())
				}
			}
		}
		if len(needs) == 0 {
			needs = []string{"-"}
		}
		fmt.Fprintf(&b, "unit %d %s slots %d memory %d file %d needs %s\n",
			k, strings.Join(names, ","), slots, slots*bytesPerSlot, file, strings.Join(needs, ","))
	}
	return b.String()
}
