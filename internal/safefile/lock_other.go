//go:build !unix

// Elsewhere than on Unix no lock is taken: tryLock reports success, and a
// temporary file being written is kept from RemoveTemporaries only where
// the system refuses to remove an open file (Windows).

package safefile

import "os"

// tryLock reports true without locking.
func tryLock(*os.File) bool { return true }

// locks is false: no descriptor is kept open for a lock, as Windows
// renames no file another descriptor holds open (a sharing violation).
const locks = false
