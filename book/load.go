// Loading books: from a file, and the built-in book embedded in the binary.

package book

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"sync"

	"github.com/dameo/dameo/internal/safefile"
)

// MaxFileSize bounds the size of a book file: 2 GiB, some 40 million
// positions, well above what `dameo book build` makes.
const MaxFileSize = 2 << 30

// Load reads a book file. Errors name the file and say what is wrong. Only
// a regular file is read (a FIFO or a device is refused without reading
// it), and only after its header is checked: a file is read no further than
// its header announces, and not at all when that exceeds MaxFileSize or the
// file's size.
func Load(path string) (*Book, error) {
	data, err := readBookFile(path)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	b, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	return b, nil
}

// readBookFile returns the bytes of a book file whose header is sound and
// whose size is the one the header announces; Decode checks the rest.
func readBookFile(path string) ([]byte, error) {
	f, fi, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, headerSize)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	head = head[:n]
	le := binary.LittleEndian
	if n < headerSize || string(head[:len(Magic)]) != Magic || le.Uint32(head[8:]) != Version || le.Uint32(head[20:]) > MaxInfo {
		_, err := Decode(head) // says what is wrong with the header
		return nil, err
	}
	np, nm, ni := uint64(le.Uint32(head[12:])), uint64(le.Uint32(head[16:])), uint64(le.Uint32(head[20:]))
	size := headerSize + ni + positionSize*np + moveSize*nm + checksumSize
	switch {
	case size > MaxFileSize:
		return nil, fmt.Errorf("corrupt header: the header announces %d positions and %d moves in %d bytes, more than the %d bytes of the largest book read", np, nm, size, uint64(MaxFileSize))
	case uint64(fi.Size()) != size:
		return nil, fmt.Errorf("corrupt or truncated: %d bytes, the header announces %d positions and %d moves in %d bytes", fi.Size(), np, nm, size)
	}
	data := make([]byte, size)
	copy(data, head)
	if _, err := io.ReadFull(f, data[headerSize:]); err != nil {
		return nil, fmt.Errorf("reading %d bytes: %w", size, err)
	}
	return data, nil
}

// builtinData is the default book (regenerated as docs/book.md says).
//
//go:embed builtin.bin
var builtinData []byte

var builtin = sync.OnceValues(func() (*Book, error) {
	b, err := Decode(builtinData)
	if err != nil {
		return nil, fmt.Errorf("built-in book: %w", err)
	}
	return b, nil
})

// Builtin is the default book embedded in the program. It is decoded once;
// each call returns a new Book sharing the decoded entries, so callers may
// change its Margin or Info.
func Builtin() (*Book, error) {
	b, err := builtin()
	if err != nil {
		return nil, err
	}
	c := *b
	return &c, nil
}
