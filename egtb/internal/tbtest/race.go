//go:build race

// The tests' sizes under the race detector.

package tbtest

// Race: the race detector slows generation and the search some tenfold,
// so under it the tests build and check smaller sets (the concurrency
// they exercise is the same).
const Race = true

// BuiltPieces is the size of the tables the tests generate.
const BuiltPieces = 2
