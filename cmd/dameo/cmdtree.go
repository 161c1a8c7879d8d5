// The command tree as the shell completion scripts and the manual page see
// it: kong's model of the command line, without what --help hides.

package main

import (
	"slices"
	"strings"

	"github.com/alecthomas/kong"
)

// cmdNode is a command: dameo itself, a subcommand, or a subcommand's.
type cmdNode struct {
	path     string // "dameo book build"
	help     string
	args     []string // the positional arguments as --help shows them: "[<position>]"
	argEnum  []string // the values of a positional argument that has a fixed set
	flags    []cmdFlag
	children []*cmdNode
	runs     *cmdNode // the subcommand the command runs when given only flags and arguments (kong's default:"withargs"), or nil
}

// cmdFlag is a flag a command takes (its own or its parents').
type cmdFlag struct {
	long, short string // "--depth", "-d" or ""
	value       string // the placeholder of a flag that takes a value, else ""
	enum        []string
	help        string
}

// commandTree is the tree of the commands of app.
func commandTree(app *kong.Application) *cmdNode {
	return newCmdNode(app.Node, "dameo")
}

// newCmdNode is the node n, named path, with its visible flags and
// subcommands.
func newCmdNode(n *kong.Node, path string) *cmdNode {
	c := &cmdNode{path: path, help: n.Help}
	for _, p := range n.Positional {
		c.args = append(c.args, p.Summary())
		c.argEnum = append(c.argEnum, enumOf(p)...)
	}
	for _, group := range n.AllFlags(true) {
		for _, f := range group {
			c.flags = append(c.flags, newCmdFlag(f))
		}
	}
	for _, child := range n.Children {
		if child.Hidden || child.Type != kong.CommandNode {
			continue
		}
		c.children = append(c.children, newCmdNode(child, path+" "+child.Name))
		if n.DefaultCmd == child && child.Tag.Default == "withargs" {
			c.runs = c.children[len(c.children)-1]
		}
	}
	return c
}

// typedFlags is the flags a user may type after n's path: its own, and
// those of the subcommand it runs by default ("dameo match --tc" is
// "dameo match play --tc").
func (n *cmdNode) typedFlags() []cmdFlag {
	if n.runs == nil {
		return n.flags
	}
	flags := slices.Clone(n.flags)
	for _, f := range n.runs.flags {
		if !slices.ContainsFunc(flags, func(g cmdFlag) bool { return g.long == f.long }) {
			flags = append(flags, f)
		}
	}
	return flags
}

func newCmdFlag(f *kong.Flag) cmdFlag {
	c := cmdFlag{long: "--" + f.Name, enum: enumOf(f.Value), help: f.Help}
	if f.Short != 0 {
		c.short = "-" + string(f.Short)
	}
	if !f.IsBool() && !f.IsCounter() {
		c.value = f.FormatPlaceHolder()
	}
	return c
}

// enumOf is the values v may take when they are a fixed set, else nil.
func enumOf(v *kong.Value) []string {
	if v.Enum == "" {
		return nil
	}
	return v.EnumSlice()
}

// walk calls visit with n and every command below it, parents first.
func (n *cmdNode) walk(visit func(*cmdNode)) {
	visit(n)
	for _, c := range n.children {
		c.walk(visit)
	}
}

// names is the names a user types for the subcommands of n.
func (n *cmdNode) names() []string {
	var names []string
	for _, c := range n.children {
		names = append(names, c.name())
	}
	return names
}

// name is the last word of n's path.
func (n *cmdNode) name() string {
	return n.path[strings.LastIndexByte(n.path, ' ')+1:]
}

// summary is the first sentence of help, for the short descriptions of
// the completion menus.
func summary(help string) string {
	if i := strings.Index(help, ". "); i >= 0 {
		help = help[:i]
	}
	return strings.TrimSuffix(help, ".")
}
