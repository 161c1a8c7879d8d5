// Reading the text data files of format version 1 (doc.go), which the
// converter turns into binary ones: a streaming textReader with bounded
// lines and line-numbered errors.

package datagen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// textMagic starts the header line; the version follows it.
const textMagic = "#dameo-datagen"

// textVersion is the version of the text format.
const textVersion = 1

// maxLine is the longest line read: a position line takes at most about
// 90 bytes.
const maxLine = 1024

// gameMarker starts the line before each game's positions.
const gameMarker = "#game "

// LineError is an error in a data file at a line (1-based).
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// textReader reads a text data file as a stream of records.
type textReader struct {
	br       *bufio.Reader
	line     int    // lines read so far
	settings string // the header's settings, once read
	started  bool   // the header has been read
	game     int    // the current block's game index
	left     int    // positions of the current block not read yet
}

// newTextReader reads the text data file r.
func newTextReader(r io.Reader) *textReader {
	return &textReader{br: bufio.NewReaderSize(r, 1<<16)}
}

// Settings are the header's settings text (it reads the header if Next has
// not yet).
func (r *textReader) Settings() (string, error) {
	if err := r.readHeader(); err != nil {
		return "", err
	}
	return r.settings, nil
}

// blockDone reports whether the last record returned ended its block.
func (r *textReader) blockDone() bool { return r.left == 0 }

// readLine reads one line without its newline; io.EOF at the end of the
// file, ErrTruncated for a last line without a newline, an error for a
// line longer than maxLine (read no further).
func (r *textReader) readLine() (string, error) {
	b, err := r.br.ReadSlice('\n')
	if err == io.EOF && len(b) == 0 {
		return "", io.EOF
	}
	r.line++
	switch {
	case len(b) > maxLine || err == bufio.ErrBufferFull:
		return "", &LineError{r.line, fmt.Errorf("a line longer than %d bytes: not a data file", maxLine)}
	case err == io.EOF:
		return "", &LineError{r.line, ErrTruncated}
	case err != nil:
		return "", &LineError{r.line, err}
	}
	return strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r"), nil
}

func (r *textReader) readHeader() error {
	if r.started {
		return nil
	}
	s, err := r.readLine()
	if err == io.EOF {
		return &LineError{1, errors.New("empty file: no header")}
	}
	if err != nil {
		return err
	}
	r.started = true
	rest, ok := strings.CutPrefix(s, textMagic+" ")
	version, settings, _ := strings.Cut(rest, " ")
	if !ok {
		return &LineError{1, fmt.Errorf("not a dameo datagen file (no %q header)", textMagic)}
	}
	if version != strconv.Itoa(textVersion) {
		return &LineError{1, fmt.Errorf("format version %q, this program reads %d", version, textVersion)}
	}
	r.settings = settings
	return nil
}

// Next is the next record; io.EOF after the last. Errors are *LineError.
func (r *textReader) Next() (Record, error) {
	if err := r.readHeader(); err != nil {
		return Record{}, err
	}
	for {
		s, err := r.readLine()
		if err == io.EOF {
			if r.left > 0 {
				return Record{}, &LineError{r.line + 1, fmt.Errorf("%w: %d positions of game %d missing", ErrTruncated, r.left, r.game)}
			}
			return Record{}, io.EOF
		}
		if err != nil {
			return Record{}, err
		}
		if r.left == 0 {
			if err := r.startBlock(s); err != nil {
				return Record{}, &LineError{r.line, err}
			}
			continue
		}
		if strings.HasPrefix(s, "#") {
			return Record{}, &LineError{r.line, fmt.Errorf("%d positions of game %d missing before %q", r.left, r.game, s)}
		}
		rec, err := parseRecord(s)
		if err != nil {
			return Record{}, &LineError{r.line, err}
		}
		rec.Game, rec.Ply = r.game, UnknownPly
		r.left--
		return rec, nil
	}
}

// startBlock reads a line outside a block: a game marker, or a comment.
func (r *textReader) startBlock(s string) error {
	rest, ok := strings.CutPrefix(s, gameMarker)
	if !ok {
		if strings.HasPrefix(s, "#") {
			return nil
		}
		return fmt.Errorf("a position outside a game block (want %q)", gameMarker+"<index> <n>")
	}
	f := strings.Fields(rest)
	if len(f) != 2 {
		return fmt.Errorf("game marker %q: want %q", s, gameMarker+"<index> <n>")
	}
	index, err1 := strconv.Atoi(f[0])
	n, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || index < 0 || n < 0 {
		return fmt.Errorf("game marker %q: index and count must be whole numbers ≥ 0", s)
	}
	r.game, r.left = index, n
	return nil
}
