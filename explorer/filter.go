// Which games the index keeps: those of a player, of White, of Black, or
// with a result, as the records' tags say.

package explorer

import (
	"fmt"
	"strings"

	"github.com/dameo/dameo/pdn"
)

// Filter chooses the games to index; an empty field keeps every game. A
// name matches a White or Black tag equal to it, case and surrounding
// space aside; a game without the tag does not match.
type Filter struct {
	Player string // White or Black
	White  string
	Black  string
	Result string // pdn.WhiteWins, pdn.Draw or pdn.BlackWins
}

// Check reports a filter that no game could match for want of a valid
// result.
func (f Filter) Check() error {
	switch f.Result {
	case "", pdn.WhiteWins, pdn.Draw, pdn.BlackWins:
		return nil
	}
	return fmt.Errorf("result %q: want %s, %s or %s", f.Result, pdn.WhiteWins, pdn.BlackWins, pdn.Draw)
}

// keeps reports whether g passes the filter.
func (f Filter) keeps(g *pdn.Game) bool {
	white, black := g.Tag(pdn.TagWhite), g.Tag(pdn.TagBlack)
	return (f.Player == "" || sameName(white, f.Player) || sameName(black, f.Player)) &&
		(f.White == "" || sameName(white, f.White)) &&
		(f.Black == "" || sameName(black, f.Black)) &&
		(f.Result == "" || g.Result == f.Result)
}

// sameName reports whether a tag names the player name.
func sameName(tag, name string) bool {
	return strings.EqualFold(strings.TrimSpace(tag), strings.TrimSpace(name))
}
