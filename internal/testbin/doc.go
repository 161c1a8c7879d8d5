// Package testbin builds this module's programs for the tests that run them
// as separate processes (the CLI, `dameo hub` through pipes, match engines):
// each package once per test process, into a folder of the user's cache
// that the test processes share (a temporary one where that cannot be), so
// that a program is linked again only when it changed. Its Main
// also gives those tests a data directory of their own, so that no test
// reads the user's endgame tables.
package testbin
