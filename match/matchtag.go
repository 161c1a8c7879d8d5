// The match a game belongs to, written into each PDN record as the tag
// [DameoMatch "id=... engines=a,b games=N ..."]: what a report merging the
// records of several runs (shards) needs to rebuild the summary of the
// whole match, and an id that tells whether records belong together.

package match

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Tags of the records the runner writes.
const (
	tagMatch    = "DameoMatch"    // the match the game belongs to
	tagUnplayed = "DameoUnplayed" // the engine that could not be started
)

// matchInfo is what the records of a match say about it.
type matchInfo struct {
	ID         string   // identifies the games: the same for every shard of one match
	Engines    []string // names, in the order of the configuration
	Tournament string
	Games      int // per pairing, in the whole match
	Repeat     int // games per opening
	Seed       uint64
	TC         string // the time control as the summary shows it
	SPRT       *SPRT
	Shard      Shard // the run's shard (zero: the whole match)
}

// newMatchInfo describes a validated configuration.
func newMatchInfo(c *Config) *matchInfo {
	mi := &matchInfo{Tournament: c.Tournament, Games: c.Games, Repeat: c.Repeat, Seed: c.Seed,
		TC: c.tcString(), SPRT: c.SPRT, Shard: c.Shard}
	if mi.Tournament == "" {
		mi.Tournament = RoundRobin
	}
	for _, e := range c.Engines {
		mi.Engines = append(mi.Engines, e.Name)
	}
	mi.ID = c.fingerprint()
	return mi
}

// planned is the number of games of the whole match.
func (mi *matchInfo) planned() int {
	ps, err := pairings(len(mi.Engines), mi.Tournament)
	if err != nil {
		return 0
	}
	return len(ps) * mi.Games
}

// fingerprint is a short hash of every setting that decides which games
// are played and how: engines (names, options, limits, not their paths,
// which may differ between machines), schedule, seed, openings and
// adjudication (the tablebase's piece count, not its folder), and the SPRT.
func (c *Config) fingerprint() string {
	h := sha256.New()
	for _, e := range c.Engines {
		fmt.Fprintf(h, "engine %q %q %v %s %s %s\n", e.Name, e.Options, e.Ponder, e.TC, e.margin(), e.Restart)
	}
	fmt.Fprintf(h, "%s %d %d %v %v %d\n", c.Tournament, c.Games, c.Repeat, c.NoSwap, c.Random, c.Seed)
	for _, o := range c.Openings {
		fmt.Fprintln(h, o.String())
	}
	fmt.Fprintf(h, "%d %d %+v %+v %s\n", c.DrawPlies, c.MaxPlies, c.Resign, c.Draw, c.HangTimeout)
	if c.SPRT != nil {
		fmt.Fprintln(h, c.SPRT.spec())
	}
	if c.Tablebase != nil {
		fmt.Fprintf(h, "tablebase %d\n", c.TBPieces)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// tag is the value of the DameoMatch tag.
func (mi *matchInfo) tag() string {
	names := make([]string, len(mi.Engines))
	for i, n := range mi.Engines {
		names[i] = tagEscape(n, ",")
	}
	parts := []string{
		"id=" + mi.ID,
		"engines=" + strings.Join(names, ","),
		"tournament=" + tagEscape(mi.Tournament, ""),
		"games=" + strconv.Itoa(mi.Games),
		"repeat=" + strconv.Itoa(mi.Repeat),
		"seed=" + strconv.FormatUint(mi.Seed, 10),
		"tc=" + tagEscape(mi.TC, ""),
	}
	if mi.SPRT != nil {
		parts = append(parts, "sprt="+mi.SPRT.spec())
	}
	if mi.Shard.Count > 0 {
		parts = append(parts, "shard="+mi.Shard.String())
	}
	return strings.Join(parts, " ")
}

// parseMatchTag reads the value of a DameoMatch tag.
func parseMatchTag(s string) (*matchInfo, error) {
	mi := &matchInfo{}
	seen := map[string]bool{}
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("%s tag: %q is not key=value", tagMatch, f)
		}
		if seen[k] {
			return nil, fmt.Errorf("%s tag: %s given twice", tagMatch, k)
		}
		seen[k] = true
		var err error
		switch k {
		case "id":
			mi.ID = v
		case "engines":
			names := strings.Split(v, ",")
			if len(names) > MaxEngines {
				return nil, fmt.Errorf("%s tag: %d engines (a match has at most %d)", tagMatch, len(names), MaxEngines)
			}
			for _, n := range names {
				name, err := url.PathUnescape(n)
				if err != nil || name == "" {
					return nil, fmt.Errorf("%s tag: bad engine name %q", tagMatch, n)
				}
				mi.Engines = append(mi.Engines, name)
			}
		case "tournament":
			mi.Tournament, err = url.PathUnescape(v)
		case "games":
			mi.Games, err = strconv.Atoi(v)
		case "repeat":
			mi.Repeat, err = strconv.Atoi(v)
		case "seed":
			mi.Seed, err = strconv.ParseUint(v, 10, 64)
		case "tc":
			mi.TC, err = url.PathUnescape(v)
		case "sprt":
			var sp SPRT
			sp, err = ParseSPRT(v)
			mi.SPRT = &sp
		case "shard":
			mi.Shard, err = ParseShard(v)
		default: // written by a later version: ignored
		}
		if err != nil {
			return nil, fmt.Errorf("%s tag: %s: %v", tagMatch, k, err)
		}
	}
	for _, k := range []string{"id", "engines", "games", "repeat"} {
		if !seen[k] {
			return nil, fmt.Errorf("%s tag: %s= is missing", tagMatch, k)
		}
	}
	if mi.Tournament == "" {
		mi.Tournament = RoundRobin
	}
	if len(mi.Engines) < 2 || (mi.Repeat != 1 && mi.Repeat != 2) {
		return nil, fmt.Errorf("%s tag: want two or more engines and repeat 1 or 2", tagMatch)
	}
	if _, err := pairings(len(mi.Engines), mi.Tournament); err != nil {
		return nil, fmt.Errorf("%s tag: %v", tagMatch, err)
	}
	if err := checkGames(mi.Games, len(mi.Engines), mi.Tournament); err != nil {
		return nil, fmt.Errorf("%s tag: games=%d: %v", tagMatch, mi.Games, err)
	}
	return mi, nil
}

// tagEscape writes s with '%', spaces, quotes, backslashes, control bytes
// and the bytes of extra as %XX, so that it is one word of the tag.
func tagEscape(s, extra string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '%' || c == '"' || c == '\\' || strings.IndexByte(extra, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
