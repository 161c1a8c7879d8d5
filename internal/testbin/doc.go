// Package testbin builds this module's programs for the tests that run them
// as separate processes (the CLI, `dameo hub` through pipes, match engines):
// each package once per test process, into one temporary folder. Its Main
// also gives those tests a data directory of their own, so that no test
// reads the user's endgame tables.
package testbin
