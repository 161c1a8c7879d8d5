// Tests of the command-line interface: most run the built program and look
// at its output and exit status.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/kong"
	"github.com/dameo/dameo/bench"
	"github.com/dameo/dameo/book"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/search"
)

func TestMain(m *testing.M) { testbin.Main(m) }

// run runs dameo with args and returns its stdout, stderr and exit status.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(dameoBinary(t), loadedStart(args)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// loadedStart gives a match the tests run a start-up timeout a loaded
// machine meets (60 s) unless the test gives one: a 10 s bound (the old
// default) was exceeded by engines started beside busy processes, and the
// match failed. It returns the other commands' arguments as they are.
func loadedStart(args []string) []string {
	if len(args) == 0 || args[0] != "match" || len(args) > 1 && args[1] == "report" ||
		slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--start-timeout") }) {
		return args
	}
	return append([]string{"match", "--start-timeout", "60"}, args[1:]...)
}

// expectBadInput runs dameo with args and checks its answer to bad
// input: exit status 2, nothing on standard output, one "dameo: " line on
// standard error.
func expectBadInput(t *testing.T, args ...string) {
	t.Helper()
	out, errOut, code := run(t, args...)
	if code != 2 {
		t.Errorf("%v: exit status %d, want 2", args, code)
	}
	if out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.HasPrefix(errOut, "dameo: ") {
		t.Errorf("%v: want one error line on stderr, got stdout %q stderr %q", args, out, errOut)
	}
}

func TestHelpListsSubcommands(t *testing.T) {
	out, _, code := run(t, "--help")
	if code != 0 {
		t.Fatalf("--help exit status %d", code)
	}
	for _, sub := range []string{"perft", "moves", "analyze", "bench", "hub", "match", "book", "bot", "gui", "egtb", "datagen", "tune"} {
		if !strings.Contains(out, sub) {
			t.Errorf("--help does not list %s:\n%s", sub, out)
		}
		if o, _, c := run(t, sub, "--help"); c != 0 || !strings.Contains(o, "Usage: dameo "+sub) {
			t.Errorf("%s --help: status %d\n%s", sub, c, o)
		}
	}
}

