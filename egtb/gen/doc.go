// Package gen builds Dameo's endgame tables (package egtb) by retrograde
// analysis; it is imported only by cmd/dameo (`dameo egtb build` and
// `dameo egtb plan`), as bookbuild beside book.
//
// Build solves the materials in units (Units: each with its swap), after
// every table that a capture (fewer pieces) or a promotion (fewer men)
// leads into (egtb.Material.Needs), holding only the finished tables that
// later units need. Each position's captures and promotions are looked up
// in those tables, its quiet moves counted; the positions decided so far
// then pass their values back, level by level of distance, to their
// predecessors, found by the engine's un-moves
// (engine.WhiteUnmoveSources). Moves and un-moves change one group of pieces, so slots are computed from the
// other groups' digits and one colex rank, with bit operations, not by
// decoding positions. With BuildOptions.Sliced, a unit with men is solved
// instead slice by slice of men placement (slice.go, slice_solve.go), in
// the order of the men's advance, into the same tables in less memory,
// and can leave a checkpoint between its waves (checkpoint.go,
// BuildOptions.Storage) that an interrupted build goes on from.
// Verification against the successors (egtb's Tables.VerifyTable) is an
// option of Build. Plan prints the units with their sizes and needs, for
// a cluster (deploy/slurm/egtb-build.sh).
//
// The retrograde rule itself (a predecessor of a loss wins; a position
// whose quiet successors all win loses, at its longest exit if later) is
// stated once, in retrograde.go, with the state word of a position being
// solved, and both solvers call it: the whole-unit solver (generate.go)
// and the sliced one (slice_solve.go), whose tables are the same byte for
// byte. A build keeps its tables and checkpoints through one Storage;
// Store keeps them in a directory (OpenStore removes the temporary files
// that an interrupted build left there).
package gen
