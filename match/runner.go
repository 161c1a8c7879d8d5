// The match runner: the game slots that play games concurrently, each with
// its own engine processes, and the loop that collects their results until
// the schedule is done, the SPRT decides or the match is interrupted.

package match

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"

	"golang.org/x/sync/errgroup"
)

// match is the state of a running match.
type match struct {
	cfg      *Config
	set      *gameSettings
	pairs    []pairing
	stats    []*pairStats
	engines  []Score // each engine's score over all its games
	rep      *reporter
	pdnFile  *os.File
	finished int
	planned  int
	llr      float64
	decision Decision
}

// Run plays the match and returns its summary. It stops early when the
// SPRT is decided or ctx is cancelled (games in progress are then not
// counted). It fails when an engine cannot be started or the PDN file
// cannot be written; the summary then covers the games finished so far.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	ps, _ := pairings(len(cfg.Engines), cfg.Tournament)
	rounds := (cfg.Games + 1) / 2
	jobs := scheduleGames(ps, cfg.Games, orderOpenings(cfg.Openings, rounds, cfg.Random, cfg.Seed))
	m := &match{cfg: &cfg, pairs: ps, engines: make([]Score, len(cfg.Engines)), planned: len(jobs)}
	for _, p := range ps {
		m.stats = append(m.stats, &pairStats{pairing: p, pending: map[int]Outcome{}, terms: map[string]int{}})
	}
	m.rep = newReporter(cfg.Out, len(jobs), cfg.Terminal)
	log := newLogger(cfg.Log)
	m.set = &gameSettings{
		tc: cfg.TC, margin: cfg.Margin, hangTimeout: cfg.HangTimeout, syncTimeout: cfg.StartTimeout,
		drawPlies: cfg.DrawPlies, maxPlies: cfg.MaxPlies, resign: cfg.Resign, draw: cfg.Draw,
		event: cfg.Event, site: cfg.Site, log: log, warn: m.rep.warn,
	}
	if w := m.threadWarning(); w != "" {
		m.rep.warn(w)
	}
	if cfg.PDN != "" {
		f, err := os.OpenFile(cfg.PDN, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return nil, fmt.Errorf("pdn file: %v", err)
		}
		defer f.Close()
		m.pdnFile = f
	}

	mctx, stop := context.WithCancel(ctx)
	defer stop()
	g, gctx := errgroup.WithContext(mctx)
	jobCh := make(chan gameJob)
	results := make(chan gameResult, cfg.Concurrency)
	g.Go(func() error {
		defer close(jobCh)
		for _, j := range jobs {
			select {
			case jobCh <- j:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	for slot := 1; slot <= cfg.Concurrency; slot++ {
		g.Go(func() error { return m.slot(gctx, slot, jobCh, results) })
	}
	errc := make(chan error, 1)
	go func() {
		errc <- g.Wait()
		close(results)
	}()
	var runErr error
	for res := range results {
		if res.aborted {
			continue
		}
		if err := m.record(res); err != nil && runErr == nil {
			runErr = err
			stop()
		}
		if m.decision != Continue {
			stop()
		}
	}
	if err := <-errc; err != nil && runErr == nil && !errors.Is(err, context.Canceled) {
		runErr = err
	}
	m.rep.finish()
	s := m.summary()
	s.Interrupted = ctx.Err() != nil
	if cfg.Out != nil && (runErr == nil || s.Games > 0) {
		s.Write(cfg.Out)
	}
	return s, runErr
}

// threadWarning warns when the engines' threads times the concurrency
// exceed the processor count.
func (m *match) threadWarning() string {
	most := 0
	for _, p := range m.pairs {
		a, b := m.cfg.Engines[p.a], m.cfg.Engines[p.b]
		n := max(a.Threads(), b.Threads())
		if a.Ponder || b.Ponder {
			n = a.Threads() + b.Threads()
		}
		most = max(most, n)
	}
	if total, cpus := most*m.cfg.Concurrency, runtime.NumCPU(); total > cpus {
		return fmt.Sprintf("%d threads × concurrency %d = %d exceeds the %d processors: results may suffer",
			most, m.cfg.Concurrency, total, cpus)
	}
	return ""
}

// slot runs games one after another with its own engine processes.
func (m *match) slot(ctx context.Context, slot int, jobs <-chan gameJob, results chan<- gameResult) error {
	players := map[int]*player{}
	defer func() {
		for _, pl := range players {
			if pl.proc != nil {
				pl.proc.Quit(quitGrace)
			}
		}
	}()
	for job := range jobs {
		if ctx.Err() != nil {
			return nil
		}
		var pls [2]*player
		for i, idx := range []int{job.white, job.black} {
			pl := players[idx]
			if pl == nil {
				spec := m.cfg.Engines[idx]
				pl = &player{idx: idx, spec: spec, id: fmt.Sprintf("%s@%d", spec.Name, slot)}
				players[idx] = pl
			}
			if pl.proc == nil || !pl.proc.Alive() {
				if pl.proc != nil {
					pl.restart(m.set.log)
				}
				p, err := startEngine(ctx, pl.spec, pl.id, m.set.log, m.cfg.StartTimeout)
				if err != nil {
					if ctx.Err() != nil {
						return nil
					}
					return err
				}
				pl.proc = p
			}
			pls[i] = pl
		}
		res := playGame(ctx, m.set, job, pls[0], pls[1])
		select {
		case results <- res:
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}
