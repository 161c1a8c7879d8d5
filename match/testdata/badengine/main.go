// Command badengine is a scripted Hub engine for the match runner's tests.
// It plays a deterministic legal move chosen from the position's hash, and
// at its -at'th move of each game it misbehaves as -mode says:
//
//	good     never misbehaves (pondering supported)
//	illegal  answers a well-formed move that is not legal
//	slow     does not answer until stop (overruns its time)
//	hang     stops reading and answering altogether
//	crash    exits with status 3
//	garbage  writes a line that is not a protocol line
//	brace    writes a line with PDN's delimiters: debug: state={depth:3} [Event "x"]
//	bracemove answers a move text holding PDN's delimiters: }[Event
//	nomove   answers a bare done although legal moves exist
//
// Each start appends a line to starts.txt in the working directory, so a
// test can count restarts.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
)

func main() {
	mode := flag.String("mode", "good", "how to misbehave")
	at := flag.Int("at", 2, "the engine's own move of each game at which to misbehave")
	predict := flag.String("predict", "right", "ponder move: right (the reply a good badengine plays) or wrong")
	flag.Parse()

	if f, err := os.OpenFile("starts.txt", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
		fmt.Fprintln(f, *mode)
		f.Close()
	}

	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	out := bufio.NewWriter(os.Stdout)
	// raw writes text as it is (garbage included); send writes a line.
	raw := func(text string) {
		fmt.Fprintln(out, text)
		out.Flush()
	}
	send := func(l hub.Line) {
		text, err := l.Format()
		if err != nil { // a bug of this test engine
			fmt.Fprintln(os.Stderr, "badengine:", err)
			os.Exit(2)
		}
		raw(text)
	}
	info := func(score, move string) {
		send(hub.NewLine("info").Set("depth", "1").Set("seldepth", "1").Set("score", score).
			Set("nodes", "1").Set("time", "0").Set("nps", "0").Set("pv", move))
	}
	done := func(move, ponder string) {
		l := hub.NewLine("done")
		if move != "" {
			l = l.Set("move", move)
		}
		if ponder != "" {
			l = l.Set("ponder", ponder)
		}
		send(l)
	}

	pos := engine.StartPosition()
	moveNo := 0
	for text := range lines {
		line, err := hub.Parse(text)
		if err != nil {
			send(hub.NewLine("error").Set("message", hub.SafeValue(err.Error())))
			continue
		}
		switch line.Command {
		case "hub":
			send(hub.NewLine("id").Set("name", "badengine").Set("version", "1").Set("author", "test").Set("country", "nowhere"))
			send(hub.NewLine("param").Set("name", "threads").Set("value", "1").Set("type", "int").Set("min", "1").Set("max", "4"))
			send(hub.NewLine("param").Set("name", "ponder").Set("value", "false").Set("type", "bool"))
			send(hub.NewLine("wait"))
		case "init":
			send(hub.NewLine("ready"))
		case "new-game":
			moveNo = 0
		case "pos":
			p, err := parsePos(line)
			if err != nil {
				send(hub.NewLine("error").Set("message", hub.SafeValue(err.Error())))
				continue
			}
			pos = p
		case "ping":
			send(hub.NewLine("pong"))
		case "quit":
			return
		case "go":
			if line.Has("ponder") {
				// Wait for ponder-hit or stop, then answer.
				for text := range lines {
					if text == "ponder-hit" || text == "stop" {
						break
					}
				}
				move, ponder := choose(pos, *predict)
				info("0.00", move)
				done(move, ponder)
				continue
			}
			moveNo++
			move, ponder := choose(pos, *predict)
			if moveNo == *at {
				switch *mode {
				case "illegal":
					done(illegalMove(pos), "")
					continue
				case "slow":
					for text := range lines {
						if text == "stop" {
							break
						}
					}
				case "hang":
					time.Sleep(time.Hour)
				case "crash":
					os.Exit(3)
				case "garbage":
					raw("\x01this is \"not a protocol line")
				case "brace":
					raw(`debug: state={depth:3} [Event "x"]`)
				case "bracemove":
					done("}[Event", "")
					continue
				case "nomove":
					done("", "")
					continue
				}
			}
			if move != "" {
				info("0.25", move)
			}
			done(move, ponder)
		}
	}
}

// parsePos reads "pos [pos=<hub>] [moves=<m1 m2 ...>]".
func parsePos(line hub.Line) (engine.Position, error) {
	p := engine.StartPosition()
	var err error
	if v, ok := line.Get("pos"); ok {
		if p, err = engine.ParseHub(v); err != nil {
			return p, err
		}
	}
	if moves, ok := line.Get("moves"); ok {
		for _, s := range strings.Fields(moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				return p, err
			}
			p = p.Play(m)
		}
	}
	return p, nil
}

// choose picks the move of a position from its hash, and the predicted
// reply ("right": the one choose would pick after it).
func choose(p engine.Position, predict string) (string, string) {
	ms := sorted(p)
	if len(ms) == 0 {
		return "", ""
	}
	m := ms[p.Key()%uint64(len(ms))]
	q := p.Play(m)
	replies := sorted(q)
	if len(replies) == 0 {
		return p.FormatMove(m), ""
	}
	k := q.Key() % uint64(len(replies))
	if predict == "wrong" {
		k = (k + 1) % uint64(len(replies))
	}
	return p.FormatMove(m), q.FormatMove(replies[k])
}

func sorted(p engine.Position) []engine.Move {
	ms := p.LegalMoves()
	sort.Slice(ms, func(i, j int) bool { return p.FormatMove(ms[i]) < p.FormatMove(ms[j]) })
	return ms
}

// illegalMove is a well-formed move from an empty square.
func illegalMove(p engine.Position) string {
	occ := p.Occupied()
	for s := engine.Square(0); s < 64; s++ {
		if occ&(1<<s) == 0 {
			t := (s + 8) % 64
			return s.String() + "-" + t.String()
		}
	}
	return "a1-a2"
}
