// What `dameo --version` prints: the version, the commit and the build date
// a release stamps in with -ldflags, else those the Go toolchain recorded
// from the repository, and the Go version that built the program.

package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/alecthomas/kong"
)

// version, commit and date are set by a release build
// (-ldflags "-X main.version=... -X main.commit=... -X main.date=...";
// .goreleaser.yaml). version is also the engine's version in Hub's id.
var (
	version = "0.1.0"
	commit  = ""
	date    = ""
)

// buildInfo is what the program knows of its own build.
type buildInfo struct {
	version, commit, date, goVersion, platform string
	modified                                   bool // built from a work tree with uncommitted changes
}

// currentBuild is this program's build: the stamped values, completed by
// the version control information the toolchain recorded (vcs.revision,
// vcs.time, vcs.modified) when the program was built without them.
func currentBuild() buildInfo {
	b := buildInfo{version: version, commit: commit, date: date,
		goVersion: runtime.Version(), platform: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	return b.completedBy(info.Settings)
}

// completedBy is b with its missing commit and date taken from settings
// (a build's vcs.* settings); vcs.modified is used only with that commit.
func (b buildInfo) completedBy(settings []debug.BuildSetting) buildInfo {
	stamped := b.commit != ""
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			if !stamped {
				b.commit = s.Value
			}
		case "vcs.time":
			if b.date == "" {
				b.date = s.Value
			}
		case "vcs.modified":
			b.modified = !stamped && s.Value == "true"
		}
	}
	return b
}

// String is the text of `dameo --version`: the version on the first line
// (as `dameo --version | head -1` scripts expect), then one fact a line.
func (b buildInfo) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "dameo %s\n", b.version)
	commit := b.commit
	switch {
	case commit == "":
		commit = "unknown (built outside a git checkout)"
	case b.modified:
		commit += " (with uncommitted changes)"
	}
	fmt.Fprintf(&s, "commit: %s\n", commit)
	built := b.date
	if built == "" {
		built = "unknown"
	}
	fmt.Fprintf(&s, "built: %s\n", built)
	fmt.Fprintf(&s, "go: %s %s\n", b.goVersion, b.platform)
	return s.String()
}

// versionFlag is --version: it prints the build and exits with status 0.
type versionFlag bool

// BeforeReset prints the build before kong checks the rest of the command
// line, as kong.VersionFlag does, so that `dameo --version` needs nothing
// else.
func (versionFlag) BeforeReset(app *kong.Kong) error {
	fmt.Fprint(app.Stdout, currentBuild())
	app.Exit(0)
	return nil
}
