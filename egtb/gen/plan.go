// The build plan: the units of generation in order, their sizes and
// memory, and the tables each needs, for a scheduler (deploy/slurm) that
// builds units as separate jobs once the jobs they depend on are done.

package gen

import (
	"fmt"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/layout"
	"strconv"
	"strings"
)

// PlanPieces is the largest number of pieces Plan describes.
const PlanPieces = 6

// bytesPerSlot is the generator's peak memory per slot of a unit: its
// state word, the level lists and the finished table (an estimate that
// `/usr/bin/time -v` bears out at 4 pieces).
const bytesPerSlot = 10

// bytesPerPlacement is the sliced solver's working memory per king
// placement of a slice being solved: its state word, its place in the
// queue of decided positions and in a chain of candidates.
const bytesPerPlacement = 12

// unitSlots is the number of slots of a unit's tables.
func unitSlots(unit []egtb.Material) uint64 {
	var n uint64
	for _, s := range unit {
		n += egtb.Size(s)
	}
	return n
}

// unitMemory is solve's estimated peak memory for a unit.
func unitMemory(unit []egtb.Material) uint64 { return unitSlots(unit) * bytesPerSlot }

// slicedMemory is the estimated peak memory of a build with
// BuildOptions.Sliced for a unit, on threads goroutines. A unit of kings
// alone is solved whole (unitMemory); one with men needs the tables being
// written (a byte of distance and 2 bits of code a slot, the codes copied
// once at the end) and the working state of the slices solved at once, a
// slice on each goroutine at most, each of at most two halves.
func slicedMemory(unit []egtb.Material, threads int) uint64 {
	if !unitHasMen(unit) {
		return unitMemory(unit)
	}
	slots := unitSlots(unit)
	s := unit[0]
	largest := 2 * layout.Binomial[64][s.WhiteKings] * layout.Binomial[64][s.BlackKings]
	return slots + slots/2 + uint64(min(threads, mostSlicesAtOnce(unit)))*largest*bytesPerPlacement
}

// mostSlicesAtOnce bounds the number of slices of a wave of the unit:
// counted when the unit has at most 2^20 placements of men (a few men,
// large slices), else the number of placements.
func mostSlicesAtOnce(unit []egtb.Material) int {
	s := unit[0]
	placements := layout.Binomial[layout.GroupDomain[layout.GroupWhiteMen].Squares][s.WhiteMen] * layout.Binomial[layout.GroupDomain[layout.GroupBlackMen].Squares][s.BlackMen]
	if placements > 1<<20 {
		return int(placements)
	}
	sl := newSlicing(unit)
	most := 0
	for wave := range sl.waves() {
		n := 0
		for k := range sl.candidates(wave) {
			if _, ok := sl.sliceAt(wave, k); ok {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// Plan describes the build of every table of 2 to n pieces, one line per
// unit (a material with its swap) in build order:
//
//	unit <k> <mat>[,<swap>] slots <N> memory <size> file <size> needs <mat>,...|-
//
// where memory estimates the generator's peak, file is the size of the
// table files with one-byte distances, and needs lists the tables (of
// earlier units) that the unit's captures and promotions lead into. The
// sizes are for people ("8.5 MB", Size), or with bytes whole numbers of
// bytes, for scripts.
func Plan(n int, bytes bool) string { return plan(n, bytes, unitMemory) }

// PlanSliced is Plan with the memory of a build with BuildOptions.Sliced
// on threads goroutines (with one-byte distances: a table whose
// distances take two bytes needs 3 bytes a slot more while it is widened).
func PlanSliced(n, threads int, bytes bool) string {
	return plan(n, bytes, func(unit []egtb.Material) uint64 { return slicedMemory(unit, threads) })
}

// Size is a number of bytes for people, in decimal units with three
// significant digits at most: "512 B", "286.9 kB", "8.5 MB", "1.2 GB".
func Size(b uint64) string {
	if b < 1000 {
		return fmt.Sprintf("%d B", b)
	}
	v := float64(b)
	for _, unit := range []string{"kB", "MB", "GB", "TB"} {
		v /= 1000
		if v < 999.95 || unit == "TB" {
			return fmt.Sprintf("%.1f %s", v, unit)
		}
	}
	panic("unreachable")
}

func plan(n int, bytes bool, memory func(unit []egtb.Material) uint64) string {
	size := Size
	if bytes {
		size = func(b uint64) string { return strconv.FormatUint(b, 10) }
	}
	var b strings.Builder
	for k, unit := range Units(n) {
		var names, needs []string
		file := uint64(0)
		seen := map[egtb.Material]bool{}
		for _, s := range unit {
			names = append(names, s.String())
			file += egtb.FileSize(egtb.Size(s), 1)
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
		fmt.Fprintf(&b, "unit %d %s slots %d memory %s file %s needs %s\n",
			k, strings.Join(names, ","), unitSlots(unit), size(memory(unit)), size(file), strings.Join(needs, ","))
	}
	return b.String()
}
