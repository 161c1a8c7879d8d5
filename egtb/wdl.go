// WDL files: a table's values alone (win, draw or loss, no distances),
// compressed in blocks of 4096 slots with an index, for the search, which
// probes far more positions than it plays. Unused slots are "don't care"
// and take whatever value compresses best.
//
// # WDL file format (version 1)
//
// One file per material, named by the material and ".wdl", e.g.
// 0211.wdl. All integers are little-endian:
//
//	offset   size   field
//	0        8      magic "DAMEOWL\x1a"
//	8        4      format version, 1
//	12       4      material: white men, white kings, black men, black kings
//	16       8      N, the number of slots (must be Size(material))
//	24       4      slots per block, 4096
//	28       4      reserved, 0
//	32       8      slots stored as wins (unused slots included)
//	40       8      slots stored as draws (likewise)
//	48       8      slots stored as losses (likewise; the three sum to N)
//	56       8      P, the payload size in bytes
//	64       8×B    the index: one word per block (B = ⌈N/4096⌉)
//	64+8B    P      the payload: the blocks that are not uniform
//	end-4    4      CRC-32C (Castagnoli) of every byte before it
//
// An index word holds the block's payload offset in bits 8-63, its kind in
// bits 2-3 and a value in bits 0-1 (values: 0 draw, 1 win, 2 loss):
//
//	kind 0: uniform, every slot has the value; no payload (offset 0)
//	kind 1: two values, the word's value a and the payload's first byte b
//	        (a < b ≤ 2), then one bit per slot (set: b), slot i of the
//	        block in bit i mod 8 of byte i/8
//	kind 2: every value, 2 bits per slot as in the table file (code 3
//	        is refused); the word's value is 0
//
// Non-uniform blocks follow each other in the payload in block order, with
// nothing between them. The loader refuses anything else.

package egtb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/egtb/internal/layout"
	"github.com/dameo/dameo/internal/safefile"
)

const (
	// WDLMagic opens every WDL file.
	WDLMagic = "DAMEOWL\x1a"
	// WDLVersion is the WDL format version this package reads and writes.
	WDLVersion = 1
	// WDLExt ends the name of a WDL file, after the material (0201.wdl).
	WDLExt = ".wdl"

	wdlHeaderSize = 64
	blockSlots    = 4096

	kindUniform = 0
	kindTwo     = 1
	kindAll     = 2
)

// WDLTable is the values of one material's table, compressed. It is
// read-only and safe for concurrent use.
type WDLTable struct {
	layout  *layout.Layout
	index   []byte // 8 bytes per block
	payload []byte
	check   *deferredCheck // the file's check still to make, or nil
	*mapped                // the file under the table, when it is mapped (else nil)
}

// Material is the table's material.
func (w *WDLTable) Material() Material { return MaterialOf(w.layout.Count) }

// Size is the number of slots.
func (w *WDLTable) Size() uint64 { return w.layout.Size }

// value is the win, draw or loss of the position of groups g, which has
// the table's material.
func (w *WDLTable) value(g [layout.NumGroups]uint64) WDL {
	return codeWDL[w.code(w.layout.Index(g))&3]
}

// code is the stored value of slot i: codeDraw, codeWin or codeLoss (for an
// unused slot, any of them).
func (w *WDLTable) code(i uint64) int {
	word := binary.LittleEndian.Uint64(w.index[8*(i/blockSlots):])
	j := i % blockSlots
	switch word >> 2 & 3 {
	case kindUniform:
		return int(word & 3)
	case kindTwo:
		block := w.payload[word>>8:]
		if block[1+j/8]>>(j%8)&1 != 0 {
			return int(block[0])
		}
		return int(word & 3)
	}
	return int(w.payload[word>>8+j/4]>>(2*(j%4))) & 3
}

// blockLength is the payload length of a block of n slots of the kind.
func blockLength(kind int, n uint64) uint64 {
	switch kind {
	case kindTwo:
		return 1 + (n+7)/8
	case kindAll:
		return (n + 3) / 4
	}
	return 0
}

