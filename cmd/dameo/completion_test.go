// Tests of the shell completion scripts and the manual page: each shell
// completes the subcommands and flags of the command tree.

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testTree is the command tree of the program.
func testTree(t *testing.T) *cmdNode {
	t.Helper()
	var c cli
	parser, err := newParser(&c)
	if err != nil {
		t.Fatal(err)
	}
	return commandTree(parser.Model)
}

// shell is the path of the shell name; without it the test is skipped,
// except in CI (CI=true), where .ci/run installs the shells and a missing
// one fails the test.
func shell(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (.ci/run installs it): %v", name, err)
		}
		t.Skipf("%s is not installed", name)
	}
	return path
}

// writeScript writes script to a file of its own and returns its path.
func writeScript(t *testing.T, script string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "dameo-completion")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// completions maps a command line being typed to words the completion must
// offer (all of them) and a word it must not offer.
var completions = []struct {
	line     string
	want     []string
	unwanted string
}{
	{"dameo bo", []string{"book", "bot"}, "bench"},
	{"dameo egtb p", []string{"plan", "probe"}, "verify"},
	{"dameo analyze --de", []string{"--depth"}, "--games"},
	{"dameo match --output-format ", []string{"cutechess", "fastchess"}, "--games"},
	{"dameo match re", []string{"report"}, "match-report"},
	{"dameo book verify --b", []string{"--book"}, "--depth"},
	{"dameo completion ", []string{"bash", "zsh", "fish"}, "man"},
}

func TestBashCompletion(t *testing.T) {
	script := writeScript(t, bashCompletion(testTree(t)))
	bash := shell(t, "bash")
	for _, c := range completions {
		words := strings.Split(c.line, " ")
		// COMP_WORDS as bash sets it: the words of the line, the last one
		// the word being completed (empty after a space).
		prog := `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _dameo; printf '%s\n' "${COMPREPLY[@]}"`
		out, err := exec.Command(bash, append([]string{"-c", prog, "bash", script}, words...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.line, err, out)
		}
		checkOffered(t, c.line, strings.Fields(string(out)), c.want, c.unwanted)
	}
}

func TestFishCompletion(t *testing.T) {
	script := writeScript(t, fishCompletion(testTree(t)))
	fish := shell(t, "fish")
	for _, c := range completions {
		out, err := exec.Command(fish, "--no-config", "-c", `source $argv[1]; complete -C $argv[2]`, script, c.line).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", c.line, err, out)
		}
		var offered []string
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			offered = append(offered, strings.Split(line, "\t")[0])
		}
		checkOffered(t, c.line, offered, c.want, c.unwanted)
	}
}

// TestZshCompletionParses checks the zsh script's syntax and that it names
// every command and flag (completing needs zsh's line editor, which a test
// does not have).
func TestZshCompletionParses(t *testing.T) {
	tree := testTree(t)
	script := zshCompletion(tree)
	if out, err := exec.Command(shell(t, "zsh"), "-n", writeScript(t, script)).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v\n%s", err, out)
	}
	tree.walk(func(n *cmdNode) {
		if !strings.Contains(script, "('"+n.path+"')") {
			t.Errorf("no case for %q", n.path)
		}
		for _, f := range n.flags {
			if !strings.Contains(script, "'"+f.long+":") {
				t.Errorf("%s: flag %s missing", n.path, f.long)
			}
		}
	})
}

func checkOffered(t *testing.T, line string, offered, want []string, unwanted string) {
	t.Helper()
	set := map[string]bool{}
	for _, w := range offered {
		set[w] = true
	}
	for _, w := range want {
		if !set[w] {
			t.Errorf("%q: %q not offered; offered %q", line, w, offered)
		}
	}
	if set[unwanted] {
		t.Errorf("%q: %q offered", line, unwanted)
	}
}

func TestManPageDescribesEveryCommand(t *testing.T) {
	tree := testTree(t)
	page := manPage(tree, buildInfo{version: "1.2.3", date: "2026-12-02T10:00:00Z"})
	if !strings.HasPrefix(page, `.TH DAMEO 1 "2026\-12\-02" "dameo 1.2.3"`) {
		t.Errorf("title line: %q", strings.SplitN(page, "\n", 2)[0])
	}
	tree.walk(func(n *cmdNode) {
		if n != tree && !strings.Contains(page, `.SS "`+strings.ReplaceAll(n.path, "-", `\-`)) {
			t.Errorf("no section for %q", n.path)
		}
	})
	if !strings.Contains(page, `\fB\-\-depth\fR \fIN\fR`) {
		t.Error("the flags are not listed with their values")
	}
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "'") || (strings.HasPrefix(line, ".") && !isRequest(line)) {
			t.Errorf("text line read as a request: %q", line)
		}
	}
}

// isRequest reports whether line is one of the roff requests manPage writes.
func isRequest(line string) bool {
	for _, r := range []string{".TH ", ".SH ", ".SS ", ".TP", ".PP", ".B ", ".I "} {
		if strings.HasPrefix(line, r) {
			return true
		}
	}
	return false
}
