// Loading books: from a file, and the built-in book embedded in the binary.

package book

import (
	_ "embed"
	"fmt"
	"os"
	"sync"
)

// Load reads a book file. Errors name the file and say what is wrong.
func Load(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	b, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	return b, nil
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
