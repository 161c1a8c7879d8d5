// The binary book file (see the package doc): encoding and strict decoding.

package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/dameo/dameo/engine"
)

const (
	// Magic opens every book file.
	Magic = "DAMEOBK\x1a"
	// Version is the format version this package reads and writes.
	Version = 1
	// MaxInfo bounds the info text so a corrupt length cannot ask for a
	// huge allocation.
	MaxInfo = 4096

	headerSize   = 24
	positionSize = 40
	moveSize     = 16
	checksumSize = 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrNotBook is the error of data that does not start with Magic: some other
// kind of file, such as a book in text form.
var ErrNotBook = errors.New("not a dameo book (bad magic bytes)")

// Encode is the binary form of b.
func (b *Book) Encode() []byte {
	info := b.Info
	if len(info) > MaxInfo {
		info = info[:MaxInfo]
	}
	moves := 0
	for _, e := range b.entries {
		moves += len(e.Moves)
	}
	out := make([]byte, 0, headerSize+len(info)+positionSize*len(b.entries)+moveSize*moves+checksumSize)
	le := binary.LittleEndian
	out = append(out, Magic...)
	out = le.AppendUint32(out, Version)
	out = le.AppendUint32(out, uint32(len(b.entries)))
	out = le.AppendUint32(out, uint32(moves))
	out = le.AppendUint32(out, uint32(len(info)))
	out = append(out, info...)
	first := 0
	for _, e := range b.entries {
		p := &e.Position
		out = le.AppendUint64(out, p.Key())
		out = le.AppendUint64(out, uint64(p.Pieces(engine.White)))
		out = le.AppendUint64(out, uint64(p.Pieces(engine.Black)))
		out = le.AppendUint64(out, uint64(p.Kings(engine.White)|p.Kings(engine.Black)))
		out = le.AppendUint32(out, uint32(first))
		out = le.AppendUint16(out, uint16(len(e.Moves)))
		out = append(out, byte(p.SideToMove()), 0)
		first += len(e.Moves)
	}
	for _, e := range b.entries {
		for _, m := range e.Moves {
			out = le.AppendUint64(out, uint64(m.Move.Captured))
			out = append(out, byte(m.Move.From), byte(m.Move.To))
			out = le.AppendUint16(out, uint16(m.Score))
			out = le.AppendUint32(out, m.Weight)
		}
	}
	return le.AppendUint32(out, crc32.Checksum(out, castagnoli))
}

// Decode reads a book from its binary form, checking everything the format
// promises: header, sizes, checksum, key order, valid positions whose keys
// are the engine's, and legal, distinct moves.
func Decode(data []byte) (*Book, error) {
	le := binary.LittleEndian
	if len(data) == 0 {
		return nil, errors.New("empty file, not a book")
	}
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return nil, ErrNotBook
	}
	if len(data) < headerSize {
		return nil, fmt.Errorf("truncated: %d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	if v := le.Uint32(data[8:]); v != Version {
		return nil, fmt.Errorf("format version %d, this program reads version %d", v, Version)
	}
	np, nm, ni := uint64(le.Uint32(data[12:])), uint64(le.Uint32(data[16:])), uint64(le.Uint32(data[20:]))
	if ni > MaxInfo {
		return nil, fmt.Errorf("corrupt header: info length %d exceeds %d", ni, MaxInfo)
	}
	want := headerSize + ni + positionSize*np + moveSize*nm + checksumSize
	if uint64(len(data)) < want {
		return nil, fmt.Errorf("truncated: %d bytes, the header announces %d positions and %d moves in %d bytes", len(data), np, nm, want)
	}
	if uint64(len(data)) > want {
		return nil, fmt.Errorf("corrupt: %d bytes, the header announces %d positions and %d moves in %d bytes", len(data), np, nm, want)
	}
	body := data[:len(data)-checksumSize]
	if got, stored := crc32.Checksum(body, castagnoli), le.Uint32(data[len(body):]); got != stored {
		return nil, fmt.Errorf("bad checksum %08x, computed %08x: the file is corrupt", stored, got)
	}
	b := &Book{Info: string(data[headerSize : headerSize+ni]), Margin: DefaultMargin, entries: make([]Entry, np)}
	moves := make([]Move, nm)
	posData := data[headerSize+ni:]
	moveData := posData[positionSize*np:]
	for i := range moves {
		r := moveData[moveSize*i:]
		moves[i] = Move{
			Move:   engine.Move{Captured: engine.Bitboard(le.Uint64(r)), From: engine.Square(r[8]), To: engine.Square(r[9])},
			Score:  int16(le.Uint16(r[10:])),
			Weight: le.Uint32(r[12:]),
		}
	}
	for i := uint64(1); i < np; i++ {
		if le.Uint64(posData[positionSize*i:]) <= le.Uint64(posData[positionSize*(i-1):]) {
			return nil, fmt.Errorf("position %d: keys not in strictly increasing order", i)
		}
	}
	next := uint64(0)
	var legal engine.MoveList
	for i := range b.entries {
		r := posData[positionSize*i:]
		key := le.Uint64(r)
		first, count, side := uint64(le.Uint32(r[32:])), uint64(le.Uint16(r[36:])), r[38]
		if side > 1 || r[39] != 0 {
			return nil, fmt.Errorf("position %d: bad side to move or reserved byte", i)
		}
		p, err := engine.NewPosition(engine.Bitboard(le.Uint64(r[8:])), engine.Bitboard(le.Uint64(r[16:])), engine.Bitboard(le.Uint64(r[24:])), engine.Color(side))
		if err != nil {
			return nil, fmt.Errorf("position %d: %v", i, err)
		}
		if p.Key() != key {
			return nil, fmt.Errorf("position %d (%v): stored key %016x is not the engine's key %016x (a stale or corrupt book)", i, p.String(), key, p.Key())
		}
		if first != next || count == 0 || first+count > nm {
			return nil, fmt.Errorf("position %d (%v): bad move range %d+%d (want %d, at least one move, within %d)", i, p.String(), first, count, next, nm)
		}
		next = first + count
		p.GenerateMoves(&legal)
		b.entries[i] = Entry{Position: p, Moves: moves[first:next:next]}
		if err := checkMoves(&p, b.entries[i].Moves, &legal); err != nil {
			return nil, fmt.Errorf("position %d (%v): %v", i, p.String(), err)
		}
	}
	if next != nm {
		return nil, fmt.Errorf("corrupt: positions use %d of the %d moves", next, nm)
	}
	return b, nil
}

// checkMoves reports the first move of ms that is illegal in p (legal holds
// p's moves) or repeated.
func checkMoves(p *engine.Position, ms []Move, legal *engine.MoveList) error {
	for j, m := range ms {
		if !legal.Contains(m.Move) {
			return fmt.Errorf("move %d (%v-%v, capturing %#x) is not legal", j, m.Move.From, m.Move.To, uint64(m.Move.Captured))
		}
		for _, o := range ms[:j] {
			if o.Move == m.Move {
				return fmt.Errorf("move %s is listed twice", p.FormatMove(m.Move))
			}
		}
	}
	return nil
}
