// Enabled without the race detector.

//go:build !race

package racetest

// Enabled reports whether the program was built with -race.
const Enabled = false
