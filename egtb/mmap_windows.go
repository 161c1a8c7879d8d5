//go:build windows

// Table files are memory-mapped on Windows too (a file mapping and a view
// of it): the tables then live in the system's file cache, shared by every
// process that probes them.

package egtb

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// mapFile maps the first size bytes of f read-only; release unmaps them.
func mapFile(f *os.File, size uint64) (data []byte, release func(), err error) {
	if size == 0 || size > uint64(^uintptr(0)>>1) {
		return nil, nil, fmt.Errorf("%d bytes, cannot be mapped", size)
	}
	mapping, err := syscall.CreateFileMapping(syscall.Handle(f.Fd()), nil, syscall.PAGE_READONLY,
		uint32(size>>32), uint32(size), nil)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping the file: %w", err)
	}
	// The view keeps the mapping alive: its handle is not needed after.
	addr, err := syscall.MapViewOfFile(mapping, syscall.FILE_MAP_READ, 0, 0, uintptr(size))
	syscall.CloseHandle(mapping)
	if err != nil {
		return nil, nil, fmt.Errorf("mapping the file: %w", err)
	}
	// addr is memory outside Go's heap, which the view keeps in place.
	data = unsafe.Slice((*byte)(*(*unsafe.Pointer)(unsafe.Pointer(&addr))), int(size))
	return data, func() { syscall.UnmapViewOfFile(addr) }, nil
}
