// The bot's main loop: the configuration, the account check, outgoing
// challenges, the event stream with the challenge policy, one goroutine
// per game, and the way it stops (Interrupt: no new games, the games in
// progress finished or resigned; the context's end: resign and leave).

package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// Threshold is a score rule: Moves consecutive own moves with the engine's
// score past Score, from move number FromMove on (0 or 1: from the start).
// Moves 0 switches the rule off.
type Threshold struct {
	Score    float64 // in men
	Moves    int
	FromMove int
}

// applies reports whether the rule is on at the move number of a game of
// turns plies.
func (t Threshold) applies(turns int) bool {
	return t.Moves > 0 && turns/2+1 >= t.FromMove
}

// Config is what the bot needs to run. Zero timings take the defaults.
type Config struct {
	Server string         // the server's base URL, e.g. https://playstrategy.org
	Token  string         // the account's API token, with the scope bot:play
	Engine hubclient.Spec // the engine: its command line, and its options sent before init
	// Limits are level fields added to every search besides the clock,
	// such as "depth=8" or "move-time=2" (depth, nodes and move-time).
	Limits      string
	Policy      Policy
	Concurrency int // games at once (at least 1)

	Challenge      []string // users to challenge at start-up
	ChallengeClock Clock
	ChallengeRated bool

	Greeting string    // said in the players' chat at the start of each game; "" says nothing
	Resign   Threshold // resign after Moves own moves scored <= -Score
	Draw     Threshold // offer (and accept) a draw after Moves own moves scored within +-Score

	// Interrupt, when closed, stops the bot taking new games; the games in
	// progress are finished, or resigned when ResignOnInterrupt is set,
	// and Run returns. The end of Run's context resigns every game at once.
	Interrupt         <-chan struct{}
	ResignOnInterrupt bool

	Log io.Writer // the bot's log; nil for none

	Backoff       Backoff       // reconnecting dropped streams (default 1s to 1m)
	RateLimitWait time.Duration // the first wait after a 429 (default 1m, as lila asks)
	IdleTimeout   time.Duration // a stream silent this long is reconnected (default 30s)
	// RequestTimeout bounds every request until its answer (the headers
	// of a stream); default 10s.
	RequestTimeout time.Duration
}

// Defaults of the timings.
const (
	defaultBackoffMin     = time.Second
	defaultBackoffMax     = time.Minute
	defaultRateLimitWait  = time.Minute
	defaultIdleTimeout    = 30 * time.Second
	defaultRequestTimeout = 10 * time.Second
	rateLimitTries        = 5
	// noClockMoveTime is the search time per move of a game without a
	// clock, unless Limits gives one.
	noClockMoveTime = 10 * time.Second
	// resignTimeout bounds the last requests of a game being left.
	resignTimeout = 10 * time.Second
)

// parseLimits reads Config.Limits, fields of a level line: depth, nodes
// and move-time, each positive and bounded, in the protocol's grammar
// (package hub's numbers, as the engine reads them).
func parseLimits(s string) (hub.Level, error) {
	var lim hub.Level
	l, err := hub.Parse("level " + s)
	if err != nil {
		return lim, fmt.Errorf("limits %q: %v", s, err)
	}
	for _, a := range l.Args {
		var n int64
		switch a.Name {
		case "depth":
			n, err = hub.ParseWhole(a.Value, 1, maxDepth)
			lim.Depth = int(n)
		case "nodes":
			lim.Nodes, err = hub.ParseWhole(a.Value, 1, maxNodes)
		case "move-time":
			lim.MoveTime, err = hub.ParseSeconds(a.Value, hub.TimeResolution, maxSeconds*time.Second)
		default:
			return lim, fmt.Errorf("limits %q: want depth=N, nodes=N or move-time=SECONDS, not %s", s, a.Name)
		}
		if err != nil {
			return lim, fmt.Errorf("limits %q: %s=%s: %v", s, a.Name, a.Value, err)
		}
	}
	return lim, nil
}

// The bounds of Config.Limits, so that each converts exactly: the engine
// checks the protocol's narrower ranges (docs/protocol.md).
const (
	maxDepth = math.MaxInt32
	maxNodes = 1 << 53
)

// account is the answer of GET /api/account.
type account struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Title    string `json:"title"`
}

// bot is a running bot.
type bot struct {
	cfg       Config
	client    *client
	log       *logger
	me        string // the account's id
	limits    hub.Level
	resignAll chan struct{} // closed to resign every game

	mu       sync.Mutex
	games    map[string]bool      // games being played, by id
	accepted map[string]time.Time // challenges accepted whose game has not started, by id: when
	wg       sync.WaitGroup
}

