// What one server lets its pages use: how many pages at once, how many
// engine processes in all, the hash and threads an engine may be given
// (the memory a table may take and the cores shared among the engines), and
// how often a finished game is appended to the PDN file.

package gui

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/search"
)

// Defaults of the server's limits.
const (
	DefaultMaxSessions = 16
	DefaultMaxEngines  = 8
	// DefaultGamesPerMinute is how many finished games a minute the PDN
	// file takes (a burst of as many, then one every 60/n seconds).
	DefaultGamesPerMinute = 30
)

// budget counts the engine processes running on a server against a limit.
type budget struct {
	mu      sync.Mutex
	running int
	limit   int
}

// errNoEngineFree is the error of an engine over the server's limit.
var errNoEngineFree = errors.New("no engine free")

// take reserves an engine, or says why not.
func (b *budget) take() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.running >= b.limit {
		return fmt.Errorf("%w: the server runs its limit of %d engines (--max-engines); close another page or wait", errNoEngineFree, b.limit)
	}
	b.running++
	return nil
}

func (b *budget) give() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.running--
}

// countedConn is an engine that gives its place in the budget back when it
// is closed.
type countedConn struct {
	engineConn
	once   sync.Once
	budget *budget
}

func (c *countedConn) Close() {
	c.engineConn.Close()
	c.once.Do(c.budget.give)
}

// counted is start with each engine counted against b.
func counted(start startFunc, b *budget) startFunc {
	return func(ctx context.Context, spec hubclient.Spec, params []hubclient.Param) (engineConn, error) {
		if err := b.take(); err != nil {
			return nil, err
		}
		c, err := start(ctx, spec, params)
		if err != nil {
			b.give()
			return nil, err
		}
		return &countedConn{engineConn: c, budget: b}, nil
	}
}

// engineCaps are the largest hash (MiB) and threads one engine may be set;
// zero for no cap.
type engineCaps struct {
	hash, threads int
}

// machineCaps shares the memory a table may take (search.MemoryBoundMiB:
// half of what the machine, the control group and the address-space limit
// leave, which the engines started from here inherit; 2 GiB where none is
// known) and the cores among engines engines, each getting at least 1 MiB
// and 1 thread.
func machineCaps(engines int) engineCaps {
	mib := search.MemoryBoundMiB()
	if mib == 0 {
		mib = 2048
	}
	return sharedCaps(mib, runtime.NumCPU(), engines)
}

func sharedCaps(hashMiB, cores, engines int) engineCaps {
	engines = max(engines, 1)
	return engineCaps{hash: max(1, hashMiB/engines), threads: max(1, cores/engines)}
}

// check refuses a hash or threads value over the caps.
func (c engineCaps) check(name, value string) error {
	n, err := strconv.Atoi(value)
	if err != nil {
		return nil // decodeRequest has checked the form
	}
	switch {
	case name == "hash" && c.hash > 0 && n > c.hash:
		return fmt.Errorf("hash %d: at most %d MiB an engine on this server (the memory a table may take shared among its engines)", n, c.hash)
	case name == "threads" && c.threads > 0 && n > c.threads:
		return fmt.Errorf("threads %d: at most %d an engine on this server (its cores shared among its engines)", n, c.threads)
	}
	return nil
}

// rateLimit lets through a burst of n events, then one every period/n.
type rateLimit struct {
	mu     sync.Mutex
	tokens float64
	n      float64
	period time.Duration
	last   time.Time
}

func newRateLimit(n int, period time.Duration) *rateLimit {
	return &rateLimit{tokens: float64(n), n: float64(n), period: period}
}

// allow reports whether an event at now is within the limit, and counts it.
func (r *rateLimit) allow(now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.last.IsZero() {
		r.tokens = min(r.n, r.tokens+now.Sub(r.last).Seconds()/r.period.Seconds()*r.n)
	}
	r.last = now
	if r.tokens < 1 {
		return false
	}
	r.tokens--
	return true
}
