// The arguments of cutechess-cli and fastchess: `-engine name=a cmd=b`,
// `-each tc=10+0.1`, `-rounds 50 -games 2 -repeat`, `-openings file=F
// format=pdn order=random`, `-sprt elo0=0 elo1=5` and the like, rewritten
// into the GNU forms of `dameo match` before its flags are parsed, so that
// users can type what they type for those tools. The flags each form
// becomes are those of matchPlayCmd, and which of them take a value is read
// from kong's model of the command line.

package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"github.com/dameo/dameo/match"
)

// flagKind tells how a GNU flag of the command takes its value.
type flagKind int

// Kinds of flags.
const (
	flagUnknown flagKind = iota // not a flag of the command
	flagSwitch                  // no value
	flagValue                   // a value, as "--name=v" or in the next argument
)

// cutechessOption rewrites one single-dash long option; words are the
// arguments that follow it up to the next option.
type cutechessOption struct {
	words string // "none", "one", "optional" (one word if it does not start with '-') or "all"
	emit  func(words []string) ([]string, error)
}

// cutechessOptions are the single-dash options translateArgs knows.
var cutechessOptions = map[string]cutechessOption{
	"engine":         {"all", specFlag("--engine")},
	"each":           {"all", specFlag("--each")},
	"games":          {"one", valueFlag("--games")},
	"rounds":         {"one", valueFlag("--rounds")},
	"repeat":         {"optional", repeatFlag},
	"noswap":         {"none", constFlag("--noswap")},
	"recover":        {"none", constFlag("--recover")},
	"concurrency":    {"one", valueFlag("--concurrency")},
	"openings":       {"all", openingsFlag},
	"pgnout":         {"all", fileFlag("pgnout", "--pdn")},
	"pdnout":         {"all", fileFlag("pdnout", "--pdn")},
	"log":            {"all", fileFlag("log", "--log", "level")},
	"sprt":           {"all", listFlag("--sprt", nil)},
	"draw":           {"all", listFlag("--draw", nil)},
	"resign":         {"all", listFlag("--resign", resignWord)},
	"maxmoves":       {"one", maxMovesFlag},
	"srand":          {"one", valueFlag("--seed")},
	"ratinginterval": {"one", valueFlag("--rating-interval")},
	"event":          {"one", valueFlag("--event")},
	"site":           {"one", valueFlag("--site")},
	"tournament":     {"one", valueFlag("--tournament")},
	"wait":           {"one", waitFlag},
	"tb":             {"one", valueFlag("--egtb")},
	"tbpieces":       {"one", valueFlag("--egtb-pieces")},
	"report":         {"one", valueFlag("--report")},
	"output":         {"one", outputFlag},
}

// translateArgs rewrites the cutechess-cli and fastchess forms among the
// arguments of `dameo match` into its GNU forms; kind tells the GNU flags
// ("--name" and "-x") apart so that their values pass unchanged. A
// single-dash long option of neither kind is an error, not letters of
// short flags. The cutechess `-rounds N` without a games option means N
// games, as there (the GNU default is two games a round: a game pair).
func translateArgs(args []string, kind func(flag string) flagKind) ([]string, error) {
	args = slices.Clone(args)
	var out []string
	cutechessRounds, gamesGiven := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, _ := strings.Cut(a, "=")
		switch {
		case a == "--":
			return append(out, args[i:]...), nil
		case strings.HasPrefix(a, "--") || len(a) == 2 && a[0] == '-' && a[1] != '-':
			if name == "--games" || name == "-g" {
				gamesGiven = true
			}
			out = append(out, a)
			if !strings.Contains(a, "=") && kind(a) == flagValue && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
			continue
		case len(a) < 2 || a[0] != '-':
			out = append(out, a) // a positional argument: kong judges it
			continue
		}
		// A single-dash long option.
		opt, ok := cutechessOptions[a[1:]]
		if !ok {
			if k := kind("-" + a); k != flagUnknown { // -pdn for --pdn
				args[i] = "-" + a
				i--
				continue
			}
			return nil, fmt.Errorf("unknown option %s (cutechess-cli style options: %s)", a, cutechessNames())
		}
		var words []string
		for i+1 < len(args) && !isOption(args[i+1]) && (opt.words == "all" || len(words) == 0 && opt.words != "none") {
			i++
			words = append(words, args[i])
		}
		if opt.words == "one" && len(words) == 0 {
			return nil, fmt.Errorf("%s needs a value", a)
		}
		if opt.words == "all" && len(words) == 0 {
			return nil, fmt.Errorf("%s needs key=value settings", a)
		}
		gnu, err := opt.emit(words)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", a, err)
		}
		switch a {
		case "-games":
			gamesGiven = true
		case "-rounds":
			cutechessRounds = true
		}
		out = append(out, gnu...)
	}
	if cutechessRounds && !gamesGiven {
		out = append(out, "--games=1")
	}
	return out, nil
}

