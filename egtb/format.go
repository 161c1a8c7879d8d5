// The table file format (see the package doc): encoding, and strict
// decoding that checks the header, sizes, checksum and every slot.

package egtb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"hash/crc32"
	"io"
	"runtime"
	"sync"
)

const (
	// Magic opens every table file.
	Magic = "DAMEOTB\x1a"
	// Version is the format version this package reads and writes.
	Version = 1

	headerSize = 64
)

// FileSize is the size of a table file of n slots with distances of the
// given width.
func FileSize(n uint64, width int) uint64 {
	return headerSize + (n+3)/4 + n*uint64(width) + frame.ChecksumSize
}

// encode is the table's file contents.
func (t *Table) encode() []byte {
	var b bytes.Buffer
	b.Grow(int(FileSize(t.layout.Size, t.width)))
	t.writeTo(&b) // a bytes.Buffer does not fail
	return b.Bytes()
}

// writeTo writes the table's file contents to w, without holding a copy.
func (t *Table) writeTo(w io.Writer) error {
	le := binary.LittleEndian
	s := MaterialOf(t.layout.Count)
	head := make([]byte, 0, headerSize)
	head = append(head, Magic...)
	head = le.AppendUint32(head, Version)
	head = frame.AppendCounts(head, s.Counts())
	head = le.AppendUint64(head, t.layout.Size)
	head = le.AppendUint32(head, uint32(t.width))
	head = le.AppendUint32(head, uint32(t.stats.LongestWin))
	head = le.AppendUint32(head, uint32(t.stats.LongestLoss))
	head = le.AppendUint32(head, 0)
	head = le.AppendUint64(head, t.stats.Wins)
	head = le.AppendUint64(head, t.stats.Draws)
	head = le.AppendUint64(head, t.stats.Losses)
	crc := crc32.New(frame.Castagnoli)
	for _, part := range [][]byte{head, t.codes, t.dtw} {
		crc.Write(part)
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	_, err := w.Write(le.AppendUint32(nil, crc.Sum32()))
	return err
}

// DecodeMaterial reads the material whose four counts a header holds at
// the start of b (frame.AppendCounts), refusing one that is not a table's.
func DecodeMaterial(b []byte) (Material, error) {
	s := Material{int(b[0]), int(b[1]), int(b[2]), int(b[3])}
	if !s.valid() || s.Pieces() > MaxTablePieces {
		return s, fmt.Errorf("corrupt header: bad material %d %d %d %d", b[0], b[1], b[2], b[3])
	}
	return s, nil
}

// header is the decoded fixed-size start of a table file.
type header struct {
	mat   Material
	slots uint64
	width int
	stats Stats
}

// decodeHeader checks and reads the first headerSize bytes of a file.
func decodeHeader(b []byte) (header, error) {
	le := binary.LittleEndian
	var h header
	if err := frame.CheckStart(b, Magic, "endgame table", headerSize, Version); err != nil {
		return h, err
	}
	var err error
	if h.mat, err = DecodeMaterial(b[12:]); err != nil {
		return h, err
	}
	h.slots = le.Uint64(b[16:])
	if want := Size(h.mat); h.slots != want {
		return h, fmt.Errorf("corrupt header: %d slots, table %v has %d", h.slots, h.mat, want)
	}
	w := le.Uint32(b[24:])
	if w != 1 && w != 2 {
		return h, fmt.Errorf("corrupt header: distance width %d bytes, want 1 or 2", w)
	}
	h.width = int(w)
	h.stats = Stats{
		LongestWin:  int(le.Uint32(b[28:])),
		LongestLoss: int(le.Uint32(b[32:])),
		Wins:        le.Uint64(b[40:]),
		Draws:       le.Uint64(b[48:]),
		Losses:      le.Uint64(b[56:]),
	}
	if le.Uint32(b[36:]) != 0 {
		return h, errors.New("corrupt header: reserved field is not 0")
	}
	if h.stats.Wins > h.slots || h.stats.Draws > h.slots-h.stats.Wins || h.stats.Losses > h.slots-h.stats.Wins-h.stats.Draws {
		return h, fmt.Errorf("corrupt header: %d wins, %d draws and %d losses in %d slots", h.stats.Wins, h.stats.Draws, h.stats.Losses, h.slots)
	}
	h.stats.Unused = h.slots - h.stats.Wins - h.stats.Draws - h.stats.Losses
	return h, nil
}

// decode reads a whole table file, strictly. The table shares data's
// storage.
func decode(data []byte) (*Table, error) { return checkedNow(decodeHeadOnly(data)) }

// decodeHeadOnly reads a table file's header and checks the file's size;
// check makes the rest of decode's checks (the checksum, then every slot
// against the header), which read the whole file.
func decodeHeadOnly(data []byte) (t *Table, check func() error, err error) {
	h, err := decodeHeader(data)
	if err != nil {
		return nil, nil, err
	}
	want := FileSize(h.slots, h.width)
	if uint64(len(data)) < want {
		return nil, nil, fmt.Errorf("truncated: %d bytes, the header of table %v announces %d", len(data), h.mat, want)
	}
	if uint64(len(data)) > want {
		return nil, nil, fmt.Errorf("corrupt: %d bytes, the header of table %v announces %d", len(data), h.mat, want)
	}
	body := data[:len(data)-frame.ChecksumSize]
	codesEnd := headerSize + (h.slots+3)/4
	t = &Table{
		layout: layout.Of(h.mat.Counts()),
		codes:  data[headerSize:codesEnd:codesEnd],
		dtw:    data[codesEnd:len(body):len(body)],
		width:  h.width,
		stats:  h.stats,
	}
	check = func() error {
		if err := frame.CheckChecksum(binary.LittleEndian.Uint32(data[len(body):]), crc32.Checksum(body, frame.Castagnoli)); err != nil {
			return err
		}
		if err := t.checkSlots(); err != nil {
			return fmt.Errorf("table %v: %w", h.mat, err)
		}
		return nil
	}
	return t, check, nil
}

// checkSlots checks each slot against the header: codes and distances
// agree (odd distances for wins, even for losses, 0 otherwise), the counts
// and longest distances are the header's. Large tables are checked in
// parts on every processor; the first bad slot is reported.
func (t *Table) checkSlots() error {
	parts := 1
	if t.layout.Size >= 1<<20 {
		parts = runtime.GOMAXPROCS(0)
	}
	return t.checkSlotsIn(parts)
}

// checkSlotsIn is checkSlots in the given number of parts.
func (t *Table) checkSlotsIn(parts int) error {
	n := t.layout.Size
	stats := make([]Stats, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := n*uint64(p)/uint64(parts), n*uint64(p+1)/uint64(parts)
		wg.Go(func() { stats[p], errs[p] = t.checkRange(lo, hi) })
	}
	wg.Wait()
	var st Stats
	for p := range parts {
		if errs[p] != nil {
			return errs[p]
		}
		st.Wins += stats[p].Wins
		st.Draws += stats[p].Draws
		st.Losses += stats[p].Losses
		st.Unused += stats[p].Unused
		st.LongestWin = max(st.LongestWin, stats[p].LongestWin)
		st.LongestLoss = max(st.LongestLoss, stats[p].LongestLoss)
	}
	if st != t.stats {
		return fmt.Errorf("slots hold %+v, the header says %+v", st, t.stats)
	}
	return nil
}

// checkRange checks slots lo..hi-1 as checkSlots does, returning their counts.
func (t *Table) checkRange(lo, hi uint64) (Stats, error) {
	var st Stats
	for i := lo; i < hi; i++ {
		d := t.distance(i)
		switch t.code(i) {
		case frame.CodeWin:
			st.Wins++
			st.LongestWin = max(st.LongestWin, d)
			if d%2 != 1 {
				return st, fmt.Errorf("slot %d: win with even distance %d", i, d)
			}
		case frame.CodeLoss:
			st.Losses++
			st.LongestLoss = max(st.LongestLoss, d)
			if d%2 != 0 {
				return st, fmt.Errorf("slot %d: loss with odd distance %d", i, d)
			}
		case frame.CodeDraw:
			st.Draws++
			if d != 0 {
				return st, fmt.Errorf("slot %d: draw with distance %d", i, d)
			}
		default:
			st.Unused++
			if d != 0 {
				return st, fmt.Errorf("slot %d: unused slot with distance %d", i, d)
			}
		}
	}
	return st, nil
}
