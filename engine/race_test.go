//go:build race

package engine

// raceEnabled: the race detector slows perft some twentyfold, so the
// largest reference counts are left to the normal run.
const raceEnabled = true
