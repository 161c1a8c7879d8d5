// Package testbin builds this module's programs for the tests that run them
// as separate processes (the CLI, `dameo hub` through pipes, match engines):
// each package once per test process, into one temporary folder.
package testbin
