// The engine's parameters (docs/protocol.md): their declaration in the answer to
// `hub`, and checking and applying `set-param`.

package protocol

import (
	"fmt"
	"strconv"

	"github.com/dameo/dameo/hub"
	"github.com/dameo/dameo/search"
)

// settings are the parameter values of a session.
type settings struct {
	threads      int
	hashMiB      int
	book         bool
	bookFile     string
	egtbDir      string
	evalFile     string
	ponder       bool
	multiPV      int
	moveOverhead float64 // seconds
	fullWidth    bool    // search without pruning and reductions (a testing parameter)
	combinations bool    // search harder for combinations (a testing parameter)
}

// maxMoveOverhead bounds move-overhead (seconds); the ranges of threads,
// hash and multipv are the search's (search.MaxThreads and so on).
const maxMoveOverhead = 5.0

// defaultMoveOverhead (seconds) covers pipe and process latency of a
// front-end on the same machine with room to spare.
const defaultMoveOverhead = 0.05

// declare is the `param` lines describing the parameters and their values.
func (s *settings) declare() []hub.Line {
	intParam := func(name string, v, lo, hi int) hub.Line {
		return param(name, strconv.Itoa(v), "int").Set("min", strconv.Itoa(lo)).Set("max", strconv.Itoa(hi))
	}
	boolParam := func(name string, v bool) hub.Line {
		return param(name, strconv.FormatBool(v), "bool")
	}
	return []hub.Line{
		intParam("threads", s.threads, search.MinThreads, search.MaxThreads),
		intParam("hash", s.hashMiB, search.MinHashMiB, search.MaxHashMiB),
		boolParam("book", s.book),
		param("book-file", s.bookFile, "string"),
		param("egtb-dir", s.egtbDir, "string"),
		param("eval-file", s.evalFile, "string"),
		boolParam("ponder", s.ponder),
		intParam("multipv", s.multiPV, 1, search.MaxMultiPV),
		param("move-overhead", hub.FormatDecimal(s.moveOverhead), "real").Set("min", "0").Set("max", hub.FormatDecimal(maxMoveOverhead)),
		boolParam("full-width", s.fullWidth),
		boolParam("combinations", s.combinations),
	}
}

// param is the `param` line of a parameter with its value and type.
func param(name, value, typ string) hub.Line {
	return hub.NewLine("param").Set("name", name).Set("value", value).Set("type", typ)
}

// set returns the settings with parameter name set to value, or an error
// saying what is wrong (the settings are then unchanged).
func (s settings) set(name, value string) (settings, error) {
	var err error
	switch name {
	case "threads":
		s.threads, err = parseIntParam(name, value, search.MinThreads, search.MaxThreads)
	case "hash":
		s.hashMiB, err = parseIntParam(name, value, search.MinHashMiB, search.MaxHashMiB)
	case "multipv":
		s.multiPV, err = parseIntParam(name, value, 1, search.MaxMultiPV)
	case "book":
		s.book, err = parseBoolParam(name, value)
	case "ponder":
		s.ponder, err = parseBoolParam(name, value)
	case "full-width":
		s.fullWidth, err = parseBoolParam(name, value)
	case "combinations":
		s.combinations, err = parseBoolParam(name, value)
	case "book-file":
		s.bookFile = value
	case "egtb-dir":
		s.egtbDir = value
	case "eval-file":
		s.evalFile = value
	case "move-overhead":
		s.moveOverhead, err = parseRealParam(name, value, 0, maxMoveOverhead)
	default:
		err = fmt.Errorf("unknown parameter %s", name)
	}
	return s, err
}

// parseIntParam reads a whole number in lo..hi.
func parseIntParam(name, value string, lo, hi int) (int, error) {
	n, err := hub.ParseWhole(value, int64(lo), int64(hi))
	if err != nil {
		return 0, fmt.Errorf("bad value %s for parameter %s: %v", value, name, err)
	}
	return int(n), nil
}

// parseBoolParam reads true or false.
func parseBoolParam(name, value string) (bool, error) {
	switch value {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("bad value %s for parameter %s: want true or false", value, name)
}

// parseRealParam reads a decimal number in lo..hi.
func parseRealParam(name, value string, lo, hi float64) (float64, error) {
	v, err := hub.ParseDecimal(value, lo, hi)
	if err != nil {
		return 0, fmt.Errorf("bad value %s for parameter %s: %v", value, name, err)
	}
	return v, nil
}
