// The settings of a drop-out build by the engine's search: everything its
// leaf scores and its course depend on, written into the book's info and
// into every shard file, so that a resumed build or a merge can check that
// its parts belong together.

package bookbuild

import (
	"fmt"
	"strings"
)

// SearchSettings are a search build's settings.
type SearchSettings struct {
	Positions int // target number of book positions
	Depth     int // search depth of the leaves
	PlyCost   int // drop-out cost of a ply
	Growth    int // percent of the book expanded per round
	HashMiB   int // transposition table of each search
}

// String is the settings as "depth=D hash=H ply-cost=C growth=G
// positions=N": the course of the build up to any size is fixed by the
// part before positions=.
func (s SearchSettings) String() string {
	return fmt.Sprintf("%s positions=%d", s.course(), s.Positions)
}

// course is the settings without the size.
func (s SearchSettings) course() string {
	return fmt.Sprintf("depth=%d hash=%d ply-cost=%d growth=%d", s.Depth, s.HashMiB, s.PlyCost, s.Growth)
}

// Continues reports whether a book with the info text info was built with
// the same settings but perhaps another size, so that a build with s may
// resume it.
func (s SearchSettings) Continues(info string) bool {
	return strings.Contains(info, " "+s.course()+" positions=")
}

// DropOut is the drop-out build of these settings, with workers searches
// at once, each with its own SearchEvaluator.
func (s SearchSettings) DropOut(workers int, info string) DropOut {
	return DropOut{
		Positions: s.Positions,
		Workers:   workers,
		PlyCost:   s.PlyCost,
		Growth:    s.Growth,
		Info:      info,
		NewEvaluator: func() (Evaluator, error) {
			return NewSearchEvaluator(s.Depth, s.HashMiB), nil
		},
	}
}

// ParseSearchSettings reads the settings as String writes them.
func ParseSearchSettings(text string) (SearchSettings, error) {
	var s SearchSettings
	_, err := fmt.Sscanf(text, "depth=%d hash=%d ply-cost=%d growth=%d positions=%d", &s.Depth, &s.HashMiB, &s.PlyCost, &s.Growth, &s.Positions)
	if err != nil || s.String() != text || s.Depth < 1 || s.HashMiB < 1 || s.PlyCost < 1 || s.Growth < 1 || s.Positions < 1 {
		return SearchSettings{}, fmt.Errorf("bad build settings %q (want depth=D hash=H ply-cost=C growth=G positions=N, each at least 1)", text)
	}
	return s, nil
}
