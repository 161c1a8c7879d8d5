// Converting a text data file (format version 1) into a binary one: the
// same settings in the header, the same games in the same order, their
// plies unknown; a game that the text file holds twice is refused, and a
// game cut off at its end (a file still being written) is left out.

package datagen

import (
	"errors"
	"fmt"
	"io"
)

// ConvertStats say what a conversion did.
type ConvertStats struct {
	Games, Positions int // converted
	Dropped          int // positions of a last game cut off in the text file, left out
}

// Convert reads the text data file src and writes it to dst in the binary
// format. An error of src, in its content or in reading it, is a
// *LineError; any other error is one writing dst.
func Convert(dst io.Writer, src io.Reader) (ConvertStats, error) {
	var stats ConvertStats
	tr := newTextReader(src)
	settings, err := tr.Settings()
	if err != nil {
		return stats, err
	}
	buf, err := AppendHeader(nil, settings)
	if err != nil {
		return stats, &LineError{1, err}
	}
	seen := map[int]bool{}
	var recs []Record
	for {
		rec, err := tr.Next()
		if errors.Is(err, ErrTruncated) {
			stats.Dropped = len(recs)
			break
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return stats, err
		}
		if len(recs) == 0 {
			if seen[rec.Game] {
				return stats, &LineError{tr.line, fmt.Errorf("game %d appears twice", rec.Game)}
			}
			seen[rec.Game] = true
		}
		recs = append(recs, rec)
		if !tr.blockDone() {
			continue
		}
		if buf, err = AppendGame(buf, recs); err != nil {
			return stats, &LineError{tr.line, err}
		}
		stats.Games++
		stats.Positions += len(recs)
		recs = recs[:0]
		if len(buf) >= readChunk*RecordSize {
			if _, err := dst.Write(buf); err != nil {
				return stats, err
			}
			buf = buf[:0]
		}
	}
	_, err = dst.Write(buf)
	return stats, err
}
