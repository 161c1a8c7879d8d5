// `dameo man`: the manual page dameo(1) in roff, written from the command
// tree (cmdtree.go) that --help and the completion scripts show. The
// release ships it (.goreleaser.yaml); `dameo man | man -l -` reads it.

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"
)

type manCmd struct{}

func (manCmd) Run(ctx *kong.Context) error {
	_, err := io.WriteString(ctx.Stdout, manPage(commandTree(ctx.Model), currentBuild()))
	return err
}

// manPage is the page of tree for the build b.
func manPage(tree *cmdNode, b buildInfo) string {
	var s strings.Builder
	day := b.date
	if len(day) >= len("2006-01-02") {
		day = day[:len("2006-01-02")]
	}
	fmt.Fprintf(&s, ".TH DAMEO 1 %s %s \"User Commands\"\n", roffQuote(day), roffQuote("dameo "+b.version))
	s.WriteString(".SH NAME\ndameo \\- engine, match runner and tools for the draughts game Dameo\n")
	s.WriteString(".SH SYNOPSIS\n.B dameo\n.I command\n[\\fIflags\\fR] [\\fIarguments\\fR]\n")
	s.WriteString(".SH DESCRIPTION\n")
	for _, para := range strings.Split(tree.help, "\n\n") {
		fmt.Fprintf(&s, ".PP\n%s\n", roffText(para))
	}
	s.WriteString(".SH COMMANDS\n")
	tree.walk(func(n *cmdNode) {
		if n == tree {
			return
		}
		synopsis := n.path
		if len(n.children) > 0 {
			synopsis += " <command>"
		}
		if len(n.args) > 0 {
			synopsis += " " + strings.Join(n.args, " ")
		}
		fmt.Fprintf(&s, ".SS %s\n%s\n", roffQuote(synopsis), roffText(n.help))
		for _, f := range n.flags {
			if f.long == "--help" || f.long == "--version" {
				continue
			}
			head := `\fB` + roffText(f.long) + `\fR`
			if f.value != "" {
				head += ` \fI` + roffText(f.value) + `\fR`
			}
			if f.short != "" {
				head += `, \fB` + roffText(f.short) + `\fR`
			}
			fmt.Fprintf(&s, ".TP\n%s\n%s\n", head, roffText(f.help))
		}
	})
	s.WriteString(`.SH FILES
.TP
.I $XDG_DATA_HOME/dameo/egtb
(else \fI~/.local/share/dameo/egtb\fR; on Windows \fI%LOCALAPPDATA%\\dameo\\egtb\fR)
the endgame tables built by \fBdameo egtb build\fR, which the commands that search use without a flag.
.SH SEE ALSO
The documents of the source repository: docs/rules.md (the rules and the position text),
docs/protocol.md (the Hub protocol), docs/cli.md (the flags every command shares),
docs/book.md, docs/egtb.md.
`)
	return s.String()
}

// roffText is s as text of a roff page: backslashes and dashes escaped, and
// no line starting with a control character.
func roffText(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			lines[i] = `\&` + l
		}
	}
	return strings.Join(lines, "\n")
}

// roffQuote is s as one quoted argument of a roff request.
func roffQuote(s string) string {
	return `"` + strings.ReplaceAll(roffText(s), `"`, `""`) + `"`
}
