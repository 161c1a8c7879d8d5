//go:build !race

package egtb

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false

// builtPieces is the size of the tables the tests generate: the embedded set.
const builtPieces = EmbeddedPieces