// tokenFile writes a token file the bot accepts (a few bytes, under its
// 4,096-byte bound), so that a case fails on its flag, not on the file.
func tokenFile(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(file, []byte("not-a-real-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestBadInputExitsWithStatus2(t *testing.T) {
	token := tokenFile(t)
	for _, args := range [][]string{
		{"--no-such-flag"},
		{"no-such-command"},
		{"perft", "--depth", "0"},
		{"perft", "--depth", "x"},
		{"perft", "--threads", "-1"},
		{"perft", "--hash", "-1"},
		{"perft", "8/8/8 w"},
		{"moves", "8/8/8/8/8/8/8/8 q"},
		{"moves", "a", "b"},
		{"perft", "--threads", "257"},
		{"analyze", "--depth", "101"},
		{"analyze", "--multipv", "65"},
		{"analyze", "--hash", "0"},
		{"bench", "--depth", "0"},
		{"bench", "--threads", "257"},
		{"match", "-e", "cmd=x", "-e", "cmd=y", "--depth", "101"},
		{"bot"},
		{"bot", "--token-file", "no-such-file"},
		{"bot", "--token-file", token, "--tc-min", "x"},
		{"bot", "--token-file", token, "--tc-min", "600", "--tc-max", "60"},
		{"bot", "--token-file", token, "--resign", "moves=0,score=1"},
		{"bot", "--token-file", token, "--draw", "score=1"},
		{"bot", "--token-file", token, "--engine-option", "threads"},
		{"bot", "--token-file", token, "--accept", "blitz"},
		{"bot", "--token-file", token, "--level", "20"},
		{"bot", "--token-file", token, "--level", "-1"},
	} {
		expectBadInput(t, args...)
	}
}

// TestBotKeepsTheTokenOut: errors of dameo bot never show the token.
func TestBotKeepsTheTokenOut(t *testing.T) {
	const token = "lip_NotForYourEyes"
	file := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(file, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--server", "ftp://example.org"},
		{"--server", "http://127.0.0.1:1"},
		{"--limits", "depth=x y"},
	} {
		out, errOut, code := run(t, append([]string{"bot", "--token-file", file}, args...)...)
		if code == 0 || strings.Contains(out+errOut, token) || !strings.HasPrefix(errOut, "dameo: ") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestHelpShowsBounds: flag help quotes the search's bounds and defaults.
func TestHelpShowsBounds(t *testing.T) {
	depth := fmt.Sprintf("1 to %d", search.MaxDepth)
	threads := fmt.Sprintf("0 to %d, 0 = one per CPU", search.MaxThreads)
	hash := fmt.Sprintf("%d to %d", search.MinHashMiB, search.MaxHashMiB)
	for sub, want := range map[string][]string{
		"analyze":    {depth, threads + " (default 1)", hash + " (default 64)", fmt.Sprintf("1 to %d (default 1)", search.MaxMultiPV), "nodes per second"},
		"bench":      {depth + fmt.Sprintf(" (default %d", bench.DefaultDepth), threads, hash + " (default 16)"},
		"hub":        {"millions of nodes per second"},
		"match play": {depth},
		"perft":      {threads},
	} {
		out, _, _ := run(t, append(strings.Fields(sub), "--help")...)
		out = strings.Join(strings.Fields(out), " ") // undo the line wrapping
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s --help does not say %q:\n%s", sub, w, out)
			}
		}
	}
}

func TestPerftOutput(t *testing.T) {
	out, _, code := run(t, "perft", "--depth", "3")
	if code != 0 {
		t.Fatalf("exit status %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"52", "2704", "135930"}
	line := regexp.MustCompile(`^depth=(\d+) nodes=(\d+) time=\d+\.\d+ nps=\d+$`)
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil || m[2] != want[i] {
			t.Errorf("line %q, want depth=%d nodes=%s ...", l, i+1, want[i])
		}
	}
	out, _, _ = run(t, "perft", "--depth", "2", "--divide", "--hash", "4", "--threads", "2", "--no-bulk")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 52+2 || lines[0] != "a1-a2 52" || !strings.HasPrefix(lines[53], "depth=2 nodes=2704 ") {
		t.Errorf("divide output:\n%s", out)
	}
}

func TestMovesOutput(t *testing.T) {
	out, _, code := run(t, "moves", "8/8/8/8/3w4/8/8/8 w")
	if code != 0 || out != "d4-c5\nd4-d5\nd4-e5\n" {
		t.Errorf("status %d, output %q", code, out)
	}
}

func TestMovesWithoutLegalMoveSaysWhoLost(t *testing.T) {
	for _, c := range []struct{ position, loser string }{
		{"8/8/8/8/8/8/8/8 w", "White"},
		{"bb6/w7/8/8/8/8/8/8 w", "White"},
		{"8/8/8/8/8/8/8/8 b", "Black"},
	} {
		out, errOut, code := run(t, "moves", c.position)
		if want := "no legal moves: " + c.loser + " has lost\n"; out != "" || errOut != want || code != 0 {
			t.Errorf("moves %q: stdout %q, stderr %q, status %d; want no moves, %q, status 0", c.position, out, errOut, code, want)
		}
	}
}

func TestUnquotedPositionAsksForQuotes(t *testing.T) {
	const board = "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww"
	for _, args := range [][]string{
		{"moves", board, "w"},
		{"perft", "--depth", "1", board, "b"},
		{"book", "show", board, "w"},
	} {
		out, errOut, code := run(t, args...)
		side := args[len(args)-1]
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 ||
			!strings.Contains(errOut, "quote it") || !strings.Contains(errOut, `"`+board+" "+side+`"`) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want one line asking to quote the position", args, code, out, errOut)
		}
	}
	// Another stray argument is not taken for a position.
	if _, errOut, _ := run(t, "moves", "a", "b"); strings.Contains(errOut, "quote") {
		t.Errorf("moves a b: %q mentions quoting", errOut)
	}
}

func TestBookVerifyOfTextFormPointsToImport(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "book.txt")
	if err := os.WriteFile(text, []byte("# a book in text form\n"+
		"bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w; c3-c4 1 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "book", "verify", text)
	hint := regexp.MustCompile(`dameo book import (\S+) -o BOOK`).FindStringSubmatch(errOut)
	if code != 1 || out != "" || !strings.Contains(errOut, "bad magic bytes") || hint == nil || hint[1] != text {
		t.Fatalf("verify of a text book: status %d, stdout %q, stderr %q; want the error and the import command", code, out, errOut)
	}
	// The command the hint gives makes a book that verifies.
	bin := filepath.Join(dir, "book.bin")
	if _, errOut, code := run(t, "book", "import", text, "-o", bin); code != 0 {
		t.Fatalf("import: status %d, %s", code, errOut)
	}
	if out, errOut, code := run(t, "book", "verify", bin); code != 0 || !strings.Contains(out, "ok: 1 position ") {
		t.Errorf("verify of the imported book: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestHelpPointsAtTheDocs(t *testing.T) {
	for _, c := range []struct {
		args []string
		docs []string
	}{
		{[]string{"--help"}, []string{"docs/rules.md", "docs/protocol.md"}},
		{[]string{"hub", "--help"}, []string{"docs/protocol.md"}},
		{[]string{"moves", "--help"}, []string{"docs/rules.md"}},
		{[]string{"perft", "--help"}, []string{"docs/rules.md"}},
		{[]string{"analyze", "--help"}, []string{"docs/rules.md"}},
		{[]string{"book", "show", "--help"}, []string{"docs/rules.md"}},
	} {
		out, _, _ := run(t, c.args...)
		for _, doc := range c.docs {
			if !strings.Contains(strings.Join(strings.Fields(out), " "), doc) {
				t.Errorf("%v does not mention %s:\n%s", c.args, doc, out)
			}
			if _, err := os.Stat(filepath.Join("..", "..", doc)); err != nil {
				t.Errorf("%v points at %s: %v", c.args, doc, err)
			}
		}
	}
}

// TestHelpShowsDefaults checks that every flag with a default value shows
// it in its help, either in the text or, for string flags without a
// placeholder, as kong's placeholder.
func TestHelpShowsDefaults(t *testing.T) {
	var c cli
	parser, err := newParser(&c)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, f := range n.Flags {
			if !f.HasDefault || f.IsBool() || f.PlaceHolder == "" {
				continue
			}
			checked++
			shown := regexp.MustCompile(`default:? ` + regexp.QuoteMeta(f.Default) + `\b`)
			if !shown.MatchString(f.Help) {
				t.Errorf("%s --%s: help %q does not show the default %s", n.Path(), f.Name, f.Help, f.Default)
			}
		}
		for _, child := range n.Children {
			walk(child)
		}
	}
	walk(parser.Model.Node)
	if checked < 20 {
		t.Errorf("only %d flags with defaults found", checked)
	}
	// And as printed.
	if out, _, _ := run(t, "perft", "--help"); !strings.Contains(out, "(default: 6)") {
		t.Errorf("perft --help does not show the default depth:\n%s", out)
	}
}

func TestBookBuildWithoutTerminal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.bin")
	_, errOut, code := run(t, "book", "build", "--from-search", "--positions", "3", "--depth", "1", "--workers", "1", "-o", path)
	if code != 0 || !strings.Contains(errOut, "3 positions") {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
	b, err := book.Load(path)
	if err != nil || b.Len() != 3 {
		t.Fatalf("built book: %v positions, error %v; want 3", b.Len(), err)
	}
}

func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		first, done, total int
		elapsed            time.Duration
		want               string
	}{
		{0, 0, 500, 10 * time.Second, "book positions: 0/500 (0%), 10s elapsed"},
		{0, 100, 500, 10 * time.Second, "book positions: 100/500 (20%), 10s elapsed, about 40s left"},
		{200, 300, 500, 90 * time.Second, "book positions: 300/500 (60%), 1m30s elapsed, about 3m0s left"},
		{0, 500, 500, 61500 * time.Millisecond, "book positions: 500/500 (100%), 1m2s elapsed"},
	} {
		if got := progressLine("book positions", c.first, c.done, c.total, c.elapsed); got != c.want {
			t.Errorf("progressLine(%d, %d, %d, %v) = %q, want %q", c.first, c.done, c.total, c.elapsed, got, c.want)
		}
	}
}

// TestMessagesSayWhatIsWrong: messages that once misled.
func TestMessagesSayWhatIsWrong(t *testing.T) {
	token := tokenFile(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"moves", "bad"}, `"bad" is not position text`},
		{[]string{"moves", "8 w"}, "board has 1 rank, want 8"},
		{[]string{"tune", "cli_test.go", "--output", filepath.Join(t.TempDir(), "w.bin"), "--threads=-1"}, "--threads must be 0 to 256, not -1"},
		{[]string{"analyze", "--depth", "-1"}, "--depth must be 1 to 100, not -1"},
		{[]string{"egtb", "probe"}, "egtb probe needs a position"},
		{[]string{"gui", "-e", "cmd=./no-such-engine"}, "cannot run ./no-such-engine"},
		{[]string{"gui", "-e", "name=x option.threads=2"}, "the page sets the engine's parameters"},
		{[]string{"bot", "--token-file", token, "--engine", "cmd=./no-such-engine"}, "cannot run ./no-such-engine"},
		{[]string{"datagen", "x.txt", "--interval", "0"}, "--interval must be more than 0 seconds"},
		// match's limits are match's rules, told with the flags.
		{[]string{"match", "-e", "cmd=x", "-e", "cmd=y", "--depth", "101"}, "--depth must be 1 to 100, not 101"},
		{[]string{"match", "-e", "cmd=x", "-e", "cmd=y", "--nodes", "0"}, "--nodes must be 1 or more, not 0"},
		{[]string{"match", "-e", "cmd=x", "-e", "cmd=y", "--movetime", "0"}, "--movetime must be more than 0 seconds, not 0"},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if out, _, _ := run(t, "match", "report", "--help"); !strings.HasPrefix(out, "Usage: dameo match report ") {
		t.Errorf("match report --help:\n%s", out)
	}
	if out, _, _ := run(t, "egtb", "stats", "--help"); !strings.Contains(out, "white men, white kings, black men and black") || !strings.Contains(out, "plies") {
		t.Errorf("egtb stats --help does not explain materials and plies:\n%s", out)
	}
}

// TestAnalyzeOfADecidedPosition: a position the tables decide is said so,
// without a line per depth.
func TestAnalyzeOfADecidedPosition(t *testing.T) {
	out, _, code := run(t, "analyze", "8/8/8/8/8/8/8/2w1W2B w")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) > 5 || !strings.HasPrefix(lines[0], "tables: the side to move wins in 39 plies") || lines[len(lines)-1] != "bestmove e1-d1" {
		t.Errorf("status %d, output\n%s", code, out)
	}
}

