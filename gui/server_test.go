// End-to-end tests of the WebSocket API with httptest and the real
// `dameo hub`, and of the server's refusals (other origins, other hosts).

package gui

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testbin"
)

func TestMain(m *testing.M) { testbin.Main(m) }

// realServer serves the GUI with the real dameo hub as its engine and
// records the engine processes it starts.
func realServer(t *testing.T) (*httptest.Server, *[]*hubConn) {
	t.Helper()
	bin := testbin.Build(t, "cmd/dameo", false)
	srv := New(Config{Engines: []hubclient.Spec{{Name: "dameo", Command: []string{bin, "hub"}}}})
	var mu sync.Mutex
	var procs []*hubConn
	srv.start = func(ctx context.Context, spec hubclient.Spec, params []hubclient.Param) (engineConn, error) {
		c, err := startEngine(ctx, spec, params)
		if err == nil {
			mu.Lock()
			procs = append(procs, c.(*hubConn))
			mu.Unlock()
		}
		return c, err
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return ts, &procs
}

// client is a page's end of the WebSocket.
type client struct {
	t    *testing.T
	ctx  context.Context
	conn *websocket.Conn
}

func dial(t *testing.T, ts *httptest.Server) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	return &client{t, ctx, conn}
}

func (c *client) send(v any) {
	c.t.Helper()
	data, _ := json.Marshal(v)
	if err := c.conn.Write(c.ctx, websocket.MessageText, data); err != nil {
		c.t.Fatal(err)
	}
}

// await reads messages until one of type typ satisfies ok, and returns it
// decoded into a map.
func (c *client) await(typ string, ok func(m map[string]any) bool) map[string]any {
	c.t.Helper()
	for {
		_, data, err := c.conn.Read(c.ctx)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Fatal(err)
		}
		if m["type"] == typ && ok(m) {
			return m
		}
	}
}

func any_(map[string]any) bool { return true }

func TestWebSocketPlayAnalyseSave(t *testing.T) {
	ts, procs := realServer(t)
	c := dial(t, ts)
	hello := c.await("hello", any_)
	if engines := hello["engines"].([]any); len(engines) != 1 || engines[0] != "dameo" {
		t.Fatalf("hello %v", hello)
	}
	c.send(request{Type: reqNew, Mode: modePlay, Color: "white", Limit: limit{MoveTime: 0.1}})
	c.send(request{Type: reqMove, Move: "c3-c4"})
	st := c.await("state", func(m map[string]any) bool { return m["ply"].(float64) == 2 && m["cursor"] == m["mainEnd"] })
	if st["side"] != "white" || len(st["legal"].([]any)) == 0 {
		t.Fatalf("after the engine's reply: %v", st)
	}
	c.send(request{Type: reqAnalyse, On: true, MultiPV: 2})
	// Two lines, unless the engine's reply left a single legal move (a
	// capture that must be taken).
	lines := min(2, len(st["legal"].([]any)))
	a := c.await("analysis", func(m map[string]any) bool { return len(m["lines"].([]any)) == lines })
	if a["node"] != st["cursor"] || a["arrow"] == nil {
		t.Errorf("analysis %v", a)
	}
	c.send(request{Type: reqAnalyse, On: false})
	c.send(request{Type: reqSavePDN})
	p := c.await("pdn", any_)
	g := replay(t, p["text"].(string))
	if len(g.MoveTexts()) != 2 || g.MoveTexts()[0] != "c3-c4" || g.MoveTexts()[1] != st["last"].(map[string]any)["text"] {
		t.Errorf("PDN moves %v, want c3-c4 and the reply %v", g.MoveTexts(), st["last"])
	}
	c.send(map[string]any{"type": "move", "move": 3})
	if e := c.await("error", any_); !strings.Contains(e["message"].(string), "bad message") {
		t.Errorf("error reply %v", e)
	}
	c.conn.Close(websocket.StatusNormalClosure, "")
	if len(*procs) != 1 {
		t.Fatalf("%d engine processes, want 1", len(*procs))
	}
	if !exitsSoon((*procs)[0].Engine) {
		t.Error("the engine still runs after its page closed")
	}
}

