//go:build !linux && !windows

// Elsewhere than on Linux and Windows the engine's exit is seen only when it is reaped;
// what it leaves in its group is then not killed unless the caller kills
// the engine.

package hubclient

// waitExit reports that it cannot see the exit of process pid before it is
// reaped.
func waitExit(pid int) bool { return false }
