//go:build !race

// The tests' sizes without the race detector.

package tbtest

// Race reports whether the tests run under the race detector.
const Race = false

// BuiltPieces is the size of the tables the tests generate: the embedded
// set (egtb.EmbeddedPieces).
const BuiltPieces = 3
