package egtb

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dameo/dameo/engine"
)

// TestClose: after Close a set of tables loaded from a folder answers no
// probe and refuses to verify or write, without reading the unmapped
// files (a crash if it did), and the folder can be removed at once (which
// Windows refuses while a file is mapped); the built-in tables stay.
func TestClose(t *testing.T) {
	dir := t.TempDir()
	for _, tab := range Embedded().All() {
		if err := tab.WriteFile(filepath.Join(dir, tab.Material().FileName())); err != nil {
			t.Fatal(err)
		}
		if err := tab.WriteWDLFile(filepath.Join(dir, tab.Material().String()+WDLExt)); err != nil {
			t.Fatal(err)
		}
	}
	tabs, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.ParsePosition("8/8/3b4/8/8/2W5/8/6B1 w")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tabs.ProbeFull(&p); !ok {
		t.Fatal("no value before Close")
	}
	tab := tabs.Table(Material{1, 1, 0, 1})
	if err := tabs.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tabs.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	if _, ok := tabs.ProbeFull(&p); ok {
		t.Error("ProbeFull answers after Close")
	}
	if _, ok := tabs.ProbeAny(&p); ok {
		t.Error("ProbeAny answers after Close")
	}
	if _, ok := tabs.ProbeWDL(&p); ok {
		t.Error("ProbeWDL answers after Close")
	}
	if _, ok := tabs.ProbeAnyMoves(&p); ok {
		t.Error("ProbeAnyMoves answers after Close")
	}
	if _, _, ok := tab.LongestWin(); ok {
		t.Error("LongestWin answers after Close")
	}
	tabs.CheckDeferred()
	if err := tabs.Verify(context.Background(), 1, nil); err == nil || !strings.Contains(err.Error(), "after Close") {
		t.Errorf("Verify after Close: %v", err)
	}
	if err := tab.WriteFile(filepath.Join(t.TempDir(), "x.egtb")); err == nil {
		t.Error("WriteFile after Close")
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Errorf("removing the folder after Close: %v", err)
	}
	if err := Embedded().Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := Embedded().ProbeFull(&p); !ok {
		t.Error("Close of the built-in set closed it")
	}
}
