// The match schedule: which engines meet (head-to-head, gauntlet,
// round-robin) and the list of games, in game pairs: each opening played
// twice with the colours reversed (or once, with --repeat 1), numbered so
// that a shard of the schedule keeps the numbers of the whole.

package match

import (
	"fmt"
	"strconv"
	"strings"
)

// Tournament kinds.
const (
	RoundRobin = "round-robin" // every engine against every other
	Gauntlet   = "gauntlet"    // the first engine against each of the others
)

// pairing is two engines that meet; scores are from a's view.
type pairing struct{ a, b int }

// pairings lists the encounters of n engines in a tournament kind.
func pairings(n int, kind string) ([]pairing, error) {
	if n < 2 {
		return nil, fmt.Errorf("a match needs at least two engines, got %d", n)
	}
	var ps []pairing
	switch kind {
	case RoundRobin, "":
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				ps = append(ps, pairing{i, j})
			}
		}
	case Gauntlet:
		for j := 1; j < n; j++ {
			ps = append(ps, pairing{0, j})
		}
	default:
		return nil, fmt.Errorf("unknown tournament %q (want %s or %s)", kind, RoundRobin, Gauntlet)
	}
	return ps, nil
}

// pairingCount is the number of pairings of n ≥ 2 engines in a valid
// tournament kind, without listing them.
func pairingCount(n int, kind string) int {
	if kind == Gauntlet {
		return n - 1
	}
	return n * (n - 1) / 2
}

// gameJob is one game of the match schedule.
type gameJob struct {
	number       int // 1-based game number in the whole schedule
	pairing      int // index in the schedule's pairings
	pair         int // 1-based game pair (one opening of one pairing) in the whole schedule
	game         int // 1-based game within the pair
	white, black int // engine indices
	opening      Opening
}

// round is the job's Round tag: "pair.game".
func (j gameJob) round() string { return fmt.Sprintf("%d.%d", j.pair, j.game) }

// scheduleParams are the settings that shape the schedule.
type scheduleParams struct {
	games  int  // games per pairing
	repeat int  // games per opening: 2 (a game pair, colours reversed) or 1
	noSwap bool // the pairing's first engine always has White
}

// units is the number of openings each pairing plays.
func (p scheduleParams) units() int { return (p.games + p.repeat - 1) / p.repeat }

// scheduleGames lists the games: for each opening (in order), every
// pairing plays it repeat times, with a as White first and b as White
// second (unless noSwap). With repeat 1 the colours alternate from one
// opening to the next instead. The games per pairing may be odd: the last
// pair then has one game. openings holds at least p.units() openings.
func scheduleGames(ps []pairing, p scheduleParams, openings []Opening) []gameJob {
	var jobs []gameJob
	for u := 0; u < p.units(); u++ {
		for pi, pr := range ps {
			pair := u*len(ps) + pi + 1
			for k := 0; k < p.repeat && u*p.repeat+k < p.games; k++ {
				j := gameJob{number: len(jobs) + 1, pairing: pi, pair: pair, game: k + 1,
					white: pr.a, black: pr.b, opening: openings[u]}
				if !p.noSwap && (k+u*(2-p.repeat))%2 == 1 {
					j.white, j.black = pr.b, pr.a
				}
				jobs = append(jobs, j)
			}
		}
	}
	return jobs
}

// Shard is the share of a match one run plays: the Index-th of Count
// (1-based). The zero Shard is the whole match.
type Shard struct{ Index, Count int }

// ParseShard reads "I/N" with 1 ≤ I ≤ N.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || count < 1 || index < 1 || index > count {
		return Shard{}, fmt.Errorf("shard %q: want I/N with 1 ≤ I ≤ N, such as 2/10", s)
	}
	return Shard{index, count}, nil
}

// String is "I/N", or "" for the whole match.
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// holds reports whether the shard plays the game pair (1-based): pairs are
// dealt to the shards in turn, so every shard samples the whole schedule
// and a pair never splits.
func (s Shard) holds(pair int) bool {
	return s.Count == 0 || (pair-1)%s.Count == s.Index-1
}

// take is the shard's share of the jobs, in schedule order.
func (s Shard) take(jobs []gameJob) []gameJob {
	var out []gameJob
	for _, j := range jobs {
		if s.holds(j.pair) {
			out = append(out, j)
		}
	}
	return out
}
