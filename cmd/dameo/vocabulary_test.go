// The vocabulary of docs/cli.md against the program: every flag of every
// subcommand is in its table with that subcommand, its default, its old
// spellings, and the range the program enforces (tried at both ends, with
// negative numbers in both the "--flag -1" and "--flag=-1" forms).

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
)

// vocabularyRow is one row of the table of docs/cli.md.
type vocabularyRow struct {
	concept  string
	flags    []string            // long names, without "--"
	commands []string            // subcommand paths, as "book show"
	defaults map[string]string   // by command ("" for the others)
	ranges   map[string]string   // by command ("" for the others)
	aliases  map[string][]string // old long names, by command
}

// of is the value of a per-command column for command.
func of(column map[string]string, command string) string {
	if v, ok := column[command]; ok {
		return v
	}
	return column[""]
}

// readVocabulary reads the table of docs/cli.md.
func readVocabulary(t *testing.T) []vocabularyRow {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	longFlag := regexp.MustCompile("`--([a-z0-9-]+)")
	var rows []vocabularyRow
	in := false
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "| concept | flag | commands |") {
			in = true
			continue
		}
		if !in || strings.HasPrefix(line, "|---") {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 8 {
			t.Fatalf("docs/cli.md: row %q has %d cells, want 8", line, len(cells))
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		r := vocabularyRow{concept: cells[0], defaults: map[string]string{}, ranges: map[string]string{}, aliases: map[string][]string{}}
		for _, m := range longFlag.FindAllStringSubmatch(cells[1], -1) {
			r.flags = append(r.flags, m[1])
		}
		for _, c := range strings.Split(cells[2], ",") {
			r.commands = append(r.commands, strings.TrimSpace(c))
		}
		r.defaults = perCommand(cells[4], r.commands)
		r.ranges = perCommand(cells[5], r.commands)
		for command, text := range perCommand(cells[7], r.commands) {
			for _, m := range longFlag.FindAllStringSubmatch(text, -1) {
				r.aliases[command] = append(r.aliases[command], m[1])
			}
		}
		rows = append(rows, r)
	}
	if len(rows) < 40 {
		t.Fatalf("docs/cli.md: only %d rows read from the vocabulary table", len(rows))
	}
	return rows
}

// perCommand splits a cell "V; cmd: W; cmd, cmd: X" into its values by
// command list ("" for the general one).
func perCommand(cell string, commands []string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(cell, ";") {
		part = strings.TrimSpace(part)
		if name, value, ok := strings.Cut(part, ": "); ok && allCommands(name, commands) {
			for _, c := range strings.Split(name, ",") {
				out[strings.TrimSpace(c)] = value
			}
			continue
		}
		out[""] = part
	}
	return out
}

// allCommands reports whether every name of a list "a, b" is a command.
func allCommands(list string, commands []string) bool {
	for _, n := range strings.Split(list, ",") {
		if !slices.Contains(commands, strings.TrimSpace(n)) {
			return false
		}
	}
	return true
}

// commandFlags are the flags of each subcommand of the program, by path
// as the user types it: a group's default subcommand that takes arguments
// (kong's default:"withargs", such as datagen play) under the group's own
// name, which is how it is run ("dameo datagen FILE").
func commandFlags(t *testing.T) map[string][]*kong.Flag {
	t.Helper()
	var c cli
	parser, err := newParser(&c)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]*kong.Flag{}
	var walk func(n *kong.Node, path string)
	walk = func(n *kong.Node, path string) {
		if n.Type == kong.CommandNode {
			if n.Parent != nil && n.Parent.DefaultCmd == n && n.Tag.Default == "withargs" {
				path = strings.TrimSpace(strings.TrimSuffix(path, n.Name))
			}
			if n.DefaultCmd == nil || n.DefaultCmd.Tag.Default != "withargs" {
				out[path] = n.Flags
			}
		}
		for _, child := range n.Children {
			p := strings.TrimSpace(path + " " + child.Name)
			walk(child, p)
		}
	}
	walk(parser.Model.Node, "")
	return out
}

