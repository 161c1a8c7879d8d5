// The Line type: a command with its arguments in order, the lookup of an
// argument by name, and building a line argument by argument.

package hub

// Arg is one argument of a line: a name with a value, or a bare flag.
type Arg struct {
	Name  string
	Value string // empty for a flag
	Flag  bool   // a bare name without '='
}

// Line is one protocol line. A Line with no Command stands for an empty
// line (Parse gives it for blank text; Format refuses it).
type Line struct {
	Command string
	Args    []Arg // in the order of the text, repeated names included
}

// NewLine is a line with command and no arguments yet.
func NewLine(command string) Line {
	return Line{Command: command}
}

// Set returns l with the argument name=value: it takes the place of the
// first argument called name (flag or value) and any later ones are
// dropped; without one it is added at the end. l itself is unchanged.
func (l Line) Set(name, value string) Line {
	return l.put(Arg{Name: name, Value: value})
}

// Flag returns l with the bare flag name, in the place of any arguments
// called name as Set does. l itself is unchanged.
func (l Line) Flag(name string) Line {
	return l.put(Arg{Name: name, Flag: true})
}

// put returns l with a in the place of the arguments called a.Name, in a
// new slice so that lines built from the same l never share one.
func (l Line) put(a Arg) Line {
	args := make([]Arg, 0, len(l.Args)+1)
	placed := false
	for _, old := range l.Args {
		switch {
		case old.Name != a.Name:
			args = append(args, old)
		case !placed:
			args = append(args, a)
			placed = true
		}
	}
	if !placed {
		args = append(args, a)
	}
	l.Args = args
	return l
}

// Get is the value of the last argument called name that has a value, and
// whether there is one (a flag has none).
func (l Line) Get(name string) (string, bool) {
	for i := len(l.Args) - 1; i >= 0; i-- {
		if a := l.Args[i]; a.Name == name && !a.Flag {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether l has an argument called name, flag or value.
func (l Line) Has(name string) bool {
	for _, a := range l.Args {
		if a.Name == name {
			return true
		}
	}
	return false
}
