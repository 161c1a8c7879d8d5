// Running datagen: the settings, the share of the run's games a shard
// plays, the output file (new, or resumed by skipping the games it holds),
// the games spread over goroutines, and the counts reported as they
// finish.

package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"time"

	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/search"
	"golang.org/x/sync/errgroup"
)

// Config are the settings of a datagen run.
type Config struct {
	Games       int    // games of the whole run, indices 0 to Games−1
	Shard       int    // this file's share of them: the games whose index is Shard−1 modulo Shards
	Shards      int    // (Shard 1 of 1: all the games)
	Nodes       int64  // nodes per move (0: no node limit)
	Depth       int    // depth per move (0: no depth limit); Nodes or Depth must be set
	BookPlies   int    // plies of the built-in book at the start of each game (0: a two-ply opening)
	RandomPlies int    // random plies after the two-ply opening or the book's
	Seed        uint64 // fixes the openings
	Workers     int    // games played at once, one search thread each
	HashMiB     int    // transposition table of each worker
	// Eval is the evaluation of both players (nil: eval.Default()).
	// It is not in the file's settings: the caller keeps track of it.
	Eval *eval.Evaluator
	// Progress, if not nil, is told the counts once before the games and
	// after each game, one call at a time. It is not in the settings.
	Progress func(Progress)
}

// Progress are the counts of a run as it goes.
type Progress struct {
	Total     int // games of the shard
	Skipped   int // of them already in a resumed file
	Games     int // played now
	Positions int // written now
}

// settings is the header text of a file made with c: what fixes the games
// and the share of them (not Games, Workers or HashMiB, which a resumed
// run may change).
func (c Config) settings() string {
	return fmt.Sprintf("nodes=%d depth=%d book-plies=%d random-plies=%d seed=%d shard=%d/%d",
		c.Nodes, c.Depth, c.BookPlies, c.RandomPlies, c.Seed, c.Shard, c.Shards)
}

// Validate reports settings that cannot make a run.
func (c Config) Validate() error {
	switch {
	case c.Games < 1 || int64(c.Games) > math.MaxUint32:
		return fmt.Errorf("games must be 1 to %d", uint32(math.MaxUint32))
	case c.Shards < 1 || c.Shard < 1 || c.Shard > c.Shards:
		return fmt.Errorf("shard %d/%d: want I/N with 1 ≤ I ≤ N", c.Shard, c.Shards)
	case c.Nodes < 0 || c.Depth < 0 || c.Nodes == 0 && c.Depth == 0:
		return errors.New("set nodes or depth per move (positive)")
	case c.Depth > search.MaxDepth:
		return fmt.Errorf("depth must be at most %d", search.MaxDepth)
	case c.RandomPlies < 0 || c.RandomPlies > 100 || c.BookPlies < 0 || c.BookPlies > 100:
		return errors.New("book and random plies must be 0 to 100")
	case c.Workers < 1:
		return errors.New("workers must be at least 1")
	}
	return nil
}

// inShard reports whether game i of the run is one of c's shard.
func (c Config) inShard(i int) bool { return i < c.Games && i%c.Shards == c.Shard-1 }

// shardGames is the number of games of c's shard.
func (c Config) shardGames() int {
	return (c.Games - c.Shard + c.Shards) / c.Shards
}

// cancelCheckEvery is how many records the reading of a file to resume
// reads between looks at its context.
const cancelCheckEvery = 4096

// Stats summarise a run.
type Stats struct {
	Skipped   int // games of the shard already in a resumed file
	Games     int // games played now
	Positions int // positions written now
	Elapsed   time.Duration
}

func (s Stats) String() string {
	perMin := float64(s.Positions) / max(s.Elapsed.Minutes(), 1e-9)
	return fmt.Sprintf("games=%d skipped=%d positions=%d time=%.1fs positions/min=%.0f",
		s.Games, s.Skipped, s.Positions, s.Elapsed.Seconds(), perMin)
}

