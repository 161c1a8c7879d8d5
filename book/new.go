// Making books from entries, and writing them to files.

package book

import (
	"fmt"
	"io"
	"sort"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/safefile"
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
// interrupted write never leaves a half-written book (internal/safefile):
// a new file's mode is 0666 less the umask, as for other files made here;
// a symbolic link to a file that is not a book is refused.
func (b *Book) Save(path string) error {
	if err := safefile.WriteOwn(path, Magic, func(w io.Writer) error {
		_, err := w.Write(b.Encode())
		return err
	}); err != nil {
		return fmt.Errorf("book %s: %w", path, err)
	}
	return nil
}
