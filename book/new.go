// Making books from entries, and writing them to files.

package book

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"

	"github.com/dameo/dameo/engine"
)

// New makes a book from entries (in any order; their move slices are
// copied). Every entry needs at least one move, and every move must be legal
// and listed once; a position may appear only once.
func New(info string, entries []Entry) (*Book, error) {
	if len(info) > MaxInfo {
		return nil, fmt.Errorf("info text is %d bytes, at most %d allowed", len(info), MaxInfo)
	}
	b := &Book{Info: info, Margin: DefaultMargin, entries: make([]Entry, len(entries))}
	var legal engine.MoveList
	for i, e := range entries {
		if len(e.Moves) == 0 || len(e.Moves) > engine.MaxMoves {
			return nil, fmt.Errorf("position %v: %d moves (want 1 to %d)", e.Position.String(), len(e.Moves), engine.MaxMoves)
		}
		e.Position.GenerateMoves(&legal)
		if err := checkMoves(&e.Position, e.Moves, &legal); err != nil {
			return nil, fmt.Errorf("position %v: %v", e.Position.String(), err)
		}
		b.entries[i] = Entry{Position: e.Position, Moves: append([]Move(nil), e.Moves...)}
	}
	sort.Slice(b.entries, func(i, j int) bool { return b.entries[i].Position.Key() < b.entries[j].Position.Key() })
	for i := 1; i < len(b.entries); i++ {
		if b.entries[i].Position.Key() == b.entries[i-1].Position.Key() {
			return nil, fmt.Errorf("position %v is listed twice (or two positions share a key)", b.entries[i].Position.String())
		}
	}
	return b, nil
}

// Save writes b to path, through a temporary file renamed into place so an
// interrupted write never leaves a half-written book. The file's mode is
// 0666 less the umask, as for other files made here.
func (b *Book) Save(path string) error {
	tmp, err := createTemp(path)
	if err != nil {
		return fmt.Errorf("book %s: %w", path, err)
	}
	_, werr := tmp.Write(b.Encode())
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("book %s: %w", path, werr)
	}
	return nil
}

// createTemp creates a new file next to path, named after it, with mode
// 0666 less the umask (os.CreateTemp would make it 0600).
func createTemp(path string) (*os.File, error) {
	for range 100 {
		name := path + ".tmp" + strconv.FormatUint(rand.Uint64(), 36)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, errors.New("cannot make a temporary file: every name tried exists")
}
