// Package frame is the framing that the files of the endgame tables share
// (tables and WDL files, read by egtb; checkpoints, by egtb/gen): the magic
// bytes and version at their start, a material's four counts in a
// header, the CRC-32C at their end, the error of a file that ends early;
// and the 2-bit value codes of table and WDL files.
package frame

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// ChecksumSize is the size of the CRC-32C that ends every file.
const ChecksumSize = 4

// Value codes, two bits per slot.
const (
	CodeDraw   = 0
	CodeWin    = 1
	CodeLoss   = 2
	CodeUnused = 3 // a slot without a position
)

var Castagnoli = crc32.MakeTable(crc32.Castagnoli)

// CheckStart checks the start b of a file of a format (what names it):
// its magic bytes, then that b holds the whole header of size bytes, then
// the format version that follows the magic bytes.
func CheckStart(b []byte, magic, what string, size int, version uint32) error {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return fmt.Errorf("not a dameo %s (bad magic bytes)", what)
	}
	if len(b) < size {
		return fmt.Errorf("truncated: %d bytes, shorter than the %d-byte header", len(b), size)
	}
	if v := binary.LittleEndian.Uint32(b[len(magic):]); v != version {
		return fmt.Errorf("format version %d, this program reads version %d", v, version)
	}
	return nil
}

// AppendCounts appends the four counts of a material (Material.Counts)
// in a header: white men, white kings, black men, black kings.
func AppendCounts(b []byte, c [4]int) []byte {
	return append(b, byte(c[0]), byte(c[1]), byte(c[2]), byte(c[3]))
}

// CheckChecksum is nil when the checksum stored at the end of a file is
// the one computed of the bytes before it, else the error saying so.
func CheckChecksum(stored, computed uint32) error {
	if stored != computed {
		return fmt.Errorf("bad checksum %08x, computed %08x: the file is corrupt", stored, computed)
	}
	return nil
}

// Truncated reports whether err is io.ReadFull's for a file that ends
// before the bytes it reads.
func Truncated(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// ShortFile is err, or when the file ended before its bytes the error that
// says it is truncated.
func ShortFile(err error) error {
	if Truncated(err) {
		return errors.New("truncated: shorter than its header announces")
	}
	return err
}
