// Tables of a domain, built once and shared: the tables that indexing
// keeps for a group of k pieces on squares offset..offset+squares-1.

package layout

import "sync"

// domainTables holds one table of type T by group size and domain, safe
// for concurrent use.
type domainTables[T any] struct {
	mu     sync.Mutex
	tables map[[3]int]T
}

// of is the table of k squares of the domain, made by build the first time.
func (d *domainTables[T]) of(k, offset, squares int, build func() T) T {
	d.mu.Lock()
	defer d.mu.Unlock()
	key := [3]int{k, offset, squares}
	if t, ok := d.tables[key]; ok {
		return t
	}
	if d.tables == nil {
		d.tables = map[[3]int]T{}
	}
	t := build()
	d.tables[key] = t
	return t
}
