// Package racetest tells tests whether they run under the race detector.
//
// The README's test command runs every test twice: once plain, once with
// -race. The race run is there to find data races, and runs some ten times
// slower; a long test of a computation that runs on one goroutine, or on
// the same goroutines as a cheaper test that the race run keeps, finds no
// race of its own, and the plain run already checks its result. Such a
// test calls Skip; a test that shrinks its work under the race detector
// reads Enabled.
package racetest
