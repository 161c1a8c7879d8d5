// The gui tests' command-line flags.

package gui

import "flag"

// browserFull runs every browser flow; without it TestBrowser runs a smoke
// test (a move and its reply, a capture clicked leg by leg, the token).
var browserFull = flag.Bool("browser-full", false, "run every browser flow of TestBrowser, not only the smoke test")
