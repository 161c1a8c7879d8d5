// Counted nouns in the commands' messages: "1 file", "2 files", "1 ply".

package main

import "fmt"

// plural is n and the noun, in the plural (noun + "s") unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// plies is n plies, or "1 ply".
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
