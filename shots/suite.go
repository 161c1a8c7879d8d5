// The suite file: one entry a line, read strictly (each error names its
// line) and written back in the same form.

package shots

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/dameo/dameo/engine"
)

// Entry is one position of a suite and the move to play in it.
type Entry struct {
	Position engine.Position
	Best     engine.Move // the move to play (bm)
	// Avoid is the move played in the game that fell into the
	// combination (am), engine.NoMove in a shot entry.
	Avoid engine.Move
	ID    string // where the entry comes from, free text without ';'
}

// maxLine bounds a suite line; an entry is some 100 bytes.
const maxLine = 4096

// Format is the entry's line:
//
//	<position text>; bm <move>[; am <move>][; id <text>]
func (e Entry) Format() string {
	p := e.Position
	var b strings.Builder
	b.WriteString(p.String())
	b.WriteString("; bm ")
	b.WriteString(p.FormatMove(e.Best))
	if e.Avoid != engine.NoMove {
		b.WriteString("; am ")
		b.WriteString(p.FormatMove(e.Avoid))
	}
	if e.ID != "" {
		b.WriteString("; id ")
		b.WriteString(strings.Join(strings.Fields(strings.ReplaceAll(e.ID, ";", ",")), " "))
	}
	return b.String()
}

// Write writes a header comment and the entries, one a line.
func Write(w io.Writer, header string, entries []Entry) error {
	bw := bufio.NewWriter(w)
	for _, l := range strings.Split(header, "\n") {
		if l != "" {
			fmt.Fprintf(bw, "# %s\n", l)
		}
	}
	for _, e := range entries {
		fmt.Fprintln(bw, e.Format())
	}
	return bw.Flush()
}

// Read reads a suite: an entry a line, blank lines and lines starting with
// '#' skipped. An error names the first bad line and what is wrong with
// it: a position that is not position text, a field other than bm, am and
// id, a missing or repeated field, a move that is not legal in the
// position, bm equal to am, a line longer than 4096 bytes.
func Read(r io.Reader) ([]Entry, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, maxLine), maxLine)
	var out []Entry
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("suite line %d: %v", n, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, fmt.Errorf("suite line %d: longer than %d bytes", n+1, maxLine)
		}
		return nil, err
	}
	return out, nil
}

// parseEntry reads one entry line.
func parseEntry(line string) (Entry, error) {
	fields := strings.Split(line, ";")
	p, err := engine.ParsePosition(strings.TrimSpace(fields[0]))
	if err != nil {
		return Entry{}, fmt.Errorf("position: %v", err)
	}
	e := Entry{Position: p}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		key, value, _ := strings.Cut(strings.TrimSpace(f), " ")
		value = strings.TrimSpace(value)
		if seen[key] {
			return Entry{}, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "bm", "am":
			m, err := p.ParseMove(value)
			if err != nil {
				return Entry{}, fmt.Errorf("%s %q: %v", key, value, err)
			}
			if key == "bm" {
				e.Best = m
			} else {
				e.Avoid = m
			}
		case "id":
			e.ID = value
		default:
			return Entry{}, fmt.Errorf("unknown field %q (want bm, am or id)", key)
		}
	}
	if !seen["bm"] {
		return Entry{}, fmt.Errorf("no bm (the move to play)")
	}
	if e.Avoid != engine.NoMove && e.Avoid == e.Best {
		return Entry{}, fmt.Errorf("bm and am are the same move")
	}
	return e, nil
}
