// `level`: the limits of the next search, read with hub.Level's rule
// (several level lines add up; `infinite` replaces all the limits given
// before it, and a limit given after it replaces `infinite`); `pos` and
// `go` reset them.

package protocol

import (
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// level is the accumulated limits of the next search.
type level struct {
	hub.Level
	// refused records a level line refused since the limits were last
	// reset: a search left with no limit then does not run unbounded
	// (session.limits).
	refused bool
}

// add returns the level with the arguments of a `level` line applied, or an
// error naming the bad argument (the level is then unchanged).
func (lv level) add(l *hub.Line) (level, error) {
	next, err := lv.Add(*l, search.MaxDepth)
	if err != nil {
		return lv, err
	}
	lv.Level = next
	return lv, nil
}
