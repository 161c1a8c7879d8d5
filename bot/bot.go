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
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/hubclient"
)

// Threshold is a score rule: Moves consecutive own moves with the engine's
// score past Score. Moves 0 switches the rule off.
type Threshold struct {
	Score float64 // in men
	Moves int
}

// Config is what the bot needs to run. Zero timings take the defaults.
type Config struct {
	Server        string   // the server's base URL, e.g. https://playstrategy.org
	Token         string   // the account's API token, with the scope bot:play
	Engine        []string // the engine's command line: program and arguments
	EngineOptions []EngineOption
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
}

// Defaults of the timings.
const (
	defaultBackoffMin    = time.Second
	defaultBackoffMax    = time.Minute
	defaultRateLimitWait = time.Minute
	defaultIdleTimeout   = 30 * time.Second
	rateLimitTries       = 5
	// noClockMoveTime is the search time per move of a game without a
	// clock, unless Limits gives one.
	noClockMoveTime = 10 * time.Second
	// resignTimeout bounds the last requests of a game being left.
	resignTimeout = 10 * time.Second
)

// parseLimits reads Config.Limits, fields of a level line: depth, nodes
// and move-time, each positive and bounded.
func parseLimits(s string) (hubclient.Limits, error) {
	var lim hubclient.Limits
	l, err := hub.Parse("level " + s)
	if err != nil {
		return lim, fmt.Errorf("limits %q: %v", s, err)
	}
	for _, a := range l.Args {
		v, err := strconv.ParseFloat(a.Value, 64)
		bad := err != nil || !(v > 0)
		switch {
		case a.Flag:
			bad = true
		case a.Name == "depth":
			bad = bad || v != math.Trunc(v) || v > maxDepth
			lim.Depth = int(v)
		case a.Name == "nodes":
			bad = bad || v != math.Trunc(v) || v > maxNodes
			lim.Nodes = int64(v)
		case a.Name == "move-time":
			bad = bad || v > maxSeconds
			lim.MoveTime = time.Duration(v * float64(time.Second))
		default:
			return lim, fmt.Errorf("limits %q: want depth=N, nodes=N or move-time=SECONDS, not %s", s, a.Name)
		}
		if bad {
			return lim, fmt.Errorf("limits %q: %s=%s: want a positive number (at most %s)", s, a.Name, a.Value, limitBounds[a.Name])
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

var limitBounds = map[string]string{
	"depth": strconv.Itoa(maxDepth), "nodes": strconv.Itoa(maxNodes), "move-time": strconv.Itoa(maxSeconds),
}

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
	limits    hubclient.Limits
	resignAll chan struct{} // closed to resign every game

	mu    sync.Mutex
	games map[string]bool // games being played, by id
	wg    sync.WaitGroup
}

// Run runs the bot until Interrupt is closed and the games in progress
// are over, or until ctx ends (then every game is resigned). Its errors,
// and every line it logs, are free of the token.
func Run(ctx context.Context, cfg Config) error {
	log := &logger{w: cfg.Log, token: cfg.Token}
	b, err := newBot(cfg, log)
	if err != nil {
		return log.redactError(err)
	}
	return log.redactError(b.run(ctx))
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
	if len(cfg.Engine) == 0 {
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
	c := &client{
		server: server, token: cfg.Token, http: &http.Client{}, log: log,
		rateLimitWait: cfg.RateLimitWait, rateLimitTries: rateLimitTries,
	}
	return &bot{cfg: cfg, client: c, log: log, limits: limits, resignAll: make(chan struct{}), games: map[string]bool{}}, nil
}

func (b *bot) run(ctx context.Context) error {
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
	err := b.client.follow(events, stream{
		path: "/api/stream/event", backoff: b.cfg.Backoff, idle: b.cfg.IdleTimeout,
		handle: func(line []byte) error { b.onEvent(ctx, line); return nil },
	})
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

// onEvent acts on one line of the event stream.
func (b *bot) onEvent(ctx context.Context, line []byte) {
	ev, err := ParseEvent(line)
	if err != nil {
		b.log.printf("ignoring an event: %v", err)
		return
	}
	switch ev.Type {
	case "challenge":
		b.onChallenge(ctx, ev.Challenge)
	case "gameStart":
		b.startGame(ctx, ev.Game.GameID)
	case "gameFinish":
		b.log.printf("game %s finished", ev.Game.GameID)
	case "challengeCanceled", "challengeDeclined":
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
	if reason == "" && b.playing() >= b.cfg.Concurrency {
		reason = reasonLater
	}
	if reason != "" {
		if err := b.client.post(ctx, "/api/challenge/"+c.ID+"/decline", url.Values{"reason": {reason}}); err != nil {
			b.log.printf("declining challenge %s from %s: %v", c.ID, who, err)
			return
		}
		b.log.printf("declined challenge %s from %s (%s %s, %s)", c.ID, who, hub.SafeValue(c.Variant.Key), c.TimeControl.text(), reason)
		return
	}
	if err := b.client.post(ctx, "/api/challenge/"+c.ID+"/accept", nil); err != nil {
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
	return hub.SafeValue(tc.Type)
}

// playing is the number of games in progress.
func (b *bot) playing() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.games)
}

// startGame plays game id in a goroutine of its own, unless it is being
// played already (the event stream repeats the games in progress when it
// reconnects).
func (b *bot) startGame(ctx context.Context, id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.games[id] {
		return
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
}
