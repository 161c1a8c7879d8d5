// The match runner: the game slots that play games concurrently, each with
// its own engine processes, and the loop that collects their results until
// the schedule (or the shard's share of it) is done, the SPRT decides or
// the match is interrupted. An engine that cannot be started is given up
// and its games are recorded as not played; the other pairings go on.

package match

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/internal/safefile"
	"golang.org/x/sync/errgroup"
)

// match is the state of a running match.
type match struct {
	cfg     *Config
	set     *gameSettings
	info    *matchInfo
	tally   *tally
	rep     *reporter
	pdnFile *os.File
	planned int  // games of this run's share of the match, those resumed included
	total   int  // games of the whole match (more than planned in a shard)
	decided bool // the SPRT crossed a bound

	startMu     sync.Mutex
	startErrors map[int]error // engines that could not be started, by index
}

// Run plays the match and returns its summary. With Resume it first counts
// the games of the PDN file and plays only the others (resume.go). It
// stops early when the SPRT is decided (not in a shard, whose games are
// fixed) or ctx is cancelled (games in progress are then not counted). An engine that
// cannot be started loses none of its games: they are recorded as not
// played, the match goes on with the other pairings, and Run returns an
// error after the summary. Run fails at once when the PDN file cannot be
// written.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	cfg.Defaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	ps, _ := pairings(len(cfg.Engines), cfg.Tournament)
	params := scheduleParams{games: cfg.Games, repeat: cfg.Repeat, noSwap: cfg.NoSwap}
	all := scheduleGames(ps, params, orderOpenings(cfg.Openings, params.units(), cfg.Random, cfg.Seed))
	jobs := cfg.Shard.take(all)
	m := &match{cfg: &cfg, info: newMatchInfo(&cfg), planned: len(jobs), total: len(all), startErrors: map[int]error{}}
	m.tally = newTally(m.info, ps)
	var resumed []string
	if cfg.Resume {
		var err error
		if jobs, resumed, err = m.resume(jobs); err != nil {
			return nil, err
		}
	} else if err := m.refuseReplay(); err != nil {
		return nil, err
	}
	m.rep = newReporter(cfg.Out, cfg.Progress, m.planned-len(jobs), m.planned)
	for _, l := range resumed {
		m.rep.line(l)
	}
	log := newLogger(cfg.Log)
	m.set = &gameSettings{
		hangTimeout: cfg.HangTimeout, syncTimeout: syncTimeout,
		drawPlies: cfg.DrawPlies, maxPlies: cfg.MaxPlies, resign: cfg.Resign, draw: cfg.Draw,
		tablebase: cfg.Tablebase, tbPieces: cfg.TBPieces,
		event: cfg.Event, site: cfg.Site, matchTag: m.info.tag(), log: log, warn: m.rep.warn,
	}
	if cfg.Shard.Count > 0 {
		m.rep.line(fmt.Sprintf("Shard %s: %d of the match's %d games", cfg.Shard, len(jobs), len(all)))
		if cfg.SPRT != nil {
			m.rep.line("The SPRT does not stop a shard: its games are fixed; `dameo match report` merges the shards and tells the SPRT state")
		}
	}
	if w := m.threadWarning(ps); w != "" {
		m.rep.warn(w)
	}
	if cfg.PDN != "" {
		f, err := safefile.OpenAppend(cfg.PDN, 0o644)
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
		if !res.aborted {
			if err := m.record(res); err != nil && runErr == nil {
				runErr = err
				stop()
			}
			if m.decided {
				stop()
			}
		}
		close(res.recorded)
	}
	if err := <-errc; err != nil && runErr == nil && !errors.Is(err, context.Canceled) {
		runErr = err
	}
	s := m.tally.summary(m.planned)
	s.Shard = cfg.Shard
	s.Interrupted = ctx.Err() != nil
	if cfg.Out != nil && (runErr == nil || s.Games+s.Unplayed > 0) {
		s.WriteOutput(cfg.Out, cfg.Output)
	}
	if runErr == nil && s.Unplayed > 0 {
		runErr = m.startError(s.Unplayed)
	}
	return s, runErr
}

