// A local stand-in for PlayStrategy's Bot API, the subset docs/playstrategy.md
// describes: the account, the event stream, challenges accepted and
// declined, game streams (gameFull, then a gameState after every jump),
// move POSTs checked jump by jump with the rules (400 when illegal),
// clocks, resign, draw answers and chat. It plays the other side itself,
// choosing moves that leave the bot a capture of several pieces when it
// can, and can drop a stream or answer 429 on request.

package bot

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dameo/dameo/engine"
)

// testServer is the stand-in server.
type testServer struct {
	*httptest.Server
	token string
	me    string

	mu           sync.Mutex
	events       chan string
	games        map[string]*testGame
	decisions    map[string]string // challenge id -> "accept" or the decline reason
	rateLimited  map[string]int    // path -> 429 answers still to give
	given429     int
	unauthorized int
	rejected     []string // move POSTs answered 400, with why
	chat         []string
	dropAfter    int // a game's first stream connection ends after this many states (0: never)
	rng          *rand.Rand
	maxPlies     int
	errorBody    string // when set, GET /api/account answers 403 with it
	username     string // the account's name ("" for DameoBot)
}

// testGame is one game on the server.
type testGame struct {
	id       string
	botColor engine.Color
	game     *engine.Game
	turns    []string        // complete turns in the server's notation
	partial  []engine.Square // the capture in progress
	clock    [2]int64        // ms left, White then Black
	inc      int64
	since    time.Time // when the side to move began
	status   string
	winner   string
	history  []string      // every state line, in order
	changed  chan struct{} // closed and replaced at each new state
	streams  int           // connections to the game's stream
	botMulti int           // turns of the bot with several jumps
}

func newTestServer(t *testing.T, token string) *testServer {
	s := &testServer{
		token: token, me: "dameobot",
		events:      make(chan string, 64),
		games:       map[string]*testGame{},
		decisions:   map[string]string{},
		rateLimited: map[string]int{},
		rng:         rand.New(rand.NewPCG(1, 2)),
		maxPlies:    400,
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/account", s.account)
	mux.HandleFunc("GET /api/stream/event", s.eventStream)
	mux.HandleFunc("POST /api/challenge/{id}/{action}", s.answerChallenge)
	mux.HandleFunc("GET /api/bot/game/stream/{id}", s.gameStream)
	mux.HandleFunc("POST /api/bot/game/{id}/move/{move}", s.move)
	mux.HandleFunc("POST /api/bot/game/{id}/{action}", s.gameAction)
	mux.HandleFunc("POST /api/bot/game/{id}/draw/{answer}", s.gameAction)
	s.Server = httptest.NewServer(s.guard(mux))
	t.Cleanup(s.Close)
	return s
}

// guard checks the token and gives the 429s asked for.
func (s *testServer) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		if r.Header.Get("Authorization") != "Bearer "+s.token {
			s.unauthorized++
			s.mu.Unlock()
			http.Error(w, `{"error":"No such token"}`, http.StatusUnauthorized)
			return
		}
		if s.rateLimited[r.URL.Path] > 0 {
			s.rateLimited[r.URL.Path]--
			s.given429++
			s.mu.Unlock()
			http.Error(w, `{"error":"Too many requests"}`, http.StatusTooManyRequests)
			return
		}
		s.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func (s *testServer) account(w http.ResponseWriter, r *http.Request) {
	if s.errorBody != "" {
		http.Error(w, s.errorBody, http.StatusForbidden)
		return
	}
	name := cmp.Or(s.username, "DameoBot")
	json.NewEncoder(w).Encode(map[string]string{"id": s.me, "username": name, "title": "BOT"})
}

// keepAlive is the interval of the streams' empty lines.
const keepAlive = 20 * time.Millisecond

func (s *testServer) eventStream(w http.ResponseWriter, r *http.Request) {
	flush := w.(http.Flusher)
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case line := <-s.events:
			fmt.Fprintln(w, line)
		case <-tick.C:
			fmt.Fprintln(w)
		case <-r.Context().Done():
			return
		}
		flush.Flush()
	}
}

