// Checkpoints of the sliced solver: the state of a unit between two of its
// waves (its tables as written so far, their counts, the wave to go on
// with), kept in a file so that a build interrupted in the middle of a
// long unit goes on from its last checkpoint rather than from its start.
//
// # Checkpoint file format (version 1)
//
// One file per unit, named by the unit's first material and ".partial",
// e.g. 0114.partial, written through a temporary file renamed into place
// and deleted once the unit's tables are saved. All integers are
// little-endian:
//
//	offset   size   field
//	0        8      magic "DAMEOCK\x1a"
//	8        4      format version, 1
//	12       4      T, the unit's tables (1 or 2)
//	16       4      W, the wave to go on with: waves 0 to W-1 are solved
//	20       4      reserved, 0
//	24       8      the positions solved (BuildOptions.Solving's count)
//	32       48×T   by table: material (4 bytes, as in a table file),
//	                distance width (4: 1 or 2), N, the slots (8), the
//	                wins, draws and losses written (8 each), the longest
//	                win and loss (4 each)
//	32+48T   ...    by table: its codes, 8×⌈N/32⌉ bytes (little-endian
//	                words of 32 slots, 2 bits each as in a table file, 3
//	                for a slot not written yet, 0 past the last slot),
//	                then its distances, N×width bytes
//	end-4    4      CRC-32C (Castagnoli) of every byte before it
//
// A checkpoint is read back only into the unit it was written for:
// anything else (another unit, other sizes, a wave out of range, a bad
// checksum, a size other than the header announces) is refused.

package gen

import (
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/internal/frame"
	"hash/crc32"
	"io"
	"slices"
)

const (
	checkpointMagic   = "DAMEOCK\x1a"
	checkpointVersion = 1
	checkpointExt     = ".partial"

	checkpointHeaderSize = 32 // then checkpointTableSize bytes a table
	checkpointTableSize  = 48
)

// Checkpoints keep the checkpoints of the units being solved, each by the
// unit's first material. Store keeps them in its directory.
type Checkpoints interface {
	// SaveCheckpoint replaces the checkpoint of mat with what write
	// writes, whole or not at all.
	SaveCheckpoint(mat egtb.Material, write func(io.Writer) error) error
	// LoadCheckpoint reads the checkpoint of mat with read and reports
	// whether read accepted it: false when there is none or read refuses
	// it (the unit then starts from its first wave).
	LoadCheckpoint(mat egtb.Material, read func(io.Reader) error) bool
	// RemoveCheckpoint removes the checkpoint of mat, if there is one.
	RemoveCheckpoint(mat egtb.Material) error
}

// checkpointBuffer is the size of the buffer through which the codes are
// written and read.
const checkpointBuffer = 1 << 16

