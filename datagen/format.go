// Reading and writing data files (the format of doc.go): a header, then
// game blocks, each written with one Write so that blocks of games played
// at once never interleave; a streaming Reader with line-numbered errors.

package datagen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// magic starts the header line; the version follows it.
const magic = "#dameo-datagen"

// formatVersion is the version of the format this package reads and writes.
const formatVersion = 1

// gameMarker starts the line before each game's positions.
const gameMarker = "#game "

// ErrTruncated is the error (inside a *LineError) of a file that ends in
// the middle of a line or of a game block.
var ErrTruncated = errors.New("the file ends inside a game block")

// LineError is an error in a data file at a line (1-based).
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// WriteHeader writes the header line with the given settings text.
func WriteHeader(w io.Writer, settings string) error {
	_, err := fmt.Fprintf(w, "%s %d %s\n", magic, formatVersion, settings)
	return err
}

// AppendGame appends the block of game index with its records to buf and
// returns the extended buffer.
func AppendGame(buf []byte, index int, recs []Record) []byte {
	buf = fmt.Appendf(buf, "%s%d %d\n", gameMarker, index, len(recs))
	for i := range recs {
		buf = append(buf, recs[i].String()...)
		buf = append(buf, '\n')
	}
	return buf
}

// Reader reads a data file as a stream of records.
type Reader struct {
	br       *bufio.Reader
	line     int             // lines read so far
	offset   int64           // bytes read so far
	complete int64           // bytes up to the end of the last complete block
	settings string          // the header's settings, once read
	started  bool            // the header has been read
	game     int             // the current block's game index
	left     int             // positions of the current block not read yet
	onBlock  func(index int) // if not nil, called at the end of each complete block
}

// NewReader reads the data file r.
func NewReader(r io.Reader) *Reader { return &Reader{br: bufio.NewReaderSize(r, 1<<16)} }

// Settings are the header's settings text (it reads the header if Next has
// not yet).
func (r *Reader) Settings() (string, error) {
	if err := r.readHeader(); err != nil {
		return "", err
	}
	return r.settings, nil
}

// CompleteOffset is the length of the file up to the end of the last
// complete game block read so far (or of the header).
func (r *Reader) CompleteOffset() int64 { return r.complete }

// Game is the index of the game whose block is being read; it is only
// meaningful after Next returned a record.
func (r *Reader) Game() int { return r.game }

// BlockDone reports whether the last record returned ended its block.
func (r *Reader) BlockDone() bool { return r.left == 0 }

// readLine reads one line without its newline; io.EOF at the end of the
// file, ErrTruncated for a last line without a newline.
func (r *Reader) readLine() (string, error) {
	s, err := r.br.ReadString('\n')
	if err == io.EOF && s == "" {
		return "", io.EOF
	}
	r.line++
	if err == io.EOF {
		return "", &LineError{r.line, ErrTruncated}
	}
	if err != nil {
		return "", &LineError{r.line, err}
	}
	r.offset += int64(len(s))
	return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r"), nil
}

func (r *Reader) readHeader() error {
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
	rest, ok := strings.CutPrefix(s, magic+" ")
	version, settings, _ := strings.Cut(rest, " ")
	if !ok {
		return &LineError{1, fmt.Errorf("not a dameo datagen file (no %q header)", magic)}
	}
	if version != strconv.Itoa(formatVersion) {
		return &LineError{1, fmt.Errorf("format version %q, this program reads %d", version, formatVersion)}
	}
	r.settings = settings
	r.complete = r.offset
	return nil
}

// Next is the next record; io.EOF after the last. Errors are *LineError.
func (r *Reader) Next() (Record, error) {
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
		rec.Game = r.game
		r.left--
		if r.left == 0 {
			r.endBlock()
		}
		return rec, nil
	}
}

// startBlock reads a line outside a block: a game marker, or a comment.
func (r *Reader) startBlock(s string) error {
	rest, ok := strings.CutPrefix(s, gameMarker)
	if !ok {
		if strings.HasPrefix(s, "#") {
			r.complete = r.offset
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
	if n == 0 {
		r.endBlock()
	}
	return nil
}

// endBlock notes the end of a complete game block.
func (r *Reader) endBlock() {
	r.complete = r.offset
	if r.onBlock != nil {
		r.onBlock(r.game)
	}
}
