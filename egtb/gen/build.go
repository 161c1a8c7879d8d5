// The build driver: every unit of tables solved in order (generate.go or
// slice_solve.go), after the units whose tables it needs, found finished
// or saved through a Storage, verified if asked, and reported.

package gen

import (
	"context"
	"fmt"
	"github.com/dameo/dameo/egtb"
	"maps"
	"slices"
	"time"
)

// BuildOptions configure Build.
type BuildOptions struct {
	// Pieces: build every table of 2 to Pieces pieces (at most MaxTablePieces).
	Pieces int
	// Threads is the number of goroutines (at least 1).
	Threads int
	// Only, if set, builds just the table of this material and its swap,
	// taking the tables they need from Storage.
	Only *egtb.Material
	// MaxMemory, if not 0, bounds the generator's estimated memory for one
	// unit (see Plan): a larger unit is refused before it is started.
	MaxMemory uint64
	// Verify checks each solved table against its successors before it is
	// saved (about as long again as solving it).
	Verify bool
	// Sliced solves each unit with men slice by slice (solveSliced), in
	// the memory of PlanSliced; the tables are the same. A unit of kings
	// alone is one slice and is solved whole.
	Sliced bool
	// Storage, if set, keeps the build's tables and checkpoints; without
	// it the tables are solved, reported (Progress) and dropped, and those
	// that later tables need are kept in memory.
	Storage Storage
	// Progress, if set, is called after each table is solved (or found finished).
	Progress func(Report)
	// Solving, if set, is called by the sliced solver after each slice it
	// solves, from the goroutine that solved it, with the number of the
	// unit's positions solved so far (counting those of the checkpoint it
	// resumed from, see Checkpoints), so that a long unit shows its
	// progress. The count ends within a few percent of the unit's slots,
	// not on them: a slice counts a position and its mirror image apart
	// where the layout gives them one slot, and the layout keeps slots no
	// position fills.
	Solving func(solved uint64)
	// CheckpointEvery is the least time from the start of a unit, or from
	// its last checkpoint, to the next checkpoint, written at the end of a
	// wave that solved positions (0: after every such wave but the last).
	CheckpointEvery time.Duration
	// Resumed, if set, is called when the sliced solver goes on with a
	// unit from its checkpoint: the waves solved of the unit's waves, and
	// the positions solved (where Solving's count goes on from).
	Resumed func(unit []egtb.Material, wave, waves int, solved uint64)
}

// Storage keeps the tables of a build, and the checkpoints of the units
// the sliced solver solves (Store: in a directory).
type Storage interface {
	// Finished gives the table of a material finished before (by an
	// interrupted build, or saved earlier in the run), or nil when there
	// is none: a material and its swap whose tables are both finished are
	// not solved again, and later tables that need a table saved read it
	// back rather than Build keep it in memory.
	Finished(egtb.Material) (*egtb.Table, error)
	// Save writes a solved table; an error stops the build.
	Save(*egtb.Table) error
	// Checkpoints keep the state of a unit that the sliced solver solves
	// between its waves, so that a build interrupted in the middle of the
	// unit goes on from its last checkpoint: the unit's tables are the
	// same. A unit's checkpoint is removed once its tables are saved (or
	// found finished).
	Checkpoints
}

// Report describes one solved table.
type Report struct {
	Table *egtb.Table
	// With is the colour-swapped material solved together with the
	// table, the table's own when it is symmetric.
	With egtb.Material
	// Kept: the table was finished before and not solved again.
	Kept bool
	// Elapsed is the time taken to solve (and verify) the pair.
	Elapsed time.Duration
}

