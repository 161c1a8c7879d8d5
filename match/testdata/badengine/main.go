// Command badengine is a scripted Hub engine for the match runner's tests.
// It plays a deterministic legal move chosen from the position's hash, and
// at its -at'th move of each game it misbehaves as -mode says:
//
//	good      never misbehaves (pondering supported)
//	illegal   answers a well-formed move that is not legal
//	slow      does not answer until stop (overruns its time)
//	late      answers after a random delay of up to three times its move time
//	hang      stops reading and answering altogether
//	crash     exits with status 3
//	partial   writes the start of a done line, without its end, and exits
//	garbage   writes a line that is not a protocol line
//	noise     writes a line of random bytes (control bytes, invalid UTF-8,
//	          quotes, braces and brackets)
//	brace     writes a line with PDN's delimiters: debug: state={depth:3} [Event "x"]
//	bracemove answers a move text holding PDN's delimiters: }[Event
//	nomove    answers a bare done although legal moves exist
//	longline  writes a line of 2 MiB before its answer
//	chatty    answers, then writes 50 info lines of 900 kB each
//	fork      starts a sleeper that keeps its output open, recording its
//	          process id in sleepers.txt, then answers
//	random    at each move, with probability -rate, one of the others chosen
//	          at random (seeded by -seed and the number of starts before)
//
// Each start appends a line to starts.txt in the working directory, so a
// test can count restarts.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
)

// misbehaviours are the modes random chooses from.
var misbehaviours = []string{"illegal", "slow", "late", "hang", "crash", "partial", "garbage", "noise",
	"brace", "bracemove", "nomove", "longline", "chatty", "fork"}

func main() {
	mode := flag.String("mode", "good", "how to misbehave")
	at := flag.Int("at", 2, "the engine's own move of each game at which to misbehave")
	predict := flag.String("predict", "right", "ponder move: right (the reply a good badengine plays) or wrong")
	seed := flag.Uint64("seed", 1, "with -mode random: the seed of the choices")
	rate := flag.Float64("rate", 0.1, "with -mode random: the probability of misbehaving at a move")
	flag.Parse()

	starts, _ := os.ReadFile("starts.txt")
	rng := rand.New(rand.NewPCG(*seed, uint64(strings.Count(string(starts), "\n"))))
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
	var outMu sync.Mutex // the chatty writer writes from its own goroutine
	out := bufio.NewWriter(os.Stdout)
	// raw writes text as it is (garbage included); send writes a line.
	raw := func(text string) {
		outMu.Lock()
		defer outMu.Unlock()
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
	moveTime := 100 * time.Millisecond
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
		case "level":
			if v, ok := line.Get("move-time"); ok {
				if d, err := time.ParseDuration(v + "s"); err == nil {
					moveTime = d
				}
			}
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
			kind := ""
			switch {
			case *mode == "random" && rng.Float64() < *rate:
				kind = misbehaviours[rng.IntN(len(misbehaviours))]
			case *mode != "random" && moveNo == *at:
				kind = *mode
			}
			switch kind {
			case "illegal":
				done(illegalMove(pos), "")
				continue
			case "slow":
				for text := range lines {
					if text == "stop" {
						break
					}
				}
			case "late":
				time.Sleep(time.Duration(rng.Float64() * 3 * float64(moveTime)))
			case "hang":
				time.Sleep(time.Hour)
			case "crash":
				os.Exit(3)
			case "partial":
				outMu.Lock()
				fmt.Fprint(out, "done mo")
				out.Flush()
				os.Exit(3)
			case "garbage":
				raw("\x01this is \"not a protocol line")
			case "noise":
				const noiseBytes = "\x00\x01\x1b\r\xff\xc3\"{}[]; =ax"
				b := make([]byte, 1+rng.IntN(200))
				for i := range b {
					b[i] = noiseBytes[rng.IntN(len(noiseBytes))]
				}
				raw(string(b))
			case "brace":
				raw(`debug: state={depth:3} [Event "x"]`)
			case "bracemove":
				done("}[Event", "")
				continue
			case "nomove":
				done("", "")
				continue
			case "longline":
				raw(strings.Repeat("x", 2<<20))
			case "chatty":
				go func() {
					pv := strings.Repeat("x", 900_000)
					for range 50 {
						raw("info depth=1 pv=" + pv)
					}
				}()
			case "fork":
				forkSleeper()
			}
			if move != "" {
				info("0.25", move)
			}
			done(move, ponder)
		}
	}
}

// forkSleeper starts a process that holds this engine's output open and
// outlives it unless it is killed with the engine's process group.
func forkSleeper() {
	cmd := exec.Command("sleep", "1000")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if cmd.Start() != nil {
		return
	}
	if f, err := os.OpenFile("sleepers.txt", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
		fmt.Fprintln(f, cmd.Process.Pid)
		f.Close()
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
