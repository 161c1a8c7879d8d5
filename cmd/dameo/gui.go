// `dameo gui`: the board in the browser (package gui), served on a local
// address with the engines named on the command line.

package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strconv"

	"github.com/alecthomas/kong"
	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/explorer"
	"github.com/dameo/dameo/gui"
	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/levels"
)

type guiCmd struct {
	Addr       string   `default:"127.0.0.1:0" placeholder:"HOST:PORT" help:"Address to listen on (default ${default}: this machine only, any free port). Any other address needs the token printed at start."`
	Engine     []string `short:"e" sep:"none" placeholder:"SPEC" help:"An engine the page may start: \"cmd=PROGRAM name=NAME dir=DIR\" or its command line \"PROGRAM ARGS\" (docs/cli.md; repeat for more; default: this program's own \"dameo hub\")."`
	PDN        string   `name:"pdn" placeholder:"FILE" help:"Append every finished game with moves to FILE (default: none; at most ${gui_games} games a minute)."`
	Open       bool     `help:"Open the page in the web browser."`
	MaxPages   int      `default:"${gui_pages}" help:"Pages served at once (default ${default})."`
	MaxEngines int      `default:"${gui_engines}" help:"Engine processes of all pages together (default ${default}); each may get at most half the memory and the cores divided by this."`
	EGTB       string   `name:"egtb" placeholder:"DIR" help:"Endgame tables for the analysis board's tables panel (default: the built-in tables of up to 3 pieces)."`
	Book       string   `placeholder:"FILE" help:"Opening book for the analysis board's book panel (default: the built-in book)."`
	Games      []string `sep:"none" placeholder:"FILE" help:"PDN file of games for the analysis board's explorer panel (repeat for more; default: none, the games finished on the page and those it loads only)."`
	Game       string   `arg:"" optional:"" placeholder:"GAME.pdn" help:"A PDN file whose first game every page opens on its analysis board."`
}

// guiVars are the defaults that the help of guiCmd names.
var guiVars = kong.Vars{
	"gui_pages":   strconv.Itoa(gui.DefaultMaxSessions),
	"gui_engines": strconv.Itoa(gui.DefaultMaxEngines),
	"gui_games":   strconv.Itoa(gui.DefaultGamesPerMinute),
}

// Help is the long help of `dameo gui --help`.
func (c *guiCmd) Help() string {
	return `Serves a Dameo board to the web browser and prints its address. Play against
an engine (with a clock or a fixed time a move), analyse positions and games,
set up positions, load and save PDN, and watch two engines play each other.
The page can start only the engines given with --engine; each page's engines
end when the page is closed or the server stops (Ctrl-C).

Example: two engines to choose from, the page opened at once:

  dameo gui -e "dameo hub" -e "cmd='/path/to/other-engine hub' name=other" --open

The page sets the engines' parameters (threads, hash, book), so a spec takes
no option.NAME= words here.

Listening on any address but this machine's loopback (--addr 0.0.0.0:8080)
lets other machines start engines here: the server then prints its address
with a secret token, which the page needs, and a warning. On a wildcard
address (0.0.0.0, :: or no host) it prints every address the page is
reached at: localhost and each of the machine's interfaces. When --open
cannot open the browser, it says which address to open by hand.`
}

func (c *guiCmd) Run() error {
	engines, err := c.engines()
	if err != nil {
		return usageError{err}
	}
	for _, check := range []error{
		atLeast("max-pages", int64(c.MaxPages), 1),
		atLeast("max-engines", int64(c.MaxEngines), 1),
	} {
		if check != nil {
			return check
		}
	}
	if c.PDN != "" {
		if err := checkAppendable("pdn", c.PDN); err != nil {
			return err
		}
	}
	cfg := gui.Config{Engines: engines, PDNFile: c.PDN, MaxSessions: c.MaxPages, MaxEngines: c.MaxEngines, Levels: guiLevels()}
	if cfg.Tables, err = openTables(c.EGTB, warnUnusedTable); err != nil {
		return err
	}
	if cfg.Book, err = c.openBook(); err != nil {
		return err
	}
	if cfg.Explorer, err = exploreFiles(c.Games, explorer.Filter{}); err != nil {
		return err
	}
	if len(c.Games) > 0 {
		fmt.Fprintf(os.Stderr, "dameo gui: explorer: %s indexed\n", plural(cfg.Explorer.Stats().Games, "game"))
	}
	if c.Game != "" {
		if cfg.Open, err = gui.ReadGameFile(c.Game); err != nil {
			return usageError{err}
		}
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return usageError{fmt.Errorf("--addr: %v", err)}
	}
	cfg.Host, _, _ = net.SplitHostPort(c.Addr)
	cfg.Listen = ln.Addr().(*net.TCPAddr).IP
	if !cfg.Listen.IsLoopback() {
		if cfg.Token, err = newToken(); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "dameo gui: warning: listening on %v, which other machines may reach: anyone with the address and its token can start engines here\n", ln.Addr())
	}
	server := gui.New(cfg)
	urls := pageURLs(ln.Addr(), cfg.Token, net.InterfaceAddrs)
	fmt.Printf("dameo gui: %s (Ctrl-C to stop)\n", urls[0])
	for _, url := range urls[1:] {
		fmt.Printf("dameo gui: %s\n", url)
	}
	if c.Open {
		go openBrowser(os.Stderr, browserCommand(urls[0]), urls[0])
	}
	ctx, stop := untilSignal()
	defer stop()
	httpServer := server.HTTPServer()
	go func() {
		<-ctx.Done()
		server.Close()
		httpServer.Close()
	}()
	if err := httpServer.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	server.Close()
	return interruptedBy(ctx, nil)
}

