// Turns: how many search threads run at once. A thread count far above
// the machine's processors (256 threads on 2 cores) would leave hundreds
// of goroutines ready to run, and the Go scheduler gives each its time
// slice in turn: a line read from the input (stop), and the main thread
// itself, would wait seconds for theirs. So the main thread always runs,
// the helpers share the processors left (at least one) in turns, one
// turn every pollInterval nodes, and the main thread lets other goroutines
// run at each of its polls. Parked helpers wait for their turn without
// running, and a stop reaches the main thread within a poll.

package search

import "runtime"

// helperTurns is the channel whose buffer holds the turns of helpers
// helper threads, or nil when each can run at once (no more helpers than
// processors besides the main thread's).
func helperTurns(helpers int) chan struct{} {
	slots := max(runtime.GOMAXPROCS(0)-1, 1)
	if helpers <= slots {
		return nil
	}
	return make(chan struct{}, slots)
}

// takeTurn waits for a helper's turn to run (at once without turns).
func (w *worker) takeTurn() {
	if w.turns != nil {
		w.turns <- struct{}{}
	}
}

// endTurn gives the helper's turn up for good.
func (w *worker) endTurn() {
	if w.turns != nil {
		<-w.turns
	}
}

// passTurn is called at each poll when there are more helpers than
// processors (no turns otherwise: a search whose threads all fit yields
// nothing): a helper gives its turn to the next waiting helper and waits
// for another; the main thread lets the goroutines waiting to run (the
// session's reader above all) have the processor a moment.
func (w *worker) passTurn() {
	if w.turns == nil {
		return
	}
	if w.id == 0 {
		runtime.Gosched()
		return
	}
	<-w.turns
	w.turns <- struct{}{}
}
