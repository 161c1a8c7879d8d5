// Closing tables: the files a set of tables loaded are memory-mapped, and
// Close unmaps them at once, where the garbage collector would only once
// the tables are unreachable (Windows deletes no file while it is mapped:
// a folder of tables could not be removed after use).

package egtb

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// errClosed is the error of using a table after Close.
var errClosed = errors.New("endgame tables: used after Close")

// mapped is the mapping of the file under a table, nil for a table made
// in memory: unmap releases it (once), and closed says that it was.
type mapped struct {
	unmap  func()
	closed atomic.Bool
}

func (t *Table) setUnmap(unmap func())    { t.mapped = &mapped{unmap: unmap} }
func (w *WDLTable) setUnmap(unmap func()) { w.mapped = &mapped{unmap: unmap} }

// isClosed reports whether the table was closed: its values are gone.
func (m *mapped) isClosed() bool { return m != nil && m.closed.Load() }

// close marks the table closed and unmaps its file (a table made in
// memory has none and stays as it is).
func (m *mapped) close() {
	if m != nil && !m.closed.Swap(true) {
		m.unmap()
	}
}

// mappedTable is a table (full or WDL) that may be read from a mapped file.
type mappedTable interface {
	setUnmap(func())
	close()
}

// releaseWith gives t the release of its mapped file, which t's close
// calls, or else the garbage collector once t is unreachable.
func releaseWith[T any, PT interface {
	*T
	mappedTable
}](t PT, release func()) {
	t.setUnmap(sync.OnceFunc(release))
	runtime.SetFinalizer(t, func(t PT) { t.close() })
}

// Close unmaps the files of the tables the set loaded (and of its WDL
// tables). After Close, the set and its tables answer no probe (ok is
// false, as for a position no table covers), LongestWin finds nothing and
// Verify and the writes of a table return an error: none reads the
// unmapped memory. Close must not run while a probe or a check
// (CheckDeferred) is running. The built-in tables of Embedded are shared
// and not closed (nor are tables made in memory), but a set that holds
// them answers no probe either.
// Closing twice does nothing; closing the set of Embedded nothing at all.
func (t *Tables) Close() error {
	if t == Embedded() {
		return nil
	}
	t.closed.Store(true)
	for _, tab := range t.list {
		tab.close()
	}
	for _, w := range t.wdl {
		if w != nil {
			w.close()
		}
	}
	return nil
}

// usable reports whether the table answers probes: it is not closed and
// its file passed its check (made now if it was put off).
func (t *Table) usable() bool { return !t.isClosed() && t.check.passed() }

// usable reports whether the WDL table answers probes, as Table's.
func (w *WDLTable) usable() bool { return !w.isClosed() && w.check.passed() }

// Close unmaps the table's file, as Tables.Close does for each of its
// tables: the table is then closed (a table made in memory stays as it
// is).
func (t *Table) Close() error {
	t.close()
	return nil
}

// Close unmaps the WDL table's file, as Table.Close.
func (w *WDLTable) Close() error {
	w.close()
	return nil
}
