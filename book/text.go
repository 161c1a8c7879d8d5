// The readable text form of a book (dameo book dump / import): one line per
// position, "<position text>; <move> <weight> <score>; ...", with '#'
// comment lines and an optional "info: <text>" line.

package book

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dameo/dameo/engine"
)

// WriteText writes b in text form: positions reachable from the start
// position through book moves first, nearest first, then the others in key
// order.
func (b *Book) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# dameo opening book: %d positions; each line is a position, then its moves as: move weight score\n", b.Len())
	if b.Info != "" {
		fmt.Fprintf(bw, "info: %s\n", strings.Join(strings.Fields(b.Info), " "))
	}
	ordered, _ := b.Ordered()
	for _, e := range ordered {
		bw.WriteString(e.Position.String())
		for _, m := range e.Moves {
			fmt.Fprintf(bw, "; %s %d %d", e.Position.FormatMove(m.Move), m.Weight, m.Score)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Ordered lists the entries reachable from the start position through book
// moves breadth first, then the unreachable ones in key order; reachable is
// how many are reachable.
func (b *Book) Ordered() (entries []*Entry, reachable int) {
	out := make([]*Entry, 0, b.Len())
	seen := make(map[uint64]bool, b.Len())
	start := engine.StartPosition()
	if e := b.Lookup(&start); e != nil {
		out = append(out, e)
		seen[start.Key()] = true
	}
	for i := 0; i < len(out); i++ {
		for _, m := range out[i].Moves {
			q := out[i].Position.Play(m.Move)
			if e := b.Lookup(&q); e != nil && !seen[q.Key()] {
				seen[q.Key()] = true
				out = append(out, e)
			}
		}
	}
	reachable = len(out)
	for i := range b.entries {
		if !seen[b.entries[i].Position.Key()] {
			out = append(out, &b.entries[i])
		}
	}
	return out, reachable
}

// ReadText reads a book in text form; errors give the line number.
func ReadText(r io.Reader) (*Book, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var info string
	var entries []Entry
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(text, "info:"); ok {
			info = strings.TrimSpace(rest)
			continue
		}
		e, err := parseLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return New(info, entries)
}

// parseLine reads "<position text>; <move> <weight> <score>; ...".
func parseLine(text string) (Entry, error) {
	fields := strings.Split(text, ";")
	p, err := engine.ParsePosition(fields[0])
	if err != nil {
		return Entry{}, fmt.Errorf("bad position: %v", err)
	}
	if len(fields) == 1 {
		return Entry{}, fmt.Errorf("no moves after the position (want '; <move> <weight> <score>')")
	}
	e := Entry{Position: p}
	for _, f := range fields[1:] {
		parts := strings.Fields(f)
		if len(parts) != 3 {
			return Entry{}, fmt.Errorf("bad move entry %q (want '<move> <weight> <score>')", strings.TrimSpace(f))
		}
		m, err := p.ParseMove(parts[0])
		if err != nil {
			return Entry{}, fmt.Errorf("move %q: %v", parts[0], err)
		}
		w, err := strconv.ParseUint(parts[1], 10, 32)
		if err != nil {
			return Entry{}, fmt.Errorf("move %s: bad weight %q (want 0 to %d)", parts[0], parts[1], uint32(1<<32-1))
		}
		s, err := strconv.ParseInt(parts[2], 10, 16)
		if err != nil {
			return Entry{}, fmt.Errorf("move %s: bad score %q (want hundredths of a man, -32768 to 32767)", parts[0], parts[2])
		}
		e.Moves = append(e.Moves, Move{Move: m, Weight: uint32(w), Score: int16(s)})
	}
	return e, nil
}
