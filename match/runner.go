// The match runner: configuration, the game slots that run games
// concurrently (each with its own engine processes), the collection of
// results into statistics, PDN records written as each game finishes, and
// the SPRT early stop.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/dameo/dameo/pdn"
)

// Default timing settings.
const (
	// DefaultMargin is the time an engine may overstep its clock before it
	// loses on time: pipe and scheduling latency on a loaded machine.
	DefaultMargin = 100 * time.Millisecond
	// DefaultHangTimeout is how long an engine under a depth or nodes
	// limit may think before it is considered hung.
	DefaultHangTimeout = 60 * time.Second
	// DefaultStartTimeout bounds the start-up handshake (hub ... ready).
	DefaultStartTimeout = 30 * time.Second
)

// Config is a match.
type Config struct {
	Engines      []EngineSpec
	Tournament   string // RoundRobin (default) or Gauntlet
	Games        int    // games per pairing (default 2)
	Concurrency  int    // games at once (default 1)
	TC           TimeControl
	Margin       time.Duration // default DefaultMargin
	HangTimeout  time.Duration // default DefaultHangTimeout
	StartTimeout time.Duration // default DefaultStartTimeout
	Openings     []Opening     // nil: DefaultOpenings()
	Random       bool          // play the openings in random order
	Seed         uint64        // seed of the random order
	PDN          string        // file the games are appended to ("" = none)
	Event, Site  string        // PDN tags (default "dameo match", "?")
	SPRT         *SPRT         // stop early when decided (two engines only)
	DrawPlies    int           // draw after this many plies without progress (0 = never)
	MaxPlies     int           // draw after this many plies (0 = no limit)
	Resign       ResignRule
	Draw         DrawRule
	Log          io.Writer // every protocol line (nil = none)
	Out          io.Writer // progress and summary (nil = none)
	Terminal     bool      // show a progress bar on Out
}