func TestVocabularyCoversEveryFlag(t *testing.T) {
	rows := readVocabulary(t)
	flags := commandFlags(t)
	find := func(command, flag string) *vocabularyRow {
		for i := range rows {
			if slices.Contains(rows[i].flags, flag) && slices.Contains(rows[i].commands, command) {
				return &rows[i]
			}
		}
		return nil
	}
	// A hidden flag is an old spelling with a syntax of its own: the table
	// names it among the old spellings of the command's row.
	oldFlag := func(command, flag string) bool {
		for _, r := range rows {
			if slices.Contains(r.aliases[command], flag) {
				return true
			}
		}
		return false
	}
	checked := 0
	for command, fs := range flags {
		for _, f := range fs {
			if f.Hidden {
				if !oldFlag(command, f.Name) {
					t.Errorf("%s --%s is hidden but not an old spelling in docs/cli.md", command, f.Name)
				}
				continue
			}
			r := find(command, f.Name)
			if r == nil {
				t.Errorf("%s --%s is not in the table of docs/cli.md (a row with the flag and the command)", command, f.Name)
				continue
			}
			checked++
			table := strings.ReplaceAll(of(r.defaults, command), "${version}", version)
			switch {
			case f.IsBool():
				want := "off"
				if f.Default == "true" { // a negatable switch, on unless --no-NAME
					want = "on"
				}
				if table != want && !strings.HasPrefix(table, want+" ") {
					t.Errorf("%s --%s: docs/cli.md gives the default %q, want %s", command, f.Name, table, want)
				}
			case f.HasDefault && f.Default != "":
				if table != f.Default && !strings.HasPrefix(table, f.Default+" ") {
					t.Errorf("%s --%s: docs/cli.md gives the default %q, the program %q", command, f.Name, table, f.Default)
				}
			}
			var want []string // the old spellings that are aliases, not flags of their own
			for _, a := range r.aliases[command] {
				if !slices.ContainsFunc(fs, func(g *kong.Flag) bool { return g.Name == a }) {
					want = append(want, a)
				}
			}
			if !slices.Equal(sorted(f.Aliases), sorted(want)) {
				t.Errorf("%s --%s: old spellings %v in the program, %v in docs/cli.md", command, f.Name, f.Aliases, want)
			}
		}
	}
	// And the other way: every flag the table gives a command exists.
	for _, r := range rows {
		for _, command := range r.commands {
			fs, ok := flags[command]
			if !ok {
				t.Errorf("docs/cli.md %q: no command %q", r.concept, command)
				continue
			}
			for _, name := range r.flags {
				if !slices.ContainsFunc(fs, func(f *kong.Flag) bool { return f.Name == name }) {
					t.Errorf("docs/cli.md %q: %s has no --%s", r.concept, command, name)
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d flags checked", checked)
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// rangeArgs are the arguments a command needs besides the flag tried, so
// that it gets as far as checking the flag.
func rangeArgs(t *testing.T, command string) []string {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	switch command {
	case "match":
		return []string{"-e", "cmd=sh", "-e", "cmd=sh"}
	case "datagen":
		return []string{filepath.Join(dir, "data.bin")}
	case "book build":
		return []string{"--from-search", "-o", filepath.Join(dir, "book.bin")}
	case "egtb build":
		return []string{"--pieces", "2", "--egtb", filepath.Join(dir, "tables")}
	case "egtb plan":
		return []string{"--pieces", "2"}
	case "egtb verify":
		return []string{"--egtb", dir}
	case "tune":
		return []string{file, "--output", filepath.Join(dir, "weights.bin")}
	case "bot":
		return []string{"--token-file", file}
	case "shots mine":
		return []string{file, "-o", filepath.Join(dir, "suite.txt")}
	case "shots run":
		return []string{file}
	}
	return nil
}

// TestVocabularyRanges runs every integer flag with a range in
// docs/cli.md just outside it, and every duration that must be more than 0
// at 0: the program refuses with status 2 and the range.
// belowRange is the case of flag name one below its lowest value lo: in
// both the "--flag N" and "--flag=N" forms when N is negative (which the
// command line's joining of negative values must handle), in one form
// otherwise (kong reads the two alike).
func belowRange(name string, lo int, want string) [][]string {
	below := strconv.Itoa(lo - 1)
	cases := [][]string{{"--" + name, below, want}}
	if lo-1 < 0 {
		cases = append(cases, []string{"--" + name + "=" + below, want})
	}
	return cases
}

func TestVocabularyRanges(t *testing.T) {
	bounded := regexp.MustCompile(`^(-?\d+) to (\d+)$`)
	open := regexp.MustCompile(`^(-?\d+) or more$`)
	flags := commandFlags(t)
	tried := 0
	for _, r := range readVocabulary(t) {
		for _, command := range r.commands {
			for _, name := range r.flags {
				i := slices.IndexFunc(flags[command], func(f *kong.Flag) bool { return f.Name == name })
				if i < 0 {
					continue // reported by TestVocabularyCoversEveryFlag
				}
				f := flags[command][i]
				rng := of(r.ranges, command)
				var cases [][]string // flag words, then the message wanted
				switch {
				case bounded.MatchString(rng):
					m := bounded.FindStringSubmatch(rng)
					lo, _ := strconv.Atoi(m[1])
					hi, _ := strconv.Atoi(m[2])
					want := "--" + name + " must be " + rng
					cases = append(belowRange(name, lo, want), []string{"--" + name, strconv.Itoa(hi + 1), want})
				case open.MatchString(rng):
					lo, _ := strconv.Atoi(open.FindStringSubmatch(rng)[1])
					cases = belowRange(name, lo, "--"+name+" must be "+rng)
				case rng == "more than 0" && strings.HasSuffix(f.Value.Target.Type().String(), "main.seconds"):
					want := "--" + name + " must be more than 0 seconds"
					cases = append(cases, []string{"--" + name, "0", want}, []string{"--" + name, "-1", want})
				}
				for _, c := range cases {
					args := append(append(strings.Fields(command), rangeArgs(t, command)...), c[:len(c)-1]...)
					tried++
					out, errOut, code := run(t, args...)
					if code != 2 || out != "" || !strings.Contains(errOut, c[len(c)-1]) {
						t.Errorf("%v: status %d, stdout %q, stderr %q; want status 2 and %q", args, code, out, errOut, c[len(c)-1])
					}
				}
			}
		}
	}
	if tried < 60 {
		t.Errorf("only %d range cases tried", tried)
	}
}
