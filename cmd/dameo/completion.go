// `dameo completion bash|zsh|fish`: shell completion scripts written from
// the command tree (cmdtree.go), so that they name every subcommand and
// flag of the program that prints them. The release ships them
// (.goreleaser.yaml); docs/cli.md says how to install them by hand.
//
// They are written here rather than with github.com/willabides/kongplete:
// kongplete completes by running the program at every Tab (through
// github.com/posener/complete, a dependency the project does not have) and
// installs itself by editing the user's shell start-up files; a package
// wants static files for /usr/share/bash-completion, zsh's site-functions
// and fish's vendor_completions.d instead.

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/kong"
)

type completionCmd struct {
	Shell string `arg:"" enum:"bash,zsh,fish" help:"The shell: bash, zsh or fish."`
}

func (c *completionCmd) Run(ctx *kong.Context) error {
	tree := commandTree(ctx.Model)
	var script string
	switch c.Shell {
	case "bash":
		script = bashCompletion(tree)
	case "zsh":
		script = zshCompletion(tree)
	case "fish":
		script = fishCompletion(tree)
	}
	_, err := io.WriteString(ctx.Stdout, script)
	return err
}

// transitions is the case patterns that take a command path one word
// further: "dameo book" (from dameo), "dameo book build" (from dameo book).
func transitions(tree *cmdNode, quote func(string) string) string {
	var paths []string
	tree.walk(func(n *cmdNode) {
		if n != tree {
			paths = append(paths, quote(n.path))
		}
	})
	return strings.Join(paths, " | ")
}

// flagWords is the flags of n as the user types them, and those of them
// that take a value.
func flagWords(n *cmdNode) (all, valued []string) {
	for _, f := range n.typedFlags() {
		spellings := []string{f.long}
		if f.short != "" {
			spellings = append(spellings, f.short)
		}
		all = append(all, spellings...)
		if f.value != "" {
			valued = append(valued, spellings...)
		}
	}
	return all, valued
}

func bashCompletion(tree *cmdNode) string {
	var s strings.Builder
	s.WriteString(`# bash completion for dameo, written by "dameo completion bash".
_dameo() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=dameo i
	for ((i = 1; i < COMP_CWORD; i++)); do
		case "$cmd ${COMP_WORDS[i]}" in
		`)
	s.WriteString(transitions(tree, bashQuote))
	s.WriteString(`) cmd="$cmd ${COMP_WORDS[i]}" ;;
		esac
	done
	local words= flags= valued=
	case $cmd in
`)
	tree.walk(func(n *cmdNode) {
		all, valued := flagWords(n)
		fmt.Fprintf(&s, "\t%s)\n", bashQuote(n.path))
		for _, f := range n.typedFlags() {
			if len(f.enum) > 0 {
				fmt.Fprintf(&s, "\t\t[[ $prev == %s ]] && COMPREPLY=($(compgen -W %s -- \"$cur\")) && return\n",
					f.long, bashQuote(strings.Join(f.enum, " ")))
			}
		}
		fmt.Fprintf(&s, "\t\twords=%s\n\t\tflags=%s\n\t\tvalued=%s\n\t\t;;\n",
			bashQuote(strings.Join(append(n.names(), n.argEnum...), " ")),
			bashQuote(strings.Join(all, " ")), bashQuote(" "+strings.Join(valued, " ")+" "))
	})
	s.WriteString(`	esac
	# A flag's value, or an argument that is not a subcommand: the shell's
	# own completion (file names), which -o default gives an empty reply.
	[[ $valued == *" $prev "* ]] && return
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$flags" -- "$cur"))
	elif [[ -n $words ]]; then
		COMPREPLY=($(compgen -W "$words" -- "$cur"))
	fi
}
complete -o default -F _dameo dameo
`)
	return s.String()
}

