//go:build unix

// Table files are memory-mapped where the system allows: the tables then
// live in the page cache, shared by every process that probes them.

package egtb

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only; release unmaps them.
func mapFile(f *os.File, size uint64) (data []byte, release func(), err error) {
	if size > uint64(maxMapped) {
		return nil, nil, fmt.Errorf("%d bytes, too large to map", size)
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping the file: %w", err)
	}
	return data, func() { syscall.Munmap(data) }, nil
}

const maxMapped = int(^uint(0) >> 1)
