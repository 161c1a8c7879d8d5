// The section header of a binary data file (the layout of doc.go): the
// magic, the version and the settings that made the records after it;
// and the run a section belongs to, the settings without the shard.

package datagen

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"strings"
)

// Magic starts every section header. As the first 8 bytes of a record it
// would be an occupancy of 40 squares, more than MaxPieces, so a header is
// never taken for a record.
const Magic = "\xffDAMEO\xff\xff"

// Version is the version of the binary format (the text format was 1).
const Version = 2

// Header layout.
const (
	offVersion     = 8  // uint16
	offHeaderSize  = 10 // uint16: the header's size in bytes, a multiple of RecordSize
	offSettingsLen = 12 // uint16
	offHeaderCRC   = 16 // CRC-32C of bytes 0 to 15 and the settings
	offSettings    = 20

	// MaxHeaderSize is the largest header read.
	MaxHeaderSize = 1024
	// MaxSettings is the longest settings text.
	MaxSettings = MaxHeaderSize - offSettings
)

// AppendHeader appends a section header with the settings text to buf.
func AppendHeader(buf []byte, settings string) ([]byte, error) {
	if err := checkSettings(settings); err != nil {
		return buf, err
	}
	size := (offSettings + len(settings) + RecordSize - 1) / RecordSize * RecordSize
	h := make([]byte, size)
	copy(h, Magic)
	binary.LittleEndian.PutUint16(h[offVersion:], Version)
	binary.LittleEndian.PutUint16(h[offHeaderSize:], uint16(size))
	binary.LittleEndian.PutUint16(h[offSettingsLen:], uint16(len(settings)))
	copy(h[offSettings:], settings)
	binary.LittleEndian.PutUint32(h[offHeaderCRC:], headerCRC(h, len(settings)))
	return append(buf, h...), nil
}

// headerCRC is the checksum of header h with a settings text of n bytes.
func headerCRC(h []byte, n int) uint32 {
	c := crc32.Update(0, crcTable, h[:offHeaderCRC])
	return crc32.Update(c, crcTable, h[offSettings:offSettings+n])
}

// checkSettings refuses a settings text a header cannot hold.
func checkSettings(s string) error {
	if len(s) > MaxSettings {
		return fmt.Errorf("settings of %d bytes: a header holds at most %d", len(s), MaxSettings)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return fmt.Errorf("settings %q: printable ASCII only", s)
		}
	}
	return nil
}

// headerSize reads the size of the header that starts with the record
// first (which starts with Magic), checking what it can.
func headerSize(first []byte) (int, error) {
	if v := binary.LittleEndian.Uint16(first[offVersion:]); v != Version {
		return 0, fmt.Errorf("format version %d, this program reads %d", v, Version)
	}
	size := int(binary.LittleEndian.Uint16(first[offHeaderSize:]))
	n := int(binary.LittleEndian.Uint16(first[offSettingsLen:]))
	if size < RecordSize || size > MaxHeaderSize || size%RecordSize != 0 || n > size-offSettings {
		return 0, fmt.Errorf("corrupt header: size %d with %d bytes of settings", size, n)
	}
	return size, nil
}

// parseHeader checks a whole header and returns its settings.
func parseHeader(h []byte) (string, error) {
	n := int(binary.LittleEndian.Uint16(h[offSettingsLen:]))
	if binary.LittleEndian.Uint32(h[offHeaderCRC:]) != headerCRC(h, n) {
		return "", errors.New("corrupt header: bad checksum")
	}
	for _, c := range h[offSettings+n:] {
		if c != 0 {
			return "", errors.New("corrupt header: bytes after the settings")
		}
	}
	if binary.LittleEndian.Uint16(h[offSettingsLen+2:]) != 0 {
		return "", errors.New("corrupt header: reserved bytes set")
	}
	s := string(h[offSettings : offSettings+n])
	if err := checkSettings(s); err != nil {
		return "", fmt.Errorf("corrupt header: %v", err)
	}
	return s, nil
}

// RunKey identifies the run that made a section from its settings: the
// settings without the shard, so that the shards of one run share a key
// and their game indices one numbering.
func RunKey(settings string) uint64 {
	h := fnv.New64a()
	for f := range strings.FieldsSeq(settings) {
		if !strings.HasPrefix(f, "shard=") {
			h.Write([]byte(f))
			h.Write([]byte{' '})
		}
	}
	return h.Sum64()
}