// Run runs the bot until Interrupt is closed and the games in progress
// are over, or until ctx ends (then every game is resigned). Its errors,
// and every line it logs, are free of the token.
func Run(ctx context.Context, cfg Config) error {
	log := &logger{w: cfg.Log, token: cfg.Token}
	b, err := newBot(cfg, log)
	if err != nil {
		return log.cleanError(err)
	}
	return log.cleanError(b.run(ctx))
}

// newBot checks cfg and fills in the defaults.
func newBot(cfg Config, log *logger) (*bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("no token")
	}
	if strings.ContainsAny(cfg.Token, " \t\r\n") {
		return nil, errors.New("the token holds white space")
	}
	server, err := url.Parse(cfg.Server)
	if err != nil || (server.Scheme != "https" && server.Scheme != "http") || server.Host == "" {
		return nil, fmt.Errorf("bad server URL %q (want https://HOST)", cfg.Server)
	}
	if len(cfg.Engine.Command) == 0 {
		return nil, errors.New("no engine command")
	}
	if cfg.Concurrency < 1 {
		return nil, fmt.Errorf("concurrency %d: want at least 1", cfg.Concurrency)
	}
	for _, user := range cfg.Challenge {
		if err := checkID("user", user); err != nil {
			return nil, err
		}
	}
	limits, err := parseLimits(cfg.Limits)
	if err != nil {
		return nil, err
	}
	if cfg.Backoff.Min <= 0 {
		cfg.Backoff.Min = defaultBackoffMin
	}
	if cfg.Backoff.Max < cfg.Backoff.Min {
		cfg.Backoff.Max = max(defaultBackoffMax, cfg.Backoff.Min)
	}
	if cfg.RateLimitWait <= 0 {
		cfg.RateLimitWait = defaultRateLimitWait
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = defaultIdleTimeout
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = defaultRequestTimeout
	}
	c := newClient(server, cfg.Token, log, cfg.RequestTimeout)
	c.rateLimitWait, c.rateLimitTries = cfg.RateLimitWait, rateLimitTries
	return &bot{cfg: cfg, client: c, log: log, limits: limits, resignAll: make(chan struct{}),
		games: map[string]bool{}, accepted: map[string]time.Time{}}, nil
}

func (b *bot) run(ctx context.Context) error {
	// events ends with an interrupt: the requests of the bot's own (the
	// account, challenges, answers to challenges) and the event stream
	// end with it; the games go on with ctx.
	events, stopEvents := context.WithCancel(ctx)
	defer stopEvents()
	interrupted := make(chan struct{})
	go func() {
		select {
		case <-b.cfg.Interrupt:
			close(interrupted)
			b.log.printf("interrupted: no new games; %s the games in progress", map[bool]string{false: "finishing", true: "resigning"}[b.cfg.ResignOnInterrupt])
			if b.cfg.ResignOnInterrupt {
				close(b.resignAll)
			}
			stopEvents()
		case <-events.Done():
		}
	}()
	err := b.start(events)
	if err == nil {
		err = b.client.follow(events, stream{
			path: "/api/stream/event", backoff: b.cfg.Backoff, idle: b.cfg.IdleTimeout,
			handle: func(line []byte) error { b.onEvent(events, ctx, line); return nil },
		})
	}
	b.wg.Wait()
	select {
	case <-interrupted:
		if ctx.Err() == nil {
			return nil
		}
	default:
	}
	if err == nil {
		err = errors.New("the event stream ended")
	}
	return err
}

// start checks the account and sends the challenges of the configuration.
func (b *bot) start(ctx context.Context) error {
	var acct account
	if err := b.client.getJSON(ctx, "/api/account", &acct); err != nil {
		return fmt.Errorf("the account: %w", err)
	}
	if err := checkID("account", acct.ID); err != nil {
		return err
	}
	b.me = strings.ToLower(acct.ID)
	if acct.Title != "BOT" {
		b.log.printf("warning: %s is not a bot account (title %q); upgrade it first (docs/playstrategy.md)", acct.Username, acct.Title)
	}
	b.log.printf("logged in as %s", acct.Username)
	for _, user := range b.cfg.Challenge {
		b.challenge(ctx, user)
	}
	return nil
}

// challenge challenges user to a game of Dameo.
func (b *bot) challenge(ctx context.Context, user string) {
	c := b.cfg.ChallengeClock
	form := url.Values{
		"variant":         {dameoKey},
		"rated":           {fmt.Sprint(b.cfg.ChallengeRated)},
		"clock.limit":     {fmt.Sprint(int(c.Base.Seconds()))},
		"clock.increment": {fmt.Sprint(int(c.Increment.Seconds()))},
		"color":           {"random"},
	}
	if err := b.client.post(ctx, "/api/challenge/"+user, form); err != nil {
		b.log.printf("challenging %s: %v", user, err)
		return
	}
	b.log.printf("challenged %s (%v, %s)", user, c, map[bool]string{true: "rated", false: "casual"}[b.cfg.ChallengeRated])
}

