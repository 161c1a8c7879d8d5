// Tests of the PDN reader and writer: exact output, round trips, lenient
// forms accepted on reading, and malformed input reported with its line.

package pdn

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func sampleGame() *Game {
	g := &Game{Result: BlackWins}
	g.SetTag(TagEvent, `test "quoted" \ event`)
	g.SetTag(TagDate, "2025.01.31")
	g.SetTag(TagRound, "3")
	g.SetTag(TagWhite, "alpha")
	g.SetTag(TagBlack, "beta")
	g.SetTag(TagGameType, GameTypeDameo)
	g.SetTag(TagFEN, "8/8/8/3b4/3w4/8/8/8 b")
	g.SetTag(TagTimeControl, "40/60+0.5")
	g.SetTag(TagTermination, TerminationNormal)
	g.Comment = "opening 7"
	g.AddMove("d5xd3", "0.35/12 0.5s")
	g.AddMove("d2-d3", "")
	g.AddMove("d4xd6xf6", "")
	return g
}

func TestFormatExact(t *testing.T) {
	got, err := Format(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	want := `[Event "test \"quoted\" \\ event"]
[Site "?"]
[Date "2025.01.31"]
[Round "3"]
[White "alpha"]
[Black "beta"]
[Result "0-1"]
[GameType "Dameo"]
[FEN "8/8/8/3b4/3w4/8/8/8 b"]
[TimeControl "40/60+0.5"]
[Termination "normal"]

{opening 7} 1... d5xd3 {0.35/12 0.5s} 2. d2-d3 d4xd6xf6 0-1

`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	games := []*Game{sampleGame(), {Result: Unfinished}, {Result: Draw}}
	long := &Game{Result: WhiteWins}
	for i := 0; i < 200; i++ {
		long.AddMove("a1-a2", "")
		long.AddMove("h8xh6xf6xf4", "")
	}
	games = append(games, long)
	for _, g := range games {
		if err := Write(&buf, g); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if len(line) > lineWidth {
			t.Errorf("line longer than %d: %q", lineWidth, line)
		}
	}
	got, err := Parse(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(games) {
		t.Fatalf("read %d games, wrote %d", len(got), len(games))
	}
	for i := range games {
		if got[i].Result != games[i].Result || got[i].Comment != games[i].Comment {
			t.Errorf("game %d: result/comment %q %q, want %q %q", i, got[i].Result, got[i].Comment, games[i].Result, games[i].Comment)
		}
		if len(got[i].Moves) != len(games[i].Moves) || (len(got[i].Moves) > 0 && !reflect.DeepEqual(got[i].Moves, games[i].Moves)) {
			t.Errorf("game %d: moves %v, want %v", i, got[i].Moves, games[i].Moves)
		}
		for _, tag := range games[i].Tags {
			if got[i].Tag(tag.Name) != tag.Value {
				t.Errorf("game %d: tag %s = %q, want %q", i, tag.Name, got[i].Tag(tag.Name), tag.Value)
			}
		}
		if got[i].Tag(TagResult) != games[i].Result {
			t.Errorf("game %d: Result tag %q, want %q", i, got[i].Tag(TagResult), games[i].Result)
		}
	}
	// Writing what was read gives the same text.
	var again bytes.Buffer
	for _, g := range got {
		if err := Write(&again, g); err != nil {
			t.Fatal(err)
		}
	}
	if again.String() != buf.String() {
		t.Errorf("second write differs:\n%s\nfirst:\n%s", again.String(), buf.String())
	}
}

func TestReadLenient(t *testing.T) {
	text := "% escape line\r\n[Event \"x\"]\r\n[Result \"2-0\"]\r\n\r\n" +
		"1.d3-d4! e6-e5?! $3 2. d4xd6xf6 (2. c3-c4 {var} e5-e4) ; line comment\n" +
		"2... f7-f6 {a} {b} 2-0\n" +
		"1. a1-a2 1-1 *"
	games, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("read %d games, want 3", len(games))
	}
	g := games[0]
	want := []Move{{Text: "d3-d4"}, {Text: "e6-e5"},
		{Text: "d4xd6xf6", Comment: "line comment", Variations: []Variation{{Moves: []Move{{Text: "c3-c4", Comment: "var"}, {Text: "e5-e4"}}}}},
		{Text: "f7-f6", Comment: "a b"}}
	if !reflect.DeepEqual(g.Moves, want) {
		t.Errorf("moves %v, want %v", g.Moves, want)
	}
	if g.Result != WhiteWins || games[1].Result != Draw || games[2].Result != Unfinished {
		t.Errorf("results %q %q %q", g.Result, games[1].Result, games[2].Result)
	}
	if len(games[2].Moves) != 0 {
		t.Errorf("third game has moves %v", games[2].Moves)
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		text string
		line int
		msg  string
	}{
		{"[Event \"x\"]\n[Site \"y\n", 2, "unterminated value"},
		{"[Event x]\n*", 1, "double quotes"},
		{"[Event \"x\"\n*", 1, "missing ']'"},
		{"[1Event \"x\"]\n*", 1, "bad tag name"},
		{"[Event \"x\"]\n[Event \"y\"]\n*", 2, "duplicate tag"},
		{"[Event \"x\"]\n\n1. d3-d4 e6-e5\n2. zz9\n", 4, "bad move \"zz9\""},
		{"[Event \"x\"]\n\n1. d3-d4 {never closed\n\n", 3, "unterminated comment"},
		{"1. d3-d4\n", 2, "no result token"},
		{"1. d3-d4\n[Event \"x\"]\n*", 2, "tag inside movetext"},
		{"1. d3-d4 )\n*", 1, "')' without '('"},
		{"1. d3-d4 (e6-e5\n", 2, "inside a variation"},
		{"[Result \"1-0\"]\n1. d3-d4 0-1", 2, "differs from the Result tag"},
		{"[Result \"win\"]\n1. d3-d4 0-1", 2, "bad Result tag"},
		{"[Event \"x\"]\n", 2, "no result"},
		{"1. d3-d4x 1-0", 1, "bad move"},
		{"1. d3xd4-d5 1-0", 1, "bad move"},
		{"1. d3-d4-d5 1-0", 1, "bad move"},
		{"1. $x 1-0", 1, "bad annotation"},
		{"\n\n1. d3-d4 \x00 1-0", 3, "unexpected byte"},
		{"*\n}", 2, "unexpected"},
	}
	for _, c := range cases {
		_, err := Parse(c.text)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a SyntaxError", c.text, err)
			continue
		}
		if se.Line != c.line || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("%q: got %v, want line %d containing %q", c.text, err, c.line, c.msg)
		}
		if !IsSyntaxError(err) {
			t.Errorf("IsSyntaxError(%v) = false", err)
		}
	}
}

