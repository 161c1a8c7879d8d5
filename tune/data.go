// The training data on disk: the binary data files, checked whole once
// before training (every record decoded, no file given twice, no game of a
// run twice), the held-out games chosen by a hash of the seed, the run and
// the game, kept in memory, and the training records streamed from the
// files each epoch.

package tune

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"slices"

	"github.com/dameo/dameo/datagen"
	"github.com/dameo/dameo/internal/safefile"
)

// kSample is the most training positions whose search scores and results
// are kept to fit K.
const kSample = 1 << 20

// Data are the data files of a run, checked, with the held-out records.
type Data struct {
	paths       []string
	train       int64             // training records
	valid       []datagen.Packed  // the held-out records
	fingerprint uint64            // of every record's checksum, in file order
	sample      []scoreResult     // training positions to fit K with
	runs        map[uint64]string // the settings of each run key seen
}

// scoreResult is a position's search score and its game's result for the
// side to move (1, ½ or 0).
type scoreResult struct{ score, result float32 }

// gameKey is a game of a run, where it was found.
type gameKey struct {
	run  uint64
	game uint32
	file int
}

// heldOut reports whether game of run is held out: a hash of the seed, the
// run and the game below percent out of 100.
func heldOut(seed, run uint64, game uint32, percent int) bool {
	return mix(seed^mix(run^mix(uint64(game)+1)))%100 < uint64(percent)
}

// mix is SplitMix64's finaliser, a good 64-bit hash.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// OpenData reads and checks the data files, holding out percent of the
// games with the seed. Errors name the file.
func OpenData(paths []string, seed uint64, percent int) (*Data, error) {
	d := &Data{paths: paths, runs: map[uint64]string{}}
	infos := make([]os.FileInfo, len(paths))
	for i, p := range paths {
		f, fi, err := safefile.Open(p)
		if err != nil {
			return nil, err
		}
		f.Close()
		for j := range i {
			if os.SameFile(fi, infos[j]) {
				return nil, fmt.Errorf("%s and %s are the same file: each position would count twice", paths[j], p)
			}
		}
		infos[i] = fi
	}
	var games []gameKey
	h := fnv.New64a()
	for i, p := range paths {
		err := d.scan(p, func(r *datagen.Reader, rec *datagen.Packed) error {
			h.Write(rec[datagen.RecordSize-4:])
			full, err := rec.Decode()
			if err != nil {
				return err
			}
			if heldOut(seed, r.RunKey(), rec.Game(), percent) {
				d.valid = append(d.valid, *rec)
				return nil
			}
			d.train++
			if len(d.sample) < kSample {
				d.sample = append(d.sample, scoreResult{float32(full.Score), float32(full.Target())})
			}
			return nil
		}, func(r *datagen.Reader, game uint32) {
			games = append(games, gameKey{r.RunKey(), game, i})
		})
		if err != nil {
			return nil, err
		}
	}
	d.fingerprint = h.Sum64()
	if err := d.checkDuplicates(games); err != nil {
		return nil, err
	}
	if d.train == 0 || len(d.valid) == 0 {
		return nil, fmt.Errorf("%d positions in %d games are too few to hold some games out", d.train+int64(len(d.valid)), len(games))
	}
	return d, nil
}

// checkDuplicates refuses a game of a run found twice (the same shard
// twice, or a file concatenated to itself).
func (d *Data) checkDuplicates(games []gameKey) error {
	slices.SortStableFunc(games, func(a, b gameKey) int {
		return cmp.Or(cmp.Compare(a.run, b.run), cmp.Compare(a.game, b.game))
	})
	for i := 1; i < len(games); i++ {
		a, b := games[i-1], games[i]
		if a.run == b.run && a.game == b.game {
			where := d.paths[a.file]
			if b.file != a.file {
				where += " and " + d.paths[b.file]
			}
			return fmt.Errorf("game %d of the run %q appears twice (in %s): the same data twice", a.game, d.runs[a.run], where)
		}
	}
	return nil
}

// scan reads the file at path, calling each for every record and ended at
// the end of every game.
func (d *Data) scan(path string, each func(*datagen.Reader, *datagen.Packed) error, ended func(*datagen.Reader, uint32)) error {
	f, _, err := safefile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := datagen.NewReader(f)
	if ended != nil {
		r.OnGame = func(_ uint64, game uint32, _ int) { ended(r, game) }
	}
	sections := 0
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err == nil {
			if r.Sections() != sections { // a new header: note its run
				sections = r.Sections()
				if _, ok := d.runs[r.RunKey()]; !ok {
					settings, _ := r.Settings()
					d.runs[r.RunKey()] = settings
				}
			}
			err = each(r, rec)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
}

// TrainPositions is the number of training positions.
func (d *Data) TrainPositions() int64 { return d.train }

// ValidPositions is the number of held-out positions.
func (d *Data) ValidPositions() int { return len(d.valid) }

// eachTrain calls each for every training record, in file order.
func (d *Data) eachTrain(seed uint64, percent int, each func(*datagen.Packed) error) error {
	for _, p := range d.paths {
		err := d.scan(p, func(r *datagen.Reader, rec *datagen.Packed) error {
			if heldOut(seed, r.RunKey(), rec.Game(), percent) {
				return nil
			}
			return each(rec)
		}, nil)
		if err != nil {
			return err
		}
	}
	return nil
}