// encodeWDL writes the values of t as a WDL file to out.
func (t *Table) encodeWDL(out io.Writer) error {
	n := t.layout.Size
	blocks := (n + blockSlots - 1) / blockSlots
	index := make([]byte, 8*blocks)
	var payload []byte
	var counts [3]uint64
	for b := range blocks {
		lo, hi := b*blockSlots, min((b+1)*blockSlots, n)
		var seen [4]bool
		for i := lo; i < hi; i++ {
			seen[t.code(i)] = true
		}
		var values []int
		for v := range 3 {
			if seen[v] {
				values = append(values, v)
			}
		}
		if len(values) == 0 {
			values = []int{frame.CodeDraw} // only unused slots
		}
		// An unused slot takes the first value present.
		value := func(i uint64) int {
			if c := t.code(i); c != frame.CodeUnused {
				return c
			}
			return values[0]
		}
		var word uint64
		switch len(values) {
		case 1:
			word = uint64(values[0])
		case 2:
			word = uint64(len(payload))<<8 | kindTwo<<2 | uint64(values[0])
			payload = append(payload, byte(values[1]))
			bitmap := make([]byte, (hi-lo+7)/8)
			for i := lo; i < hi; i++ {
				if value(i) == values[1] {
					bitmap[(i-lo)/8] |= 1 << ((i - lo) % 8)
				}
			}
			payload = append(payload, bitmap...)
		default:
			word = uint64(len(payload))<<8 | kindAll<<2
			codes := make([]byte, (hi-lo+3)/4)
			for i := lo; i < hi; i++ {
				codes[(i-lo)/4] |= byte(value(i)) << (2 * ((i - lo) % 4))
			}
			payload = append(payload, codes...)
		}
		binary.LittleEndian.PutUint64(index[8*b:], word)
		for i := lo; i < hi; i++ {
			counts[value(i)]++
		}
	}
	le := binary.LittleEndian
	s := MaterialOf(t.layout.Count)
	head := make([]byte, 0, wdlHeaderSize)
	head = append(head, WDLMagic...)
	head = le.AppendUint32(head, WDLVersion)
	head = frame.AppendCounts(head, s.Counts())
	head = le.AppendUint64(head, n)
	head = le.AppendUint32(head, blockSlots)
	head = le.AppendUint32(head, 0)
	head = le.AppendUint64(head, counts[frame.CodeWin])
	head = le.AppendUint64(head, counts[frame.CodeDraw])
	head = le.AppendUint64(head, counts[frame.CodeLoss])
	head = le.AppendUint64(head, uint64(len(payload)))
	crc := crc32.New(frame.Castagnoli)
	for _, part := range [][]byte{head, index, payload} {
		crc.Write(part)
		if _, err := out.Write(part); err != nil {
			return err
		}
	}
	_, err := out.Write(le.AppendUint32(nil, crc.Sum32()))
	return err
}

// WriteWDLFile writes t's values as a WDL file to path, through a
// temporary file renamed into place.
func (t *Table) WriteWDLFile(path string) error {
	if t.isClosed() {
		return errClosed
	}
	return safefile.WriteOwn(path, WDLMagic, t.encodeWDL)
}

// wdlHeader is the decoded fixed-size start of a WDL file.
type wdlHeader struct {
	mat     Material
	slots   uint64
	counts  [3]uint64 // by code
	payload uint64
}

// wdlFileSize is the size of a WDL file with the header's slots and payload.
func (h *wdlHeader) fileSize() uint64 {
	return wdlHeaderSize + 8*((h.slots+blockSlots-1)/blockSlots) + h.payload + frame.ChecksumSize
}

// decodeWDLHeader checks and reads the first wdlHeaderSize bytes of a file.
func decodeWDLHeader(b []byte) (wdlHeader, error) {
	le := binary.LittleEndian
	var h wdlHeader
	if err := frame.CheckStart(b, WDLMagic, "WDL table", wdlHeaderSize, WDLVersion); err != nil {
		return h, err
	}
	var err error
	if h.mat, err = DecodeMaterial(b[12:]); err != nil {
		return h, err
	}
	if h.slots = le.Uint64(b[16:]); h.slots != Size(h.mat) {
		return h, fmt.Errorf("corrupt header: %d slots, table %v has %d", h.slots, h.mat, Size(h.mat))
	}
	if s := le.Uint32(b[24:]); s != blockSlots {
		return h, fmt.Errorf("corrupt header: %d slots per block, want %d", s, blockSlots)
	}
	if le.Uint32(b[28:]) != 0 {
		return h, errors.New("corrupt header: reserved field is not 0")
	}
	h.counts[frame.CodeWin], h.counts[frame.CodeDraw], h.counts[frame.CodeLoss] = le.Uint64(b[32:]), le.Uint64(b[40:]), le.Uint64(b[48:])
	if h.counts[frame.CodeWin] > h.slots || h.counts[frame.CodeDraw] > h.slots-h.counts[frame.CodeWin] || h.counts[frame.CodeLoss] != h.slots-h.counts[frame.CodeWin]-h.counts[frame.CodeDraw] {
		return h, fmt.Errorf("corrupt header: %d wins, %d draws and %d losses in %d slots", h.counts[frame.CodeWin], h.counts[frame.CodeDraw], h.counts[frame.CodeLoss], h.slots)
	}
	// A payload never exceeds 2 bits a slot and a byte a block.
	if h.payload = le.Uint64(b[56:]); h.payload > h.slots/4+2*((h.slots+blockSlots-1)/blockSlots) {
		return h, fmt.Errorf("corrupt header: payload of %d bytes for %d slots", h.payload, h.slots)
	}
	return h, nil
}

