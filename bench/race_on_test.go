//go:build race

// Under the race detector the bench is far too slow to check the signature.

package bench

const raceEnabled = true
