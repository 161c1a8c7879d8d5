// Package hugepages makes the engine's large tables (the transposition
// table, the evaluation's pattern tables) in memory the system may back
// with huge pages: 2 MiB pages instead of 4 KiB ones where the system has
// them (Linux's transparent huge pages), so that a table of a few
// megabytes is a handful of entries in the processor's address cache (its
// TLB) instead of thousands, and a random read of the table seldom waits
// for the page tables as well as for the memory. Stockfish does the same
// with its hash table.
//
// It is a request, not a promise: where the system has no huge pages, or
// none free, or on a system other than Linux, the table is ordinary
// memory and works the same, a little slower. The memory is the Go heap's
// (the garbage collector frees it as any slice), aligned inside a
// slightly larger allocation to a huge page's boundary.
package hugepages
