//go:build windows

// Seeing the engine exit before it is reaped (Windows): the handle the
// engine's os.Process holds keeps its process id from being reused, and
// the job of its group (group_windows.go) is the engine's own, so what it
// left can be killed once it has exited.

package hubclient

import "golang.org/x/sys/windows"

// waitExit blocks until process pid has exited and reports true; it reports
// false when it cannot tell.
func waitExit(pid int) bool {
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		return false
	}
	defer windows.CloseHandle(h)
	event, err := windows.WaitForSingleObject(h, windows.INFINITE)
	return err == nil && event == windows.WAIT_OBJECT_0
}