// Validate checks the configuration and fills in defaults.
func (c *Config) Validate() error {
	if len(c.Engines) < 2 {
		return fmt.Errorf("a match needs at least two engines (give --engine twice or more)")
	}
	names := map[string]bool{}
	for i := range c.Engines {
		e := &c.Engines[i]
		if len(e.Command) == 0 {
			return fmt.Errorf("engine %d has no command", i+1)
		}
		for _, o := range e.Options {
			if err := o.check(); err != nil {
				return fmt.Errorf("engine %d: %v", i+1, err)
			}
		}
		base := e.Name
		for n := 2; names[e.Name]; n++ {
			e.Name = fmt.Sprintf("%s-%d", base, n)
		}
		names[e.Name] = true
	}
	if _, err := pairings(len(c.Engines), c.Tournament); err != nil {
		return err
	}
	if c.Games == 0 {
		c.Games = 2
	}
	if c.Games < 0 {
		return fmt.Errorf("the number of games must be positive")
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.Concurrency < 0 || c.Concurrency > 256 {
		return fmt.Errorf("concurrency must be 1 to 256")
	}
	if err := c.TC.Validate(); err != nil {
		return err
	}
	if c.Margin == 0 {
		c.Margin = DefaultMargin
	}
	if c.HangTimeout == 0 {
		c.HangTimeout = DefaultHangTimeout
	}
	if c.StartTimeout == 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.Margin < 0 || c.HangTimeout < 0 || c.StartTimeout < 0 {
		return fmt.Errorf("negative timeout")
	}
	if c.Openings == nil {
		c.Openings = DefaultOpenings()
	}
	if len(c.Openings) == 0 {
		return fmt.Errorf("no openings")
	}
	for i, o := range c.Openings {
		if _, err := newOpening(o.Start, o.Moves); err != nil {
			return fmt.Errorf("opening %d: %v", i+1, err)
		}
	}
	if c.SPRT != nil {
		if err := c.SPRT.Validate(); err != nil {
			return err
		}
		if len(c.Engines) != 2 {
			return fmt.Errorf("sprt needs exactly two engines")
		}
	}
	if c.DrawPlies < 0 || c.MaxPlies < 0 {
		return fmt.Errorf("negative --draw-plies or --max-plies")
	}
	if c.Event == "" {
		c.Event = "dameo match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
	return nil
}

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

// pairStats accumulates the results of one pairing, from engine a's view.
type pairStats struct {
	pairing
	score   Score
	penta   Pentanomial
	pending map[int]Outcome // round → outcome of the pair's first finished game
	terms   map[string]int
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
				pl.proc.quit()
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
			if pl.proc == nil || !pl.proc.alive() {
				if pl.proc != nil {
					pl.restart(m.set.log)
				}
				p, err := startProcess(ctx, pl.spec, pl.id, m.set.log, m.cfg.StartTimeout)
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

// record counts a finished game, writes it to the PDN file and reports it.
func (m *match) record(res gameResult) error {
	j := res.job
	ps := m.stats[j.pairing]
	var o Outcome // from the pairing's engine a's view
	switch {
	case res.result == pdn.Draw:
		o = Draw
	case (res.result == pdn.WhiteWins) == (j.white == ps.a):
		o = Win
	default:
		o = Loss
	}
	ps.score.Add(o)
	ps.terms[res.termination]++
	m.engines[ps.a].Add(o)
	m.engines[ps.b].Add(Win - o)
	if first, ok := ps.pending[j.round]; ok {
		ps.penta.AddPair(first, o)
		delete(ps.pending, j.round)
	} else {
		ps.pending[j.round] = o
	}
	m.finished++
	if m.cfg.SPRT != nil {
		m.llr = m.sprtLLR(ps)
		m.decision = m.cfg.SPRT.Decide(m.llr)
	}
	var err error
	if m.pdnFile != nil {
		if err = pdn.WriteSync(m.pdnFile, res.record); err != nil {
			err = fmt.Errorf("writing %s: %v", m.cfg.PDN, err)
		}
	}
	names := m.cfg.Engines
	line := fmt.Sprintf("Finished game %d (%s vs %s): %s {%s}", j.number, names[j.white].Name, names[j.black].Name, res.result, res.reason)
	m.rep.gameFinished(line, m.status(ps))
	return err
}

// sprtLLR is the LLR of the pairing: pentanomial when the games come in
// complete pairs, trinomial while a pair is unfinished or the schedule has
// unpaired games.
func (m *match) sprtLLR(ps *pairStats) float64 {
	if m.cfg.Games%2 == 0 && len(ps.pending) == 0 && ps.penta.Pairs() > 0 {
		return m.cfg.SPRT.LLRPentanomial(ps.penta)
	}
	return m.cfg.SPRT.LLRTrinomial(ps.score)
}

// status is the running score line of a pairing.
func (m *match) status(ps *pairStats) string {
	a, b := m.cfg.Engines[ps.a].Name, m.cfg.Engines[ps.b].Name
	s := ps.score
	line := fmt.Sprintf("Score of %s vs %s: %d - %d - %d [%.3f] %d/%d, Elo %s",
		a, b, s.Wins, s.Losses, s.Draws, s.Ratio(), m.finished, m.planned, s.Elo())
	if m.cfg.SPRT != nil {
		lo, hi := m.cfg.SPRT.Bounds()
		line += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", m.llr, lo, hi)
	}
	return line
}

// summary collects the results.
func (m *match) summary() *Summary {
	s := &Summary{Games: m.finished, Planned: m.planned, TC: m.cfg.TC.String(), SPRT: m.cfg.SPRT, LLR: m.llr, Decision: m.decision}
	for _, ps := range m.stats {
		s.Pairings = append(s.Pairings, PairingSummary{
			A: m.cfg.Engines[ps.a].Name, B: m.cfg.Engines[ps.b].Name,
			Score: ps.score, Penta: ps.penta, Terminations: ps.terms,
		})
	}
	for i, e := range m.cfg.Engines {
		s.Engines = append(s.Engines, EngineSummary{Name: e.Name, Score: m.engines[i]})
	}
	return s
}
