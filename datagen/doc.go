// Package datagen makes training data for the evaluation tuner: fast
// self-play games at a fixed search size, from the built-in two-ply
// openings plus a few random plies, one game per goroutine, and the quiet
// positions of each game (no capture pending) with the game's result and
// the search score.
//
// # File format (version 1)
//
// A data file is UTF-8 text, one item per line, written and read as a
// stream. The first line is the header:
//
//	#dameo-datagen 1 <settings>
//
// where <settings> are the space-separated name=value pairs that made the
// games (nodes, depth, random-plies, seed); resuming a file needs the same
// settings. Then come game blocks, each a marker line and its positions:
//
//	#game <index> <n>
//	<position text>;<result>;<score>     (n lines)
//
// <index> is the game's number (0, 1, …: with the seed it fixes the
// opening, so a resumed run skips the games already in the file) and <n>
// the number of position lines that follow. A position line is the
// engine's position text ("<board> <side>", as engine.ParsePosition
// reads it), the result of the game from White's view ("1-0", "0-1" or
// "1/2"), and the search score of the position in hundredths of a man from
// the side to move's view (a whole number). Blocks appear in the order the
// games finished, not in index order. Other lines starting with '#' are
// comments. A file that ends inside a block is truncated: Reader reports
// it, and a resumed run cuts the partial block off before appending.
package datagen