// challenge sends a challenge event to the bot.
func (s *testServer) challenge(id, variant string, limit, inc int, rated bool) {
	s.events <- fmt.Sprintf(`{"type":"challenge","challenge":{"id":%q,"status":"created","challenger":{"id":"someone","name":"Someone"},"destUser":{"id":%q},`+
		`"variant":{"key":%q,"name":"V"},"rated":%v,"speed":"blitz","timeControl":{"type":"clock","limit":%d,"increment":%d,"show":"x"},"color":"random","compat":{"bot":true,"board":true}}}`,
		id, s.me, variant, rated, limit, inc)
}

func (s *testServer) answerChallenge(w http.ResponseWriter, r *http.Request) {
	id, action := r.PathValue("id"), r.PathValue("action")
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, done := s.decisions[id]; done {
		http.Error(w, `{"error":"challenge already answered"}`, http.StatusBadRequest)
		return
	}
	switch action {
	case "accept":
		s.decisions[id] = "accept"
		g := &testGame{
			id: id, botColor: engine.Color(len(s.games) % 2), game: engine.NewGame(engine.StartPosition()),
			clock: [2]int64{60000, 60000}, inc: 1000, since: time.Now(), status: "started", changed: make(chan struct{}),
		}
		s.games[id] = g
		g.record()
		s.events <- fmt.Sprintf(`{"type":"gameStart","game":{"id":%q,"gameId":%q}}`, id, id)
		if g.botColor == engine.Black {
			go s.opponent(g)
		}
	case "decline":
		s.decisions[id] = r.FormValue("reason")
		s.events <- fmt.Sprintf(`{"type":"challengeDeclined","challenge":{"id":%q}}`, id)
	default:
		http.NotFound(w, r)
		return
	}
	fmt.Fprint(w, `{"ok":true}`)
}

// player is a side's name in the protocol.
func player(c engine.Color) string {
	return map[engine.Color]string{engine.White: "p1", engine.Black: "p2"}[c]
}

// stateJSON is the game's state (the caller holds the lock).
func (g *testGame) stateJSON() string {
	moves := strings.Join(g.turns, " ")
	if g.partial != nil {
		moves = strings.TrimSpace(moves + " " + pathText(g.partial))
	}
	pos := g.game.Position()
	side := pos.SideToMove()
	b, _ := json.Marshal(map[string]any{
		"type": "gameState", "moves": moves, "activeplayer": player(side),
		"wtime": g.clock[0], "btime": g.clock[1], "winc": g.inc, "binc": g.inc,
		"status": g.status, "winner": g.winner,
	})
	return string(b)
}

// record adds the current state to the history and wakes the streams.
func (g *testGame) record() {
	g.history = append(g.history, g.stateJSON())
	close(g.changed)
	g.changed = make(chan struct{})
}

// requestedGame is the game of the request's id, or nil after answering
// 404 when there is none; the caller holds s.mu.
func (s *testServer) requestedGame(w http.ResponseWriter, r *http.Request) *testGame {
	g := s.games[r.PathValue("id")]
	if g == nil {
		http.NotFound(w, r)
	}
	return g
}

func (s *testServer) gameStream(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	g := s.requestedGame(w, r)
	if g == nil {
		s.mu.Unlock()
		return
	}
	g.streams++
	drop := 0
	if g.streams == 1 {
		drop = s.dropAfter
	}
	p1, p2 := s.me, "someone"
	if g.botColor == engine.Black {
		p1, p2 = p2, p1
	}
	state := g.history[len(g.history)-1]
	next := len(g.history)
	s.mu.Unlock()
	flush := w.(http.Flusher)
	fmt.Fprintf(w, `{"type":"gameFull","id":%q,"variant":{"key":"dameo"},"clock":{"initial":60000,"increment":1000},"speed":"blitz","rated":false,`+
		`"p1":{"id":%q,"name":"P1"},"p2":{"id":%q,"name":"P2"},"initialFen":"startpos","state":%s}`+"\n", g.id, p1, p2, state)
	flush.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	sent := 0
	for {
		s.mu.Lock()
		lines := g.history[next:]
		next = len(g.history)
		changed, over := g.changed, g.status != "started"
		s.mu.Unlock()
		for _, l := range lines {
			fmt.Fprintln(w, l)
			if sent++; drop > 0 && sent >= drop {
				flush.Flush()
				return
			}
		}
		flush.Flush()
		if over && len(lines) == 0 {
			return
		}
		select {
		case <-changed:
		case <-tick.C:
			fmt.Fprintln(w)
		case <-r.Context().Done():
			return
		}
	}
}