// writeCheckpoint writes the state of s to w as the checkpoint of a unit
// whose waves before wave are solved, with solved positions. No slice may
// be being solved meanwhile, and no long distance be waiting to be
// widened.
func (s *slicedSolver) writeCheckpoint(w io.Writer, wave int, solved uint64) error {
	le := binary.LittleEndian
	head := make([]byte, 0, checkpointHeaderSize+checkpointTableSize*len(s.out))
	head = append(head, checkpointMagic...)
	head = le.AppendUint32(head, checkpointVersion)
	head = le.AppendUint32(head, uint32(len(s.out)))
	head = le.AppendUint32(head, uint32(wave))
	head = le.AppendUint32(head, 0)
	head = le.AppendUint64(head, solved)
	for t, out := range s.out {
		st := s.stats[t]
		head = frame.AppendCounts(head, out.layout.Count)
		head = le.AppendUint32(head, uint32(out.width))
		head = le.AppendUint64(head, out.layout.Size)
		head = le.AppendUint64(head, st.Wins)
		head = le.AppendUint64(head, st.Draws)
		head = le.AppendUint64(head, st.Losses)
		head = le.AppendUint32(head, uint32(st.LongestWin))
		head = le.AppendUint32(head, uint32(st.LongestLoss))
	}
	crc := crc32.New(frame.Castagnoli)
	body := io.MultiWriter(w, crc)
	if _, err := body.Write(head); err != nil {
		return err
	}
	buf := make([]byte, 0, checkpointBuffer)
	for _, out := range s.out {
		for i := range out.codes {
			buf = le.AppendUint64(buf, out.codes[i].Load())
			if len(buf) == cap(buf) || i == len(out.codes)-1 {
				if _, err := body.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		if _, err := body.Write(out.dtw); err != nil {
			return err
		}
	}
	_, err := w.Write(le.AppendUint32(nil, crc.Sum32()))
	return err
}

// readCheckpoint reads from r, strictly, a checkpoint that writeCheckpoint
// wrote of s's unit into the tables and counts of s, which must not be
// written yet, and returns the wave to go on with and the positions
// solved. When it fails, s is left as it was.
func (s *slicedSolver) readCheckpoint(r io.Reader) (wave int, solved uint64, err error) {
	defer func() {
		if err != nil {
			for t, out := range s.out {
				out.clearCodes()
				clear(out.dtw)
				s.stats[t] = egtb.Stats{}
			}
		}
	}()
	le := binary.LittleEndian
	crc := crc32.New(frame.Castagnoli)
	in := io.TeeReader(r, crc) // what the checksum covers
	head := make([]byte, checkpointHeaderSize)
	n, err := io.ReadFull(in, head)
	if err != nil && !frame.Truncated(err) {
		return 0, 0, err
	}
	if err := frame.CheckStart(head[:n], checkpointMagic, "checkpoint", checkpointHeaderSize, checkpointVersion); err != nil {
		return 0, 0, err
	}
	tables := le.Uint32(head[12:])
	if tables != 1 && tables != 2 {
		return 0, 0, fmt.Errorf("corrupt header: %d tables, want 1 or 2", tables)
	}
	if le.Uint32(head[20:]) != 0 {
		return 0, 0, errors.New("corrupt header: reserved field is not 0")
	}
	wave, solved = int(le.Uint32(head[16:])), le.Uint64(head[24:])
	records := make([]byte, checkpointTableSize*tables)
	if _, err := io.ReadFull(in, records); err != nil {
		return 0, 0, frame.ShortFile(err)
	}
	var mats, unit []egtb.Material
	for t := range int(tables) {
		mat, err := egtb.DecodeMaterial(records[checkpointTableSize*t:])
		if err != nil {
			return 0, 0, err
		}
		mats = append(mats, mat)
	}
	for _, l := range s.slicing.layouts {
		unit = append(unit, egtb.MaterialOf(l.Count))
	}
	if !slices.Equal(mats, unit) {
		return 0, 0, fmt.Errorf("the checkpoint of tables %v, not of %v", mats, unit)
	}
	if waves := s.slicing.waves(); wave < 1 || wave >= waves {
		return 0, 0, fmt.Errorf("corrupt header: wave %d, want 1 to %d", wave, waves-1)
	}
	// What is read into, and kept once the checksum is good.
	stats, widths, dtws := make([]egtb.Stats, tables), make([]int, tables), make([][]byte, tables)
	for t, out := range s.out {
		b := records[checkpointTableSize*t:]
		if slots := le.Uint64(b[8:]); slots != out.layout.Size {
			return 0, 0, fmt.Errorf("corrupt header: %d slots, table %v has %d", slots, egtb.MaterialOf(out.layout.Count), out.layout.Size)
		}
		switch widths[t] = int(le.Uint32(b[4:])); widths[t] {
		case 1:
			dtws[t] = out.dtw
		case 2:
			dtws[t] = make([]byte, 2*out.layout.Size)
		default:
			return 0, 0, fmt.Errorf("corrupt header: distance width %d bytes, want 1 or 2", widths[t])
		}
		stats[t] = egtb.Stats{
			Wins: le.Uint64(b[16:]), Draws: le.Uint64(b[24:]), Losses: le.Uint64(b[32:]),
			LongestWin: int(le.Uint32(b[40:])), LongestLoss: int(le.Uint32(b[44:])),
		}
	}
	buf := make([]byte, checkpointBuffer)
	for t, out := range s.out {
		for i := 0; i < len(out.codes); {
			words := min(len(buf)/8, len(out.codes)-i)
			if _, err := io.ReadFull(in, buf[:8*words]); err != nil {
				return 0, 0, frame.ShortFile(err)
			}
			for j := range words {
				out.codes[i+j].Store(le.Uint64(buf[8*j:]))
			}
			i += words
		}
		if _, err := io.ReadFull(in, dtws[t]); err != nil {
			return 0, 0, frame.ShortFile(err)
		}
	}
	var sum [frame.ChecksumSize]byte
	if _, err := io.ReadFull(r, sum[:]); err != nil {
		return 0, 0, frame.ShortFile(err)
	}
	if err := frame.CheckChecksum(le.Uint32(sum[:]), crc.Sum32()); err != nil {
		return 0, 0, err
	}
	if n, _ := io.ReadFull(r, sum[:1]); n != 0 {
		return 0, 0, errors.New("corrupt: longer than its header announces")
	}
	for t, out := range s.out {
		out.dtw, out.width = dtws[t], widths[t]
		s.stats[t] = stats[t]
	}
	return wave, solved, nil
}
