// The ladder: what each level does and its Elo on the ladder's scale. The
// table is data: calibration (docs/levels.md, deploy/levels/calibrate.sh)
// replaces the Elo column with measured values.

package levels

import "github.com/dameo/dameo/search"

// Level is one rung of the ladder.
type Level struct {
	// Elo is the level's rating on the ladder's scale, on which level 0 (the
	// random mover) is 0. Until the ladder is calibrated by matches these
	// are estimates; docs/levels.md holds the measured table.
	Elo int
	// Description says in a few words what the level does.
	Description string

	// Depth and Nodes bound each search (0: no bound of that kind); the
	// normal time limits apply as well. Both count the same on any machine.
	Depth int
	Nodes int64
	// MultiPV is how many of the best root moves the search scores: the
	// candidates the level chooses among.
	MultiPV int
	// Temperature (hundredths of a man) spreads the choice: a candidate
	// scored d below the best is chosen with weight exp(-d/Temperature).
	Temperature float64
	// MaxLoss (hundredths of a man) is the largest loss against the best
	// candidate a level accepts; worse candidates are never chosen.
	MaxLoss search.Score
}

// Full is the top level: the full engine, unchanged.
const Full = 18

// Ladder is the levels from 0 (a uniformly random legal move) to Full (the
// full engine). Levels 1 to 8 search depth 1 (scoring every move at depth 1
// takes hundreds to thousands of nodes, so smaller node budgets would mean
// nothing) and differ in how large a loss they accept and how often; from
// level 9 on, the search grows and the choice narrows. The Elo of levels 0
// to 17 is the fit of docs/levels.md's calibrations (200 games a pair, each
// level against its neighbour and two steps up); that of level 18, the full
// engine, is level 17's plus its 200 games against level 17 with the clock
// 60+0.6.
var Ladder = [Full + 1]Level{
	{Elo: 0, Description: "a uniformly random legal move"},
	{Elo: 234, Description: "depth 1, any move that does not lose 20 men, barely preferring the better", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 600, MaxLoss: 2000},
	{Elo: 400, Description: "depth 1, any move that does not lose 10 men, slightly preferring the better", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 300, MaxLoss: 1000},
	{Elo: 627, Description: "depth 1, mostly moves that keep the material", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 150, MaxLoss: 600},
	{Elo: 796, Description: "depth 1, moves that lose at most 4 men", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 100, MaxLoss: 400},
	{Elo: 947, Description: "depth 1, rarely loses a man", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 70, MaxLoss: 300},
	{Elo: 1119, Description: "depth 1, seldom loses a man", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 45, MaxLoss: 200},
	{Elo: 1283, Description: "depth 1, close to its best move", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 30, MaxLoss: 140},
	{Elo: 1413, Description: "depth 1, nearly always its best move or one close to it", Depth: 1, MultiPV: search.MaxMultiPV, Temperature: 20, MaxLoss: 100},
	{Elo: 1606, Description: "depth 2, among the 12 best moves", Depth: 2, MultiPV: 12, Temperature: 50, MaxLoss: 200},
	{Elo: 1826, Description: "3,000 nodes, among the 8 best moves", Nodes: 3_000, MultiPV: 8, Temperature: 35, MaxLoss: 120},
	{Elo: 2017, Description: "3,000 nodes, among the 6 best moves", Nodes: 3_000, MultiPV: 6, Temperature: 25, MaxLoss: 90},
	{Elo: 2243, Description: "8,000 nodes, among the 6 best moves", Nodes: 8_000, MultiPV: 6, Temperature: 25, MaxLoss: 90},
	{Elo: 2526, Description: "20,000 nodes, among the 5 best moves", Nodes: 20_000, MultiPV: 5, Temperature: 18, MaxLoss: 60},
	{Elo: 2791, Description: "50,000 nodes, among the 4 best moves", Nodes: 50_000, MultiPV: 4, Temperature: 12, MaxLoss: 40},
	{Elo: 2977, Description: "120,000 nodes, among the 3 best moves", Nodes: 120_000, MultiPV: 3, Temperature: 8, MaxLoss: 25},
	{Elo: 3121, Description: "300,000 nodes, between the 2 best moves", Nodes: 300_000, MultiPV: 2, Temperature: 5, MaxLoss: 15},
	{Elo: 3317, Description: "1,000,000 nodes, between the 2 best moves, rarely the second", Nodes: 1_000_000, MultiPV: 2, Temperature: 2, MaxLoss: 6},
	{Elo: 3598, Description: "the full engine"},
}