// matchArgs rewrites the cutechess-cli style options of `dameo match` and
// `dameo match play` into their GNU forms, learning from parser's model
// which flags of play take a value. Other command lines, `dameo match
// report` among them, are returned as they are.
func matchArgs(parser *kong.Kong, args []string) ([]string, error) {
	if len(args) == 0 || args[0] != "match" {
		return args, nil
	}
	group := parser.Model.Children[slices.IndexFunc(parser.Model.Children, func(n *kong.Node) bool { return n.Name == "match" })]
	play, rest := group.DefaultCmd, args[1:]
	if len(rest) > 0 {
		switch sub := slices.IndexFunc(group.Children, func(n *kong.Node) bool { return n.Name == rest[0] }); {
		case sub >= 0 && group.Children[sub] == play:
			rest = rest[1:]
		case sub >= 0:
			return args, nil
		}
	}
	kinds := map[string]flagKind{"--help": flagSwitch, "-h": flagSwitch}
	for _, f := range play.Flags {
		k := flagValue
		if f.IsBool() {
			k = flagSwitch
		}
		kinds["--"+f.Name] = k
		if f.Short != 0 {
			kinds["-"+string(f.Short)] = k
		}
	}
	translated, err := translateArgs(rest, func(flag string) flagKind { return kinds[flag] })
	if err != nil {
		return nil, usageError{err}
	}
	return append(slices.Clone(args[:len(args)-len(rest)]), translated...), nil
}

// isOption reports whether an argument is an option, which ends the
// words of the option before it (a lone "-" or a negative number is not).
func isOption(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	_, err := strconv.ParseFloat(a, 64)
	return err != nil
}

// cutechessNames lists the known single-dash options.
func cutechessNames() string {
	return "-engine -each -games -rounds -repeat -noswap -concurrency -openings -pgnout -pdnout " +
		"-sprt -draw -resign -maxmoves -srand -recover -ratinginterval -event -site -tournament -log -wait -tb -tbpieces -report -output"
}

func valueFlag(flag string) func([]string) ([]string, error) {
	return func(w []string) ([]string, error) { return []string{flag + "=" + w[0]}, nil }
}

func constFlag(flag string) func([]string) ([]string, error) {
	return func([]string) ([]string, error) { return []string{flag}, nil }
}

// specFlag joins engine spec words into one spec, quoting values that
// hold spaces.
func specFlag(flag string) func([]string) ([]string, error) {
	return func(words []string) ([]string, error) {
		parts := make([]string, len(words))
		for i, w := range words {
			k, v, ok := strings.Cut(w, "=")
			if !ok {
				return nil, fmt.Errorf("%q is not key=value", w)
			}
			q, err := quoteSpecValue(v)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", k, err)
			}
			parts[i] = k + "=" + q
		}
		return []string{flag + "=" + strings.Join(parts, " ")}, nil
	}
}

// quoteSpecValue quotes v for hubclient.SplitWords when it holds spaces or quotes.
func quoteSpecValue(v string) (string, error) {
	if !strings.ContainsAny(v, " \t\n\"'") && v != "" {
		return v, nil
	}
	switch {
	case !strings.Contains(v, `"`):
		return `"` + v + `"`, nil
	case !strings.Contains(v, "'"):
		return "'" + v + "'", nil
	}
	return "", fmt.Errorf("a value cannot hold both kinds of quotes: %q", v)
}

