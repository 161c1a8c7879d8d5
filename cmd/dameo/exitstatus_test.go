//go:build unix

// The exit status rule of docs/cli.md, tried on every subcommand: 0 done,
// 1 the work failed, 2 bad usage or input (a bad flag, a missing input
// file), 130 interrupted by Ctrl-C (SIGINT) or SIGTERM, with one error
// line on standard error for every status but 0.

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/testio"
)

// exitCase is one run: the arguments, the status wanted and, for an
// interrupted run, the text on its output after which Ctrl-C is sent
// ("": a second after the start).
type exitCase struct {
	kind  string // done, failed, usage, missing, bad (an input file of bad content), interrupted (SIGINT), terminated (SIGTERM)
	args  []string
	stdin string
	want  int
	until string
}

// runCase runs a case and returns its stderr and exit status; a process
// killed by SIGINT (a command with nothing to clean up keeps Go's default)
// counts as 130, as shells report it.
func runCase(t *testing.T, bin string, c exitCase) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, loadedStart(c.args)...)
	var stdout, stderr testio.SyncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Stdin = strings.NewReader(c.stdin)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if c.want == 130 && c.until == "" {
		time.Sleep(time.Second) // no output to wait for: give it time to start the work
	}
	if c.want == 130 {
		for deadline := time.Now().Add(2 * time.Minute); !strings.Contains(stdout.String()+stderr.String(), c.until); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("%v: %q never came:\n%s\n%s", c.args, c.until, stdout.String(), stderr.String())
			}
		}
		if c.kind == "terminated" {
			cmd.Process.Signal(syscall.SIGTERM)
		} else {
			cmd.Process.Signal(os.Interrupt)
		}
	}
	timer := time.AfterFunc(3*time.Minute, func() { cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stderr.String(), 0
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGINT {
			return stderr.String(), 130
		}
		return stderr.String(), exit.ExitCode()
	}
	t.Fatal(err)
	return "", 0
}

func TestExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every subcommand, some of them to an interruption")
	}
	bin := dameoBinary(t)
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	missing := path("missing/file")
	write := func(name, text string) string {
		if err := os.WriteFile(path(name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path(name)
	}
	textBook := write("book.txt", "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w; c3-c4 1 5\n")
	token := write("token", "not-a-real-token\n")
	textData := write("data.txt", "#dameo-datagen 1 nodes=50 depth=0 random-plies=4 seed=1\n#game 0 2\n"+
		"b1b1bbbb/bbbbbbb1/1bbbbb2/8/6w1/2wwwww1/1wwwww2/wwww1www w;0-1;10\n"+
		"b1b1bbbb/bbbbbbb1/1bbbbb2/8/6ww/2wwww2/1wwwww2/wwww1www b;0-1;33\n")
	suite := write("suite.txt", "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w; bm c3-c4; id a test\n")
	badSuite := write("bad-suite.txt", "bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww w; bm a1-a8\n")
	badData := write("bad-data.txt", "#dameo-datagen 1 nodes=50 depth=0 random-plies=4 seed=1\n#game 0 1\nnot a position;0-1;10\n")
	if err := os.Mkdir(path("badtables"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("badtables/0101.egtb", "not a table\n")
	// Fixtures made by the program: a book, a book's shard file, tables, a data file, a match.
	for _, args := range [][]string{
		{"book", "import", textBook, "-o", path("book.bin")},
		{"book", "build", "--from-search", "--positions", "1", "--depth", "1", "--hash", "1", "--shard", "1/1", "-o", path("r1.shard")},
		{"egtb", "build", "--pieces", "2", "--egtb", path("tables")},
		{"datagen", path("data.bin"), "--games", "20", "--nodes", "100", "--concurrency", "1"}, // enough games to hold some out
		{"match", "-e", "name=a depth=1", "-e", "name=b depth=1", "--games", "2", "--seed", "1", "--pdn", path("match.pdn")},
	} {
		if errOut, code := runCase(t, bin, exitCase{args: args}); code != 0 {
			t.Fatalf("%v: status %d: %s", args, code, errOut)
		}
	}
	engines := []string{"-e", "name=a", "-e", "name=b"}
	cases := map[string][]exitCase{
		"perft": {
			{kind: "done", args: []string{"perft", "--depth", "2"}},
			{kind: "usage", args: []string{"perft", "--depth", "0"}},
			{kind: "interrupted", args: []string{"perft", "--depth", "12"}, until: "depth=4"},
		},
		"moves": {
			{kind: "done", args: []string{"moves"}},
			{kind: "usage", args: []string{"moves", "bad"}},
		},
		"position": {
			{kind: "done", args: []string{"position", "--moves", "d3-d4"}},
			{kind: "usage", args: []string{"position", "--moves", "d3-d5"}},
		},
		"analyze": {
			{kind: "done", args: []string{"analyze", "--depth", "2"}},
			{kind: "usage", args: []string{"analyze", "--depth", "0"}},
			{kind: "missing", args: []string{"analyze", "--egtb", missing}},
			{kind: "interrupted", args: []string{"analyze"}, until: "depth=3"},
			{kind: "terminated", args: []string{"analyze"}, until: "depth=3"},
		},
		"bench": {
			{kind: "done", args: []string{"bench", "--depth", "1"}},
			{kind: "usage", args: []string{"bench", "--hash", "0"}},
			{kind: "interrupted", args: []string{"bench"}, until: "position 1/"},
			{kind: "terminated", args: []string{"bench"}, until: "position 1/"},
		},
		"hub": {
			{kind: "done", args: []string{"hub"}, stdin: "hub\nquit\n"},
			{kind: "usage", args: []string{"hub", "--no-such-flag"}},
			{kind: "missing", args: []string{"hub", "--log", missing}},
		},
		"book build": {
			{kind: "done", args: []string{"book", "build", "--from-search", "--positions", "2", "--depth", "1", "--concurrency", "1", "-o", path("built.bin")}},
			{kind: "usage", args: []string{"book", "build", "-o", path("x.bin")}},
			{kind: "missing", args: []string{"book", "build", "--from-pdn", missing, "-o", path("x.bin")}},
			{kind: "interrupted", args: []string{"book", "build", "--from-search", "--positions", "100000", "--depth", "3", "--concurrency", "1", "-o", path("big.bin")}, until: ""},
		},
		"book merge": {
			{kind: "done", args: []string{"book", "merge", "-o", path("merged.bin"), path("r1.shard")}},
			{kind: "usage", args: []string{"book", "merge", "-o", path("x.bin"), path("r1.shard"), path("r1.shard")}},
			{kind: "missing", args: []string{"book", "merge", "-o", path("x.bin"), missing}},
		},
		"book import": {
			{kind: "done", args: []string{"book", "import", textBook, "-o", path("imported.bin")}},
			{kind: "usage", args: []string{"book", "import"}},
			{kind: "missing", args: []string{"book", "import", missing, "-o", path("x.bin")}},
		},
		"book dump": {
			{kind: "done", args: []string{"book", "dump", "--book", path("book.bin")}},
			{kind: "usage", args: []string{"book", "dump", "--book", path("book.bin"), path("other.bin")}},
			{kind: "missing", args: []string{"book", "dump", "--book", missing}},
		},
		"book show": {
			{kind: "done", args: []string{"book", "show"}},
			{kind: "usage", args: []string{"book", "show", "bad"}},
			{kind: "missing", args: []string{"book", "show", "--book", missing}},
		},
		"book verify": {
			{kind: "done", args: []string{"book", "verify", "--book", path("book.bin")}},
			{kind: "failed", args: []string{"book", "verify", "--book", textBook}},
			{kind: "done", args: []string{"book", "verify"}}, // the built-in book, as book show and book dump (issue 36)
			{kind: "usage", args: []string{"book", "verify", "--book", path("book.bin"), path("other.bin")}},
			{kind: "missing", args: []string{"book", "verify", "--book", missing}},
		},
		"match": {
			{kind: "done", args: []string{"match", "-e", "name=a depth=1", "-e", "name=b depth=1", "--games", "2"}},
			{kind: "failed", args: []string{"match", "-e", "cmd=" + missing, "-e", "cmd=" + missing, "--depth", "1"}},
			{kind: "usage", args: append(append([]string{"match"}, engines...), "--games", "0", "--depth", "1")},
			{kind: "missing", args: append(append([]string{"match"}, engines...), "--depth", "1", "--openings", missing)},
			{kind: "missing", args: append(append([]string{"match"}, engines...), "--depth", "1", "--pdn", missing)},
			{kind: "interrupted", args: append(append([]string{"match"}, engines...), "--movetime", "1", "--games", "20"), until: "Started game"},
		},
		"explore": {
			{kind: "done", args: []string{"explore", "--games", path("match.pdn"), "--moves", "c3-c4"}},
			{kind: "usage", args: []string{"explore", "--games", path("match.pdn"), "--moves", "d3-d5"}},
			{kind: "missing", args: []string{"explore", "--games", missing}},
			{kind: "bad", args: []string{"explore", "--games", textBook}},
		},
		"match report": {
			{kind: "done", args: []string{"match", "report", path("match.pdn")}},
			{kind: "usage", args: []string{"match", "report"}},
			{kind: "missing", args: []string{"match", "report", missing}},
		},
		"shots mine": {
			{kind: "done", args: []string{"shots", "mine", path("match.pdn"), "-o", path("mined.txt"), "--nodes", "100", "--score-nodes", "100", "--hash", "1"}},
			{kind: "usage", args: []string{"shots", "mine", path("match.pdn"), "-o", path("x.txt"), "--swing", "0"}},
			{kind: "missing", args: []string{"shots", "mine", missing, "-o", path("x.txt")}},
			{kind: "bad", args: []string{"shots", "mine", textBook, "-o", path("x.txt")}},
		},
		"shots run": {
			{kind: "done", args: []string{"shots", "run", suite, "--nodes", "100", "--hash", "1"}},
			{kind: "usage", args: []string{"shots", "run", suite, "--nodes", "0"}},
			{kind: "missing", args: []string{"shots", "run", missing}},
			{kind: "bad", args: []string{"shots", "run", badSuite}},
			{kind: "interrupted", args: []string{"shots", "run", suite, "--nodes", "1000000000000"}, until: ""},
		},
		"bot": {
			{kind: "failed", args: []string{"bot", "--token-file", token, "--server", "http://127.0.0.1:1"}},
			{kind: "usage", args: []string{"bot"}},
			{kind: "missing", args: []string{"bot", "--token-file", missing}},
		},
		"gui": {
			{kind: "usage", args: []string{"gui", "-e", "cmd=" + missing}},
			{kind: "missing", args: []string{"gui", "--pdn", missing}},
			{kind: "missing", args: []string{"gui", "--games", missing}},
			{kind: "bad", args: []string{"gui", "--games", textBook}},
			{kind: "interrupted", args: []string{"gui"}, until: "Ctrl-C to stop"},
		},
		"egtb build": {
			{kind: "done", args: []string{"egtb", "build", "--pieces", "2", "--egtb", path("tables2")}},
			{kind: "usage", args: []string{"egtb", "build", "--pieces", "9", "--egtb", path("tables2")}},
			{kind: "usage", args: []string{"egtb", "build", "--pieces", "2", "--table", "9999", "--egtb", path("tables2")}},
			{kind: "done", args: []string{"egtb", "build", "--pieces", "2", "--resume", "--egtb", path("tables2")}},
			{kind: "interrupted", args: []string{"egtb", "build", "--pieces", "4", "--egtb", path("tables4")}, until: " slots "},
		},
		"egtb plan": {
			{kind: "done", args: []string{"egtb", "plan", "--pieces", "5"}},
			{kind: "usage", args: []string{"egtb", "plan", "--pieces", "7"}},
			{kind: "usage", args: []string{"egtb", "plan"}},
		},
		"egtb probe": {
			{kind: "done", args: []string{"egtb", "probe", "8/8/8/8/BB6/8/8/w7 w"}},
			{kind: "usage", args: []string{"egtb", "probe"}},
			{kind: "missing", args: []string{"egtb", "probe", "--egtb", missing, "8/8/8/8/BB6/8/8/w7 w"}},
		},
		"egtb verify": {
			{kind: "done", args: []string{"egtb", "verify", "--egtb", path("tables")}},
			{kind: "failed", args: []string{"egtb", "verify", "--egtb", path("badtables")}},
			{kind: "done", args: []string{"egtb", "verify", "--no-values", "--egtb", path("tables")}},
			{kind: "usage", args: []string{"egtb", "verify", "--egtb", path("tables"), path("badtables")}},
			{kind: "missing", args: []string{"egtb", "verify", "--egtb", missing}},
		},
		"egtb stats": {
			{kind: "done", args: []string{"egtb", "stats", "--egtb", path("tables")}},
			{kind: "usage", args: []string{"egtb", "stats", "extra"}},
			{kind: "missing", args: []string{"egtb", "stats", "--egtb", missing}},
		},
		"datagen": {
			{kind: "done", args: []string{"datagen", path("more.bin"), "--games", "2", "--nodes", "100", "--concurrency", "1"}},
			{kind: "done", args: []string{"datagen", "-o", path("more-o.bin"), "--games", "2", "--nodes", "100", "--concurrency", "1"}}, // as tune and book (issue 36)
			{kind: "usage", args: []string{"datagen", "--games", "2"}},
			{kind: "usage", args: []string{"datagen", "-o", path("a.bin"), path("b.bin")}},
			{kind: "usage", args: []string{"datagen", path("x.bin"), "--games", "0"}},
			{kind: "missing", args: []string{"datagen", missing}},
			{kind: "interrupted", args: []string{"datagen", path("long.bin"), "--games", "100000", "--concurrency", "1", "--interval", "0.1"}, until: "games"},
		},
		"datagen convert": {
			{kind: "done", args: []string{"datagen", "convert", textData, path("converted.bin")}},
			{kind: "usage", args: []string{"datagen", "convert", textData}},
			{kind: "missing", args: []string{"datagen", "convert", missing, path("x.bin")}},
			{kind: "missing", args: []string{"datagen", "convert", textData, missing}},
			{kind: "bad", args: []string{"datagen", "convert", badData, path("bad.bin")}},
		},
		"tune": {
			{kind: "done", args: []string{"tune", path("data.bin"), "--output", path("w.bin"), "--epochs", "1", "--threads", "1"}},
			{kind: "usage", args: []string{"tune", path("data.bin"), "--output", path("w.bin"), "--validation", "0"}},
			{kind: "usage", args: []string{"tune", path("data.bin")}},
			{kind: "missing", args: []string{"tune", missing, "--output", path("w.bin")}},
			{kind: "missing", args: []string{"tune", path("data.bin"), "--output", missing}},
			{kind: "interrupted", args: []string{"tune", path("data.bin"), "--output", path("long.bin"), "--epochs", "1000000", "--patience", "1000000", "--threads", "1"}, until: "epoch   1:"},
			{kind: "terminated", args: []string{"tune", path("data.bin"), "--output", path("long2.bin"), "--epochs", "1000000", "--patience", "1000000", "--threads", "1"}, until: "epoch   1:"},
		},
		"completion": {
			{kind: "done", args: []string{"completion", "fish"}},
			{kind: "usage", args: []string{"completion", "powershell"}},
		},
		"man": {
			{kind: "done", args: []string{"man"}},
			{kind: "usage", args: []string{"man", "extra"}},
		},
	}
	wants := map[string]int{"done": 0, "failed": 1, "usage": 2, "missing": 2, "bad": 2, "interrupted": 130, "terminated": 130}
	for command := range commandFlags(t) {
		if command != "book" && command != "egtb" && command != "shots" && len(cases[command]) == 0 {
			t.Errorf("no exit status case for dameo %s", command)
		}
	}
	for command, cs := range cases {
		for _, c := range cs {
			c.want = wants[c.kind]
			errOut, code := runCase(t, bin, c)
			if code != c.want {
				t.Errorf("%s (%s) %q: status %d, want %d; stderr %q", command, c.kind, c.args, code, c.want, errOut)
				continue
			}
			lines := strings.Split(strings.TrimSpace(errOut), "\n")
			last := lines[len(lines)-1]
			if c.want != 0 && c.want != 130 && !strings.HasPrefix(last, "dameo: ") {
				t.Errorf("%s (%s) %q: the error is not a \"dameo: \" line: %q", command, c.kind, c.args, errOut)
			}
			if c.kind == "interrupted" && strings.Contains(errOut, "games=0 skipped=0") {
				t.Errorf("%s: an empty summary on an interruption: %q", command, errOut)
			}
		}
	}
}
