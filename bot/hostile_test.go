// The bot against hostile servers: a burst of challenges and gameStarts
// beyond --concurrency, an accept that is never answered (the event stream
// must still be reconnected, and one interrupt must be enough to stop),
// redirects to another origin (the token must not follow), and clocks
// whose numbers overflow a duration.

package bot

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/internal/testio"
)

// hostile is a server whose routes a test gives; it counts the requests
// by route and keeps the Authorization headers it saw.
type hostile struct {
	*httptest.Server
	mu      sync.Mutex
	hits    map[string]int
	release chan struct{} // closed at the end of the test: handlers that hang return
}

func newHostile(t *testing.T, routes map[string]func(h *hostile, w http.ResponseWriter, r *http.Request)) *hostile {
	h := &hostile{hits: map[string]int{}, release: make(chan struct{})}
	mux := http.NewServeMux()
	for pattern, handle := range routes {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			h.mu.Lock()
			h.hits[pattern]++
			h.mu.Unlock()
			handle(h, w, r)
		})
	}
	h.Server = httptest.NewServer(mux)
	t.Cleanup(func() { close(h.release); h.Close() })
	return h
}

// count is the number of requests to the route pattern so far.
func (h *hostile) count(pattern string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.hits[pattern]
}

// hang holds a request until the client gives it up or the test ends.
func (h *hostile) hang(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-h.release:
	}
}

func botAccount(_ *hostile, w http.ResponseWriter, _ *http.Request) {
	fmt.Fprint(w, `{"id":"dameobot","username":"DameoBot","title":"BOT"}`)
}

// streamLines writes lines, then empty keep-alive lines until the client
// goes or the test ends.
func streamLines(h *hostile, w http.ResponseWriter, r *http.Request, lines ...string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	w.(http.Flusher).Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.release:
			return
		case <-time.After(20 * time.Millisecond):
			fmt.Fprintln(w)
			w.(http.Flusher).Flush()
		}
	}
}

func challengeLine(id string) string {
	return fmt.Sprintf(`{"type":"challenge","challenge":{"id":%q,"challenger":{"id":"someone"},"destUser":{"id":"dameobot"},`+
		`"variant":{"key":"dameo"},"rated":false,"timeControl":{"type":"clock","limit":300,"increment":3},"compat":{"bot":true}}}`, id)
}

func gameStartLine(id string) string {
	return fmt.Sprintf(`{"type":"gameStart","game":{"id":%q,"gameId":%q}}`, id, id)
}

// hostileConfig is a configuration for server h with the real engine.
func hostileConfig(t *testing.T, h *hostile, log *testio.SyncBuffer) Config {
	return Config{
		Server: h.URL, Token: testToken, Log: log,
		Engine: hubclient.Spec{Command: []string{testbin.Build(t, "cmd/dameo", false), "hub"},
			Options: []hubclient.Param{{Name: "book", Value: "false"}}},
		Limits:        "depth=1",
		Policy:        Policy{Rated: true, Casual: true},
		Concurrency:   1,
		Backoff:       Backoff{Min: 10 * time.Millisecond, Max: 100 * time.Millisecond},
		RateLimitWait: 10 * time.Millisecond,
		IdleTimeout:   5 * time.Second,
	}
}

// eventually waits until cond holds, failing the test after 30 seconds.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !within(30*time.Second, cond) {
		t.Fatalf("timed out waiting for %s", what)
	}
}

// within reports whether cond holds within d.
func within(d time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(d); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// runBot runs the bot until the test ends; the channel gives Run's error.
func runBot(t *testing.T, cfg Config) (chan error, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	done, returned := make(chan error, 1), make(chan struct{})
	go func() {
		done <- Run(ctx, cfg)
		close(returned)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-returned:
		case <-time.After(2 * time.Minute):
			t.Error("Run did not return after its context ended")
		}
	})
	return done, cancel
}

