//go:build race

// Under the race detector the tests that only run the built program skip
// (see binary_test.go).

package main

const raceEnabled = true