// bashQuote is s in single quotes, for bash and zsh.
func bashQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func zshCompletion(tree *cmdNode) string {
	var s strings.Builder
	s.WriteString(`#compdef dameo
# zsh completion for dameo, written by "dameo completion zsh".
_dameo() {
	local cmd=dameo i prev=${words[CURRENT-1]}
	for ((i = 2; i < CURRENT; i++)); do
		case "$cmd ${words[i]}" in
		(`)
	s.WriteString(transitions(tree, bashQuote))
	s.WriteString(`) cmd="$cmd ${words[i]}" ;;
		esac
	done
	local -a commands flags
	local valued= files=
	case $cmd in
`)
	tree.walk(func(n *cmdNode) {
		_, valued := flagWords(n)
		fmt.Fprintf(&s, "\t(%s)\n", bashQuote(n.path))
		for _, f := range n.typedFlags() {
			if len(f.enum) > 0 {
				fmt.Fprintf(&s, "\t\t[[ $prev == %s ]] && compadd -- %s && return\n", f.long, strings.Join(f.enum, " "))
			}
		}
		var commands, flags []string
		for _, c := range n.children {
			commands = append(commands, bashQuote(c.name()+":"+summary(c.help)))
		}
		for _, v := range n.argEnum {
			commands = append(commands, bashQuote(v))
		}
		for _, f := range n.typedFlags() {
			flags = append(flags, bashQuote(f.long+":"+summary(f.help)))
			if f.short != "" {
				flags = append(flags, bashQuote(f.short+":"+summary(f.help)))
			}
		}
		fmt.Fprintf(&s, "\t\tcommands=(%s)\n\t\tflags=(%s)\n\t\tvalued=%s\n",
			strings.Join(commands, " "), strings.Join(flags, " "), bashQuote(" "+strings.Join(valued, " ")+" "))
		if len(n.args) > 0 && len(n.argEnum) == 0 {
			s.WriteString("\t\tfiles=1\n")
		}
		s.WriteString("\t\t;;\n")
	})
	s.WriteString(`	esac
	if [[ $valued == *" $prev "* ]]; then
		_files
	elif [[ ${words[CURRENT]} == -* ]]; then
		_describe -t flags flag flags
	else
		(( ${#commands} )) && _describe -t commands command commands
		[[ -n $files ]] && _files
	fi
}
if [[ $funcstack[1] == _dameo ]]; then
	_dameo "$@"
else
	compdef _dameo dameo
fi
`)
	return s.String()
}

func fishCompletion(tree *cmdNode) string {
	var s strings.Builder
	s.WriteString(`# fish completion for dameo, written by "dameo completion fish".
function __dameo_command
	set -l cmd dameo
	for w in (commandline -opc)[2..-1]
		switch "$cmd $w"
			case `)
	var paths []string
	tree.walk(func(n *cmdNode) {
		if n != tree {
			paths = append(paths, fishQuote(n.path))
		}
	})
	s.WriteString(strings.Join(paths, " "))
	s.WriteString(`
				set cmd "$cmd $w"
		end
	end
	echo $cmd
end
complete -c dameo -f
`)
	tree.walk(func(n *cmdNode) {
		cond := fishQuote("test (__dameo_command) = " + fishQuote(n.path))
		for _, c := range n.children {
			fmt.Fprintf(&s, "complete -c dameo -n %s -a %s -d %s\n", cond, fishQuote(c.name()), fishQuote(summary(c.help)))
		}
		for _, v := range n.argEnum {
			fmt.Fprintf(&s, "complete -c dameo -n %s -a %s\n", cond, fishQuote(v))
		}
		if len(n.args) > 0 && len(n.argEnum) == 0 {
			fmt.Fprintf(&s, "complete -c dameo -n %s -F\n", cond)
		}
		for _, f := range n.typedFlags() {
			line := fmt.Sprintf("complete -c dameo -n %s -l %s", cond, strings.TrimPrefix(f.long, "--"))
			if f.short != "" {
				line += " -s " + strings.TrimPrefix(f.short, "-")
			}
			switch {
			case len(f.enum) > 0:
				line += " -x -a " + fishQuote(strings.Join(f.enum, " "))
			case f.value != "":
				line += " -r -F"
			}
			fmt.Fprintf(&s, "%s -d %s\n", line, fishQuote(summary(f.help)))
		}
	})
	return s.String()
}

// fishQuote is s in single quotes, for fish.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}
