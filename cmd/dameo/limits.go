// The search's bounds, the rules' no-progress limit and the match's
// default timeouts in the CLI: as kong variables, so that flag help
// texts and defaults quote them (${max_depth} and so on) instead of
// repeating the numbers, and as the check of flags against them.

package main

import (
	"fmt"
	"strconv"

	"github.com/alecthomas/kong"
	"github.com/dameo/dameo/bench"
	"github.com/dameo/dameo/egtb"
	"github.com/dameo/dameo/egtb/gen"
	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/levels"
	"github.com/dameo/dameo/match"
	"github.com/dameo/dameo/search"
)

// limitVars are the bounds, and the bench's defaults, by name.
var limitVars = kong.Vars{
	"bench_depth":      strconv.Itoa(bench.DefaultDepth),
	"bench_hash":       strconv.Itoa(bench.DefaultHashMiB),
	"max_depth":        strconv.Itoa(search.MaxDepth),
	"max_threads":      strconv.Itoa(search.MaxThreads),
	"min_hash":         strconv.Itoa(search.MinHashMiB),
	"max_hash":         strconv.Itoa(search.MaxHashMiB),
	"max_multipv":      strconv.Itoa(search.MaxMultiPV),
	"max_table_pieces": strconv.Itoa(egtb.MaxTablePieces),
	"max_plan_pieces":  strconv.Itoa(gen.PlanPieces),
	"max_table_memory": strconv.Itoa(maxTableMemory),
	"no_progress":      strconv.Itoa(engine.NoProgressLimit),
	"max_level":        strconv.Itoa(levels.Full),
	"match_margin":     hub.FormatSeconds(match.DefaultMargin),
	"hang_timeout":     hub.FormatSeconds(match.DefaultHangTimeout),
	"start_timeout":    hub.FormatSeconds(match.DefaultStartTimeout),
}

// flagBounds checks options and limits built from flags against the
// search's bounds; its errors name the flag (the search names a field as
// the flags do: "--hash must be 1 to 65536 MiB, not 0").
func flagBounds(opts search.Options, limits search.Limits) error {
	if err := opts.Validate(); err != nil {
		return usageError{fmt.Errorf("--%w", err)}
	}
	if err := limits.Validate(); err != nil {
		return usageError{fmt.Errorf("--%w", err)}
	}
	return nil
}

// depthFlag checks a --depth flag that is given (not 0).
func depthFlag(depth int) error {
	if depth < 1 || depth > search.MaxDepth {
		return usageError{fmt.Errorf("--depth must be 1 to %d, not %d", search.MaxDepth, depth)}
	}
	return nil
}
