// The match schedule: which engines meet (head-to-head, gauntlet,
// round-robin) and the list of games, each opening played twice with the
// colours reversed.

package match

import "fmt"

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

// gameJob is one game of the match schedule.
type gameJob struct {
	number       int // 1-based game number
	pairing      int // index in the schedule's pairings
	round        int // opening pair number, 0-based
	white, black int // engine indices
	opening      Opening
}

// scheduleGames lists the games: for each opening pair (round), every
// pairing plays the opening twice, first with a as White, then with b as
// White. gamesPerPairing may be odd: the last round then has one game.
func scheduleGames(ps []pairing, gamesPerPairing int, openings []Opening) []gameJob {
	var jobs []gameJob
	rounds := (gamesPerPairing + 1) / 2
	for round := 0; round < rounds; round++ {
		for pi, p := range ps {
			for k := 0; k < 2 && 2*round+k < gamesPerPairing; k++ {
				j := gameJob{number: len(jobs) + 1, pairing: pi, round: round,
					white: p.a, black: p.b, opening: openings[round]}
				if k == 1 {
					j.white, j.black = p.b, p.a
				}
				jobs = append(jobs, j)
			}
		}
	}
	return jobs
}
