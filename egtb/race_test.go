//go:build race

package egtb

// raceEnabled: the race detector slows generation and the search some
// tenfold, so under it the tests build and check smaller sets (the
// concurrency they exercise is the same).
const raceEnabled = true

// builtPieces is the size of the tables the tests generate.
const builtPieces = 2
