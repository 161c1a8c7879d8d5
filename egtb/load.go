// Loading and saving table files, and the tables embedded in the program.

package egtb

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/dameo/dameo/egtb/internal/frame"
	"github.com/dameo/dameo/internal/safefile"
)

// LoadFile reads one table file, strictly: it must be a regular file whose
// size is the one its header announces, with a good checksum and slots
// consistent with the header. Errors name the file and say what is wrong.
func LoadFile(path string) (*Table, error) {
	return checkedNow(loadTableFile(path))
}

// loadTableFile is LoadFile with the checks that read the whole file put
// off: check makes them.
func loadTableFile(path string) (t *Table, check func() error, err error) {
	return loadMapped(path, headerSize, func(head []byte) (Material, uint64, error) {
		h, err := decodeHeader(head)
		return h.mat, FileSize(h.slots, h.width), err
	}, decodeHeadOnly)
}

// checkedNow is a table whose check has just been made, or the error of
// loading it or of the check (the table then closed: its file unmapped).
func checkedNow[T any, PT interface {
	*T
	mappedTable
}](t PT, check func() error, err error) (PT, error) {
	if err != nil {
		return nil, err
	}
	if err := check(); err != nil {
		t.close()
		return nil, err
	}
	return t, nil
}

// loadMapped loads a file of either format, memory-mapped: header reads
// the first headerSize bytes (fewer in a short file) and says the
// material and the size of the file they announce; decode reads the
// mapped file and returns the check of its whole content, which
// loadMapped returns with the file's name in its errors.
func loadMapped[T any, PT interface {
	*T
	mappedTable
}](path string, headerSize int, header func([]byte) (Material, uint64, error), decode func([]byte) (PT, func() error, error)) (PT, func() error, error) {
	t, check, err := func() (PT, func() error, error) {
		f, info, err := safefile.Open(path)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		head := make([]byte, headerSize)
		n, err := io.ReadFull(f, head)
		if err != nil && !frame.Truncated(err) {
			return nil, nil, err
		}
		if n == 0 {
			return nil, nil, errors.New("empty file, not a dameo table file")
		}
		mat, want, err := header(head[:n])
		if err != nil {
			return nil, nil, err
		}
		if size := uint64(info.Size()); size != want {
			what := "truncated"
			if size > want {
				what = "corrupt"
			}
			return nil, nil, fmt.Errorf("%s: %d bytes, the header of table %v announces %d", what, size, mat, want)
		}
		// The header bounds the mapping: no more than it announces is read.
		data, release, err := mapFile(f, want)
		if err != nil {
			return nil, nil, err
		}
		t, check, err := decode(data)
		if err != nil {
			release()
			return nil, nil, err
		}
		releaseWith(t, release)
		return t, check, nil
	}()
	if err != nil {
		return nil, nil, fmt.Errorf("table %s: %w", path, err)
	}
	return t, func() error {
		if err := check(); err != nil {
			return fmt.Errorf("table %s: %w", path, err)
		}
		return nil
	}, nil
}

// tableName and wdlName match the names of table files and WDL files: a
// material and ".egtb" or ".wdl".
var (
	tableName = regexp.MustCompile(`^[0-7]{4}\.egtb$`)
	wdlName   = regexp.MustCompile(`^[0-7]{4}\.wdl$`)
)

// Open loads every table file (a material such as 0201 and ".egtb") and
// WDL file (".wdl") in dir, strictly (as LoadFile); other files are
// ignored. A table whose file name is not its material, or any bad table
// file, is an error, as is a directory without tables.
func Open(dir string) (*Tables, error) {
	return openChecked(dir, nil)
}

// OpenForSearch is Open for a search that must start at once: each file's
// header and size are checked now, the rest of Open's checks (the
// checksum and every value against the header, which read the whole file)
// at the table's first probe. A table that fails them is told to report
// and then left out: its positions are not covered.
func OpenForSearch(dir string, report func(error)) (*Tables, error) {
	return openChecked(dir, report)
}

// openChecked is Open with the whole checks deferred to the first probe
// when report is not nil.
func openChecked(dir string, report func(error)) (*Tables, error) {
	t, err := open(dir, report)
	if err != nil {
		return nil, err
	}
	if len(t.list) == 0 && !t.hasWDL() {
		return nil, fmt.Errorf("endgame tables: no table files (such as 0101%s or 0101%s) in %s", FileExt, WDLExt, dir)
	}
	return t, nil
}

// open is openChecked, accepting a directory without tables.
func open(dir string, report func(error)) (*Tables, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("endgame tables: %w", err)
	}
	// deferred is the check of a table loaded now: nil when it has been
	// made, else the one its first probe makes.
	deferred := func(check func() error) (*deferredCheck, error) {
		if report == nil {
			return nil, check()
		}
		return newDeferredCheck(check, report), nil
	}
	var list []*Table
	var wdls []*WDLTable
	// A bad file leaves no file of the folder mapped.
	fail := func(err error) (*Tables, error) {
		for _, t := range list {
			t.close()
		}
		for _, w := range wdls {
			w.close()
		}
		return nil, err
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		var mat Material
		switch {
		case tableName.MatchString(e.Name()):
			t, check, err := loadTableFile(path)
			if err == nil {
				list = append(list, t)
				t.check, err = deferred(check)
			}
			if err != nil {
				return fail(err)
			}
			mat = t.Material()
		case wdlName.MatchString(e.Name()):
			w, check, err := loadWDLFile(path)
			if err == nil {
				wdls = append(wdls, w)
				w.check, err = deferred(check)
			}
			if err != nil {
				return fail(err)
			}
			mat = w.Material()
		default:
			continue
		}
		if mat.String() != e.Name()[:4] {
			return fail(fmt.Errorf("table %s: holds table %v, not the one its name says (wrong material)", path, mat))
		}
	}
	t := NewTables(list)
	for _, w := range wdls {
		t.addWDL(w)
	}
	return t, nil
}

// WriteFile writes t to path, through a temporary file renamed into place
// so that a reader never sees half a table.
func (t *Table) WriteFile(path string) error {
	if t.isClosed() {
		return errClosed
	}
	return safefile.WriteOwn(path, Magic, t.writeTo)
}

// EmbeddedPieces is the number of pieces up to which the tables are
// embedded in the program.
const EmbeddedPieces = 3

// embedded holds the tables of up to EmbeddedPieces pieces (regenerated by
// `dameo egtb build --pieces 3 --egtb egtb/tables`; the .wdl files it also
// writes are not embedded).
//
//go:embed tables/*.egtb
var embedded embed.FS

var embeddedTables = sync.OnceValue(func() *Tables {
	t, err := decodeFS(embedded, "tables")
	if err != nil {
		panic("egtb: the embedded tables are corrupt (a build error): " + err.Error())
	}
	return t
})

// Embedded is the set of tables built into the program: every table of up
// to EmbeddedPieces pieces. It is decoded once, on first use.
func Embedded() *Tables { return embeddedTables() }

// decodeFS decodes the table files in directory dir of fsys.
func decodeFS(fsys fs.FS, dir string) (*Tables, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var list []*Table
	for _, e := range entries {
		data, err := fs.ReadFile(fsys, dir+"/"+e.Name())
		if err != nil {
			return nil, err
		}
		t, err := decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		if t.Material().FileName() != e.Name() {
			return nil, fmt.Errorf("%s holds table %v", e.Name(), t.Material())
		}
		list = append(list, t)
	}
	return NewTables(list), nil
}
