// The strength of the engine a person plays against: a level of the
// engine's Hub parameter `level` (0 up to the last of Config.Levels, the
// full engine), chosen with the new game and set for the engine's moves
// only, and named with the engine in the game's record; the analyses and
// reviews of the same engine run at full strength.

package gui

import (
	"fmt"
	"strconv"

	"github.com/dameo/dameo/hubclient"
)

// Level is one level the page offers: its number is its index in
// Config.Levels.
type Level struct {
	Elo         int    `json:"elo"`         // its rating on the ladder's scale
	Description string `json:"description"` // what it does, in a few words
}

// checkLevel reports whether level, when set, is one of the session's.
func (s *session) checkLevel(level *int) error {
	switch {
	case level == nil:
		return nil
	case len(s.levels) == 0:
		return fmt.Errorf("level %d: no level to choose from", *level)
	case *level >= len(s.levels):
		return fmt.Errorf("level %d: want 0 to %d", *level, len(s.levels)-1)
	}
	return nil
}

// levelParam is the level parameter slot sl needs before job j: the game's
// level for an engine's move against a person, the full engine (the last
// level) for any other search once a level has been set; nil when the
// engine has it.
func (s *session) levelParam(sl *slot, j *job) []hubclient.Param {
	want := ""
	if j.kind == jobThink && s.level != nil {
		want = strconv.Itoa(*s.level)
	} else if sl.level != "" {
		want = strconv.Itoa(len(s.levels) - 1)
	}
	if want == "" || want == sl.level {
		return nil
	}
	sl.level = want
	return []hubclient.Param{{Name: "level", Value: want}}
}

// withLevel is the name of the engine a person plays, with the game's
// level and that level's Elo when it plays below full strength:
// "dameo (level 7, Elo 1283)".
func (s *session) withLevel(name string) string {
	if lv := s.level; s.mode == modePlay && lv != nil && *lv < len(s.levels)-1 {
		return fmt.Sprintf("%s (level %d, Elo %d)", name, *lv, s.levels[*lv].Elo)
	}
	return name
}
