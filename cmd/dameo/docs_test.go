// The examples of README.md and docs/*.md against the program (the
// convention is in docs/cli.md): every code block is marked a test or an
// example; a test block is a transcript of dameo commands ("$ dameo ...")
// or of a Hub session ("> " sent, "< " received), and the program's output
// must be the one shown, "..." standing for any lines.

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/hubclient"
	"github.com/dameo/dameo/internal/testio"
)

// docBlock is a code block of a document and the mark before it.
type docBlock struct {
	file  string
	line  int    // of the block's first line, from 1
	mark  string // "test", "test: hub", "example" or "" (none)
	lines []string
}

// docBlocks are the code blocks of a markdown file: fenced blocks and
// blocks indented by four spaces after a blank line (outside fences), each
// with the mark of the HTML comment that is the last non-blank line
// before it.
func docBlocks(t *testing.T, file string) []docBlock {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	var blocks []docBlock
	markBefore := func(i int) string {
		for j := i - 1; j >= 0; j-- {
			l := strings.TrimSpace(lines[j])
			if l == "" {
				continue
			}
			if strings.HasPrefix(l, "<!-- ") && strings.HasSuffix(l, " -->") {
				return strings.TrimSuffix(strings.TrimPrefix(l, "<!-- "), " -->")
			}
			return ""
		}
		return ""
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "```"):
			b := docBlock{file: file, line: i + 2, mark: markBefore(i)}
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				b.lines = append(b.lines, lines[i])
			}
			blocks = append(blocks, b)
		case strings.HasPrefix(l, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == ""):
			b := docBlock{file: file, line: i + 1, mark: markBefore(i)}
			indent := len(l) - len(strings.TrimLeft(l, " "))
			for ; i < len(lines) && (strings.HasPrefix(lines[i], strings.Repeat(" ", indent)) || strings.TrimSpace(lines[i]) == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], strings.Repeat(" ", indent))); i++ {
				b.lines = append(b.lines, strings.TrimPrefix(lines[i], strings.Repeat(" ", indent)))
			}
			i--
			blocks = append(blocks, b)
		}
	}
	return blocks
}

// matchLines reports whether got equals want, a "..." line of want
// standing for any number of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchLines(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(want[1:], got[1:])
}

// outputLines splits output into lines without the final newline.
func outputLines(out string) []string {
	out = strings.TrimSuffix(out, "\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

// checkTranscript runs the "$ dameo ..." commands of a block, in a
// directory of their own, and compares their standard output.
func checkTranscript(t *testing.T, bin string, b docBlock) {
	var commands [][]string
	var wants [][]string
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		if strings.HasPrefix(l, "$ ") {
			for strings.HasSuffix(l, `\`) && i+1 < len(b.lines) {
				i++
				l = strings.TrimSuffix(l, `\`) + " " + strings.TrimSpace(b.lines[i])
			}
			words, err := hubclient.SplitWords(strings.TrimPrefix(l, "$ "))
			if err != nil || len(words) == 0 || words[0] != "dameo" {
				t.Errorf("%s:%d: %q is not a dameo command: %v", b.file, b.line+i, l, err)
				return
			}
			commands, wants = append(commands, words[1:]), append(wants, nil)
			continue
		}
		if len(commands) == 0 {
			t.Errorf("%s:%d: a test block starts with %q, not with a $ dameo command", b.file, b.line, l)
			return
		}
		wants[len(wants)-1] = append(wants[len(wants)-1], l)
	}
	for i, args := range commands {
		cmd := exec.Command(bin, args...)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "TZ=UTC")
		out, err := cmd.Output()
		want := wants[i]
		for len(want) > 0 && want[len(want)-1] == "" {
			want = want[:len(want)-1]
		}
		if got := outputLines(string(out)); err != nil || !matchLines(want, got) {
			t.Errorf("%s:%d: dameo %s: error %v, output\n%s\nwant\n%s", b.file, b.line, strings.Join(args, " "), err, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// checkHubSession plays the session of a block with dameo hub: each "> "
// line is sent once the "< " lines before it have come ("< ..." skipping
// any lines up to the next one shown).
func checkHubSession(t *testing.T, bin string, b docBlock) {
	cmd := exec.Command(bin, "hub")
	stdin, stdout := testio.StartPiped(t, cmd)
	defer cmd.Wait()
	defer stdin.Close()
	lines := testio.Lines(stdout, nil)
	skipping := false
	var seen []string
	for i, l := range b.lines {
		where := fmt.Sprintf("%s:%d", b.file, b.line+i)
		switch {
		case strings.HasPrefix(l, "> "):
			if _, err := io.WriteString(stdin, strings.TrimPrefix(l, "> ")+"\n"); err != nil {
				t.Errorf("%s: sending %q: %v", where, l, err)
				return
			}
		case l == "< ...":
			skipping = true
		case strings.HasPrefix(l, "< "):
			want := strings.TrimPrefix(l, "< ")
			for {
				var got string
				var ok bool
				select {
				case got, ok = <-lines:
				case <-time.After(2 * time.Minute):
				}
				if !ok {
					t.Errorf("%s: waiting for %q, the engine said only\n%s", where, want, strings.Join(seen, "\n"))
					return
				}
				seen = append(seen, got)
				if got == want {
					break
				}
				if !skipping {
					t.Errorf("%s: the engine said %q, the document %q; the session so far:\n%s", where, got, want, strings.Join(seen, "\n"))
					return
				}
			}
			skipping = false
		case strings.TrimSpace(l) == "":
		default:
			t.Errorf("%s: %q in a Hub session is neither > nor <", where, l)
			return
		}
	}
}

func TestDocExamples(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root, "README.md"))
	bin := dameoBinary(t)
	tested := 0
	for _, f := range files {
		for _, b := range docBlocks(t, f) {
			switch b.mark {
			case "example":
			case "test":
				tested++
				checkTranscript(t, bin, b)
			case "test: hub":
				tested++
				checkHubSession(t, bin, b)
			default:
				t.Errorf("%s:%d: a code block without <!-- test -->, <!-- test: hub --> or <!-- example --> before it (mark %q): %q", f, b.line, b.mark, b.lines[0])
			}
		}
	}
	if tested < 5 {
		t.Errorf("only %d examples tested", tested)
	}
}

func TestMatchLines(t *testing.T) {
	for _, c := range []struct {
		want, got []string
		ok        bool
	}{
		{[]string{"a", "...", "d"}, []string{"a", "b", "c", "d"}, true},
		{[]string{"a", "...", "d"}, []string{"a", "d"}, true},
		{[]string{"a", "...", "d"}, []string{"a", "b"}, false},
		{[]string{"a", "b"}, []string{"a", "b", "c"}, false},
		{[]string{"..."}, nil, true},
	} {
		if matchLines(c.want, c.got) != c.ok {
			t.Errorf("matchLines(%q, %q) = %v", c.want, c.got, !c.ok)
		}
	}
}
