// The explorer's games from the pages: the PDN text a page loads into it,
// and the bound on what the pages may add to an index that all of them
// share.

package gui

import (
	"errors"
	"fmt"
	"strings"
)

// maxExplorerEntries bounds the explorer's entries (some 10 bytes each)
// beyond which the pages add no more games to it, neither loaded nor
// finished: the files of the command line alone may go beyond.
const maxExplorerEntries = 30_000_000

// loadExplorer adds the games of PDN text to the explorer. A text none of
// whose games could be read is an error and adds nothing; games skipped
// among others that were added are reported as an error message.
func (s *session) loadExplorer(text string) error {
	if s.explorer == nil {
		return errors.New("this server has no explorer")
	}
	if s.explorer.Len() >= maxExplorerEntries {
		return fmt.Errorf("the explorer holds %d entries, its limit for games from the page", maxExplorerEntries)
	}
	st, err := s.explorer.Read(strings.NewReader(text))
	switch {
	case err != nil:
		return err
	case st.Games == 0 && st.Skipped > 0:
		return fmt.Errorf("explorer: no game could be read (%d skipped; %s)", st.Skipped, st.Reason)
	case st.Games == 0 && st.Filtered == 0:
		return errors.New("explorer: no game in the PDN text")
	case st.Skipped > 0:
		s.sendError(fmt.Sprintf("explorer: games added: %d, skipped: %d; the first skipped: %s", st.Games, st.Skipped, st.Reason))
	}
	return nil
}