// TestAnalyzeSpeedForPeople: analyze's lines give nps in nodes per
// second (as Stockfish's), and its speed for people goes to standard
// error in M nodes/s, the words of the page (issue 36: three units).
func TestAnalyzeSpeedForPeople(t *testing.T) {
	out, errOut, code := run(t, "analyze", "--depth", "3")
	if code != 0 || !regexp.MustCompile(` nps=\d+ `).MatchString(out) || !regexp.MustCompile(`^speed: \d+\.\d\d M nodes/s \(\d+ nodes in \d+\.\d{3} s\)\n$`).MatchString(errOut) {
		t.Errorf("status %d, stdout\n%s\nstderr %q", code, out, errOut)
	}
}

// TestDurationsTakeUnits: seconds, and durations with their unit.
func TestDurationsTakeUnits(t *testing.T) {
	for _, limit := range []string{"0.05", "50ms", "0:00.05"} {
		out, errOut, code := run(t, "analyze", "--movetime", limit)
		if code != 0 || !strings.Contains(out, "bestmove ") {
			t.Errorf("analyze --movetime %s: status %d, stderr %q", limit, code, errOut)
		}
	}
}

// TestAnalyzeMultiPVAnswersTheTopLine: with --multipv above 1, the best
// move is the first move of the multipv=1 line printed last, wherever the
// node limit stops the search (issue 33: pv=b1-a2, then bestmove c2-c3).
func TestAnalyzeMultiPVAnswersTheTopLine(t *testing.T) {
	pv := regexp.MustCompile(` multipv=1 pv=(\S+)`)
	for _, nodes := range []string{"9000", "14000", "23000", "37000"} {
		out, errOut, code := run(t, "analyze", "--multipv", "2", "--nodes", nodes)
		var top string
		for _, m := range pv.FindAllStringSubmatch(out, -1) {
			top = m[1]
		}
		if code != 0 || top == "" || !strings.Contains(out, "\nbestmove "+top) {
			t.Errorf("analyze --multipv 2 --nodes %s: status %d, last top line's move %q, output\n%s%s", nodes, code, top, out, errOut)
		}
	}
}
