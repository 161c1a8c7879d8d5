// The gen tests' command-line flags.

package gen

import "flag"

// bigTables runs the cases that solve 4-piece tables (millions of slots,
// minutes of CPU); without it the tests solve the embedded set only.
var bigTables = flag.Bool("big-tables", false, "also solve and check 4-piece tables (minutes; .ci/run passes it)")