// threadWarning warns when the engines' threads times the concurrency
// exceed the processor count.
func (m *match) threadWarning(ps []pairing) string {
	most := 0
	for _, p := range ps {
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

// givenUp is the error of an engine that could not be started and is not
// to be tried again, or nil.
func (m *match) givenUp(idx int) error {
	if m.cfg.Recover {
		return nil
	}
	m.startMu.Lock()
	defer m.startMu.Unlock()
	return m.startErrors[idx]
}

// startFailed notes that an engine could not be started; the first time
// it is reported at once.
func (m *match) startFailed(idx int, err error) {
	m.startMu.Lock()
	_, known := m.startErrors[idx]
	if !known {
		m.startErrors[idx] = err
	}
	m.startMu.Unlock()
	if !known {
		what := "its games are not played"
		if m.cfg.Recover {
			what = "it is tried again before each of its games"
		}
		m.rep.warn(fmt.Sprintf("%v; %s", err, what))
	}
}

// startError is the error Run returns when games were not played.
func (m *match) startError(unplayed int) error {
	m.startMu.Lock()
	defer m.startMu.Unlock()
	for i := range m.cfg.Engines {
		if err := m.startErrors[i]; err != nil {
			return fmt.Errorf("%d games not played: %v", unplayed, err)
		}
	}
	return fmt.Errorf("%d games not played", unplayed)
}

// slot runs games one after another with its own engine processes.
func (m *match) slot(ctx context.Context, slot int, jobs <-chan gameJob, results chan<- gameResult) error {
	players := map[int]*player{}
	defer func() {
		for _, pl := range players {
			if pl.proc != nil {
				pl.proc.Close()
			}
		}
	}()
	played := false
	for job := range jobs {
		if ctx.Err() != nil {
			return nil
		}
		if played && m.cfg.Wait > 0 {
			if m.cfg.Wait >= time.Second {
				m.rep.line(fmt.Sprintf("Waiting %s s before game %d", hub.FormatSeconds(m.cfg.Wait), job.number))
			}
			select {
			case <-time.After(m.cfg.Wait):
			case <-ctx.Done():
				return nil
			}
		}
		played = true
		res, ok := m.ready(ctx, slot, job, players)
		if !ok {
			return nil
		}
		if !res.unplayed {
			m.rep.line(fmt.Sprintf("Started game %d of %d (%s vs %s)", job.number, m.total,
				m.info.Engines[job.white], m.info.Engines[job.black]))
			res = playGame(ctx, m.set, job, players[job.white], players[job.black])
		}
		// Wait until the game is reported, so that the next one is
		// announced after it.
		res.recorded = make(chan struct{})
		select {
		case results <- res:
		case <-ctx.Done():
			return nil
		}
		select {
		case <-res.recorded:
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// ready starts the job's engines where needed. It returns an unplayed
// result when one cannot be started, and false when the match is over.
func (m *match) ready(ctx context.Context, slot int, job gameJob, players map[int]*player) (gameResult, bool) {
	for _, idx := range []int{job.white, job.black} {
		pl := players[idx]
		if pl == nil {
			spec := m.cfg.Engines[idx]
			pl = &player{idx: idx, spec: spec, id: fmt.Sprintf("%s@%d", spec.Name, slot)}
			players[idx] = pl
		}
		if pl.proc != nil && pl.spec.Restart == RestartOn {
			pl.proc.Close()
			pl.proc = nil
		}
		if pl.proc != nil && pl.proc.Alive() {
			continue
		}
		if pl.proc != nil {
			pl.restart(m.set.log)
		}
		if err := m.givenUp(idx); err != nil {
			return gameResult{job: job, unplayed: true, failed: idx, reason: err.Error()}, true
		}
		p, err := startEngine(ctx, pl.spec, pl.id, m.set.log, m.cfg.StartTimeout)
		if err != nil {
			if ctx.Err() != nil {
				return gameResult{}, false
			}
			m.startFailed(idx, err)
			return gameResult{job: job, unplayed: true, failed: idx, reason: err.Error()}, true
		}
		pl.proc = p
	}
	return gameResult{job: job}, true
}