func TestWebSocketRefusesOtherOrigins(t *testing.T) {
	ts, _ := realServer(t)
	header := http.Header{"Origin": {"http://evil.example"}}
	_, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: header})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("a WebSocket from another origin: err %v, response %v", err, resp)
	}
}

func TestServerRefusesOtherHosts(t *testing.T) {
	ts, _ := realServer(t)
	for host, want := range map[string]int{"evil.example": http.StatusForbidden, "localhost:1": http.StatusOK, "127.0.0.1": http.StatusOK,
		"10.0.0.5": http.StatusForbidden, "[::1]:80": http.StatusOK, "192.168.1.1:8080": http.StatusForbidden} {
		req, _ := http.NewRequest("GET", ts.URL+"/", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: status %d, want %d", host, resp.StatusCode, want)
		}
	}
}

func TestServerCloseEndsEngines(t *testing.T) {
	bin := testbin.Build(t, "cmd/dameo", false)
	srv := New(Config{Engines: []hubclient.Spec{{Name: "dameo", Command: []string{bin, "hub"}}}})
	var procs []*hubConn
	srv.start = func(ctx context.Context, spec hubclient.Spec, params []hubclient.Param) (engineConn, error) {
		c, err := startEngine(ctx, spec, params)
		if err == nil {
			procs = append(procs, c.(*hubConn))
		}
		return c, err
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	c := dial(t, ts)
	c.send(request{Type: reqAnalyse, On: true})
	c.await("analysis", any_)
	srv.Close() // returns once the sessions, and so their engines, have ended
	if len(procs) != 1 {
		t.Fatalf("%d engine processes, want 1", len(procs))
	}
	if procs[0].Alive() {
		t.Error("the engine still runs after the server closed")
	}
}

// exitsSoon reports whether engine e exits within 30 seconds.
func exitsSoon(e *hubclient.Engine) bool {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if !e.Alive() {
			return true
		}
	}
	return false
}

// TestPageModulesServedAsJavaScript: every module of the page is embedded
// (each import of a module names an embedded file) and served with a
// JavaScript type, without which the browser refuses a module script.
func TestPageModulesServedAsJavaScript(t *testing.T) {
	ts := httptest.NewServer(New(Config{}).Handler())
	defer ts.Close()
	entries, err := fs.ReadDir(static, "static")
	if err != nil {
		t.Fatal(err)
	}
	imports := regexp.MustCompile(`from "\./([a-z]+\.js)"`)
	modules := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		modules++
		resp, err := http.Get(ts.URL + "/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !(strings.HasPrefix(ct, "text/javascript") || strings.HasPrefix(ct, "application/javascript")) {
			t.Errorf("%s: status %d, Content-Type %q", e.Name(), resp.StatusCode, ct)
		}
		for _, m := range imports.FindAllStringSubmatch(string(body), -1) {
			if _, err := fs.Stat(static, "static/"+m[1]); err != nil {
				t.Errorf("%s imports %s, which is not embedded", e.Name(), m[1])
			}
		}
	}
	if modules < 2 {
		t.Errorf("%d modules embedded", modules)
	}
}

// TestHelloCarriesTheLevels: the page learns the configured levels, in
// order, from hello, and no levels when none are configured.
func TestHelloCarriesTheLevels(t *testing.T) {
	ts := httptest.NewServer(New(Config{Levels: testLevels}).Handler())
	t.Cleanup(ts.Close)
	hello := dial(t, ts).await("hello", any_)
	text, _ := json.Marshal(hello["levels"])
	var got []Level
	if err := json.Unmarshal(text, &got); err != nil || !slices.Equal(got, testLevels) {
		t.Errorf("hello's levels %s, want %v", text, testLevels)
	}
	none := httptest.NewServer(New(Config{}).Handler())
	t.Cleanup(none.Close)
	if hello := dial(t, none).await("hello", any_); hello["levels"] != nil {
		t.Errorf("hello's levels %v without levels configured", hello["levels"])
	}
}
