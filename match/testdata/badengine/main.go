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
	say := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}

	pos := engine.StartPosition()
	moveNo := 0
	for line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "hub":
			say("id name=badengine version=1 author=test country=nowhere")
			say("param name=threads value=1 type=int min=1 max=4")
			say("param name=ponder value=false type=bool")
			say("wait")
		case "init":
			say("ready")
		case "new-game":
			moveNo = 0
		case "pos":
			p, err := parsePos(line)
			if err != nil {
				say("error message=%q", err.Error())
				continue
			}
			pos = p
		case "ping":
			say("pong")
		case "quit":
			return
		case "go":
			if len(f) > 1 && f[1] == "ponder" {
				// Wait for ponder-hit or stop, then answer.
				for l := range lines {
					if l == "ponder-hit" || l == "stop" {
						break
					}
				}
				move, ponder := choose(pos, *predict)
				say("info depth=1 seldepth=1 score=0.00 nodes=1 time=0 nps=0 pv=%q", move)
				say("done move=%s ponder=%s", move, ponder)
				continue
			}
			moveNo++
			move, ponder := choose(pos, *predict)
			if moveNo == *at {
				switch *mode {
				case "illegal":
					say("done move=%s", illegalMove(pos))
					continue
				case "slow":
					for l := range lines {
						if l == "stop" {
							break
						}
					}
				case "hang":
					time.Sleep(time.Hour)
				case "crash":
					os.Exit(3)
				case "garbage":
					say("\x01this is \"not a protocol line")
				case "nomove":
					say("done")
					continue
				}
			}
			if move == "" {
				say("done")
				continue
			}
			say("info depth=1 seldepth=1 score=0.25 nodes=1 time=0 nps=0 pv=%q", move)
			if ponder != "" {
				say("done move=%s ponder=%s", move, ponder)
			} else {
				say("done move=%s", move)
			}
		}
	}
}

// parsePos reads "pos pos=<hub> moves="..."" (or pos start).
func parsePos(line string) (engine.Position, error) {
	p := engine.StartPosition()
	var err error
	if i := strings.Index(line, "pos="); i >= 0 {
		if p, err = engine.ParseHub(strings.Fields(line[i+4:])[0]); err != nil {
			return p, err
		}
	}
	if i := strings.Index(line, `moves="`); i >= 0 {
		rest := line[i+7:]
		rest = rest[:strings.IndexByte(rest, '"')]
		for _, s := range strings.Fields(rest) {
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