// decodeWDL reads a whole WDL file, strictly. The table shares data's storage.
func decodeWDL(data []byte) (*WDLTable, error) { return checkedNow(decodeWDLHeadOnly(data)) }

// decodeWDLHeadOnly reads a WDL file's header and checks the file's size;
// check makes the rest of decodeWDL's checks (the checksum, then every
// block against the index and the header).
func decodeWDLHeadOnly(data []byte) (w *WDLTable, check func() error, err error) {
	h, err := decodeWDLHeader(data)
	if err != nil {
		return nil, nil, err
	}
	want := h.fileSize()
	if uint64(len(data)) != want {
		what := "truncated"
		if uint64(len(data)) > want {
			what = "corrupt"
		}
		return nil, nil, fmt.Errorf("%s: %d bytes, the header of table %v announces %d", what, len(data), h.mat, want)
	}
	body := data[:len(data)-frame.ChecksumSize]
	indexEnd := wdlHeaderSize + 8*((h.slots+blockSlots-1)/blockSlots)
	w = &WDLTable{layout: layout.Of(h.mat.Counts()), index: data[wdlHeaderSize:indexEnd:indexEnd], payload: data[indexEnd:len(body):len(body)]}
	check = func() error {
		if err := frame.CheckChecksum(binary.LittleEndian.Uint32(data[len(body):]), crc32.Checksum(body, frame.Castagnoli)); err != nil {
			return err
		}
		if err := w.checkBlocks(&h); err != nil {
			return fmt.Errorf("table %v: %w", h.mat, err)
		}
		return nil
	}
	return w, check, nil
}

// checkBlocks checks the index and the payload against each other and the
// header: kinds, values, offsets and the counts of each value.
func (w *WDLTable) checkBlocks(h *wdlHeader) error {
	var counts [4]uint64
	var offset uint64
	n := h.slots
	for b := uint64(0); b*blockSlots < n; b++ {
		word := binary.LittleEndian.Uint64(w.index[8*b:])
		kind, value, at := int(word>>2&3), int(word&3), word>>8
		slots := min(blockSlots, n-b*blockSlots)
		switch {
		case word>>4&15 != 0 || kind > kindAll:
			return fmt.Errorf("block %d: bad index word %#x", b, word)
		case kind == kindUniform && at != 0, kind != kindUniform && at != offset:
			return fmt.Errorf("block %d: payload offset %d, want %d", b, at, offset)
		case value > frame.CodeLoss || kind == kindAll && value != 0:
			return fmt.Errorf("block %d: bad value %d", b, value)
		}
		length := blockLength(kind, slots)
		if offset+length > uint64(len(w.payload)) {
			return fmt.Errorf("block %d: beyond the payload", b)
		}
		block := w.payload[offset : offset+length]
		offset += length
		switch kind {
		case kindUniform:
			counts[value] += slots
		case kindTwo:
			other := int(block[0])
			if other <= value || other > frame.CodeLoss {
				return fmt.Errorf("block %d: values %d and %d", b, value, other)
			}
			ones := uint64(0)
			for j, x := range block[1:] {
				if j == len(block)-2 && slots%8 != 0 && x>>(slots%8) != 0 {
					return fmt.Errorf("block %d: bits beyond its slots", b)
				}
				ones += uint64(bits.OnesCount8(x))
			}
			counts[other] += ones
			counts[value] += slots - ones
		default:
			for j := range slots {
				c := block[j/4] >> (2 * (j % 4)) & 3
				if c == frame.CodeUnused {
					return fmt.Errorf("block %d: bad code 3", b)
				}
				counts[c]++
			}
			if slots%4 != 0 && block[len(block)-1]>>(2*(slots%4)) != 0 {
				return fmt.Errorf("block %d: bits beyond its slots", b)
			}
		}
	}
	if offset != uint64(len(w.payload)) {
		return fmt.Errorf("payload of %d bytes, the blocks use %d", len(w.payload), offset)
	}
	if [3]uint64(counts[:3]) != h.counts {
		return fmt.Errorf("blocks hold %d wins, %d draws and %d losses, the header says %d, %d and %d",
			counts[frame.CodeWin], counts[frame.CodeDraw], counts[frame.CodeLoss], h.counts[frame.CodeWin], h.counts[frame.CodeDraw], h.counts[frame.CodeLoss])
	}
	return nil
}

// LoadWDLFile reads one WDL file, strictly (as LoadFile), memory-mapped.
func LoadWDLFile(path string) (*WDLTable, error) {
	return checkedNow(loadWDLFile(path))
}

// loadWDLFile is LoadWDLFile with the checks that read the whole file put
// off: check makes them.
func loadWDLFile(path string) (w *WDLTable, check func() error, err error) {
	return loadMapped(path, wdlHeaderSize, func(head []byte) (Material, uint64, error) {
		h, err := decodeWDLHeader(head)
		return h.mat, h.fileSize(), err
	}, decodeWDLHeadOnly)
}
