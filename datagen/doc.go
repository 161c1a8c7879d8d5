// Package datagen makes training data for the evaluation tuner: fast
// self-play games at a fixed search size, each from the initial position
// through a few plies of the built-in book and random plies (fixed by the
// seed and the game's number), one game per goroutine, and the quiet
// positions of each game (no capture pending) with the game's result and
// the search score. A run's games are numbered 0 to N−1; shard I of M plays
// the games whose number is I−1 modulo M, so that the shards of a run,
// played anywhere, hold each game once.
//
// # Binary data files (format version 2)
//
// A data file is a sequence of sections; a section is a header followed by
// records. A file written by one run has one section; files merge by plain
// concatenation (cat a.bin b.bin > all.bin), which gives a file of several
// sections, and the Reader reads it as one. All numbers are little-endian.
//
// The header is H bytes, H a multiple of 32 from 32 to 1024:
//
//	0   8  magic: ff 44 41 4d 45 4f ff ff ("\xffDAMEO\xff\xff")
//	8   2  version: 2
//	10  2  H
//	12  2  L, the length of the settings text
//	14  2  zero
//	16  4  CRC-32C (Castagnoli) of bytes 0 to 15 and of the settings text
//	20  L  the settings: printable ASCII, name=value pairs separated by spaces
//	       zero bytes up to H
//
// The settings are what made the section's games; datagen writes
// "nodes=N depth=D book-plies=B random-plies=R seed=S shard=I/M", and a
// converted text file keeps the settings of its text header. The settings
// without the shard= pair identify the run (RunKey): the shards of one run
// share it, and so their game numbers. As the occupancy of a record the
// magic would put 40 pieces on the board, which no record holds, so a
// header is never mistaken for a record.
//
// A record is 32 bytes, one position:
//
//	0   8  occupied squares: bit s for square s (a1 = 0, b1 = 1, …, h8 = 63)
//	8   9  the pieces, 2 bits each, of the occupied squares in increasing
//	       square order, the k-th piece in bits 2k and 2k+1 of these 72 bits
//	       read as a little-endian number: 0 white man, 1 white king,
//	       2 black man, 3 black king; the bits after the last piece are zero
//	17  1  bit 0: the side to move (0 White, 1 Black); bits 1-2: the game's
//	       result (0 Black won, 1 drawn, 2 White won); bit 3: this is the
//	       last record of its game; bits 4-7 zero
//	18  2  the search score, side to move's view, hundredths of a man, a
//	       signed number from −10000 to 10000 (beyond ±9000: a forced win)
//	20  4  the game's number in its run
//	24  2  the record's number in its game: 0, 1, 2, …
//	26  2  the ply of the position, counted from the initial position
//	       (65535: not known, in files converted from text)
//	28  4  CRC-32C of bytes 0 to 27
//
// So a position holds at most 36 pieces, 18 a side as in the initial
// position. The records of a game follow each other, numbered from 0, the
// last one flagged; games appear in the order they finished, not in
// number order, and a game without quiet positions has no records. A
// Reader checks every header and record checksum and that each game's
// records are whole and in order; a file that ends inside a record or
// inside a game is truncated (ErrTruncated), and a resumed run cuts the
// partial game off before appending. A game number twice in a run (the
// same file or shard given twice) is an error for the tuner.
//
// # Text data files (format version 1)
//
// The earlier format, which Convert turns into the binary one, is UTF-8
// text, one item per line. The first line is the header:
//
//	#dameo-datagen 1 <settings>
//
// Then come game blocks, each a marker line and its positions:
//
//	#game <index> <n>
//	<position text>;<result>;<score>     (n lines)
//
// A position line is the engine's position text, the result of the game
// from White's view ("1-0", "0-1" or "1/2"), and the search score of the
// position (a whole number). Other lines starting with '#' are comments.
// Lines are at most 1024 bytes. The text gives no plies, so converted
// records have ply 65535; a text file that ends inside a block (still
// being written) converts without its last game.
package datagen
