// Openings: the built-in set (every position after two plies from the
// start), files of position text lines or move sequences (or PDN games),
// and the order in which a match plays them.

package match

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/internal/safefile"
	"github.com/dameo/dameo/pdn"
)

// Opening is where a game starts: a position and moves played from it. The
// moves are part of the game record; the position is its FEN tag when it is
// not the initial position.
type Opening struct {
	Start engine.Position
	Moves []string // full notation
}

// String is the opening as a line of an openings file.
func (o Opening) String() string {
	s := ""
	if o.Start != engine.StartPosition() {
		s = o.Start.String()
	}
	if len(o.Moves) > 0 {
		if s != "" {
			s += " "
		}
		s += strings.Join(o.Moves, " ")
	}
	if s == "" {
		return "start"
	}
	return s
}

// DefaultOpenings is the built-in opening set (engine.TwoPlyOpenings):
// every distinct position after two plies from the initial position,
// ordered by their moves.
func DefaultOpenings() []Opening {
	start := engine.StartPosition()
	var out []Opening
	for _, ms := range engine.TwoPlyOpenings() {
		p1 := start.Play(ms[0])
		out = append(out, Opening{Start: start, Moves: []string{start.FormatMove(ms[0]), p1.FormatMove(ms[1])}})
	}
	return out
}

// LoadOpenings reads an openings file. A file whose name ends in ".pdn" is
// read as PDN games (each game's start position and all its moves). Any
// other file has one opening per line: a position (position text or the
// FEN form) optionally followed by moves, or moves from the initial position ("d3-d4 e6-e5"; move numbers
// such as "1." are skipped); empty lines and lines starting with '#' are
// ignored.
func LoadOpenings(path string) ([]Opening, error) {
	return LoadOpeningsFormat(path, "")
}

// LoadOpeningsFormat reads an openings file in a format: "pdn", "txt"
// (the line format), or "" for the format the file name says.
func LoadOpeningsFormat(path, format string) ([]Opening, error) {
	if format == "" {
		format = "txt"
		if strings.HasSuffix(strings.ToLower(path), ".pdn") || strings.HasSuffix(strings.ToLower(path), ".pgn") {
			format = "pdn"
		}
	}
	if format != "pdn" && format != "txt" {
		return nil, fmt.Errorf("openings format %q: want pdn or txt", format)
	}
	f, _, err := safefile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ops []Opening
	if format == "pdn" {
		ops, err = readPDNOpenings(f)
	} else {
		ops, err = ReadOpenings(f)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	return ops, nil
}

// ReadOpenings reads openings in the line format of LoadOpenings.
func ReadOpenings(r io.Reader) ([]Opening, error) {
	var ops []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		o, err := parseOpeningLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		ops = append(ops, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	return ops, nil
}

func parseOpeningLine(text string) (Opening, error) {
	fields := strings.Fields(text)
	start := engine.StartPosition()
	if engine.IsFEN(fields[0]) {
		p, err := engine.ParseFEN(fields[0])
		if err != nil {
			return Opening{}, err
		}
		start, fields = p, fields[1:]
	} else if strings.Contains(fields[0], "/") {
		if len(fields) < 2 {
			return Opening{}, fmt.Errorf("position text %q has no side to move", fields[0])
		}
		p, err := engine.ParsePosition(fields[0] + " " + fields[1])
		if err != nil {
			return Opening{}, err
		}
		start, fields = p, fields[2:]
	} else if fields[0] == "start" {
		fields = fields[1:]
	}
	var moves []string
	for _, f := range fields {
		if strings.TrimRight(strings.TrimLeft(f, "0123456789"), ".") == "" && strings.Contains(f, ".") {
			continue // a move number
		}
		moves = append(moves, f)
	}
	return newOpening(start, moves)
}

// newOpening checks that the moves are legal from start and leave a game
// that goes on, and writes them in full notation.
func newOpening(start engine.Position, moves []string) (Opening, error) {
	g := engine.NewGame(start)
	o := Opening{Start: start}
	for i, s := range moves {
		p := g.Position()
		if g.Result() != engine.Ongoing {
			return o, fmt.Errorf("the game is over before move %d (%s)", i+1, s)
		}
		m, err := g.PlayText(s)
		if err != nil {
			return o, fmt.Errorf("move %d: %v", i+1, err)
		}
		o.Moves = append(o.Moves, p.FormatMove(m))
	}
	if g.Result() != engine.Ongoing {
		return o, fmt.Errorf("the opening ends the game (%v for the side to move)", g.Result())
	}
	return o, nil
}

func readPDNOpenings(r io.Reader) ([]Opening, error) {
	games, err := pdn.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var ops []Opening
	for i, g := range games {
		start := engine.StartPosition()
		if fen := g.StartText(); fen != "" {
			if start, err = engine.ParsePosition(fen); err != nil {
				return nil, fmt.Errorf("game %d: FEN: %v", i+1, err)
			}
		}
		o, err := newOpening(start, g.MoveTexts())
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", i+1, err)
		}
		ops = append(ops, o)
	}
	return ops, nil
}

// SelectOpenings is the openings from the start-th on (1-based), each cut
// to its first plies moves (0: all of them), as cutechess-cli's
// -openings start= and plies=. A start or plies out of its range is a
// *FieldError of OpeningStart or OpeningPlies.
func SelectOpenings(ops []Opening, start, plies int) ([]Opening, error) {
	switch {
	case start < 1:
		return nil, &FieldError{Field: "OpeningStart", Want: "1 or more", Got: fmt.Sprint(start)}
	case start > len(ops):
		return nil, &FieldError{Field: "OpeningStart", Want: fmt.Sprintf("1 to %d (the number of openings)", len(ops)), Got: fmt.Sprint(start)}
	case plies < 0:
		return nil, &FieldError{Field: "OpeningPlies", Want: "0 or more", Got: fmt.Sprint(plies)}
	}
	out := slices.Clone(ops[start-1:])
	for i := range out {
		if plies > 0 && len(out[i].Moves) > plies {
			out[i].Moves = out[i].Moves[:plies]
		}
	}
	return out, nil
}

// orderOpenings returns the openings to play, n of them, in file order or
// shuffled with the seed, repeating the list when it is shorter than n.
func orderOpenings(ops []Opening, n int, random bool, seed uint64) []Opening {
	idx := make([]int, len(ops))
	for i := range idx {
		idx[i] = i
	}
	if random {
		rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	}
	out := make([]Opening, n)
	for i := range out {
		out[i] = ops[idx[i%len(idx)]]
	}
	return out
}
