// Package layout is the indexing of the endgame tables, shared by probing
// (egtb) and building (egtb/gen): the bijection between the positions of a
// material, given by its four counts (White to move, up to the
// left-right mirror), and the slots 0..size-1 of its table; slots decoded
// in order by a cursor; the board's symmetries; and the splitting of a
// range of slots among goroutines. The package comment of egtb describes
// the numbering.
package layout
