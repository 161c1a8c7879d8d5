// The messages between the page and the server, as JSON objects with a
// "type": the page's requests, decoded and checked here before a session
// acts on them, and the server's replies (hello, state, analysis, pdn,
// error).

package gui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dameo/dameo/hub"
)

// Request types the page sends.
const (
	reqNew        = "new"        // a new game: Mode, Color, Engine / White, Black, Limit, FromBoard, Level
	reqMove       = "move"       // play Move (notation) at the board's position
	reqTakeBack   = "takeback"   // take back the last move (and the engine's reply)
	reqResign     = "resign"     // the person resigns
	reqGoTo       = "goto"       // show the position of Node
	reqDelete     = "delete"     // delete Node and the moves after it (analysis)
	reqPromote    = "promote"    // make Node's line the main line (analysis)
	reqPlayLine   = "playline"   // play Moves from the board's position as a variation (analysis)
	reqOpen       = "open"       // an analysis board from Text (position text, "" for the start) and Moves, as the address gives them
	reqPause      = "pause"      // On: pause the clock, or go on
	reqReview     = "review"     // analyse every move of the main line to Limit.Nodes, Limit.Depth or for Limit.MoveTime seconds each
	reqStopReview = "stopreview" // stop a whole-game analysis
	reqAnalyse    = "analyse"    // On: analysis on or off; MultiPV: lines
	reqPosition   = "position"   // set up Text (position text or the Hub pos= form), analysis mode
	reqLoadPDN    = "loadpdn"    // load the first game of Text
	reqSavePDN    = "savepdn"    // ask for the game as PDN
	reqOption     = "option"     // engine parameter Name = Value
)

// reqExplorerLoad adds the games of Text, PDN, to the explorer.
const reqExplorerLoad = "explorerload"

// Modes of a game.
const (
	modePlay    = "play"    // a person against an engine
	modeAnalyse = "analyse" // a person moves both sides
	modeWatch   = "watch"   // two engines play each other
)

// Limits of the number fields of requests.
const (
	maxMinutes  = 600  // clock
	maxIncrease = 600  // increment, seconds
	maxMoveTime = 3600 // seconds per move
	maxMultiPV  = 16
	// maxReviewMoveTime, maxReviewDepth and maxReviewNodes bound what a
	// whole-game analysis spends on each move.
	maxReviewMoveTime = 10
	maxReviewDepth    = 40
	maxReviewNodes    = 100_000_000
)

// request is one message from the page.
type request struct {
	Type      string   `json:"type"`
	Mode      string   `json:"mode,omitempty"`
	Color     string   `json:"color,omitempty"`  // the person's side in play mode: white or black
	Engine    int      `json:"engine,omitempty"` // engine index in play mode
	White     int      `json:"white,omitempty"`  // engine indexes in watch mode
	Black     int      `json:"black,omitempty"`
	Limit     limit    `json:"limit"`
	FromBoard bool     `json:"fromBoard,omitempty"` // the new game starts from the board's position
	Level     *int     `json:"level,omitempty"`     // the engine's level against the person (play mode), nil for full strength
	Move      string   `json:"move,omitempty"`
	Node      int      `json:"node,omitempty"`  // a node of the move tree
	Moves     []string `json:"moves,omitempty"` // a line in notation
	On        bool     `json:"on,omitempty"`
	MultiPV   int      `json:"multipv,omitempty"`
	Text      string   `json:"text,omitempty"`
	Name      string   `json:"name,omitempty"`
	Value     string   `json:"value,omitempty"`
}

// limit is how long engines think: a clock (Minutes plus Increment seconds a
// move) or a fixed MoveTime in seconds; a review's searches also to a Depth
// or a number of Nodes.
type limit struct {
	Minutes   float64 `json:"minutes,omitempty"`
	Increment float64 `json:"increment,omitempty"`
	MoveTime  float64 `json:"moveTime,omitempty"`
	Depth     int     `json:"depth,omitempty"`
	Nodes     int64   `json:"nodes,omitempty"`
}

// isClock reports whether the limit is a clock rather than a time per move.
func (l limit) isClock() bool { return l.MoveTime == 0 }

// engineParams are the engine parameters the page may set, with a check of
// the value.
var engineParams = map[string]func(string) error{
	"threads": intRange(1, 64),
	"hash":    intRange(1, 4096),
	"book":    boolValue,
	"multipv": intRange(1, maxMultiPV),
}

// decodeRequest reads and checks one message from the page. Unknown fields,
// unknown types and values out of range are errors.
func decodeRequest(data []byte) (request, error) {
	var r request
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return request{}, fmt.Errorf("bad message: %v", err)
	}
	if dec.More() {
		return request{}, fmt.Errorf("bad message: more than one JSON value")
	}
	if err := r.check(); err != nil {
		return request{}, fmt.Errorf("bad %q message: %v", r.Type, err)
	}
	return r, nil
}

