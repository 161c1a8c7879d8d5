// The leaves file of a search build in one process (BOOK.leaves): the leaf
// scores found since the book was last saved, in the shard file form, so
// that a build interrupted in the middle of a round resumes without
// searching them again.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/dameo/dameo/bookbuild"
	"github.com/dameo/dameo/internal/safefile"
)

// leavesFile is an open leaves file.
type leavesFile struct {
	f      *os.File
	header int64 // length of the header lines
}

// leavesPath is the leaves file of the book file path.
func leavesPath(book string) string { return book + ".leaves" }

// readLeaves reads the leaves file of the book file path for a build with
// settings: none when there is no such file.
func readLeaves(path string, settings bookbuild.SearchSettings) ([]bookbuild.LeafScore, error) {
	r, _, err := safefile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer r.Close()
	f, err := bookbuild.ReadShardFile(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if !settings.Continues(" " + f.Settings) {
		return nil, fmt.Errorf("%s: leaf scores of a build with %s, not %s", path, f.Settings, settings)
	}
	return f.Scores, nil
}

// createLeaves makes the leaves file path afresh, holding the scores
// known (written first to a temporary file that then replaces it, so that
// they are never lost).
func createLeaves(path string, settings bookbuild.SearchSettings, known []bookbuild.LeafScore) (*leavesFile, error) {
	var head bytes.Buffer
	if err := bookbuild.WriteShardHeader(&head, bookbuild.ShardHeader{Settings: settings.String(), Round: 1, Index: 1, Count: 1}); err != nil {
		return nil, err
	}
	f, err := safefile.CreateAppend(path+".tmp", safefile.Append{Header: head.Bytes(), Replace: true})
	if err != nil {
		return nil, err
	}
	l := &leavesFile{f: f, header: int64(head.Len())}
	for _, s := range known {
		if err == nil {
			err = l.add(s)
		}
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

// add appends a score.
func (l *leavesFile) add(s bookbuild.LeafScore) error { return bookbuild.WriteLeafScore(l.f, s) }

// clear drops the scores: the book saved holds them.
func (l *leavesFile) clear() error {
	if err := l.f.Truncate(l.header); err != nil {
		return err
	}
	_, err := l.f.Seek(l.header, io.SeekStart)
	return err
}

// remove closes and removes the file path: the book is complete.
func (l *leavesFile) remove(path string) error {
	l.f.Close()
	return os.Remove(path)
}
