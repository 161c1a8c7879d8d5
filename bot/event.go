// The lines of the server's NDJSON streams as Go values: the account's
// events (challenges, game starts and ends) and a game's events (the full
// game, its state after each action, chat), with the checks that make them
// safe to act on.

package bot

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Event is one line of the account's event stream (GET /api/stream/event).
type Event struct {
	Type      string     `json:"type"` // challenge, challengeCanceled, challengeDeclined, gameStart, gameFinish
	Challenge *Challenge `json:"challenge,omitempty"`
	Game      *GameRef   `json:"game,omitempty"`
}

// Challenge is a challenge to play a game.
type Challenge struct {
	ID          string      `json:"id"`
	Status      string      `json:"status,omitempty"`
	Challenger  *User       `json:"challenger,omitempty"`
	DestUser    *User       `json:"destUser,omitempty"`
	Variant     Variant     `json:"variant"`
	Rated       bool        `json:"rated"`
	Speed       string      `json:"speed,omitempty"`
	TimeControl TimeControl `json:"timeControl"`
	Compat      *Compat     `json:"compat,omitempty"`
}

// User is an account as events name it.
type User struct {
	ID    string `json:"id"`
	Name  string `json:"name,omitempty"`
	Title string `json:"title,omitempty"`
}

// Variant is a game's variant; Dameo's key is "dameo".
type Variant struct {
	Key  string `json:"key"`
	Name string `json:"name,omitempty"`
}

// TimeControl is a challenge's clock: Type "clock" with Limit and
// Increment in seconds, or "correspondence" or "unlimited".
type TimeControl struct {
	Type        string `json:"type"`
	Limit       int    `json:"limit,omitempty"`
	Increment   int    `json:"increment,omitempty"`
	DaysPerTurn int    `json:"daysPerTurn,omitempty"`
}

// Compat says who may play a challenge: Bot is whether bots may.
type Compat struct {
	Bot   bool `json:"bot"`
	Board bool `json:"board"`
}

// GameRef names a game in gameStart and gameFinish events (lila sends the
// id as "gameId", older servers as "id").
type GameRef struct {
	ID     string `json:"id,omitempty"`
	GameID string `json:"gameId,omitempty"`
}

// GameEvent is one line of a game's stream (GET /api/bot/game/stream/ID):
// "gameFull" with the game's description and its State, "gameState" with
// the state's fields inline, or "chatLine".
type GameEvent struct {
	Type string `json:"type"`

	// gameFull
	ID         string     `json:"id,omitempty"`
	Variant    *Variant   `json:"variant,omitempty"`
	Clock      *GameClock `json:"clock,omitempty"`
	Speed      string     `json:"speed,omitempty"`
	Rated      bool       `json:"rated,omitempty"`
	P1         *Player    `json:"p1,omitempty"`
	P2         *Player    `json:"p2,omitempty"`
	White      *Player    `json:"white,omitempty"` // lila's names for p1 and p2
	Black      *Player    `json:"black,omitempty"`
	InitialFen string     `json:"initialFen,omitempty"`
	State      *GameState `json:"state,omitempty"`

	// gameState
	GameState

	// chatLine
	Username string `json:"username,omitempty"`
	Text     string `json:"text,omitempty"`
	Room     string `json:"room,omitempty"`
}

// GameClock is a game's clock in milliseconds.
type GameClock struct {
	Initial   int64 `json:"initial"`
	Increment int64 `json:"increment"`
}

// Player is a side of a game; ID is empty for an AI.
type Player struct {
	ID    string `json:"id,omitempty"`
	Name  string `json:"name,omitempty"`
	Title string `json:"title,omitempty"`
}

// GameState is the state of a game after an action. Moves holds the turns
// separated by spaces, the jumps of one turn by commas. Times are in
// milliseconds, W for p1 (White) and B for p2. WDraw and BDraw say that a
// side offers a draw.
type GameState struct {
	Moves        string `json:"moves"`
	ActivePlayer string `json:"activeplayer,omitempty"`
	WTime        int64  `json:"wtime"`
	BTime        int64  `json:"btime"`
	WInc         int64  `json:"winc"`
	BInc         int64  `json:"binc"`
	WDraw        bool   `json:"wdraw,omitempty"`
	BDraw        bool   `json:"bdraw,omitempty"`
	Status       string `json:"status"`
	Winner       string `json:"winner,omitempty"`
}

