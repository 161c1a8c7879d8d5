package engine

import "testing"

// The parsers take text from users and front-ends: no input may panic, and
// whatever they accept must format back to an equivalent value.

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{StartText, "8/8/8/8/8/8/8/8 w", "8/8/8/8/8/8/8/7B b", "w7/8/8/8/8/8/8/8 w", "9/8 w", "//////// b", "8/8/8/8/8/8/8/8 w x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("%q: reformatted %q parses to %v, %v", s, p.String(), q, err)
		}
		p.LegalMoves() // any accepted position must be playable
	})
}

func FuzzParseHub(f *testing.F) {
	f.Add(StartPosition().Hub())
	f.Add("B" + "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")
	f.Add("W")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseHub(s)
		if err != nil {
			return
		}
		if p.Hub() != s {
			t.Fatalf("%q reformats as %q", s, p.Hub())
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, c := range [][2]string{
		{StartText, "d3-d4"}, {StartText, "c1-c4"}, {StartText, "d3xd5"},
		{"8/8/4b3/3b1b2/3wb3/8/8/8 w", "d4xd6xf6xf4xd4"},
		{"8/8/4b3/3b1b2/3wb3/8/8/8 w", "d4xd4"},
		{"W7/8/b7/8/8/8/b7/8 w", "a8xa3xa1"},
		{"8/8/1b6/8/b7/3b1b2/8/3W4 w", "d1xa1"},
		{StartText, "a1-"}, {StartText, "xx"}, {StartText, "-"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, text, move string) {
		p, err := ParsePosition(text)
		if err != nil {
			return
		}
		m, err := p.ParseMove(move)
		if err != nil {
			return
		}
		legal := false
		for _, l := range p.LegalMoves() {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("%v: %q parsed to an illegal move %v", p, move, m)
		}
		if back, err := p.ParseMove(p.FormatMove(m)); err != nil || back != m {
			t.Fatalf("%v: %q does not round-trip: %v, %v", p, p.FormatMove(m), back, err)
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "W:WKa5,Kb2,c4:BKf7,e8,f6:H0:F1", "B:W:B", "W:Wa1,a1:Bh8", "W:Wa1:Bh8:H0:F0", "W::", ":::::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q: rewritten %q reads as %v, %v", s, p.FEN(), q, err)
		}
		if r, err := ParsePosition(p.String()); err != nil || r != p {
			t.Fatalf("%q: position text %q reads as %v, %v", s, p.String(), r, err)
		}
		p.LegalMoves()
	})
}
