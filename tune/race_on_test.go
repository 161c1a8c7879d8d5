//go:build race

package tune

// raceEnabled: the race detector slows the tuner some tenfold, so its
// tests take smaller data then.
const raceEnabled = true
