// What the tests of every message share: a line read from text, and the
// check of each message's fuzz target.

package hub

import "testing"

// mustParse is the line of text, failing the test when it is not one.
func mustParse(t *testing.T, text string) Line {
	t.Helper()
	l, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// mustRead is the message read from text, failing the test when it is not
// one.
func mustRead[T any](t *testing.T, text string, read func(Line) (T, error)) T {
	t.Helper()
	x, err := read(mustParse(t, text))
	if err != nil {
		t.Fatalf("reading %s: %v", text, err)
	}
	return x
}

// message is how a test reads, writes and compares one kind of message.
type message[T any] struct {
	command string
	read    func(Line) (T, error)
	line    func(T) Line
	same    func(a, b T) bool
	// rounds says that the formatter writes some values rounded (a time
	// finer than a millisecond, a score with more than two decimals): what
	// a line carries is then the message read back once.
	rounds bool
}

// fuzz is the check of the message's fuzz target on the arguments s:
// reading any line never panics; when command s reads well, its message
// formats to text that reads back as the same message.
func (m message[T]) fuzz(t *testing.T, s string) {
	if l, err := Parse(s); err == nil {
		m.read(l) // any command: no panic
	}
	l, err := Parse(m.command + " " + s)
	if err != nil {
		return
	}
	x, err := m.read(l)
	if err != nil {
		return
	}
	if m.rounds {
		x = m.roundTrip(t, x)
	}
	if back := m.roundTrip(t, x); !m.same(back, x) {
		t.Fatalf("%q reads as %+v, which formats as %s and reads back as %+v", s, x, m.line(x), back)
	}
}

// roundTrip formats x, parses the text and reads the message back,
// failing the test when any step fails.
func (m message[T]) roundTrip(t *testing.T, x T) T {
	t.Helper()
	text, err := m.line(x).Format()
	if err != nil {
		t.Fatalf("%+v does not format: %v", x, err)
	}
	back, err := Parse(text)
	if err != nil {
		t.Fatalf("%q does not parse: %v", text, err)
	}
	v, err := m.read(back)
	if err != nil {
		t.Fatalf("%q does not read back: %v", text, err)
	}
	return v
}
