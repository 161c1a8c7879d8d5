//go:build race

// Under the race detector the end-to-end binary is built with it too.

package protocol

const raceEnabled = true
