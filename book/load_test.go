// Tests of loading book files that are not books: special files (a FIFO,
// /dev/zero) are refused without reading or hanging, and a huge file is
// refused after its header, in bounded memory.

package book

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
)

// loadWithin runs Load and fails the test when it has not returned in a
// generous while (a hang, not a matter of speed).
func loadWithin(t *testing.T, path string) error {
	t.Helper()
	return fifotest.Within(t, 2*time.Minute, "Load("+path+")", func() error {
		_, err := Load(path)
		return err
	})
}

func TestLoadRefusesSpecialFiles(t *testing.T) {
	for _, path := range []string{"/dev/zero", "/dev/null", os.TempDir()} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		err := loadWithin(t, path)
		if err == nil || !strings.Contains(err.Error(), "not a regular file") || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v", path, err)
		}
	}
}

// allocatedBy is the memory allocated by f.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestLoadHugeFileReadsTheHeaderOnly(t *testing.T) {
	const huge = 1 << 30 // a sparse file: no disk space used
	dir := t.TempDir()
	good := smallBook(t).Encode()
	badMagic := filepath.Join(dir, "zeros.bin")
	tooLong := filepath.Join(dir, "too-long.bin") // a good header, then a GiB more
	lying := filepath.Join(dir, "lying.bin")      // a header that announces 4 billion positions
	liar := append([]byte(nil), good[:headerSize]...)
	binary.LittleEndian.PutUint32(liar[12:], 1<<32-1)
	for path, head := range map[string][]byte{badMagic: nil, tooLong: good[:headerSize], lying: liar} {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(head); err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(huge); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	for path, want := range map[string]string{badMagic: "bad magic", tooLong: "the header announces", lying: "the header announces"} {
		var err error
		if n := allocatedBy(func() { err = loadWithin(t, path) }); n > 1<<20 {
			t.Errorf("%s: %d bytes allocated to refuse it", filepath.Base(path), n)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", filepath.Base(path), err, want)
		}
	}
}
