// The 2×2 blocks: every 2×2 block of the board, seen from the side to
// move (its men moving toward rank 8), indexes a table of learned values
// by its contents (each square empty, the side to move's piece or the
// opponent's; kings count as pieces of their colour). The blocks of a
// pair of ranks share one table. An empty block is no feature: it adds
// nothing, so the many empty blocks of an endgame cost no time.

package eval

import "github.com/dameo/dameo/engine"

const (
	// blockSide: the blocks are blockSide × blockSide squares.
	blockSide = 2
	// blocksPerLine: block positions along a rank or a file.
	blocksPerLine = 8 - blockSide + 1
	// NumBlocks is the number of 2×2 blocks.
	NumBlocks = blocksPerLine * blocksPerLine
	// NumBlockTables is the number of 2×2 tables: one per pair of
	// ranks, shared by the blocks on those ranks (block w, numbered rank
	// by rank from a1–b2 in the side to move's view, uses table
	// w / blocksPerLine).
	NumBlockTables = blocksPerLine
	// BlockConfigs is the number of contents of a 2×2 block: 3 to the
	// power of its 4 squares, Σ state × 3^square with the squares in the
	// order lower left, lower right, upper left, upper right and the
	// states 0 empty, 1 own piece, 2 enemy piece. Contents 0 (empty) is
	// never a feature.
	BlockConfigs = 81
)

// blockKeys is the number of block keys: a block's key is a byte of
// a rankPair word, its left file's four bits then its right file's
// (blockKey).
const blockKeys = 256

// blockConfig maps the key of a block to its contents index (0 for a
// key no block has, own and enemy pieces on one square).
var blockConfig = func() (t [blockKeys]uint8) {
	// The key bits of own pieces on the block's squares, in the order of
	// the contents (lower left, lower right, upper left, upper right); an
	// enemy piece's bit is 2 above its square's.
	ownBits := [4]int{0, 4, 1, 5}
	for key := range t {
		c, pow := 0, 1
		for _, b := range ownBits {
			own, enemy := key>>b&1, key>>(b+2)&1
			if own&enemy != 0 {
				c = 0 // no block has it
				break
			}
			c += (own + 2*enemy) * pow
			pow *= 3
		}
		t[key] = uint8(c)
	}
	return t
}()

// sidePieces are the side to move's and the opponent's pieces, in the side
// to move's view.
func sidePieces(p *engine.Position) (own, enemy engine.Bitboard) {
	us := p.SideToMove()
	return engine.Orient(p.Pieces(us), us), engine.Orient(p.Pieces(us.Other()), us)
}

// nibbleSpread[b] is the 8 bits of b 4 apart: bit j in bit 4j.
var nibbleSpread = func() (t [256]uint32) {
	for b := range t {
		for j := range 8 {
			t[b] |= uint32(b>>j&1) << (4 * j)
		}
	}
	return t
}()

// rankNibbles is the first rank of own and enemy pieces by file: file f's
// own piece in bit 4f, its enemy piece in bit 4f+2.
func rankNibbles(own, enemy engine.Bitboard) uint32 {
	return nibbleSpread[uint8(own)] | nibbleSpread[uint8(enemy)]<<2
}

// rankPair is the ranks r and r+1 of own and enemy pieces by file, the
// rankNibbles of rank r and, a bit higher, of rank r+1: file f's own piece
// on rank r in bit 4f, on rank r+1 in 4f+1, its enemy piece on those
// ranks in 4f+2 and 4f+3. The key of the block on files f and f+1 is
// its byte from bit 4f: no multiplication gathers the block's bits.
func rankPair(own, enemy engine.Bitboard, r int) uint32 {
	return rankNibbles(own>>(8*r), enemy>>(8*r)) | rankNibbles(own>>(8*r+8), enemy>>(8*r+8))<<1
}

// blockKey is the blockConfig key of the block on files f and f+1 of
// a rankPair word.
func blockKey(pair uint32, f int) uint8 { return uint8(pair >> (4 * f)) }

// BlockContents sets c to the contents of each 2×2 block of p, in the
// side to move's view (block w on files w%7, w%7+1 and ranks w/7, w/7+1).
func BlockContents(p *engine.Position, c *[NumBlocks]uint8) {
	own, enemy := sidePieces(p)
	for r := range blocksPerLine {
		pair := rankPair(own, enemy, r)
		for f := range blocksPerLine {
			c[r*blocksPerLine+f] = blockConfig[blockKey(pair, f)]
		}
	}
}

// blockSum is the middlegame and the endgame value of p's 2×2 blocks
// in tables t, indexed by block key (one lookup, no contents index in
// between), whose empty blocks hold 0 (so that no branch skips them).
func blockSum(t *[NumBlockTables][blockKeys]pair16, p *engine.Position) (mg, eg int32) {
	own, enemy := sidePieces(p)
	lower := rankNibbles(own, enemy)
	for r := range blocksPerLine {
		own, enemy = own>>8, enemy>>8
		upper := rankNibbles(own, enemy)
		pair := lower | upper<<1 // rankPair(own, enemy, r), one rank read once
		lower = upper
		if pair == 0 {
			continue // two empty ranks: all their blocks are empty
		}
		table := &t[r]
		for range blocksPerLine {
			v := table[uint8(pair)] // blockKey(pair, f), from f = 0 up
			mg += v.mg()
			eg += v.eg()
			pair >>= 4
		}
	}
	return mg, eg
}
