// A game file named on the command line, which every page opens on its
// analysis board: a regular file (a FIFO or a device is refused before it
// is opened), no larger than a page may send, whose first game replays.

package gui

import (
	"context"
	"fmt"
	"io"

	"github.com/dameo/dameo/internal/safefile"
)

// ReadGameFile is the text of the PDN file at path once its first game
// has been checked to replay with the rules.
func ReadGameFile(path string) (string, error) {
	f, fi, err := safefile.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if fi.Size() > maxMessage {
		return "", fmt.Errorf("%s: %d bytes, more than the %d a page takes", path, fi.Size(), maxMessage)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxMessage+1))
	if err != nil {
		return "", err
	}
	if len(data) > maxMessage {
		return "", fmt.Errorf("%s: more than the %d bytes a page takes", path, maxMessage)
	}
	if _, err := loadRecord(context.Background(), string(data)); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return string(data), nil
}
