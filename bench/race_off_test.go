//go:build !race

// Without the race detector the signature test runs.

package bench

const raceEnabled = false
