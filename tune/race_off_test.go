//go:build !race

package tune

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
