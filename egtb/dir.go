// Where the tables live by default: the user's data directory, which
// `dameo egtb build` writes and every command that searches reads.

package egtb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// DefaultDir is the directory of the tables built for the user:
// $XDG_DATA_HOME/dameo/egtb, or when XDG_DATA_HOME is unset or not an
// absolute path (as the XDG base directory specification says) the
// platform's: %LOCALAPPDATA%\dameo\egtb on Windows, else
// ~/.local/share/dameo/egtb.
func DefaultDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "dameo", "egtb"), nil
	}
	if runtime.GOOS == "windows" {
		local := os.Getenv("LOCALAPPDATA")
		if !filepath.IsAbs(local) {
			return "", errors.New("endgame tables: no data directory: %LOCALAPPDATA% is not set")
		}
		return filepath.Join(local, "dameo", "egtb"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("endgame tables: no data directory: %w", err)
	}
	return filepath.Join(home, ".local", "share", "dameo", "egtb"), nil
}

// OpenDefault is the set of tables a search uses when given no directory:
// the tables of DefaultDir, completed by the embedded ones, or the embedded
// ones alone when that directory does not exist or holds no table file. A
// bad table file there is an error; with report not nil the files are
// opened as by OpenForSearch (their whole checks at the first probe, a
// failure told to report), else as by Open.
func OpenDefault(report func(error)) (*Tables, error) {
	dir, err := DefaultDir()
	if err != nil {
		return Embedded(), nil
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return Embedded(), nil
	}
	t, err := open(dir, report)
	if err != nil {
		return nil, err
	}
	for _, tab := range Embedded().list {
		if t.Table(tab.Material()) == nil {
			t.add(tab)
		}
	}
	return t, nil
}
