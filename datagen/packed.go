// The packed record: one training position in RecordSize bytes (the layout
// of doc.go), encoded from and decoded to a Record, and decoded straight
// to its bitboards for the tuner's inner loop.

package datagen

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/bits"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/search"
)

// RecordSize is the size of a packed record in bytes.
const RecordSize = 32

// MaxPieces is the most pieces a packed record holds (two bits each in
// nine bytes); a game never has more than 2 × engine.MenPerSide.
const MaxPieces = 36

// Offsets and bits of the record layout (doc.go).
const (
	offKinds = 8  // 9 bytes: 2 bits per occupied square
	offFlags = 17 // side to move, result, last record of its game
	offScore = 18 // int16
	offGame  = 20 // uint32
	offSeq   = 24 // uint16
	offPly   = 26 // uint16
	offCRC   = 28 // CRC-32C of bytes 0 to 27

	flagBlack      = 1 << 0
	flagResultBits = 1 // the result is bits 1 and 2
	flagLast       = 1 << 3
	flagsUsed      = 0x0F
)

// Piece kinds of the 2-bit codes.
const (
	kindWhiteMan = iota
	kindWhiteKing
	kindBlackMan
	kindBlackKing
)

// UnknownPly is the ply of a record whose ply is not known (one converted
// from the text format).
const UnknownPly = math.MaxUint16

// crcTable is the Castagnoli polynomial's table (hardware-assisted on most
// processors).
var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Packed is a record in its packed form.
type Packed [RecordSize]byte

// pack encodes r as the seq-th record of its game, last if it ends it.
func pack(r *Record, seq int, last bool) (Packed, error) {
	var b Packed
	p := &r.Position
	white, black := p.Pieces(engine.White), p.Pieces(engine.Black)
	kings := p.Kings(engine.White) | p.Kings(engine.Black)
	occ := white | black
	switch {
	case bits.OnesCount64(uint64(occ)) > MaxPieces:
		return b, fmt.Errorf("a position of %d pieces: a record holds at most %d", bits.OnesCount64(uint64(occ)), MaxPieces)
	case r.Score < -search.Win || r.Score > search.Win:
		return b, fmt.Errorf("score %d outside ±%d", r.Score, search.Win)
	case r.Game < 0 || int64(r.Game) > math.MaxUint32:
		return b, fmt.Errorf("game index %d outside 0 to %d", r.Game, uint32(math.MaxUint32))
	case seq < 0 || seq > math.MaxUint16:
		return b, fmt.Errorf("a game of more than %d positions", math.MaxUint16+1)
	case r.Ply != UnknownPly && (r.Ply < 0 || r.Ply >= UnknownPly):
		return b, fmt.Errorf("ply %d outside 0 to %d", r.Ply, UnknownPly-1)
	case r.Result > WhiteWins:
		return b, fmt.Errorf("bad result %d", r.Result)
	}
	binary.LittleEndian.PutUint64(b[:], uint64(occ))
	var kinds [2]uint64 // 72 bits, little-endian
	i := 0
	for s := occ; s != 0; s &= s - 1 {
		sq := s & -s
		k := uint64(kindWhiteMan)
		if black&sq != 0 {
			k = kindBlackMan
		}
		if kings&sq != 0 {
			k++
		}
		kinds[i/32] |= k << (2 * (i % 32))
		i++
	}
	binary.LittleEndian.PutUint64(b[offKinds:], kinds[0])
	b[offKinds+8] = byte(kinds[1])
	flags := byte(r.Result) << flagResultBits
	if p.SideToMove() == engine.Black {
		flags |= flagBlack
	}
	if last {
		flags |= flagLast
	}
	b[offFlags] = flags
	binary.LittleEndian.PutUint16(b[offScore:], uint16(int16(r.Score)))
	binary.LittleEndian.PutUint32(b[offGame:], uint32(r.Game))
	binary.LittleEndian.PutUint16(b[offSeq:], uint16(seq))
	binary.LittleEndian.PutUint16(b[offPly:], uint16(r.Ply))
	binary.LittleEndian.PutUint32(b[offCRC:], crc32.Checksum(b[:offCRC], crcTable))
	return b, nil
}

// Errors of a packed record that is not sound.
var (
	errChecksum = errors.New("bad record checksum (damaged data)")
	errPieces   = fmt.Errorf("more than %d pieces", MaxPieces)
	errFlags    = errors.New("bad flags byte")
	errPadding  = errors.New("piece-kind bits beyond the last piece are set")
	errScore    = fmt.Errorf("score outside ±%d", search.Win)
)

// Bitboards are the position of b, checked only for what the packing can
// get wrong (the checksum, the piece count, unused bits); Decode checks the
// rest.
func (b *Packed) Bitboards() (white, black, kings engine.Bitboard, side engine.Color, err error) {
	if binary.LittleEndian.Uint32(b[offCRC:]) != crc32.Checksum(b[:offCRC], crcTable) {
		return 0, 0, 0, 0, errChecksum
	}
	occ := binary.LittleEndian.Uint64(b[:])
	n := bits.OnesCount64(occ)
	if n > MaxPieces {
		return 0, 0, 0, 0, errPieces
	}
	lo, hi := binary.LittleEndian.Uint64(b[offKinds:]), uint64(b[offKinds+8])
	if n < 32 && lo>>(2*n) != 0 || hi>>(2*max(n-32, 0)) != 0 {
		return 0, 0, 0, 0, errPadding
	}
	for i, s := 0, occ; s != 0; i, s = i+1, s&(s-1) {
		k := lo & 3
		if i < 32 {
			lo >>= 2
		} else {
			k = hi & 3
			hi >>= 2
		}
		sq := engine.Bitboard(s & -s)
		if k >= kindBlackMan {
			black |= sq
		} else {
			white |= sq
		}
		if k&1 != 0 {
			kings |= sq
		}
	}
	return white, black, kings, engine.Color(b[offFlags] & flagBlack), nil
}

// Result is the game's result of b.
func (b *Packed) Result() Outcome { return Outcome(b[offFlags] >> flagResultBits & 3) }

// Score is the search score of b, side to move's view.
func (b *Packed) Score() search.Score {
	return search.Score(int16(binary.LittleEndian.Uint16(b[offScore:])))
}

// Game is the index of b's game.
func (b *Packed) Game() uint32 { return binary.LittleEndian.Uint32(b[offGame:]) }

// seq is the number of b in its game (0 for the first).
func (b *Packed) seq() int { return int(binary.LittleEndian.Uint16(b[offSeq:])) }

// last reports whether b is the last record of its game.
func (b *Packed) last() bool { return b[offFlags]&flagLast != 0 }

// Decode checks b whole and returns its record.
func (b *Packed) Decode() (Record, error) {
	white, black, kings, side, err := b.Bitboards()
	if err != nil {
		return Record{}, err
	}
	if b[offFlags]&^flagsUsed != 0 || b.Result() > WhiteWins {
		return Record{}, errFlags
	}
	if s := b.Score(); s < -search.Win || s > search.Win {
		return Record{}, errScore
	}
	p, err := engine.NewPosition(white, black, kings, side)
	if err != nil {
		return Record{}, err
	}
	return Record{Position: p, Result: b.Result(), Score: b.Score(), Game: int(b.Game()),
		Ply: int(binary.LittleEndian.Uint16(b[offPly:]))}, nil
}