func TestReaderStopsAfterError(t *testing.T) {
	r := NewReader(strings.NewReader("1. zz 1-0\n1. a1-a2 *"))
	if _, err := r.Read(); err == nil {
		t.Fatal("no error for a bad move")
	}
	if _, err := r.Read(); err == nil || err == io.EOF {
		t.Fatalf("second Read after an error gave %v", err)
	}
	r = NewReader(strings.NewReader("  \n"))
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("empty input: %v, want io.EOF", err)
	}
}

func TestResyncSkipsTheGameInError(t *testing.T) {
	text := `[Event "a"]
[Round "bad" x]
[White "still a"]

1. c3-c4 *

[Event "b"]
1. c3-c4 zz! f6-f5 1-0
[Event "c"]
[Result "0-1"]
1. c3-c4 {a comment
[not a tag]} f6-f5 0-1
[Event "d"]
1. c3-c4
[Event "e"]
1. d3-d4 *
`
	r := NewReader(strings.NewReader(text))
	var events []string
	errs := 0
	for {
		g, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			errs++
			if !r.Resync() {
				t.Fatalf("Resync after %v refused", err)
			}
			continue
		}
		events = append(events, g.Tag(TagEvent))
	}
	if errs != 3 || strings.Join(events, " ") != "c e" {
		t.Errorf("%d errors, games %q; want 3 errors (a: bad tag, b: bad move, d: no result) and games c e", errs, events)
	}
	if r.Resync() {
		t.Error("Resync without an error reported true")
	}
}

