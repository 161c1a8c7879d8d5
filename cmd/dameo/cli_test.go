package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/dameo/dameo/bench"
	"github.com/dameo/dameo/internal/testbin"
	"github.com/dameo/dameo/search"
)

func TestMain(m *testing.M) { testbin.Main(m) }

// run runs dameo with args and returns its stdout, stderr and exit status.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(testbin.Build(t, "cmd/dameo", false), args...)
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

func TestHelpListsSubcommands(t *testing.T) {
	out, _, code := run(t, "--help")
	if code != 0 {
		t.Fatalf("--help exit status %d", code)
	}
	for _, sub := range []string{"perft", "moves", "analyze", "bench", "hub", "match", "book", "datagen", "tune"} {
		if !strings.Contains(out, sub) {
			t.Errorf("--help does not list %s:\n%s", sub, out)
		}
		if o, _, c := run(t, sub, "--help"); c != 0 || !strings.Contains(o, "Usage: dameo "+sub) {
			t.Errorf("%s --help: status %d\n%s", sub, c, o)
		}
	}
}

func TestBadInputExitsWithStatus2(t *testing.T) {
	for _, args := range [][]string{
		{"--no-such-flag"},
		{"no-such-command"},
		{"perft", "--depth", "0"},
		{"perft", "--depth", "x"},
		{"perft", "--threads", "0"},
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
	} {
		out, errOut, code := run(t, args...)
		if code != 2 {
			t.Errorf("%v: exit status %d, want 2", args, code)
		}
		if out != "" || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.HasPrefix(errOut, "dameo: ") {
			t.Errorf("%v: want one error line on stderr, got stdout %q stderr %q", args, out, errOut)
		}
	}
}

// TestHelpShowsBounds: flag help quotes the search's bounds and defaults.
func TestHelpShowsBounds(t *testing.T) {
	depth := fmt.Sprintf("1 to %d", search.MaxDepth)
	threads := fmt.Sprintf("%d to %d", search.MinThreads, search.MaxThreads)
	hash := fmt.Sprintf("%d to %d", search.MinHashMiB, search.MaxHashMiB)
	for sub, want := range map[string][]string{
		"analyze": {depth, threads + " (default 1)", hash + " (default 64)", fmt.Sprintf("1 to %d (default 1)", search.MaxMultiPV), "nodes per second"},
		"bench":   {depth + fmt.Sprintf(" (default %d", bench.DefaultDepth), threads, hash + " (default 16)"},
		"hub":     {"millions of nodes per second"},
		"match":   {depth},
		"perft":   {threads},
	} {
		out, _, _ := run(t, sub, "--help")
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
	out, _, _ = run(t, "moves", "bb6/w7/8/8/8/8/8/8 w")
	if out != "" {
		t.Errorf("no legal moves: output %q", out)
	}
}