// onEvent acts on one line of the event stream: its requests end with
// events, the games it starts with games.
func (b *bot) onEvent(events, games context.Context, line []byte) {
	ev, err := ParseEvent(line)
	if err != nil {
		b.log.printf("ignoring an event: %v", err)
		return
	}
	switch ev.Type {
	case "challenge":
		b.onChallenge(events, ev.Challenge)
	case "gameStart":
		if !b.startGame(games, ev.Game.GameID) {
			b.refuseGame(events, ev.Game.GameID)
		}
	case "gameFinish":
		b.log.printf("game %s finished", ev.Game.GameID)
	case "challengeCanceled", "challengeDeclined":
		b.unreserve(ev.Challenge.ID)
		b.log.printf("challenge %s: %s", ev.Challenge.ID, strings.TrimPrefix(ev.Type, "challenge"))
	}
}

// onChallenge accepts or declines a challenge.
func (b *bot) onChallenge(ctx context.Context, c *Challenge) {
	if c.Challenger != nil && strings.EqualFold(c.Challenger.ID, b.me) {
		return // our own challenge
	}
	if c.DestUser != nil && c.DestUser.ID != "" && !strings.EqualFold(c.DestUser.ID, b.me) {
		return
	}
	who := "someone"
	if c.Challenger != nil {
		who = c.Challenger.ID
	}
	reason := b.cfg.Policy.Decide(c)
	if reason == "" && !b.reserve(c.ID) {
		reason = reasonLater
	}
	if reason != "" {
		if err := b.client.post(ctx, "/api/challenge/"+c.ID+"/decline", url.Values{"reason": {reason}}); err != nil {
			b.log.printf("declining challenge %s from %s: %v", c.ID, who, err)
			return
		}
		b.log.printf("declined challenge %s from %s (%s %s, %s)", c.ID, who, c.Variant.Key, c.TimeControl.text(), reason)
		return
	}
	if err := b.client.post(ctx, "/api/challenge/"+c.ID+"/accept", nil); err != nil {
		b.unreserve(c.ID)
		b.log.printf("accepting challenge %s from %s: %v", c.ID, who, err)
		return
	}
	b.log.printf("accepted challenge %s from %s (%s)", c.ID, who, c.TimeControl.text())
}

// text describes a time control for the log.
func (tc TimeControl) text() string {
	if tc.Type == "clock" {
		return fmt.Sprintf("%d+%d", tc.Limit, tc.Increment)
	}
	return tc.Type
}

// acceptedWait is how long a challenge accepted holds its place for its
// game, which the server starts at once.
const acceptedWait = time.Minute

// reserve holds a place for the game of challenge id, unless the games in
// progress and the challenges accepted fill Concurrency.
func (b *bot) reserve(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for other, when := range b.accepted {
		if time.Since(when) > acceptedWait {
			delete(b.accepted, other)
		}
	}
	if len(b.games)+len(b.accepted) >= b.cfg.Concurrency {
		return false
	}
	b.accepted[id] = time.Now()
	return true
}

// unreserve gives up the place of challenge id (its accept failed, or it
// was cancelled).
func (b *bot) unreserve(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.accepted, id)
}

// startGame plays game id in a goroutine of its own, unless it is being
// played already (the event stream repeats the games in progress when it
// reconnects). A game the bot did not accept (its own challenge's, or
// one the server started) takes a free place; it reports false when there
// is none.
func (b *bot) startGame(ctx context.Context, id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.games[id] {
		return true
	}
	if _, ok := b.accepted[id]; ok {
		delete(b.accepted, id)
	} else if len(b.games)+len(b.accepted) >= b.cfg.Concurrency {
		return false
	}
	b.games[id] = true
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		b.log.printf("game %s: start", id)
		if err := b.play(ctx, id); err != nil {
			b.log.printf("game %s: %v", id, err)
		}
		b.mu.Lock()
		delete(b.games, id)
		b.mu.Unlock()
	}()
	return true
}

// refuseGame ends a game started beyond Concurrency without playing it:
// aborted, or resigned when it cannot be aborted.
func (b *bot) refuseGame(ctx context.Context, id string) {
	b.log.printf("game %s: refused: %d games at once at most; aborting it", id, b.cfg.Concurrency)
	path := "/api/bot/game/" + id + "/"
	if err := b.client.post(ctx, path+"abort", nil); err != nil {
		b.log.printf("game %s: aborting: %v; resigning", id, err)
		if err := b.client.post(ctx, path+"resign", nil); err != nil {
			b.log.printf("game %s: resigning: %v", id, err)
		}
	}
}
