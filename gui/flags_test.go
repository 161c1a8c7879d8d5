// The gui tests' command-line flags.

package gui

import "flag"

// browserFull runs every browser flow; without it TestBrowser and
// TestBrowserPlayer run a smoke test (a move and its reply, a capture
// clicked leg by leg, the token, the start's choice facing the player).
var browserFull = flag.Bool("browser-full", false, "run every browser flow, not only the smoke test")
