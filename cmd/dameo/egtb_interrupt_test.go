//go:build unix

// `dameo egtb build` stopped by Ctrl-C: status 130, a message naming
// --resume, and the tables written so far whole and kept by --resume.

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dameo/dameo/egtb"
)

func TestEgtbBuildInterrupted(t *testing.T) {
	bin := dameoBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "egtb", "build", "--pieces", "4", "--egtb", dir, "--threads", "1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Wait until the first tables are written, then press Ctrl-C.
	code := interruptWhen(t, cmd, 2*time.Minute, "no table written", func() bool {
		_, err := os.Stat(filepath.Join(dir, "0101.wdl"))
		return err == nil
	})
	if code != 130 || !strings.Contains(stderr.String(), "--resume continues") {
		t.Fatalf("exit status %d, want 130\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	tabs, err := egtb.Open(dir)
	if err != nil {
		t.Fatalf("the tables written before the interruption: %v", err)
	}
	t.Cleanup(func() { tabs.Close() })
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".tmp-*")); len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
	there := 0 // tables of up to 2 pieces written before the interruption
	for _, tab := range tabs.All() {
		if tab.Material().Pieces() <= 2 {
			there++
		}
	}
	out, errOut, code := run(t, "egtb", "build", "--pieces", "2", "--egtb", dir, "--resume")
	if code != 0 || there == 0 || strings.Count(out, " kept ") != there || strings.Count(out, " slots ") != 4 {
		t.Errorf("build --resume after the interruption (%d tables there): status %d\n%s%s", there, code, out, errOut)
	}
}
