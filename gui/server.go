// The HTTP server: the embedded page, and one WebSocket per page whose
// messages drive that page's session. Requests that do not name this host
// as it listens (DNS rebinding), WebSockets from other origins, and, when a
// token is set, requests without it are refused; pages and engines are
// counted against the server's limits (limits.go).

package gui

import (
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/explorer"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
)

//go:embed static
var static embed.FS

// maxMessage bounds one message from the page (a PDN file to load).
const maxMessage = 4 << 20

// writeTimeout bounds the sending of one message to the page.
const writeTimeout = 10 * time.Second

// Config is what a server may do.
type Config struct {
	// Engines are the engines pages may start, the first the default;
	// their Options are not sent (the page sets the parameters).
	Engines []hubclient.Spec
	// PDNFile, when set, gets every finished game appended.
	PDNFile string
	// Host is the host name the server is reached by besides its IP
	// addresses and localhost ("" for none).
	Host string
	// Listen is the address the server listens on: the Host header must
	// name it (any address of this machine for a wildcard address; a
	// loopback address and localhost for nil, or a loopback address).
	Listen net.IP
	// Token, when set, must be given as ?token= (once: a cookie keeps it)
	// for the page and its WebSocket.
	Token string
	// MaxSessions and MaxEngines bound the pages served at once and the
	// engine processes they run in all (0 for the defaults).
	MaxSessions, MaxEngines int
	// GamesPerMinute bounds the games appended to PDNFile (0 for the
	// default).
	GamesPerMinute int
	// HeaderTimeout and IdleTimeout bound the reading of a request's
	// header and an idle connection (0 for the defaults).
	HeaderTimeout, IdleTimeout time.Duration
	// Open, when set, is PDN text every new page opens on its analysis
	// board (a file named on the command line).
	Open string
	// Tables and Book, when set, are shown beside an analysis.
	Tables *egtb.Tables
	Book   *book.Book
	// Explorer is the games of the explorer shown beside an analysis (nil:
	// none yet); the games finished on the pages and those they load join
	// it.
	Explorer *explorer.Index
	// Levels are the levels a game against the engine may have, by
	// number (the engine's Hub parameter level), the last the full
	// engine; none: the page offers no choice and takes no level.
	Levels []Level
}

// Defaults of the HTTP timeouts.
const (
	DefaultHeaderTimeout = 10 * time.Second
	DefaultIdleTimeout   = 2 * time.Minute
)

// tokenCookie keeps a page's token for the requests that follow it.
const tokenCookie = "dameo-token"

// Server serves the page and its sessions.
type Server struct {
	cfg   Config
	start startFunc
	now   func() time.Time

	ctx      context.Context
	cancel   context.CancelFunc
	closeMu  sync.Mutex // orders sessions' starts before Close's wait
	closed   bool
	sessions sync.WaitGroup
	pages    atomic.Int32 // sessions running
	engines  *budget
	caps     engineCaps
	fileMu   sync.Mutex // serialises appends to cfg.PDNFile
	saves    *rateLimit
	hosts    map[string]bool // the IP addresses the Host header may name
}

// New is a server for cfg.
func New(cfg Config) *Server {
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.MaxEngines <= 0 {
		cfg.MaxEngines = DefaultMaxEngines
	}
	if cfg.GamesPerMinute <= 0 {
		cfg.GamesPerMinute = DefaultGamesPerMinute
	}
	if cfg.Explorer == nil {
		cfg.Explorer, _ = explorer.New(explorer.Filter{}) // no filter: no error
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{cfg: cfg, start: startEngine, now: time.Now, ctx: ctx, cancel: cancel,
		engines: &budget{limit: cfg.MaxEngines}, caps: machineCaps(cfg.MaxEngines),
		saves: newRateLimit(cfg.GamesPerMinute, time.Minute), hosts: listenHosts(cfg.Listen)}
}

// HTTPServer is an http.Server of the handler with the configured timeouts.
func (s *Server) HTTPServer() *http.Server {
	header, idle := s.cfg.HeaderTimeout, s.cfg.IdleTimeout
	if header <= 0 {
		header = DefaultHeaderTimeout
	}
	if idle <= 0 {
		idle = DefaultIdleTimeout
	}
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: header, IdleTimeout: idle}
}

// listenHosts are the IP addresses a server listening on ip is reached by:
// ip itself, or every address of the machine for a wildcard; the loopback
// addresses for nil or a loopback ip.
func listenHosts(ip net.IP) map[string]bool {
	hosts := map[string]bool{}
	switch {
	case ip == nil || ip.IsLoopback():
		hosts["127.0.0.1"], hosts["::1"] = true, true
		if ip != nil {
			hosts[ip.String()] = true
		}
	case ip.IsUnspecified():
		addrs, _ := net.InterfaceAddrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				hosts[n.IP.String()] = true
			}
		}
	default:
		hosts[ip.String()] = true
	}
	return hosts
}

