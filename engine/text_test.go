package engine

import (
	"strings"
	"testing"
)

func TestStartPositionText(t *testing.T) {
	p := StartPosition()
	if got := p.String(); got != StartText {
		t.Errorf("start position text %q, want %q", got, StartText)
	}
	q, err := ParsePosition(StartText)
	if err != nil || q != p {
		t.Errorf("parsing the start text: %v, %v", q, err)
	}
	const hub = "Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww"
	if got := p.Hub(); got != hub {
		t.Errorf("start hub form %q, want %q", got, hub)
	}
	if popCount(p.Pieces(White)) != 18 || popCount(p.Pieces(Black)) != 18 {
		t.Errorf("start position has %d white and %d black men, want 18 each",
			popCount(p.Pieces(White)), popCount(p.Pieces(Black)))
	}
}

func TestPositionTextErrors(t *testing.T) {
	for text, want := range map[string]string{
		"":                                "empty",
		"8/8/8/8/8/8/8/8":                 "missing side",
		"bad":                             `"bad" is not position text`,
		"8 w":                             "board has 1 rank, want 8",
		"8/8/8/8/8/8/8/8 x":               "bad side",
		"8/8/8/8/8/8/8/8 w extra":         "unexpected text",
		"8/8/8/8/8/8/8 w":                 "7 ranks",
		"8/8/8/8/8/8/8/8/8 w":             "9 ranks",
		"8/8/8/8/8/8/8/7 w":               "rank 1 has 7 squares",
		"8/8/8/8/8/8/8/9 w":               "unknown character '9'",
		"8/8/8/8/8/8/8/44w w":             "more than 8",
		"8/8/8/8/8/8/8/w8 w":              "more than 8",
		"8/8/8/8/8/8/8/7x w":              "unknown character 'x'",
		"w7/8/8/8/8/8/8/8 w":              "white man on a8",
		"8/8/8/8/8/8/8/b7 b":              "black man on a1",
		"8/8/8/8/8/8/8/0 w":               "unknown character '0'",
		"8/8/8/8/8/8/8/8 W":               "bad side",
		"8/8/8/8/8/8/8/ww6ww w":           "more than 8",
		"8/8/8/8/8//8/8 w":                "rank 3 has 0 squares",
		"8/8/8/8/8/8/8/8/ w":              "9 ranks",
		"8/8/8/8/8/8/bbbbbbbb/bbbbbbbb b": "black man on a1",
		"bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb b": "black has 64 pieces, at most 18",
		// 19 a side: one more than the start position's 18.
		"bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww/ w": "9 ranks",
		"bbbbbbbb/1bbbbbb1/2bbbb2/8/8/2wwww2/wwwwwwww/wwwwwwww w":  "white has 20 pieces, at most 18",
		"bbbbbbbb/bbbbbbb1/2bbbb2/8/8/2wwww2/1wwwwww1/wwwwwwww b":  "black has 19 pieces, at most 18",
		"BBBBBBBB/BBBBBBBB/BBBB4/8/8/8/8/8 w":                      "black has 20 pieces",
		// A character of more than one byte is named as it was written
		// (it was the first byte as a character: 'Ã' for 'é').
		"8/8/8/8/8/8/8/7é w": "unknown character 'é' in rank 1",
	} {
		_, err := ParsePosition(text)
		if err == nil {
			t.Errorf("%q: accepted, want an error about %q", text, want)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %q does not mention %q", text, err, want)
		}
	}
}

func TestHubErrors(t *testing.T) {
	good := StartPosition().Hub()
	for s, want := range map[string]string{
		"":                          "0 characters",
		good[:64]:                   "64 characters",
		"X" + good[1:]:              "bad side",
		good[:10] + "x" + good[11:]: "unknown character 'x'",
		"W" + strings.Repeat("w", 8) + strings.Repeat("e", 56):  "white man on a8",
		"W" + strings.Repeat("w", 64):                           "white has 64 pieces, at most 18",
		"B" + strings.Repeat("e", 45) + strings.Repeat("W", 19): "white has 19 pieces, at most 18",
		// Characters are counted and named as written, not as bytes (65
		// characters with an 'é' were "66 characters", and 'é' was 'Ã').
		good[:64] + "é":        "unknown character 'é' at square h1",
		good[:63] + "é":        "64 characters", // 65 bytes
		good[:63] + "éw":       "unknown character 'é' at square g1",
		"É" + good[1:]:         "bad side to move 'É'",
		good + "é":             "66 characters",
		good[:63] + "\xff\xff": "unknown character '\\xff' at square g1",
	} {
		_, err := ParseHub(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseHub(%q): error %v, want one about %q", s, err, want)
		}
	}
}

// TestTextRoundTrips formats and parses every position of random games in
// both forms.
func TestTextRoundTrips(t *testing.T) {
	n := 0
	randomGames(50, 150, func(p *Position, _ *Game) {
		q, err := ParsePosition(p.String())
		if err != nil || q != *p {
			t.Fatalf("position text round trip of %v: got %v, %v", p, q, err)
		}
		q, err = ParseHub(p.Hub())
		if err != nil || q != *p {
			t.Fatalf("hub round trip of %v: got %v, %v", p, q, err)
		}
		n++
	})
	if n < 1000 {
		t.Errorf("only %d positions visited", n)
	}
}
