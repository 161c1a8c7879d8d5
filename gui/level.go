// The strength of the engine a person plays against: a level of the
// engine's Hub parameter `level` (0, a random mover, up to maxLevel, the
// full engine), chosen with the new game and set for the engine's moves
// only; the analyses and reviews of the same engine run at full strength.

package gui

import (
	"strconv"

	"github.com/dameo/dameo/hubclient"
)

// maxLevel is the full engine's level: dameo hub's level parameter goes
// from 0 to it.
const maxLevel = 12

// levelParam is the level parameter slot sl needs before job j: the game's
// level for an engine's move against a person, the full engine for any
// other search once a level has been set; nil when the engine has it.
func (s *session) levelParam(sl *slot, j *job) []hubclient.Param {
	want := ""
	if j.kind == jobThink && s.level != nil {
		want = strconv.Itoa(*s.level)
	} else if sl.level != "" {
		want = strconv.Itoa(maxLevel)
	}
	if want == "" || want == sl.level {
		return nil
	}
	sl.level = want
	return []hubclient.Param{{Name: "level", Value: want}}
}