// Over reports whether the game has ended: every status but "created"
// and "started" is an end (mate, resign, outoftime, draw, aborted, ...).
func (s *GameState) Over() bool {
	return s.Status != "created" && s.Status != "started"
}

// maxIDLength bounds the ids the server gives (8 or 12 characters in lila).
const maxIDLength = 64

// checkID refuses an id that could not be put in a URL path as it is.
func checkID(what, id string) error {
	if id == "" {
		return fmt.Errorf("%s without an id", what)
	}
	if len(id) > maxIDLength {
		return fmt.Errorf("%s id longer than %d characters", what, maxIDLength)
	}
	for _, c := range []byte(id) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return fmt.Errorf("%s id %q holds %q (want letters, digits, '_' and '-')", what, id, c)
		}
	}
	return nil
}

// errNoType is the error for a JSON object without a "type".
var errNoType = errors.New("an event without a type")

// unmarshalTyped reads line, a JSON object with a "type", into v, whose
// type field is typ: text that is not a JSON object is an error that names
// what was read, an object without a type is errNoType.
func unmarshalTyped(line []byte, what string, v any, typ *string) error {
	if err := json.Unmarshal(line, v); err != nil {
		return fmt.Errorf("bad %s: %v", what, err)
	}
	if *typ == "" {
		return errNoType
	}
	return nil
}

// ParseEvent reads one line of the event stream (not a blank keep-alive
// line). It refuses text that is not a JSON object, an event without a
// type, and a challenge or game event whose id is missing or not fit for a
// URL. An event of a type it does not know comes back with only its Type.
func ParseEvent(line []byte) (Event, error) {
	var e Event
	if err := unmarshalTyped(line, "event", &e, &e.Type); err != nil {
		return Event{}, err
	}
	switch e.Type {
	case "challenge", "challengeCanceled", "challengeDeclined":
		if e.Challenge == nil {
			return Event{}, fmt.Errorf("%s event without a challenge", e.Type)
		}
		if err := checkID("challenge", e.Challenge.ID); err != nil {
			return Event{}, err
		}
		if c := e.Challenge.Challenger; c != nil && c.ID != "" {
			if err := checkID("challenger", c.ID); err != nil {
				return Event{}, err
			}
		}
	case "gameStart", "gameFinish":
		if e.Game == nil {
			return Event{}, fmt.Errorf("%s event without a game", e.Type)
		}
		if e.Game.GameID == "" {
			e.Game.GameID = e.Game.ID
		}
		if err := checkID("game", e.Game.GameID); err != nil {
			return Event{}, err
		}
	default:
		return Event{Type: e.Type}, nil
	}
	return e, nil
}

// ParseGameEvent reads one line of a game's stream (not a blank keep-alive
// line). A gameFull comes back with its State filled in, p1 and p2 taken
// from white and black when the server uses those names; a gameState with
// its fields in GameState. It refuses text that is not a JSON object, an
// event without a type, a gameFull without its state or players, and a
// state without a status.
func ParseGameEvent(line []byte) (GameEvent, error) {
	var e GameEvent
	if err := unmarshalTyped(line, "game event", &e, &e.Type); err != nil {
		return GameEvent{}, err
	}
	switch e.Type {
	case "gameFull":
		if e.P1 == nil {
			e.P1 = e.White
		}
		if e.P2 == nil {
			e.P2 = e.Black
		}
		switch {
		case e.State == nil:
			return GameEvent{}, errors.New("gameFull without a state")
		case e.P1 == nil || e.P2 == nil:
			return GameEvent{}, errors.New("gameFull without both players")
		case e.State.Status == "":
			return GameEvent{}, errors.New("gameFull state without a status")
		}
		e.GameState = *e.State
	case "gameState":
		if e.Status == "" {
			return GameEvent{}, errors.New("gameState without a status")
		}
	case "chatLine", "opponentGone":
	default:
		return GameEvent{Type: e.Type}, nil
	}
	return e, nil
}
