// The engine tests' command-line flags.

package engine

import "flag"

// perftDeep enables the reference perft values beyond depth 5 (minutes).
var perftDeep = flag.Bool("perft-deep", false, "also check perft depths 6 and 7 of testdata/perft.txt")