// check reports what is wrong with the fields a request of its type uses.
func (r request) check() error {
	switch r.Type {
	case reqNew:
		if r.Level != nil && r.Mode != modePlay {
			return fmt.Errorf("a level is for a game against the engine")
		}
		switch r.Mode {
		case modePlay:
			if r.Color != "white" && r.Color != "black" {
				return fmt.Errorf("color %q: want white or black", r.Color)
			}
			if r.Level != nil && *r.Level < 0 { // the top is the session's (checkLevel)
				return fmt.Errorf("level %d: want 0 or more", *r.Level)
			}
		case modeWatch:
		case modeAnalyse:
			return nil
		default:
			return fmt.Errorf("mode %q: want play, analyse or watch", r.Mode)
		}
		if r.Engine < 0 || r.White < 0 || r.Black < 0 {
			return fmt.Errorf("negative engine index")
		}
		return r.Limit.check()
	case reqMove:
		if r.Move == "" {
			return fmt.Errorf("no move")
		}
	case reqGoTo, reqDelete, reqPromote:
		if r.Node < 0 {
			return fmt.Errorf("node %d out of range", r.Node)
		}
	case reqPlayLine, reqOpen:
		if r.Type == reqPlayLine && len(r.Moves) == 0 {
			return fmt.Errorf("no moves")
		}
		if len(r.Moves) > maxTreeMoves {
			return fmt.Errorf("more than %d moves", maxTreeMoves)
		}
	case reqReview:
		return r.Limit.checkReview()
	case reqAnalyse:
		if r.MultiPV < 0 || r.MultiPV > maxMultiPV {
			return fmt.Errorf("multipv %d: want 1 to %d", r.MultiPV, maxMultiPV)
		}
	case reqPosition, reqLoadPDN, reqExplorerLoad:
		if r.Text == "" {
			return fmt.Errorf("no text")
		}
	case reqOption:
		check, ok := engineParams[r.Name]
		if !ok {
			return fmt.Errorf("unknown engine option %q (want threads, hash, book or multipv)", r.Name)
		}
		if err := check(r.Value); err != nil {
			return fmt.Errorf("%s: %v", r.Name, err)
		}
	case reqTakeBack, reqResign, reqSavePDN, reqPause, reqStopReview:
	default:
		return fmt.Errorf("unknown message type")
	}
	return nil
}

// checkReview checks the limit of a review's searches: at most one of
// move time (0, or a time as the protocol carries it), depth and nodes
// (none for the default).
func (l limit) checkReview() error {
	given := 0
	for _, set := range []bool{l.MoveTime != 0, l.Depth != 0, l.Nodes != 0} {
		if set {
			given++
		}
	}
	switch {
	case l.Minutes != 0 || l.Increment != 0:
		return fmt.Errorf("a review's searches take no clock")
	case given > 1:
		return fmt.Errorf("give one of move time, depth and nodes")
	case l.Depth < 0 || l.Depth > maxReviewDepth:
		return fmt.Errorf("depth %d: want 1 to %d", l.Depth, maxReviewDepth)
	case l.Nodes < 0 || l.Nodes > maxReviewNodes:
		return fmt.Errorf("nodes %d: want 1 to %d", l.Nodes, maxReviewNodes)
	}
	if err := hub.CheckSeconds(l.MoveTime, true, maxReviewMoveTime*time.Second); err != nil {
		return fmt.Errorf("move time %v: %v (0: the default)", l.MoveTime, err)
	}
	return nil
}

// check holds each time to the protocol's rule (0, or at least the
// millisecond a level line can carry, so that none is sent as 0 and read
// as no limit) and the page's bounds.
func (l limit) check() error {
	if l.Depth != 0 || l.Nodes != 0 {
		return fmt.Errorf("a game's engines think by time, not by depth or nodes")
	}
	for _, f := range []struct {
		name  string
		v     float64
		scale time.Duration
		hi    time.Duration
	}{
		{"minutes", l.Minutes, time.Minute, maxMinutes * time.Minute},
		{"increment", l.Increment, time.Second, maxIncrease * time.Second},
		{"move time", l.MoveTime, time.Second, maxMoveTime * time.Second},
	} {
		if err := hub.CheckSeconds(f.v*f.scale.Seconds(), true, f.hi); err != nil {
			return fmt.Errorf("%s %v: %v", f.name, f.v, err)
		}
	}
	if l.MoveTime == 0 && l.Minutes == 0 && l.Increment == 0 {
		return fmt.Errorf("no time: give a clock or a move time")
	}
	return nil
}

// intRange checks a whole decimal number from lo to hi.
func intRange(lo, hi int) func(string) error {
	return func(v string) error {
		if _, err := hub.ParseWhole(v, int64(lo), int64(hi)); err != nil {
			return fmt.Errorf("%q: %v", v, err)
		}
		return nil
	}
}

// boolValue checks true or false.
func boolValue(v string) error {
	if v != "true" && v != "false" {
		return fmt.Errorf("%q: want true or false", v)
	}
	return nil
}
