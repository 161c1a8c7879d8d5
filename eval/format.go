// The weights file: its binary format, the writer a trainer uses, and the
// strict reader and loader.
//
// A weights file is, all numbers little-endian:
//
//	offset  size      field
//	0       8         magic "DAMEOEVL"
//	8       4         format version, uint32 (1)
//	12      4         feature set, uint32 (FeatureSet)
//	16      4         number of groups G, uint32
//	20      4·G       the length of each group (Groups), uint32
//	20+4G   4         length M of the description, uint32, at most MaxDescription
//	24+4G   M         description: UTF-8 text, the command that made the weights
//	…       2·N       the middlegame weights, N = NumParams int16 values
//	…       2·N       the endgame weights, N int16 values
//	…       4         CRC-32C (Castagnoli) of every byte before it
//
// A file must match this program's feature set and shapes exactly.

package eval

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"unicode/utf8"

	"github.com/dameo/dameo/internal/safefile"
)

const (
	// fileMagic starts every weights file.
	fileMagic = "DAMEOEVL"
	// FormatVersion is the version of the format this package reads and
	// writes.
	FormatVersion = 1
	// FeatureSet names the features and their indices (features.go): it
	// changes whenever a feature's index does.
	FeatureSet = 1
	// MaxDescription bounds the description of a weights file, in bytes.
	MaxDescription = 4096
)

// headerSize is the size of a header without its description.
var headerSize = 24 + 4*len(Groups())

// maxFileSize is the size of the largest file a reader takes.
var maxFileSize = int64(headerSize + MaxDescription + 4*NumParams + 4)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Write writes weights w with the description (the command that made
// them) as a weights file.
func Write(out io.Writer, w *Weights, description string) error {
	if err := w.check(); err != nil {
		return err
	}
	if len(description) > MaxDescription || !utf8.ValidString(description) {
		return fmt.Errorf("the description must be UTF-8 text of at most %d bytes", MaxDescription)
	}
	groups := Groups()
	b := make([]byte, 0, headerSize+len(description)+4*NumParams+4)
	b = append(b, fileMagic...)
	b = binary.LittleEndian.AppendUint32(b, FormatVersion)
	b = binary.LittleEndian.AppendUint32(b, FeatureSet)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(groups)))
	for _, g := range groups {
		b = binary.LittleEndian.AppendUint32(b, uint32(g.Len))
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(description)))
	b = append(b, description...)
	for _, v := range w.MG {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	for _, v := range w.EG {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	_, err := out.Write(b)
	return err
}

// Read reads a weights file: its weights and description. It reads at
// most the size of the largest valid file, so an endless input (such as
// /dev/zero) ends in an error, not a hang.
func Read(r io.Reader) (*Weights, string, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileSize+1))
	if err != nil {
		return nil, "", err
	}
	if int64(len(data)) > maxFileSize {
		return nil, "", fmt.Errorf("not a dameo weights file: more than %d bytes", maxFileSize)
	}
	return Decode(data)
}

// Decode is Read of a file's bytes.
func Decode(data []byte) (*Weights, string, error) {
	le := binary.LittleEndian
	if len(data) < headerSize || !bytes.HasPrefix(data, []byte(fileMagic)) {
		return nil, "", errors.New("not a dameo weights file (no " + fileMagic + " header)")
	}
	if v := le.Uint32(data[8:]); v != FormatVersion {
		return nil, "", fmt.Errorf("weights file format version %d, this program reads %d", v, FormatVersion)
	}
	if fs := le.Uint32(data[12:]); fs != FeatureSet {
		return nil, "", fmt.Errorf("weights for feature set %d, this program's is %d", fs, FeatureSet)
	}
	groups := Groups()
	if n := le.Uint32(data[16:]); n != uint32(len(groups)) {
		return nil, "", fmt.Errorf("weights file of %d groups, feature set %d has %d", n, FeatureSet, len(groups))
	}
	for i, g := range groups {
		if n := le.Uint32(data[20+4*i:]); n != uint32(g.Len) {
			return nil, "", fmt.Errorf("weights file's group %q of %d values, want %d", g.Name, n, g.Len)
		}
	}
	m := le.Uint32(data[headerSize-4:])
	if m > MaxDescription {
		return nil, "", fmt.Errorf("weights file's description of %d bytes, more than %d", m, MaxDescription)
	}
	if want := int64(headerSize) + int64(m) + int64(4*NumParams) + 4; int64(len(data)) != want {
		return nil, "", fmt.Errorf("weights file of %d bytes, its header announces %d", len(data), want)
	}
	body := len(data) - 4
	if sum := crc32.Checksum(data[:body], castagnoli); sum != le.Uint32(data[body:]) {
		return nil, "", errors.New("weights file corrupt: bad CRC-32C checksum")
	}
	description := string(data[headerSize : headerSize+int(m)])
	if !utf8.ValidString(description) {
		return nil, "", errors.New("weights file's description is not UTF-8 text")
	}
	w := NewWeights()
	values := data[headerSize+int(m) : body]
	for i := range w.MG {
		w.MG[i] = int16(le.Uint16(values[2*i:]))
		w.EG[i] = int16(le.Uint16(values[2*(NumParams+i):]))
	}
	return w, description, nil
}

// Load reads the weights file at path: a regular file only (a directory,
// a FIFO or a device is refused before it is read), opened without
// waiting for a writer.
func Load(path string) (*Weights, string, error) {
	f, _, err := safefile.Open(path)
	if pe, ok := err.(*os.PathError); ok && pe.Op == "open" {
		err = pe.Err // said once, with the path, below
	}
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	defer f.Close()
	w, description, err := Read(f)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	return w, description, nil
}

// LoadEvaluator is the Evaluator of the weights file at path, or Default
// for "".
func LoadEvaluator(path string) (*Evaluator, error) {
	if path == "" {
		return Default(), nil
	}
	w, _, err := Load(path)
	if err != nil {
		return nil, err
	}
	return NewEvaluator(w)
}
