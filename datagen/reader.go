// Reading a binary data file as a stream of packed records: sections
// (a header, then records) one after another, the records of each game
// checked to follow each other whole, errors with the byte offset.

package datagen

import (
	"errors"
	"fmt"
	"io"
)

// ErrTruncated is the error (inside an *OffsetError) of a file that ends
// inside a record or inside a game's records.
var ErrTruncated = errors.New("the file ends inside a game's records")

// OffsetError is an error in a binary data file at a byte offset.
type OffsetError struct {
	Offset int64
	Err    error
}

func (e *OffsetError) Error() string { return fmt.Sprintf("byte %d: %v", e.Offset, e.Err) }
func (e *OffsetError) Unwrap() error { return e.Err }

// readChunk is the number of records read from the file at once.
const readChunk = 4096

// Reader reads a binary data file.
type Reader struct {
	r        io.Reader
	buf      []byte
	pos, end int   // the unread bytes are buf[pos:end]
	eof      bool  // r has no more bytes
	offset   int64 // file offset of buf[pos]
	complete int64 // offset of the end of the last whole game (or header)
	sections int   // headers read
	settings string
	runKey   uint64
	game     uint32 // the game whose records are being read, if open
	nextSeq  int
	open     bool
	// OnGame, if not nil, is called at the end of each game's records with
	// the run's key and the game's index and record count.
	OnGame func(run uint64, game uint32, records int)
}

// NewReader reads the binary data file r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, buf: make([]byte, readChunk*RecordSize)}
}

// Settings are the settings of the current section (it reads the first
// header if Next has not yet).
func (r *Reader) Settings() (string, error) {
	if r.sections == 0 {
		if err := r.fill(); err != nil {
			return "", err
		}
		if err := r.header(); err != nil {
			return "", err
		}
	}
	return r.settings, nil
}

// RunKey is RunKey of the current section's settings.
func (r *Reader) RunKey() uint64 { return r.runKey }

// Sections is the number of section headers read so far.
func (r *Reader) Sections() int { return r.sections }

// CompleteOffset is the length of the file up to the end of the last whole
// game (or header) read so far.
func (r *Reader) CompleteOffset() int64 { return r.complete }

// fill makes at least one record's bytes available unless the file ends:
// io.EOF at the end of the file, ErrTruncated inside a record.
func (r *Reader) fill() error {
	for r.end-r.pos < RecordSize {
		if r.eof {
			if r.end > r.pos {
				return r.errorf("%w: %d bytes of a last record", ErrTruncated, r.end-r.pos)
			}
			if r.open {
				return r.errorf("%w: the records of game %d after the %d-th are missing", ErrTruncated, r.game, r.nextSeq)
			}
			return io.EOF
		}
		if r.pos > 0 {
			r.end = copy(r.buf, r.buf[r.pos:r.end])
			r.pos = 0
		}
		n, err := r.r.Read(r.buf[r.end:])
		r.end += n
		if err == io.EOF {
			r.eof = true
		} else if err != nil {
			return &OffsetError{r.offset + int64(r.end-r.pos), err}
		}
	}
	return nil
}

func (r *Reader) errorf(format string, args ...any) error {
	return &OffsetError{r.offset, fmt.Errorf(format, args...)}
}

// header reads the section header at the current offset.
func (r *Reader) header() error {
	rec := r.buf[r.pos : r.pos+RecordSize]
	if string(rec[:len(Magic)]) != Magic {
		if r.sections == 0 {
			return r.errorf("not a dameo binary data file (no header; a text file converts with dameo datagen convert)")
		}
		return r.errorf("not a header")
	}
	if r.open {
		return r.errorf("a header where the records of game %d go on (after the %d-th)", r.game, r.nextSeq)
	}
	size, err := headerSize(rec)
	if err != nil {
		return &OffsetError{r.offset, err}
	}
	h := make([]byte, size) // at most MaxHeaderSize
	for read := 0; read < size; read += RecordSize {
		if err := r.fill(); err == io.EOF {
			return r.errorf("%w: inside a header", ErrTruncated)
		} else if err != nil {
			return err
		}
		copy(h[read:], r.buf[r.pos:r.pos+RecordSize])
		r.advance()
	}
	settings, err := parseHeader(h)
	if err != nil {
		return &OffsetError{r.offset - int64(size), err}
	}
	r.settings, r.runKey, r.complete = settings, RunKey(settings), r.offset
	r.sections++
	return nil
}

func (r *Reader) advance() {
	r.pos += RecordSize
	r.offset += RecordSize
}

// Next is the next record, valid until the following call; io.EOF after
// the last. Other errors are *OffsetError. The record's checksum and its
// place in its game are checked; Packed.Decode checks the rest.
func (r *Reader) Next() (*Packed, error) {
	for {
		if err := r.fill(); err != nil {
			if err == io.EOF && r.sections == 0 {
				return nil, r.errorf("empty file: no header")
			}
			return nil, err
		}
		if r.sections == 0 || string(r.buf[r.pos:r.pos+len(Magic)]) == Magic {
			if err := r.header(); err != nil {
				return nil, err
			}
			continue
		}
		p := (*Packed)(r.buf[r.pos : r.pos+RecordSize])
		if err := r.place(p); err != nil {
			return nil, r.errorf("%v", err)
		}
		r.advance()
		if !r.open {
			r.complete = r.offset
			if r.OnGame != nil {
				r.OnGame(r.runKey, r.game, r.nextSeq)
			}
		}
		return p, nil
	}
}

// place checks that p follows the records read before it in its game.
func (r *Reader) place(p *Packed) error {
	if _, _, _, _, err := p.Bitboards(); err != nil {
		return err
	}
	seq, game := p.seq(), p.Game()
	switch {
	case !r.open && seq != 0:
		return fmt.Errorf("record %d of game %d without the ones before it", seq, game)
	case r.open && (game != r.game || seq != r.nextSeq):
		return fmt.Errorf("record %d of game %d where record %d of game %d goes", seq, game, r.nextSeq, r.game)
	}
	r.game, r.nextSeq, r.open = game, seq+1, !p.last()
	return nil
}
