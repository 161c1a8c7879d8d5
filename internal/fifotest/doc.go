// Package fifotest is for tests only: the tests that check a file named by
// the user is refused when it is a FIFO (whose open would wait for a
// writer) make one with Make, and run the step that must not block with
// Within, so that a step that does block fails its test instead of hanging
// the test run.
package fifotest
