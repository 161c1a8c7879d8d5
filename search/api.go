// The search API: what callers (protocol, CLI, book builder, match runner)
// give a search and what they get back.

package search

import (
	"time"

	"github.com/dameo/dameo/engine"
	"github.com/dameo/dameo/eval"
)

// Score is a search score from the side to move's view in hundredths of a
// man (a man is 100). A forced win in n plies is Win - n, a forced loss
// -(Win - n); so Score/100 printed with two decimals is the protocol's score.
type Score int32

const (
	// Win is the score of a won position (win in 0 plies).
	Win Score = 10000
	// WinBound: scores with an absolute value above it are forced wins or losses.
	WinBound Score = Win - 1000
)

// The static evaluation stays below the scores of forced results: this
// constant does not compile otherwise.
const _ = uint(WinBound - eval.Bound - 1)

// IsWin reports whether s is a forced win or loss score.
func (s Score) IsWin() bool { return s > WinBound || s < -WinBound }

// Options configure a Searcher.
type Options struct {
	Threads int             // search goroutines, at least 1
	HashMiB int             // transposition table size in MiB, at least 1
	Eval    *eval.Evaluator // static evaluation; nil means eval.Default()
	// Tablebase, when not nil, gives the exact score of the positions it
	// covers below the root; a covered root (outside analysis) is answered
	// with the tables' best move without a search.
	Tablebase Tablebase
	// FullWidth turns off the search's pruning and reductions (reverse
	// futility pruning, late move pruning, late move reductions, internal
	// iterative reduction), leaving alpha-beta with the transposition
	// table, its extensions and the capture search below the horizon: an
	// opponent for tests and matches that does not share the selective
	// search's blind spots. It is much weaker at equal time.
	FullWidth bool
	// Combinations makes the search look harder at Dameo's combinations
	// (a man given up to force a capture that opens a longer one): quiet
	// moves that offer a capture or threaten one are never pruned or
	// reduced, capture threats at the horizon get two extensions on a path
	// instead of one, and a quiet position at the horizon also tries its
	// sacrifices (moves that offer a capture) once on a path. Off by
	// default: a match decides whether it is stronger.
	Combinations bool
}

// Limits bound one search. Zero fields mean no limit of that kind; with no
// limit at all the search runs until its context is cancelled (as Infinite).
type Limits struct {
	Depth     int           // maximum nominal depth in plies
	Nodes     int64         // maximum nodes over all threads
	MoveTime  time.Duration // exact time for this move
	Time      time.Duration // clock time left (before this move's increment)
	Inc       time.Duration // increment per move
	MovesToGo int           // moves to the next time control, 0 = sudden death
	Overhead  time.Duration // time kept back per move for latency
	Infinite  bool          // search until the context is cancelled
	Ponder    bool          // pondering: no time limit until PonderHit
	MultiPV   int           // number of principal variations (analysis), default 1
	Analysis  bool          // analysis: never stop early on a single legal move
}

// Info is a progress report sent during the search.
type Info struct {
	Depth    int
	SelDepth int
	Score    Score
	Nodes    int64
	Time     time.Duration
	NPS      int64 // nodes per second
	Hashfull int   // permille of the table in use
	MultiPV  int   // 1-based index of this line
	PV       []engine.Move
	TBHits   int64 // endgame table probes that found the position, all threads
}

// Result is the outcome of a search: the best move and the expected reply
// (NoMove when unknown), or HasMove false when the side to move has no move.
type Result struct {
	Move    engine.Move
	Ponder  engine.Move
	HasMove bool
	Score   Score
	Depth   int
	Nodes   int64
}
