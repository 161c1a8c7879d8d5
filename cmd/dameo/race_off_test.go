//go:build !race

// Without the race detector the tests that run the built program run.

package main

const raceEnabled = false