// Handler serves the page at / and the WebSocket at /ws.
func (s *Server) Handler() http.Handler {
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder is part of the program
	}
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(files))
	mux.HandleFunc("GET /ws", s.serveWebSocket)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r.Host) {
			http.Error(w, "unknown host", http.StatusForbidden)
			return
		}
		if !s.tokenGiven(w, r) {
			http.Error(w, "this server needs its token: open the address it printed, with ?token=", http.StatusForbidden)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		mux.ServeHTTP(w, r)
	})
}

// Close ends every session, and with them their engines, and waits.
func (s *Server) Close() {
	s.closeMu.Lock()
	s.closed = true
	s.closeMu.Unlock()
	s.cancel()
	s.sessions.Wait()
}

// beginSession counts a session that Close will wait for, unless the server
// is closing; the WaitGroup must not grow from zero while Close waits.
func (s *Server) beginSession() bool {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	if s.closed {
		return false
	}
	s.sessions.Add(1)
	return true
}

// hostAllowed reports whether a request's Host is an address the server
// listens on, localhost (when it listens on loopback) or the configured
// host.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if ip := net.ParseIP(host); ip != nil {
		return s.hosts[ip.String()]
	}
	return (strings.EqualFold(host, "localhost") && s.hosts["127.0.0.1"]) ||
		(s.cfg.Host != "" && strings.EqualFold(host, s.cfg.Host))
}

// tokenGiven reports whether a request carries the server's token, in its
// query or its cookie; a token in the query is kept in a cookie.
func (s *Server) tokenGiven(w http.ResponseWriter, r *http.Request) bool {
	if s.cfg.Token == "" {
		return true
	}
	if c, err := r.Cookie(tokenCookie); err == nil && sameSecret(c.Value, s.cfg.Token) {
		return true
	}
	if !sameSecret(r.URL.Query().Get("token"), s.cfg.Token) {
		return false
	}
	http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: s.cfg.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return true
}

func sameSecret(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// serveWebSocket runs a page's session over its WebSocket. Accept refuses
// an Origin other than the request's host.
func (s *Server) serveWebSocket(w http.ResponseWriter, r *http.Request) {
	if s.pages.Add(1) > int32(s.cfg.MaxSessions) {
		s.pages.Add(-1)
		http.Error(w, fmt.Sprintf("the server serves its limit of %d pages (--max-pages); close another", s.cfg.MaxSessions), http.StatusServiceUnavailable)
		return
	}
	defer s.pages.Add(-1)
	if !s.beginSession() {
		http.Error(w, "the server is shutting down", http.StatusServiceUnavailable)
		return
	}
	defer s.sessions.Done()
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer conn.CloseNow()
	conn.SetReadLimit(maxMessage)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()

	in := make(chan []byte)
	go func() {
		defer close(in)
		for {
			typ, data, err := conn.Read(ctx)
			if err != nil {
				cancel()
				return
			}
			if typ != websocket.MessageText {
				data = nil // decoding fails and the page gets an error
			}
			select {
			case in <- data:
			case <-ctx.Done():
				return
			}
		}
	}()
	send := func(v any) {
		data, err := json.Marshal(v)
		if err != nil {
			return
		}
		wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
		defer wcancel()
		if conn.Write(wctx, websocket.MessageText, data) != nil {
			cancel()
		}
	}
	sess := newSession(ctx, s.cfg.Engines, counted(s.start, s.engines), s.now, send, s.saveGame)
	sess.caps, sess.tables, sess.book, sess.explorer, sess.levels = s.caps, s.cfg.Tables, s.cfg.Book, s.cfg.Explorer, s.cfg.Levels
	if s.cfg.Open != "" {
		if err := sess.apply(request{Type: reqLoadPDN, Text: s.cfg.Open}); err != nil {
			sess.sendError("the game of the command line: " + err.Error())
		}
	}
	sess.run(ctx, in)
	conn.Close(websocket.StatusNormalClosure, "")
}

// saveGame appends a finished game with moves to the PDN file, if there is
// one, within the rate of GamesPerMinute.
func (s *Server) saveGame(g *pdn.Game) error {
	if s.cfg.PDNFile == "" || len(g.Moves) == 0 {
		return nil
	}
	if !s.saves.allow(s.now()) {
		return fmt.Errorf("not saved: the PDN file takes at most %d games a minute", s.cfg.GamesPerMinute)
	}
	s.fileMu.Lock()
	defer s.fileMu.Unlock()
	f, err := safefile.OpenAppend(s.cfg.PDNFile, 0o644)
	if err != nil {
		return err
	}
	err = pdn.WriteSync(f, g)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
