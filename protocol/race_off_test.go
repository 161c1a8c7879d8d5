//go:build !race

// Without the race detector the end-to-end binary is built without it.

package protocol

const raceEnabled = false
