// The strength levels in `dameo hub`: the searcher wrapped in a
// levels.Player, its setting and seed as the Hub parameters level, elo and
// level-seed (docs/protocol.md, docs/levels.md).

package main

import (
	"github.com/dameo/dameo/levels"
	"github.com/dameo/dameo/protocol"
)

// levelParams are the Hub parameters of p: level and elo (setting one sets
// the other) and level-seed.
func levelParams(p *levels.Player) []protocol.IntParam {
	return []protocol.IntParam{
		{
			Name: "level", Min: 0, Max: levels.Full,
			Value: func() int { return p.Setting().Level() },
			Set:   func(n int) { p.SetSetting(must(levels.AtLevel(n))) },
		},
		{
			Name: "elo", Min: levels.MinElo(), Max: levels.MaxElo(),
			Value: func() int { return p.Setting().Elo() },
			Set:   func(n int) { p.SetSetting(must(levels.AtElo(n))) },
		},
		{
			Name: "level-seed", Min: 0, Max: levels.MaxSeed,
			Value: func() int { return int(p.Seed()) },
			Set:   func(n int) { p.SetSeed(uint64(n)) },
		},
	}
}

// must is s, whose range the protocol has checked.
func must(s levels.Setting, err error) levels.Setting {
	if err != nil {
		panic(err) // the parameter's range is the setting's: unreachable
	}
	return s
}
