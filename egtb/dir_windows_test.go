//go:build windows

// The data directory on Windows.

package egtb

import (
	"path/filepath"
	"testing"
)

func TestDefaultDirIsLocalAppData(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("LOCALAPPDATA", `C:\Users\player\AppData\Local`)
	dir, err := DefaultDir()
	if want := filepath.Join(`C:\Users\player\AppData\Local`, "dameo", "egtb"); err != nil || dir != want {
		t.Errorf("DefaultDir() = %q, %v; want %q", dir, err, want)
	}
	t.Setenv("LOCALAPPDATA", "")
	if dir, err := DefaultDir(); err == nil {
		t.Errorf("without LOCALAPPDATA: %q, want an error", dir)
	}
}
