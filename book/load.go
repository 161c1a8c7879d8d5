// Loading books: from a file, and the built-in book embedded in the binary.
package book

import (
	"fmt"
	"os"
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

// Builtin is the default book embedded in the program.
func Builtin() (*Book, error) {
	return &Book{Info: "empty built-in book", Margin: DefaultMargin}, nil
}

// Decode reads a book from its binary form.
func Decode(data []byte) (*Book, error) {
	return nil, fmt.Errorf("book format not implemented yet (%d bytes)", len(data))
}
