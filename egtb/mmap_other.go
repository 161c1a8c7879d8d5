//go:build !unix && !windows

// Without memory mapping, a table file is read into memory.

package egtb

import (
	"fmt"
	"io"
	"os"
)

// mapFile reads the first size bytes of f; release does nothing.
func mapFile(f *os.File, size uint64) (data []byte, release func(), err error) {
	data = make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, fmt.Errorf("truncated while reading: %w", err)
	}
	return data, func() {}, nil
}
