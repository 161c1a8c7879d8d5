// The whole check of a table file (its checksum, then every slot or block
// against its header) put off from opening to the table's first probe, so
// that an engine starts at once whatever the size of its tables.

package egtb

import (
	"sync"
	"sync/atomic"
)

// The states of a deferred check.
const (
	checkPending int32 = iota
	checkPassed
	checkFailed
)

// deferredCheck is a table's check still to run. A nil check is one that
// ran when the table was loaded (or a table made in memory): it passes.
type deferredCheck struct {
	state  atomic.Int32
	mu     sync.Mutex // held while the check runs
	run    func() error
	report func(error) // told of a failure, once
}

// newDeferredCheck is a check that runs run on first use and tells report
// if it fails.
func newDeferredCheck(run func() error, report func(error)) *deferredCheck {
	return &deferredCheck{run: run, report: report}
}

// passed runs the check if it has not run yet (callers wait for one that
// is running) and reports whether the table passed it. After the first
// call it costs one atomic load; it allocates nothing.
func (c *deferredCheck) passed() bool {
	if c == nil {
		return true
	}
	switch c.state.Load() {
	case checkPassed:
		return true
	case checkFailed:
		return false
	}
	return c.runOnce()
}

// runOnce is passed's first call.
func (c *deferredCheck) runOnce() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.state.Load(); s != checkPending {
		return s == checkPassed
	}
	err := c.run()
	c.run = nil
	if err != nil {
		c.state.Store(checkFailed)
		c.report(err)
		return false
	}
	c.state.Store(checkPassed)
	return true
}

// CheckDeferred makes now every check that OpenForSearch put off (each
// table's once, as its first probe would), smallest tables first, and
// reports failures as the first probe would have: an engine calls it in
// the background as soon as it has opened its tables, so that no search
// pays for a check on its clock (a large table's takes seconds). A probe
// meanwhile waits only for the check of its own table, if that one is
// running. It is safe for concurrent use with probes.
func (t *Tables) CheckDeferred() {
	for _, tab := range t.All() {
		tab.usable()
	}
	for _, s := range Materials(MaxTablePieces) {
		if w := t.wdl[s.code()]; w != nil {
			w.usable()
		}
	}
}