// Run plays the games of cfg's shard missing from the file at path and
// appends their records. Without resume the file must not exist yet; with
// resume an existing file must be a regular file with cfg's settings, and
// a partial game at its end (from an interrupted run) is cut off first.
// Cancelling ctx stops the run: the games finished so far stay in the
// file.
func Run(ctx context.Context, cfg Config, path string, resume bool) (Stats, error) {
	if err := cfg.Validate(); err != nil {
		return Stats{}, err
	}
	var bk *book.Book
	if cfg.BookPlies > 0 {
		var err error
		if bk, err = book.Builtin(); err != nil {
			return Stats{}, err
		}
	}
	f, done, err := openOutput(ctx, path, cfg.settings(), resume)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	// The games to play are counted, not listed: --games may be in the
	// billions, and only the games in the file are held in memory.
	stats := Stats{}
	for game := range done {
		if cfg.inShard(int(game)) {
			stats.Skipped++
		}
	}
	todo := cfg.shardGames() - stats.Skipped
	start := time.Now()
	counts := Progress{Total: cfg.shardGames(), Skipped: stats.Skipped}
	if cfg.Progress != nil {
		cfg.Progress(counts)
	}

	jobs := make(chan int)
	var writeMu sync.Mutex // the file and counts
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(jobs)
		for i := cfg.Shard - 1; i < cfg.Games; i += cfg.Shards {
			if done[uint32(i)] {
				continue
			}
			select {
			case jobs <- i:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	openings := engine.TwoPlyOpenings()
	for range min(cfg.Workers, todo) {
		pl := &player{cfg: cfg, openings: openings, book: bk,
			searcher: search.New(search.Options{Threads: 1, HashMiB: max(cfg.HashMiB, search.MinHashMiB), Eval: cfg.Eval})}
		g.Go(func() error {
			var buf []byte
			for i := range jobs {
				recs, err := pl.play(gctx, i)
				if err != nil {
					return err
				}
				if buf, err = AppendGame(buf[:0], recs); err != nil {
					return err
				}
				writeMu.Lock()
				_, err = f.Write(buf)
				if err == nil {
					counts.Games++
					counts.Positions += len(recs)
					if cfg.Progress != nil {
						cfg.Progress(counts)
					}
				}
				writeMu.Unlock()
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	err = g.Wait()
	stats.Games, stats.Positions, stats.Elapsed = counts.Games, counts.Positions, time.Since(start)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return stats, err
}

// openOutput opens the file to append to and returns the games it holds;
// reading a file to resume stops when ctx is done.
func openOutput(ctx context.Context, path, settings string, resume bool) (*os.File, map[uint32]bool, error) {
	done := map[uint32]bool{}
	header, err := AppendHeader(nil, settings)
	if err != nil {
		return nil, nil, err
	}
	a := safefile.Append{Header: header}
	if resume {
		a.Keep = func(f *os.File) (int64, error) { return scanGames(ctx, f, settings, done) }
	}
	f, err := safefile.CreateAppend(path, a)
	switch {
	case errors.Is(err, os.ErrExist):
		return nil, nil, fmt.Errorf("%s exists: use --resume to add to it", path)
	case err != nil && resume:
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	case err != nil:
		return nil, nil, err
	}
	return f, done, nil
}

// scanGames reads a file to resume: it checks its settings, adds its
// complete games to done and returns the length of the file up to the end
// of its last complete game (0 for an empty file). A game twice is
// refused. It gives up with ctx's error when ctx is done.
func scanGames(ctx context.Context, f *os.File, settings string, done map[uint32]bool) (int64, error) {
	if st, err := f.Stat(); err != nil || st.Size() == 0 {
		return 0, err
	}
	r := NewReader(f)
	var dup error
	r.OnGame = func(_ uint64, game uint32, _ int) {
		if done[game] && dup == nil {
			dup = fmt.Errorf("game %d appears twice", game)
		}
		done[game] = true
	}
	got, err := r.Settings()
	if err != nil {
		return 0, err
	}
	if got != settings {
		return 0, fmt.Errorf("made with %q, not %q: resume with the same settings or use another file", got, settings)
	}
	for n := 0; ; n++ {
		if n%cancelCheckEvery == 0 && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		_, err := r.Next()
		switch {
		case dup != nil:
			return 0, dup
		case r.Sections() > 1:
			return 0, errors.New("more than one section (a concatenation of files): resume only the file of one run")
		case err == io.EOF || errors.Is(err, ErrTruncated):
			return r.CompleteOffset(), nil
		case err != nil:
			return 0, err
		}
	}
}