// engines are the engines of the command line, or this program's own hub;
// each must be a program that can be run.
func (c *guiCmd) engines() ([]hubclient.Spec, error) {
	self, err := os.Executable()
	var selfCmd []string
	if err == nil {
		selfCmd = []string{self, "hub"}
	}
	texts := c.Engine
	if len(texts) == 0 {
		if err != nil {
			return nil, fmt.Errorf("cannot find this program to run its hub: %v", err)
		}
		texts = []string{"name=dameo"}
	}
	var specs []hubclient.Spec
	seen := map[string]int{}
	for _, text := range texts {
		s, err := hubclient.ParseSpec(text, selfCmd)
		switch {
		case err != nil:
			return nil, fmt.Errorf("--engine: %v", err)
		case len(s.Options) > 0:
			return nil, fmt.Errorf("--engine %q: option.%s=: the page sets the engine's parameters (give none here)", text, s.Options[0].Name)
		}
		if err := s.Found(); err != nil {
			return nil, fmt.Errorf("--engine: %v", err)
		}
		if seen[s.Name]++; seen[s.Name] > 1 {
			s.Name = fmt.Sprintf("%s-%d", s.Name, seen[s.Name])
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// guiLevels is the engine's ladder as the page offers it.
func guiLevels() []gui.Level {
	out := make([]gui.Level, len(levels.Ladder))
	for n, lv := range levels.Ladder {
		out[n] = gui.Level{Elo: lv.Elo, Description: lv.Description}
	}
	return out
}

// pageURLs are the addresses the page is reached at, with the token when
// there is one: the one it listens on, or for a wildcard address (0.0.0.0,
// :: or no host, which listen on every interface) localhost first and then
// each address of the machine's interfaces (from interfaceAddrs) but the
// loopback ones, which localhost stands for, and the link-local ones,
// which an address needs a zone to reach.
func pageURLs(addr net.Addr, token string, interfaceAddrs func() ([]net.Addr, error)) []string {
	host, port, _ := net.SplitHostPort(addr.String())
	ip := net.ParseIP(host)
	if ip != nil && !ip.IsUnspecified() {
		return []string{pageURL(host, port, token)}
	}
	urls := []string{pageURL("localhost", port, token)}
	addrs, _ := interfaceAddrs() // without them, localhost alone
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || n.IP.IsUnspecified() {
			continue
		}
		urls = append(urls, pageURL(n.IP.String(), port, token))
	}
	return urls
}

// pageURL is the page's address at host and port, with the token when
// there is one.
func pageURL(host, port, token string) string {
	url := "http://" + net.JoinHostPort(host, port) + "/"
	if token != "" {
		url += "?token=" + token
	}
	return url
}

// newToken is a secret for the page's address.
func newToken() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// openBook loads --book, or the built-in book.
func (c *guiCmd) openBook() (*book.Book, error) {
	if c.Book == "" {
		return book.Builtin()
	}
	b, err := book.Load(c.Book)
	if err != nil {
		return nil, usageError{err}
	}
	return b, nil
}

// browserCommand is the command that opens url in the desktop's browser.
func browserCommand(url string) []string {
	switch runtime.GOOS {
	case "darwin":
		return []string{"open", url}
	case "windows":
		return []string{"rundll32", "url.dll,FileProtocolHandler", url}
	}
	return []string{"xdg-open", url}
}

// openBrowser runs command, which opens url in the browser, and waits for
// it; when it cannot be run or fails, it says so on w with the address to
// open by hand.
func openBrowser(w io.Writer, command []string, url string) {
	if err := exec.Command(command[0], command[1:]...).Run(); err != nil {
		fmt.Fprintf(w, "dameo gui: cannot open the browser (%s: %v): open %s by hand\n", command[0], err, url)
	}
}
