// The engine tests' command-line flags.

package engine

import "flag"

// perftDeep enables the reference perft values beyond depth 5 (minutes).
var perftDeep = flag.Bool("perft-deep", false, "also check perft depths 6 and 7 of testdata/perft.txt")

// moveCountSearch runs the random search for positions with many legal
// moves (minutes).
var moveCountSearch = flag.Bool("move-count-search", false, "search random positions for the largest legal-move counts")