// jump applies one jump of the side to move, checked with the rules; the
// caller holds the lock. It returns why a jump is refused.
func (g *testGame) jump(text string) error {
	if g.status != "started" {
		return fmt.Errorf("the game is over")
	}
	text = strings.TrimSuffix(text, "K")
	if len(text) != 4 {
		return fmt.Errorf("bad move %q", text)
	}
	from, err1 := engine.ParseSquare(text[:2])
	to, err2 := engine.ParseSquare(text[2:])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("bad move %q", text)
	}
	p := g.game.Position()
	path := []engine.Square{from, to}
	if g.partial != nil {
		if g.partial[len(g.partial)-1] != from {
			return fmt.Errorf("%s does not go on with the capture in progress", text)
		}
		path = append(append([]engine.Square(nil), g.partial...), to)
	}
	var move engine.Move
	if !p.HasCapture() {
		for _, m := range p.LegalMoves() {
			if m.From == from && m.To == to {
				move = m
			}
		}
	} else {
		var more bool
		if move, more = p.FollowJumps(path); more {
			g.partial = path
			g.record()
			return nil
		}
	}
	if move == engine.NoMove {
		return fmt.Errorf("%s is not legal", text)
	}
	side := p.SideToMove()
	g.clock[side] -= time.Since(g.since).Milliseconds()
	if g.clock[side] < 0 {
		g.clock[side] = 0
		g.status, g.winner = "outoftime", player(side.Other())
		g.record()
		return nil
	}
	g.clock[side] += g.inc
	g.since = time.Now()
	if side == g.botColor && len(path) > 2 {
		g.botMulti++
	}
	g.turns = append(g.turns, pathText(path))
	g.partial = nil
	g.game.Play(move)
	switch g.game.Result() {
	case engine.Loss:
		g.status, g.winner = "mate", player(side)
	case engine.Draw:
		g.status = "draw"
	}
	if g.status == "started" && len(g.turns) >= 400 {
		g.status = "draw"
	}
	g.record()
	return nil
}

func (s *testServer) move(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.requestedGame(w, r)
	if g == nil {
		return
	}
	var err error
	if pos := g.game.Position(); pos.SideToMove() != g.botColor {
		err = fmt.Errorf("not your turn")
	} else {
		err = g.jump(r.PathValue("move"))
	}
	if err != nil {
		s.rejected = append(s.rejected, r.PathValue("move")+": "+err.Error())
		http.Error(w, fmt.Sprintf(`{"error":%q}`, err.Error()), http.StatusBadRequest)
		return
	}
	if g.status == "started" && g.partial == nil {
		go s.opponent(g)
	}
	fmt.Fprint(w, `{"ok":true}`)
}

// opponent plays the other side's move, one jump at a time: a move that
// leaves the bot a capture of two pieces or more if there is one, else a
// random one.
func (s *testServer) opponent(g *testGame) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := g.game.Position()
	moves := p.LegalMoves()
	if g.status != "started" || len(moves) == 0 || p.SideToMove() == g.botColor {
		return
	}
	choice := moves[s.rng.IntN(len(moves))]
	for _, m := range moves {
		next := p.Play(m)
		if l := next.LegalMoves(); len(l) > 0 && l[0].CaptureCount() >= 2 {
			choice = m
			break
		}
	}
	for _, j := range serverJumps(&p, choice) {
		if err := g.jump(j); err != nil {
			panic(fmt.Sprintf("the test server's own move %s: %v", j, err))
		}
	}
}

func (s *testServer) gameAction(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.requestedGame(w, r)
	if g == nil {
		return
	}
	switch action := r.PathValue("action"); {
	case action == "chat":
		s.chat = append(s.chat, r.FormValue("room")+": "+r.FormValue("text"))
	case action == "resign" && g.status == "started":
		g.status, g.winner = "resign", player(g.botColor.Other())
		g.record()
	case r.PathValue("answer") != "":
	default:
		http.Error(w, `{"error":"no such action"}`, http.StatusBadRequest)
		return
	}
	fmt.Fprint(w, `{"ok":true}`)
}