// Twenty challenges and five gameStarts the bot did not ask for, in a
// burst, with --concurrency 1: one challenge accepted, one game played (one
// engine), the others declined "later" and the extra games aborted.
func TestConcurrencyHolds(t *testing.T) {
	const challenges, extra = 20, 5
	var mu sync.Mutex
	accepted, declined, aborted := map[string]bool{}, map[string]string{}, map[string]bool{}
	streams, open, maxOpen := map[string]bool{}, 0, 0
	starts := make(chan string, challenges+extra)
	h := newHostile(t, map[string]func(*hostile, http.ResponseWriter, *http.Request){
		"GET /api/account": botAccount,
		"GET /api/stream/event": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			var lines []string
			if h.count("GET /api/stream/event") == 1 {
				for i := range challenges {
					lines = append(lines, challengeLine(fmt.Sprintf("ch%02d", i)))
				}
				for i := range extra {
					lines = append(lines, gameStartLine(fmt.Sprintf("extra%d", i)))
				}
			}
			for _, l := range lines {
				fmt.Fprintln(w, l)
			}
			w.(http.Flusher).Flush()
			for {
				select {
				case id := <-starts:
					fmt.Fprintln(w, gameStartLine(id))
				case <-time.After(20 * time.Millisecond):
					fmt.Fprintln(w)
				case <-r.Context().Done():
					return
				case <-h.release:
					return
				}
				w.(http.Flusher).Flush()
			}
		},
		"POST /api/challenge/{id}/{action}": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			defer mu.Unlock()
			if id := r.PathValue("id"); r.PathValue("action") == "accept" {
				accepted[id] = true
				starts <- id
			} else {
				declined[id] = r.FormValue("reason")
			}
			fmt.Fprint(w, `{"ok":true}`)
		},
		"GET /api/bot/game/stream/{id}": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			id := r.PathValue("id")
			mu.Lock()
			streams[id] = true
			open++
			maxOpen = max(maxOpen, open)
			mu.Unlock()
			defer func() { mu.Lock(); open--; mu.Unlock() }()
			streamLines(h, w, r, fmt.Sprintf(`{"type":"gameFull","id":%q,"variant":{"key":"dameo"},"clock":{"initial":300000,"increment":3000},`+
				`"p1":{"id":"dameobot"},"p2":{"id":"someone"},"initialFen":"startpos","state":{"moves":"","wtime":300000,"btime":300000,"winc":3000,"binc":3000,"status":"started"}}`, id))
		},
		"POST /api/bot/game/{id}/{action}": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			if a := r.PathValue("action"); a == "abort" || a == "resign" {
				mu.Lock()
				aborted[r.PathValue("id")] = true
				mu.Unlock()
			}
			fmt.Fprint(w, `{"ok":true}`)
		},
		"POST /api/bot/game/{id}/move/{move}": func(h *hostile, w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"ok":true}`) },
	})
	log := &testio.SyncBuffer{}
	runBot(t, hostileConfig(t, h, log))
	refused := func() int {
		n := 0
		for i := range extra {
			if aborted[fmt.Sprintf("extra%d", i)] {
				n++
			}
		}
		return n
	}
	settled := within(30*time.Second, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(accepted)+len(declined) == challenges && refused() == extra && len(streams) >= len(accepted)
	})
	time.Sleep(200 * time.Millisecond) // room for more streams, which the bot should not open
	mu.Lock()
	defer mu.Unlock()
	if !settled || len(accepted) != 1 || len(streams) != 1 || maxOpen != 1 {
		t.Errorf("%d challenges accepted, %d declined, %d extra games refused; %d games played (%d at once), want 1 each", len(accepted), len(declined), refused(), len(streams), maxOpen)
	}
	for id, reason := range declined {
		if reason != reasonLater {
			t.Errorf("challenge %s declined %q, want %q", id, reason, reasonLater)
		}
	}
}

// An accept the server never answers: the event stream falls silent for
// the bot, which must reconnect it, as its log says.
func TestAcceptNeverAnswered(t *testing.T) {
	h := newHostile(t, map[string]func(*hostile, http.ResponseWriter, *http.Request){
		"GET /api/account": botAccount,
		"GET /api/stream/event": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			streamLines(h, w, r, challengeLine("hang1"))
		},
		"POST /api/challenge/{id}/{action}": func(h *hostile, w http.ResponseWriter, r *http.Request) { h.hang(r) },
	})
	log := &testio.SyncBuffer{}
	cfg := hostileConfig(t, h, log)
	cfg.IdleTimeout = 200 * time.Millisecond
	cfg.RequestTimeout = 500 * time.Millisecond
	runBot(t, cfg)
	eventually(t, "the event stream reconnected", func() bool { return h.count("GET /api/stream/event") >= 2 })
	if !strings.Contains(log.String(), "accepting challenge hang1") {
		t.Errorf("the failed accept is not logged:\n%s", log.String())
	}
}

// One interrupt stops the bot at once, even while a request hangs: at
// start-up (the account) or on the event stream (an accept).
func TestInterruptEndsHangingRequests(t *testing.T) {
	for name, hangs := range map[string]string{"account": "GET /api/account", "accept": "POST /api/challenge/{id}/{action}"} {
		t.Run(name, func(t *testing.T) {
			routes := map[string]func(*hostile, http.ResponseWriter, *http.Request){
				"GET /api/account": botAccount,
				"GET /api/stream/event": func(h *hostile, w http.ResponseWriter, r *http.Request) {
					streamLines(h, w, r, challengeLine("hang1"))
				},
				"POST /api/challenge/{id}/{action}": botAccount,
			}
			routes[hangs] = func(h *hostile, w http.ResponseWriter, r *http.Request) { h.hang(r) }
			h := newHostile(t, routes)
			cfg := hostileConfig(t, h, &testio.SyncBuffer{})
			cfg.RequestTimeout = time.Hour // only the interrupt can end the request
			interrupt := make(chan struct{})
			cfg.Interrupt = interrupt
			done, _ := runBot(t, cfg)
			eventually(t, "the request that hangs", func() bool { return h.count(hangs) > 0 })
			close(interrupt)
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run after the interrupt: %v", err)
				}
			case <-time.After(2 * time.Minute):
				t.Fatal("Run still running 2 minutes after the interrupt")
			}
		})
	}
}

// A redirect to another port of the same host: the request is not
// followed, so the token never reaches the other server.
func TestRedirectElsewhereNotFollowed(t *testing.T) {
	var auths []string
	var mu sync.Mutex
	other := newHostile(t, map[string]func(*hostile, http.ResponseWriter, *http.Request){
		"/": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			auths = append(auths, r.Header.Get("Authorization"))
			mu.Unlock()
			botAccount(h, w, r)
		},
	})
	h := newHostile(t, map[string]func(*hostile, http.ResponseWriter, *http.Request){
		"GET /api/account": func(h *hostile, w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/api/account", http.StatusFound)
		},
	})
	log := &testio.SyncBuffer{}
	err := Run(context.Background(), hostileConfig(t, h, log))
	if err == nil || !strings.Contains(err.Error(), "redirect") {
		t.Errorf("Run: %v, want a refused redirect", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(auths) > 0 {
		t.Errorf("the other server was asked %d times, Authorization %q", len(auths), auths)
	}
	if strings.Contains(log.String(), testToken) || (err != nil && strings.Contains(err.Error(), testToken)) {
		t.Error("the token was printed")
	}
}

func TestRedirectPolicy(t *testing.T) {
	from := &http.Request{URL: mustURL(t, "https://playstrategy.org/api/account")}
	for to, ok := range map[string]bool{
		"https://playstrategy.org/api/account2":     true,
		"https://playstrategy.org:443/api/account2": true,
		"http://playstrategy.org/api/account":       false, // https to http: the token in clear
		"https://playstrategy.org:8443/api/account": false,
		"https://evil.example/api/account":          false,
		"https://sub.playstrategy.org/api/account":  false,
	} {
		err := sameOrigin(&http.Request{URL: mustURL(t, to)}, []*http.Request{from})
		if (err == nil) != ok {
			t.Errorf("redirect to %s: %v, want allowed %v", to, err, ok)
		}
	}
	via := make([]*http.Request, maxRedirects)
	for i := range via {
		via[i] = from
	}
	if sameOrigin(from, via) == nil {
		t.Errorf("a %dth redirect was followed", maxRedirects+1)
	}
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// Clocks whose seconds overflow a duration: a base of 18,446,744,374 s
// wrapped to about 300 s, an increment of 461,168,601 s to a negative
// estimate ("too fast").
func TestHugeClocksDeclined(t *testing.T) {
	p := Policy{Rated: true, Casual: true, Min: Clock{Base: time.Minute}}
	for _, tc := range []TimeControl{{Type: "clock", Limit: 18446744374}, {Type: "clock", Increment: 461168601}, {Type: "clock", Limit: -300}} {
		c := &Challenge{ID: "x", Variant: Variant{Key: dameoKey}, TimeControl: tc}
		if got := p.Decide(c); got != reasonTimeControl {
			t.Errorf("%d+%d: decided %q, want %q", tc.Limit, tc.Increment, got, reasonTimeControl)
		}
	}
	c := &Challenge{ID: "x", Variant: Variant{Key: dameoKey}, TimeControl: TimeControl{Type: "clock", Limit: 300, Increment: 3}}
	if got := p.Decide(c); got != "" {
		t.Errorf("300+3 declined %q", got)
	}
}

// The server's clock in a game: any number of milliseconds gives a level
// within 0 and a year.
func TestHugeGameClock(t *testing.T) {
	g := &game{b: &bot{}, timed: true}
	for _, ms := range []int64{1 << 62, 9223372036854775807, -5} {
		lim := g.level(&GameState{WTime: ms, WInc: ms})
		if lim.Time < 0 || lim.Time > maxSeconds*time.Second || lim.Inc < 0 || lim.Inc > maxSeconds*time.Second {
			t.Errorf("%d ms: level %v", ms, lim.Line())
		}
	}
}
