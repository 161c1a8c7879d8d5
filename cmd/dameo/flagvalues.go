// The values of flags as docs/cli.md defines them for every subcommand:
// durations in seconds (units accepted), ranges refused with the range in
// the message, 0 as "one per CPU" for counts of parallel work, and negative
// numbers after a flag ("--depth -1") read as its value.

package main

import (
	"fmt"
	"regexp"
	"runtime"
	"time"

	"github.com/alecthomas/kong"
	"github.com/dameo/dameo/match"
)

// seconds is a duration flag: seconds ("30", "0.5"), minutes and seconds
// ("1:30") or a Go duration with its unit ("500ms", "2m").
type seconds time.Duration

// Decode reads the flag's value.
func (s *seconds) Decode(ctx *kong.DecodeContext) error {
	var text string
	if err := ctx.Scan.PopValueInto("seconds", &text); err != nil {
		return err
	}
	sign, magnitude := time.Duration(1), text
	if len(text) > 1 && text[0] == '-' { // refused by the flag's range check, with its range
		sign, magnitude = -1, text[1:]
	}
	d, err := match.ParseSeconds(magnitude)
	if err != nil {
		return fmt.Errorf("%q: want seconds, e.g. 30, 0.5, 1:30 or 500ms", text)
	}
	*s = seconds(sign * d)
	return nil
}

// duration is the value as a time.Duration.
func (s seconds) duration() time.Duration { return time.Duration(s) }

// positiveSeconds checks a duration flag that must be more than 0.
func positiveSeconds(flag string, s seconds) error {
	if s <= 0 {
		return usageError{fmt.Errorf("--%s must be more than 0 seconds, not %g", flag, s.duration().Seconds())}
	}
	return nil
}

// inRange checks an integer flag against lo to hi.
func inRange(flag string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return usageError{fmt.Errorf("--%s must be %d to %d, not %d", flag, lo, hi, v)}
	}
	return nil
}

// atLeast checks an integer flag that has no upper bound.
func atLeast(flag string, v, lo int64) error {
	if v < lo {
		return usageError{fmt.Errorf("--%s must be %d or more, not %d", flag, lo, v)}
	}
	return nil
}

// maxParallel bounds --threads and --concurrency.
const maxParallel = 256

// parallel reads a --threads or --concurrency flag: 0 to maxParallel,
// 0 meaning one per CPU.
func parallel(flag string, n int) (int, error) {
	if err := inRange(flag, int64(n), 0, maxParallel); err != nil {
		return 0, err
	}
	if n == 0 {
		return min(runtime.NumCPU(), maxParallel), nil
	}
	return n, nil
}

// negativeNumber is an argument that is a negative number, which kong
// would take for a short flag.
var negativeNumber = regexp.MustCompile(`^-(\d+\.?\d*|\.\d+)$`)

// joinNegativeValues rewrites "--flag -N" as "--flag=-N" for the flags
// that take a value, so that a negative number gets the flag's range
// message instead of kong's "expected int value".
func joinNegativeValues(parser *kong.Kong, args []string) []string {
	long := map[string]string{} // a flag taking a value, as typed -> its long form
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, f := range n.Flags {
			if !f.IsBool() {
				long["--"+f.Name] = "--" + f.Name
				for _, a := range f.Aliases {
					long["--"+a] = "--" + a
				}
				if f.Short != 0 {
					long["-"+string(f.Short)] = "--" + f.Name
				}
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(parser.Model.Node)
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(out, args[i:]...)
		}
		if name, ok := long[args[i]]; ok && i+1 < len(args) && negativeNumber.MatchString(args[i+1]) {
			out = append(out, name+"="+args[i+1])
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}