// stuckReader gives text, then fails with err (nil: gives nothing,
// forever).
type stuckReader struct {
	text string
	err  error
}

func (s *stuckReader) Read(p []byte) (int, error) {
	if s.text != "" {
		n := copy(p, s.text)
		s.text = s.text[n:]
		return n, nil
	}
	return 0, s.err
}

func TestReaderPassesOnTheSourcesError(t *testing.T) {
	broken := errors.New("disk on fire")
	r := NewReader(&stuckReader{text: "1. c3-c4 *\n1. d3-d4 ", err: broken})
	if g, err := r.Read(); err != nil || g.Moves[0].Text != "c3-c4" {
		t.Fatalf("first game: %v, %v", g, err)
	}
	if _, err := r.Read(); !errors.Is(err, broken) || r.Resync() {
		t.Errorf("second game: %v, want the source's error, which Resync does not pass", err)
	}
	r = NewReader(&stuckReader{text: "1. c3-c4 "})
	if _, err := r.Read(); !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("a source that gives nothing: %v, want io.ErrNoProgress", err)
	}
}

func TestWriteErrors(t *testing.T) {
	bad := []*Game{
		{Result: "2-0"},
		{Result: WhiteWins, Tags: []Tag{{"bad name", "x"}}},
		{Result: WhiteWins, Tags: []Tag{{"Event", "a\nb"}}},
		{Result: WhiteWins, Moves: []Move{{Text: "d3d4"}}},
		{Result: WhiteWins, Moves: []Move{{Text: "d3-d4", Comment: "a } b"}}},
	}
	for i, g := range bad {
		var buf bytes.Buffer
		if err := Write(&buf, g); err == nil {
			t.Errorf("game %d: no error", i)
		}
		if buf.Len() != 0 {
			t.Errorf("game %d: wrote %q despite the error", i, buf.String())
		}
	}
}

func TestGameHelpers(t *testing.T) {
	g := sampleGame()
	if got := g.MoveTexts(); !reflect.DeepEqual(got, []string{"d5xd3", "d2-d3", "d4xd6xf6"}) {
		t.Errorf("MoveTexts = %v", got)
	}
	if g.StartText() != "8/8/8/3b4/3w4/8/8/8 b" {
		t.Errorf("StartText = %q", g.StartText())
	}
	if g.HasTag("Nope") || g.Tag("Nope") != "" {
		t.Error("missing tag reported present")
	}
	g.SetTag(TagRound, "4")
	if g.Tag(TagRound) != "4" {
		t.Errorf("SetTag did not replace: %q", g.Tag(TagRound))
	}
}

// TestFENFormMoveNumbers: a game whose FEN tag, in PlayStrategy's form,
// has Black to move is numbered from "1..." as with position text.
func TestFENFormMoveNumbers(t *testing.T) {
	g := &Game{Result: Draw, Moves: []Move{{Text: "d5xd3"}, {Text: "e1-e2"}}}
	g.SetTag(TagFEN, "B:We1,d4:Bd5:H0:F1")
	text, err := Format(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "\n1... d5xd3 2. e1-e2 1/2-1/2\n") {
		t.Fatalf("movetext of a game with Black to move:\n%s", text)
	}
	back, err := Parse(text)
	if err != nil || len(back) != 1 || back[0].StartText() != "B:We1,d4:Bd5:H0:F1" {
		t.Fatalf("read back: %v, %v", back, err)
	}
}
