//go:build !linux

// Elsewhere than Linux, no request: Windows gives large pages only to
// programs granted a privilege users rarely have, macOS none to programs.

package hugepages

import "unsafe"

// advise does nothing here: the memory stays in the system's ordinary
// pages.
func advise(unsafe.Pointer, int) {}
