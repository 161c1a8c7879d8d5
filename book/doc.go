// Package book is the opening book as the engine uses it: a compact binary
// file of positions, each with moves, weights and scores, keyed by the
// engine's Zobrist keys; loading and checking it; the built-in book embedded
// in the program; choosing a move; and a readable text form to dump and
// import. It depends only on engine. Making books from game records or by
// search is the business of package bookbuild.
//
// # File format (version 1)
//
// All integers are little-endian. A file is a header, the position table,
// the move table and a checksum:
//
//	offset     size   field
//	0          8      magic "DAMEOBK\x1a"
//	8          4      format version, 1
//	12         4      P, the number of positions
//	16         4      M, the number of moves
//	20         4      L, the length of the info text (at most 4096)
//	24         L      info text (UTF-8): what built the book
//	24+L       40×P   position records, sorted by strictly increasing key
//	24+L+40P   16×M   move records
//	end-4      4      CRC-32C (Castagnoli) of every byte before it
//
// A position record (40 bytes) is
//
//	0   8  key: the engine's Zobrist key of the position (engine.Position.Key)
//	8   8  white pieces, bit i = square i (a1 = 0, b1 = 1, …, h8 = 63)
//	16  8  black pieces
//	24  8  kings (of both colours)
//	32  4  index of its first move record
//	36  2  number of its moves, at least 1
//	38  1  side to move: 0 White, 1 Black
//	39  1  reserved, 0
//
// The moves of the positions follow one another in the move table in
// position order: the first position's moves start at index 0 and each
// position's moves start where the previous one's end; together they are all
// M records. A move record (16 bytes) is
//
//	0   8  captured pieces (bitboard), 0 for a move without capture
//	8   1  start square (0–63)
//	9   1  final square (0–63)
//	10  2  score: signed, hundredths of a man, from the view of the side to
//	       move in the position (a man is 100, a win is 10000 minus plies)
//	12  4  weight: relative frequency of play; 0 = known but never chosen
//
// A move is identified as in the engine by its start square, final square
// and captured set. The loader rejects a file whose header, sizes, order,
// checksum, positions, keys or moves are wrong; a reader may still check
// each move against the legal moves of the position before playing it, as
// Choose does, so a stale or colliding entry is skipped, never played.
package book
