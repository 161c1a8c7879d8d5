// The HTTP server: the embedded page, and one WebSocket per page whose
// messages drive that page's session. Requests that do not name this host
// (DNS rebinding) and WebSockets from other origins are refused.

package gui

import (
	"context"
	"embed"
	"encoding/json"
	"io/fs"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
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
	// Engines are the engines pages may start, the first the default.
	Engines []EngineSpec
	// PDNFile, when set, gets every finished game appended.
	PDNFile string
	// Host is the host name the server is reached by besides IP addresses
	// and localhost ("" for none).
	Host string
}

// Server serves the page and its sessions.
type Server struct {
	cfg   Config
	start startFunc
	now   func() time.Time

	ctx      context.Context
	cancel   context.CancelFunc
	sessions sync.WaitGroup
	fileMu   sync.Mutex // serialises appends to cfg.PDNFile
}

// New is a server for cfg.
func New(cfg Config) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{cfg: cfg, start: startEngine, now: time.Now, ctx: ctx, cancel: cancel}
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
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		mux.ServeHTTP(w, r)
	})
}

// Close ends every session, and with them their engines, and waits.
func (s *Server) Close() {
	s.cancel()
	s.sessions.Wait()
}

// hostAllowed reports whether a request's Host is an IP address, localhost
// or the configured host.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	return net.ParseIP(host) != nil || strings.EqualFold(host, "localhost") ||
		(s.cfg.Host != "" && strings.EqualFold(host, s.cfg.Host))
}

// serveWebSocket runs a page's session over its WebSocket. Accept refuses
// an Origin other than the request's host.
func (s *Server) serveWebSocket(w http.ResponseWriter, r *http.Request) {
	conn, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer conn.CloseNow()
	conn.SetReadLimit(maxMessage)
	s.sessions.Add(1)
	defer s.sessions.Done()
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
	sess := newSession(ctx, s.cfg.Engines, s.start, s.now, send, s.saveGame)
	sess.run(ctx, in)
	conn.Close(websocket.StatusNormalClosure, "")
}

// saveGame appends a finished game to the PDN file, if there is one.
func (s *Server) saveGame(g *pdn.Game) error {
	if s.cfg.PDNFile == "" {
		return nil
	}
	s.fileMu.Lock()
	defer s.fileMu.Unlock()
	f, err := os.OpenFile(s.cfg.PDNFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	err = pdn.WriteSync(f, g)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
