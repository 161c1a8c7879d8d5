// Squares and colours: names, parsing and the forward direction of each side.

package engine

import "fmt"

// Square is a board square, 0 (a1) to 63 (h8): index 8*(rank-1) + file.
type Square uint8

// NoSquare marks the absence of a square.
const NoSquare Square = 255

// File is the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s) & 7 }

// Rank is the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s) >> 3 }

// String is the square's name, "a1" to "h8".
func (s Square) String() string {
	if s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "d4".
func ParseSquare(name string) (Square, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return NoSquare, fmt.Errorf("bad square %q", name)
	}
	return Square(8*(name[1]-'1') + (name[0] - 'a')), nil
}

// Color is a side: White or Black.
type Color uint8

const (
	// White moves first and moves toward rank 8.
	White Color = iota
	// Black moves toward rank 1.
	Black
)

// Other is the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String is "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}
