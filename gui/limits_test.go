// Tests of the server's limits and its keeping out of strangers: the Host
// tied to the listening address, the token, the caps on pages, engines,
// hash and threads, the HTTP timeouts, the PDN file's rate, and the
// refusal of pages once the server closes.

package gui

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/pdn"
)

func TestHostIsTiedToTheListeningAddress(t *testing.T) {
	for _, c := range []struct {
		listen string
		host   string
		ok     bool
	}{
		{"192.0.2.7", "192.0.2.7:8080", true},
		{"192.0.2.7", "127.0.0.1", false},
		{"192.0.2.7", "localhost", false},
		{"192.0.2.7", "10.0.0.5", false},
		{"127.0.0.1", "localhost:80", true},
		{"127.0.0.1", "10.0.0.5", false},
		{"0.0.0.0", "127.0.0.1", true},
		{"0.0.0.0", "203.0.113.9", false},
	} {
		s := New(Config{Listen: net.ParseIP(c.listen)})
		if got := s.hostAllowed(c.host); got != c.ok {
			t.Errorf("listening on %s, Host %s allowed %v, want %v", c.listen, c.host, got, c.ok)
		}
	}
}

func TestTokenIsNeededForThePageAndTheWebSocket(t *testing.T) {
	srv := New(Config{Token: "s3cret"})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	get := func(path string, cookie *http.Cookie) *http.Response {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		if cookie != nil {
			req.AddCookie(cookie)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	for _, path := range []string{"/", "/app.js", "/?token=wrong", "/ws"} {
		if resp := get(path, nil); resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s without the token: status %d", path, resp.StatusCode)
		}
	}
	resp := get("/?token=s3cret", nil)
	if resp.StatusCode != http.StatusOK || len(resp.Cookies()) != 1 {
		t.Fatalf("the page with its token: status %d, cookies %v", resp.StatusCode, resp.Cookies())
	}
	if resp := get("/app.js", resp.Cookies()[0]); resp.StatusCode != http.StatusOK {
		t.Errorf("the script with the token's cookie: status %d", resp.StatusCode)
	}
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws"
	if _, r, err := websocket.Dial(context.Background(), wsURL, nil); err == nil || r == nil || r.StatusCode != http.StatusForbidden {
		t.Errorf("a WebSocket without the token: %v %v", err, r)
	}
	conn, _, err := websocket.Dial(context.Background(), wsURL+"?token=s3cret", nil)
	if err != nil {
		t.Fatalf("a WebSocket with the token: %v", err)
	}
	conn.CloseNow()
}

func TestPagesAreCapped(t *testing.T) {
	srv := New(Config{MaxSessions: 2})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	var clients []*client
	for range 2 {
		c := dial(t, ts)
		c.await("hello", any_)
		clients = append(clients, c)
	}
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws"
	if _, r, err := websocket.Dial(context.Background(), wsURL, nil); err == nil || r == nil || r.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a third page of 2: %v %v", err, r)
	}
	clients[0].conn.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(20 * time.Second)
	for {
		conn, _, err := websocket.Dial(context.Background(), wsURL, nil)
		if err == nil {
			conn.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no page after one closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestEnginesAreCappedServerWide(t *testing.T) {
	b := &budget{limit: 2}
	var started []*fakeEngine
	start := counted(func(context.Context, hubclient.Spec, []hubclient.Param) (engineConn, error) {
		f := newFakeEngine(nil)
		started = append(started, f)
		return f, nil
	}, b)
	var conns []engineConn
	for range 2 {
		c, err := start(context.Background(), hubclient.Spec{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	if _, err := start(context.Background(), hubclient.Spec{}, nil); err == nil || !strings.Contains(err.Error(), "limit of 2 engines") {
		t.Fatalf("a third engine of 2: %v", err)
	}
	conns[0].Close()
	conns[0].Close() // a second Close gives nothing back
	if _, err := start(context.Background(), hubclient.Spec{}, nil); err != nil {
		t.Errorf("an engine after one closed: %v", err)
	}
	if _, err := start(context.Background(), hubclient.Spec{}, nil); err == nil {
		t.Error("a closed engine was given back twice")
	}
	if len(started) != 3 {
		t.Errorf("%d engines started, want 3", len(started))
	}
	// A session whose engine is refused says why; its analysis stops, its
	// game waits, paused, instead of being lost.
	h := newHarness("fake")
	none := &budget{limit: 0}
	h.s.start = counted(h.s.start, none)
	if msg := h.do(`{"type":"analyse","on":true}`); !strings.Contains(msg, "limit of 0 engines") || h.state().Analysing {
		t.Errorf("analysis with no engine to spare: %q, analysing %v", msg, h.state().Analysing)
	}
	if msg := h.do(`{"type":"new","mode":"play","color":"black","limit":{"minutes":1}}`); !strings.Contains(msg, "limit of 0 engines") {
		t.Errorf("a game with no engine to spare: %q", msg)
	}
	if st := h.state(); st.Result != "" || st.Clock == nil || !st.Clock.Paused {
		t.Errorf("the game with no engine: result %q, clock %+v; want it paused", st.Result, st.Clock)
	}
	none.limit = 1
	h.do(`{"type":"pause","on":false}`)
	if st := h.state(); st.Clock.Paused || len(h.moves()) != 1 {
		t.Errorf("once an engine is free: clock %+v, moves %v", st.Clock, h.moves())
	}
}

func TestHashAndThreadsAreSharedOut(t *testing.T) {
	if c := sharedCaps(4096, 2, 8); c.hash != 512 || c.threads != 1 {
		t.Errorf("8 GiB and 2 cores for 8 engines: %+v, want 512 MiB and 1 thread", c)
	}
	if c := sharedCaps(32768, 64, 4); c.hash != 8192 || c.threads != 16 {
		t.Errorf("64 GiB and 64 cores for 4 engines: %+v", c)
	}
	if c := machineCaps(DefaultMaxEngines); c.hash < 1 || c.threads < 1 {
		t.Errorf("this machine's caps %+v", c)
	}
	h := newHarness("fake")
	h.s.caps = engineCaps{hash: 512, threads: 1}
	for req, want := range map[string]string{
		`{"type":"option","name":"hash","value":"4096"}`:  "at most 512 MiB",
		`{"type":"option","name":"threads","value":"64"}`: "at most 1 an engine",
		`{"type":"option","name":"hash","value":"512"}`:   "",
		`{"type":"option","name":"threads","value":"1"}`:  "",
	} {
		if msg := h.do(req); (want == "") != (msg == "") || !strings.Contains(msg, want) {
			t.Errorf("%s: %q, want %q", req, msg, want)
		}
	}
	if h.s.params["hash"] != "512" {
		t.Errorf("params %v", h.s.params)
	}
}

func TestHalfSentRequestsAreClosed(t *testing.T) {
	srv := New(Config{HeaderTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond})
	hs := srv.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close(); srv.Close() })
	if hs.ReadHeaderTimeout != 200*time.Millisecond || hs.IdleTimeout != 200*time.Millisecond {
		t.Errorf("timeouts %v %v", hs.ReadHeaderTimeout, hs.IdleTimeout)
	}
	if d := New(Config{}).HTTPServer(); d.ReadHeaderTimeout != DefaultHeaderTimeout || d.IdleTimeout != DefaultIdleTimeout {
		t.Errorf("default timeouts %v %v", d.ReadHeaderTimeout, d.IdleTimeout)
	}
	// A header never finished, and an idle keep-alive connection: both
	// closed by the server.
	half, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer half.Close()
	half.Write([]byte("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
	idle, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	idle.Write([]byte("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
	r := bufio.NewReader(idle)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for name, c := range map[string]net.Conn{"half-sent": half, "idle": idle} {
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		var buf [512]byte
		for {
			_, err := c.Read(buf[:])
			if err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					t.Errorf("the %s connection is still open after 30 s", name)
				}
				break
			}
		}
	}
}

func TestPDNFileTakesGamesWithMovesAtARate(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.pdn")
	srv := New(Config{PDNFile: file, GamesPerMinute: 3})
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	srv.now = func() time.Time { return now }
	empty := &pdn.Game{Result: pdn.WhiteWins}
	game := &pdn.Game{Result: pdn.WhiteWins, Moves: []pdn.Move{{Text: "c3-c4"}}}
	if err := srv.saveGame(empty); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("a game without moves was recorded (%v)", err)
	}
	for i := range 3 {
		if err := srv.saveGame(game); err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
	}
	if err := srv.saveGame(game); err == nil || !strings.Contains(err.Error(), "3 games a minute") {
		t.Errorf("a fourth game in a burst of 3 a minute: %v", err)
	}
	now = now.Add(20 * time.Second)
	if err := srv.saveGame(game); err != nil {
		t.Errorf("a game 20 s later: %v", err)
	}
	games, err := pdn.ReadAll(mustOpen(t, file))
	if err != nil || len(games) != 4 {
		t.Errorf("the file has %d games (%v), want 4", len(games), err)
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestReadGameFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pdn")
	os.WriteFile(good, []byte("1. c3-c4 (1. d3-d4) f6-f5 *\n"), 0o644)
	if text, err := ReadGameFile(good); err != nil || !strings.Contains(text, "f6-f5") {
		t.Errorf("a good file: %q, %v", text, err)
	}
	bad := filepath.Join(dir, "bad.pdn")
	os.WriteFile(bad, []byte("1. c3-c5 *\n"), 0o644)
	for path, want := range map[string]string{bad: "c3-c5", dir: "not a regular file", filepath.Join(dir, "none"): "no such file"} {
		if _, err := ReadGameFile(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", path, err, want)
		}
	}
}

func TestAClosedServerRefusesPages(t *testing.T) {
	srv := New(Config{})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	srv.Close()
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws"
	if _, r, err := websocket.Dial(context.Background(), wsURL, nil); err == nil || r == nil || r.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a page after Close: %v %v", err, r)
	}
}
