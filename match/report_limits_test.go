package match

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dameo/dameo/internal/fifotest"
	"github.com/dameo/dameo/pdn"
)

// reportWithin runs Report and fails the test if it does not return
// within a minute (a read that blocks).
func reportWithin(t *testing.T, paths []string) (*Summary, string, error) {
	t.Helper()
	type answer struct {
		s     *Summary
		notes string
		err   error
	}
	a := fifotest.Within(t, time.Minute, fmt.Sprintf("Report(%v)", paths), func() answer {
		var notes bytes.Buffer
		s, err := Report(paths, &notes)
		return answer{s, notes.String(), err}
	})
	return a.s, a.notes, a.err
}

// TestReportRefusesWhatIsNotARegularFile: a FIFO blocked the open, and a
// device such as /dev/zero was read without end.
func TestReportRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := fifotest.Make(t, filepath.Join(dir, "fifo.pdn"))
	for _, paths := range [][]string{{fifo}, {dir}, {"/dev/null"}} {
		_, _, err := reportWithin(t, paths)
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%v: error %v, want it refused as not a regular file", paths, err)
		}
	}
}

// TestReportCountsFromOutsideAreChecked: the DameoMatch tag's numbers and
// the Round tags come from a file; none may overflow the counts or count
// games the match does not have.
func TestReportCountsFromOutsideAreChecked(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, games ...*pdn.Game) string {
		path := filepath.Join(dir, name+".pdn")
		writeRecords(t, path, games...)
		return path
	}
	huge := "id=a engines=x,y,z tournament=round-robin games=4611686018427387904 repeat=2 seed=1"
	two := "id=b engines=x,y games=2 repeat=2 seed=1"
	three := "id=c engines=x,y,z games=2 repeat=2 seed=1"
	var many []string
	for i := 0; i < 1300; i++ {
		many = append(many, strconv.FormatInt(int64(i), 36))
	}
	crowd := "id=d engines=" + strings.Join(many, ",") + " games=2 repeat=2"
	for name, c := range map[string]struct {
		path, want string
	}{
		"games overflow":    {write("huge", record(huge, "1.1", "x", "y", pdn.Draw)), "games="},
		"pair beyond games": {write("beyond", record(two, "1.1", "x", "y", pdn.Draw), record(two, "1.2", "y", "x", pdn.Draw), record(two, "2.1", "x", "y", pdn.Draw), record(two, "2.2", "y", "x", pdn.Draw)), `Round tag "2.1"`},
		"wrong pairing":     {write("pairing", record(three, "1.1", "x", "z", pdn.Draw)), "game pair 1 is x vs y"},
		"too many engines":  {write("crowd", record(crowd, "1.1", "0", "1", pdn.Draw)), "at most"},
		"game 3 of a pair":  {write("third", record(two, "1.3", "x", "y", pdn.Draw)), `Round tag "1.3"`},
	} {
		s, _, err := reportWithin(t, []string{c.path})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			games := ""
			if s != nil {
				games = fmt.Sprintf(" (%d of %d games)", s.Games, s.Planned)
			}
			t.Errorf("%s: error %v%s, want one saying %q", name, err, games, c.want)
		}
	}
}

// TestReportStreams: a report of a large file keeps about one game in
// memory, not the file (it once held it five times over: the heap grew
// by 349 MB for a 68 MB file).
func TestReportStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 36 MB file")
	}
	path := filepath.Join(t.TempDir(), "big.pdn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	tag := "id=big engines=x,y games=600 repeat=2 seed=1"
	comment := strings.Repeat("x", 60000)
	for i := 0; i < 600; i++ {
		g := record(tag, fmt.Sprintf("%d.%d", i/2+1, i%2+1), "x", "y", pdn.Draw)
		if i%2 == 1 {
			g = record(tag, fmt.Sprintf("%d.%d", i/2+1, i%2+1), "y", "x", pdn.Draw)
		}
		g.Comment = comment
		if err := pdn.Write(f, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	s, err := Report([]string{path}, io.Discard) // a regular file: no read blocks
	close(stop)
	<-sampled
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 600 {
		t.Fatalf("%d games, want 600", s.Games)
	}
	const limit = 12 << 20 // the file is 36 MB; reading it whole took 5 times that
	grown := int64(peak.Load()) - int64(base.HeapInuse)
	t.Logf("the heap grew by %d KB reading a %d MB file", grown>>10, fileSize(t, path)>>20)
	if grown > limit {
		t.Errorf("the heap grew by %d MB reading a %d MB file; want under %d MB", grown>>20, fileSize(t, path)>>20, limit>>20)
	}
}

// TestReportBoundsARecord: one record of 300 moves with a 60 kB comment
// each (18 MB, within the PDN reader's bounds) is refused, not held.
func TestReportBoundsARecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.pdn")
	g := record("id=big engines=x,y games=2 repeat=2 seed=1", "1.1", "x", "y", pdn.Draw)
	comment := strings.Repeat("y", 60000)
	for i := 0; i < 300; i++ {
		g.AddMove("a1-a2", comment)
	}
	writeRecords(t, path, g, record("id=big engines=x,y games=2 repeat=2 seed=1", "1.2", "y", "x", pdn.Draw))
	if _, err := Report([]string{path}, io.Discard); err == nil || !strings.Contains(err.Error(), "longer than 16 MiB") {
		t.Errorf("a record of %d MB: %v, want it refused", fileSize(t, path)>>20, err)
	}
}

func fileSize(t *testing.T, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestReportSaysOneFile: the report's note counts "1 file", not "1 files"
// (issue 36).
func TestReportSaysOneFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.pdn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	tag := "id=one engines=x,y games=2 repeat=2 seed=1"
	for i, g := range []*pdn.Game{record(tag, "1.1", "x", "y", pdn.Draw), record(tag, "1.2", "y", "x", pdn.Draw)} {
		if err := pdn.Write(f, g); err != nil {
			t.Fatal(i, err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	var notes strings.Builder
	if _, err := Report([]string{path}, &notes); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(notes.String(), "1 file, match one") {
		t.Errorf("notes %q", notes.String())
	}
}
