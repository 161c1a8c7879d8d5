// SyncBuffer keeps every write of goroutines writing at once (the race
// detector checks the locking).

package testio

import (
	"strings"
	"sync"
	"testing"
)

func TestSyncBufferKeepsConcurrentWrites(t *testing.T) {
	var b SyncBuffer
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 100 {
				b.Write([]byte("ab"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got := b.String(); len(got) != 800 || strings.Count(got, "ab") != 400 {
		t.Errorf("%d bytes, %d writes kept whole; want 800 and 400", len(got), strings.Count(got, "ab"))
	}
}
