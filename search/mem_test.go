// Tests of the memory bound's sources: the process's own control group and
// those above it, v2 and v1, and the address space already mapped.

package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOwnCgroupLimit(t *testing.T) {
	v2, v1 := t.TempDir(), t.TempDir()
	write := func(root, dir, file, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, dir, file), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(v2, "", "memory.max", "max\n")
	write(v2, "a", "memory.max", "2147483648\n") // 2 GiB on the parent
	write(v2, "a/b", "memory.max", "max\n")
	if got := ownCgroupLimitMiB("0::/a/b\n", v2, v1); got != 2048 {
		t.Errorf("v2 limit of the parent group: %d MiB, want 2048", got)
	}
	// The root's file alone (what was read before) says no limit.
	if got := ownCgroupLimitMiB("0::/\n", v2, v1); got != 0 {
		t.Errorf("v2 root: %d MiB, want 0", got)
	}
	// A group this namespace does not show: its parents still count.
	if got := ownCgroupLimitMiB("0::/a/hidden/c\n", v2, v1); got != 2048 {
		t.Errorf("v2 with a hidden group: %d MiB, want 2048", got)
	}
	write(v1, "", "memory.limit_in_bytes", "9223372036854771712\n")
	write(v1, "job/7", "memory.limit_in_bytes", "1073741824\n") // 1 GiB
	self := "9:cpu,cpuacct:/other\n4:memory:/job/7\n0::/a/b\n"
	if got := ownCgroupLimitMiB(self, v2, v1); got != 1024 {
		t.Errorf("v1 and v2 together: %d MiB, want the smaller 1024", got)
	}
	if got := ownCgroupLimitMiB("garbage\n\n", v2, v1); got != 0 {
		t.Errorf("no group: %d MiB, want 0", got)
	}
}

func TestVmSize(t *testing.T) {
	if got := kibFieldMiB(strings.NewReader("Name: dameo\nVmPeak:  2000000 kB\nVmSize:  1711524 kB\n"), "VmSize:"); got != 1671 {
		t.Errorf("VmSize: %d MiB, want 1671", got)
	}
	if got := kibFieldMiB(strings.NewReader("Name: dameo\n"), "VmSize:"); got != 0 {
		t.Errorf("no VmSize: %d, want 0", got)
	}
}
