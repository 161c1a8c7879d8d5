// The game record type and its tags.

package pdn

// Standard tag names.
const (
	TagEvent       = "Event"
	TagSite        = "Site"
	TagDate        = "Date"
	TagRound       = "Round"
	TagWhite       = "White"
	TagBlack       = "Black"
	TagResult      = "Result"
	TagGameType    = "GameType"
	TagFEN         = "FEN"
	TagTimeControl = "TimeControl"
	TagTermination = "Termination"
)

// GameTypeDameo is the value of the GameType tag that names Dameo.
const GameTypeDameo = "Dameo"

// Result tokens, written at the end of the movetext and in the Result tag.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// Termination tag values written by the match runner.
const (
	TerminationNormal       = "normal"
	TerminationTimeForfeit  = "time forfeit"
	TerminationIllegalMove  = "illegal move"
	TerminationAdjudication = "adjudication"
	TerminationCrash        = "crash"
)

// rosterTags are the tags always written, in this order, before any other.
var rosterTags = []string{TagEvent, TagSite, TagDate, TagRound, TagWhite, TagBlack, TagResult}

// Tag is one tag pair of a record.
type Tag struct {
	Name, Value string
}

// Move is one move of the movetext, with the comment that follows it and
// the variations that may be played instead of it.
type Move struct {
	Text    string // the move in docs/rules.md notation, as written
	Comment string // text of the comments after the move, joined by spaces
	// Variations are lines played instead of this move, each from the
	// position before it: "1. d3-d4 (1. c3-c4 f6-f5) e6-e5".
	Variations []Variation
}

// Variation is a line of moves in parentheses, with the comment before its
// first move.
type Variation struct {
	Comment string
	Moves   []Move
}

// Game is one game record.
type Game struct {
	Tags    []Tag  // in file order
	Comment string // comment before the first move
	Moves   []Move
	Result  string // the movetext's result token: WhiteWins, BlackWins, Draw or Unfinished
}

// Tag returns the value of the named tag, or "" when the game has none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// HasTag reports whether the game has the named tag.
func (g *Game) HasTag(name string) bool {
	for _, t := range g.Tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// SetTag sets the named tag, replacing its value or adding it at the end.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// AddMove appends a move with an optional comment.
func (g *Game) AddMove(text, comment string) {
	g.Moves = append(g.Moves, Move{Text: text, Comment: comment})
}

// MoveTexts returns the moves of the game as strings.
func (g *Game) MoveTexts() []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.Text
	}
	return out
}

// StartText returns the FEN tag (the start position text), or "" when the
// game starts from the initial position.
func (g *Game) StartText() string { return g.Tag(TagFEN) }

// isResult reports whether s is one of the four result tokens.
func isResult(s string) bool {
	return s == WhiteWins || s == BlackWins || s == Draw || s == Unfinished
}
