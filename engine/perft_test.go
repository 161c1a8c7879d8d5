// Perft against the reference leaf counts in testdata/perft.txt, and the
// perft options (hash table, threads, divide) that must never change a count.

package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dameo/dameo/internal/racetest"
)

// perftFile holds the reference counts: position text, depth and leaf
// count, tab-separated, one case a line, with '#' comment lines.
const perftFile = "testdata/perft.txt"

// perftCase is one line of perftFile.
type perftCase struct {
	text  string
	depth int
	nodes uint64
}

func loadPerftCases(t *testing.T) []perftCase {
	t.Helper()
	f, err := os.Open(perftFile)
	if err != nil {
		t.Fatalf("reference perft file: %v", err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("bad perft line %q", line)
		}
		d, err1 := strconv.Atoi(parts[1])
		n, err2 := strconv.ParseUint(parts[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad perft line %q", line)
		}
		cases = append(cases, perftCase{parts[0], d, n})
	}
	if len(cases) == 0 {
		t.Fatal("no perft cases read")
	}
	return cases
}

// TestPerftReference checks every reference value up to depth 5 (deeper ones
// with -perft-deep), with and without bulk counting at the shallow depths.
func TestPerftReference(t *testing.T) {
	ran := 0
	for _, c := range loadPerftCases(t) {
		if c.depth > 5 && !*perftDeep {
			continue
		}
		if (testing.Short() || racetest.Enabled) && c.nodes > 10_000_000 {
			continue
		}
		p, err := ParsePosition(c.text)
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		if got := Perft(&p, c.depth, true); got != c.nodes {
			t.Errorf("perft(%q, %d) = %d, want %d", c.text, c.depth, got, c.nodes)
		}
		if c.nodes < 1_000_000 {
			if got := Perft(&p, c.depth, false); got != c.nodes {
				t.Errorf("perft without bulk (%q, %d) = %d, want %d", c.text, c.depth, got, c.nodes)
			}
		}
		ran++
	}
	t.Logf("%d perft cases checked", ran)
}

// TestPerftOptionsKeepCounts checks that the hash table, threads and divide
// never change a count.
func TestPerftOptionsKeepCounts(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		if c.nodes > 3_000_000 || c.depth < 3 {
			continue
		}
		p, _ := ParsePosition(c.text)
		for _, opt := range []PerftOptions{
			{Bulk: true, HashMiB: 1, Threads: 2},
			{Bulk: false, HashMiB: 1, Threads: 1},
			{Bulk: true, Threads: 3},
		} {
			if got := PerftWithOptions(&p, c.depth, opt); got != c.nodes {
				t.Errorf("perft(%q, %d) with %+v = %d, want %d", c.text, c.depth, opt, got, c.nodes)
			}
		}
		entries, total := PerftDivide(&p, c.depth, PerftOptions{Bulk: true})
		var sum uint64
		for i, e := range entries {
			sum += e.Nodes
			if i > 0 && entries[i-1].Move >= e.Move {
				t.Errorf("divide not sorted: %s before %s", entries[i-1].Move, e.Move)
			}
		}
		if sum != c.nodes || total != c.nodes {
			t.Errorf("divide(%q, %d): entries sum to %d, total %d, want %d", c.text, c.depth, sum, total, c.nodes)
		}
	}
}
