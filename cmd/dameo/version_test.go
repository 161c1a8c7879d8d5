// Tests of what the program says of itself: --version, and the help of
// `dameo` alone.

package main

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionNamesTheBuild(t *testing.T) {
	out, errOut, code := run(t, "--version")
	if code != 0 || errOut != "" {
		t.Fatalf("--version: status %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "dameo ") ||
		!strings.HasPrefix(lines[1], "commit: ") || !strings.HasPrefix(lines[2], "built: ") ||
		lines[3] != "go: "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("--version printed\n%s", out)
	}
}

func TestVersionTakesTheRecordedCommitWhenNotStamped(t *testing.T) {
	settings := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123abcd"},
		{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	b := buildInfo{version: "1.2.3", goVersion: "go1.26.8", platform: "linux/amd64"}.completedBy(settings)
	want := "dameo 1.2.3\ncommit: 0123abcd (with uncommitted changes)\nbuilt: 2026-12-01T10:00:00Z\ngo: go1.26.8 linux/amd64\n"
	if got := b.String(); got != want {
		t.Errorf("unstamped build:\n%s\nwant\n%s", got, want)
	}
	stamped := buildInfo{version: "1.2.3", commit: "fedc", date: "2026-12-02T00:00:00Z",
		goVersion: "go1.26.8", platform: "windows/arm64"}.completedBy(settings)
	want = "dameo 1.2.3\ncommit: fedc\nbuilt: 2026-12-02T00:00:00Z\ngo: go1.26.8 windows/arm64\n"
	if got := stamped.String(); got != want {
		t.Errorf("stamped build:\n%s\nwant\n%s", got, want)
	}
}

func TestNoArgumentsPrintsTheHelp(t *testing.T) {
	out, errOut, code := run(t)
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "Usage: dameo <command>") {
		t.Errorf("dameo alone: status %d, stdout %q, stderr %q", code, out, errOut)
	}
}