// repeatFlag is -repeat [N]: N games per opening, 2 when N is not given.
func repeatFlag(w []string) ([]string, error) {
	if len(w) == 0 {
		return []string{"--repeat=2"}, nil
	}
	return []string{"--repeat=" + w[0]}, nil
}

// waitFlag is -wait MS: milliseconds between games, in seconds for --wait.
func waitFlag(w []string) ([]string, error) {
	ms, err := strconv.Atoi(w[0])
	if err != nil || ms < 0 || ms > 3600000 {
		return nil, fmt.Errorf("%q is not a number of milliseconds from 0 to 3600000", w[0])
	}
	return []string{"--wait=" + strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64)}, nil
}

// outputFlag is fastchess's -output format=NAME.
func outputFlag(w []string) ([]string, error) {
	name, err := match.ParseOutputFormat(w[0])
	if err != nil {
		return nil, err
	}
	return []string{"--output-format=" + name}, nil
}

// maxMovesFlag is -maxmoves N: a draw after N moves of each side.
func maxMovesFlag(w []string) ([]string, error) {
	n, err := strconv.Atoi(w[0])
	if err != nil || n < 1 || n > 1e6 {
		return nil, fmt.Errorf("%q is not a positive number of moves", w[0])
	}
	return []string{"--max-plies=" + strconv.Itoa(2*n)}, nil
}

// listFlag joins key=value words with commas; rewrite may change or drop
// (return "") a word.
func listFlag(flag string, rewrite func(string) (string, error)) func([]string) ([]string, error) {
	return func(words []string) ([]string, error) {
		var kept []string
		for _, w := range words {
			if rewrite != nil {
				var err error
				if w, err = rewrite(w); err != nil {
					return nil, err
				}
			}
			if w != "" {
				kept = append(kept, w)
			}
		}
		return []string{flag + "=" + strings.Join(kept, ",")}, nil
	}
}

// resignWord accepts twosided=true: dameo's resignation always needs both
// engines to agree.
func resignWord(w string) (string, error) {
	switch w {
	case "twosided=true":
		return "", nil
	case "twosided=false":
		return "", fmt.Errorf("twosided=false: dameo adjudicates a resignation only when both engines agree")
	}
	return w, nil
}

// fileFlag reads "FILE" or "file=FILE" (fastchess), with the keys of
// ignored accepted and not used.
func fileFlag(name, flag string, ignored ...string) func([]string) ([]string, error) {
	return func(words []string) ([]string, error) {
		file := ""
		for _, w := range words {
			k, v, ok := strings.Cut(w, "=")
			switch {
			case !ok && file == "":
				file = w
			case ok && k == "file" && file == "":
				file = v
			case ok && slices.Contains(ignored, k):
			default:
				return nil, fmt.Errorf("unsupported %s setting %q (want FILE or file=FILE)", name, w)
			}
		}
		if file == "" {
			return nil, fmt.Errorf("no file")
		}
		return []string{flag + "=" + file}, nil
	}
}

// openingsFlag reads file=F format=pdn|pgn|txt|epd order=random|sequential
// plies=N start=K.
func openingsFlag(words []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || seen[k] {
			return nil, fmt.Errorf("%q: want file=, format=, order=, plies=, start= once each", w)
		}
		seen[k] = true
		switch k {
		case "file":
			out = append(out, "--openings="+v)
		case "format":
			switch v {
			case "pgn", "pdn":
				v = "pdn"
			case "epd", "txt":
				v = "txt"
			default:
				return nil, fmt.Errorf("format=%s: want pdn (or pgn) or txt (or epd)", v)
			}
			out = append(out, "--openings-format="+v)
		case "order":
			out = append(out, "--order="+v)
		case "plies":
			out = append(out, "--opening-plies="+v)
		case "start":
			out = append(out, "--opening-start="+v)
		case "policy":
			if v != "default" {
				return nil, fmt.Errorf("policy=%s: dameo's policy is one opening per game pair (policy=default)", v)
			}
		default:
			return nil, fmt.Errorf("unknown setting %q (want file, format, order, plies, start)", k)
		}
	}
	if !seen["file"] {
		return nil, fmt.Errorf("file= is required")
	}
	return out, nil
}