// Build solves every table of up to o.Pieces pieces, in the order of
// Materials, holding in memory only the finished tables that the tables
// still to solve lead into.
func Build(ctx context.Context, o BuildOptions) error {
	if o.Pieces < 2 || o.Pieces > egtb.MaxTablePieces {
		return fmt.Errorf("pieces must be 2 to %d, not %d", egtb.MaxTablePieces, o.Pieces)
	}
	if o.Threads < 1 {
		return fmt.Errorf("threads must be at least 1, not %d", o.Threads)
	}
	units := Units(o.Pieces)
	lastUse := lastUses(units)
	finished := map[egtb.Material]*egtb.Table{} // those that units still to solve need
	for n, unit := range units {
		if err := ctx.Err(); err != nil {
			return err
		}
		if o.Only != nil {
			if !slices.Contains(unit, *o.Only) {
				continue
			}
			if err := loadNeeds(finished, unit, o.Storage); err != nil {
				return err
			}
		}
		done := egtb.NewTables(slices.Collect(maps.Values(finished)))
		start := time.Now()
		tabs, kept, err := finishedUnit(unit, o.Storage)
		if err != nil {
			return err
		}
		if !kept {
			need, solver := unitMemory(unit), solve
			if o.Sliced {
				need = slicedMemory(unit, o.Threads)
			}
			if o.Sliced && unitHasMen(unit) {
				solver = func(ctx context.Context, done *egtb.Tables, unit []egtb.Material, _ int) ([]*egtb.Table, error) {
					return solveSliced(ctx, done, unit, &o)
				}
			}
			if o.MaxMemory != 0 && need > o.MaxMemory {
				return fmt.Errorf("tables %v: about %d MiB to generate, more than the %d MiB allowed (docs/egtb.md)", unit, need>>20, o.MaxMemory>>20)
			}
			if tabs, err = solver(ctx, done, unit, o.Threads); err != nil {
				return err
			}
			if o.Verify {
				if err := verifyUnit(ctx, done, tabs, o.Threads); err != nil {
					return err
				}
			}
			for i, t := range tabs {
				if o.Storage == nil {
					continue
				}
				if err := o.Storage.Save(t); err != nil {
					return err
				}
				// Read back what later tables need (memory-mapped) rather than keep it.
				if tabs[i], err = o.Storage.Finished(t.Material()); err != nil || tabs[i] == nil {
					return fmt.Errorf("table %v: saved but not found again: %v", t.Material(), err)
				}
			}
		}
		if o.Storage != nil {
			if err := o.Storage.RemoveCheckpoint(unit[0]); err != nil {
				return err
			}
		}
		for _, t := range tabs {
			if lastUse[t.Material()] > n {
				finished[t.Material()] = t
			}
			if o.Progress != nil {
				o.Progress(Report{Table: t, With: t.Material().Swap(), Kept: kept, Elapsed: time.Since(start)})
			}
		}
		for s := range finished {
			if lastUse[s] <= n {
				delete(finished, s)
			}
		}
	}
	return nil
}

// loadNeeds adds to finished the finished tables that unit needs.
func loadNeeds(finished map[egtb.Material]*egtb.Table, unit []egtb.Material, storage Storage) error {
	for _, s := range unit {
		for _, need := range s.Needs() {
			if finished[need] != nil {
				continue
			}
			var t *egtb.Table
			var err error
			if storage != nil {
				t, err = storage.Finished(need)
			}
			switch {
			case err != nil:
				return fmt.Errorf("table %v needs table %v, which cannot be loaded: %w", s, need, err)
			case t == nil:
				return fmt.Errorf("table %v needs table %v, which is not built (dameo egtb plan lists the order)", s, need)
			}
			finished[need] = t
		}
	}
	return nil
}

// finishedUnit is the unit's tables when storage has all of them.
func finishedUnit(unit []egtb.Material, storage Storage) ([]*egtb.Table, bool, error) {
	if storage == nil {
		return nil, false, nil
	}
	var tabs []*egtb.Table
	for _, s := range unit {
		t, err := storage.Finished(s)
		if err != nil || t == nil {
			return nil, false, err
		}
		tabs = append(tabs, t)
	}
	return tabs, true, nil
}

// verifyUnit checks a solved unit against its successors: the finished
// tables and the unit itself.
func verifyUnit(ctx context.Context, done *egtb.Tables, tabs []*egtb.Table, threads int) error {
	with := egtb.NewTables(append(done.All(), tabs...))
	for _, t := range tabs {
		if err := with.VerifyTable(ctx, t, threads); err != nil {
			return fmt.Errorf("table %v fails verification: %w", t.Material(), err)
		}
	}
	return nil
}

// Units are the materials of 2 to maxPieces pieces grouped as they are
// generated: each with its swap (alone when symmetric), in the order of
// Materials.
func Units(maxPieces int) [][]egtb.Material {
	var units [][]egtb.Material
	mats := egtb.Materials(maxPieces)
	for i := 0; i < len(mats); {
		unit := []egtb.Material{mats[i]}
		if w := mats[i].Swap(); w != mats[i] {
			unit = append(unit, w) // Materials puts it next
		}
		i += len(unit)
		units = append(units, unit)
	}
	return units
}

// lastUses is, for each material needed by a unit, the number of the last
// unit that needs it.
func lastUses(units [][]egtb.Material) map[egtb.Material]int {
	last := map[egtb.Material]int{}
	for n, unit := range units {
		for _, s := range unit {
			for _, need := range s.Needs() {
				last[need] = n
			}
		}
	}
	return last
}
