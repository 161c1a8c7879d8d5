// Package levels makes the engine play weaker on purpose, for people: a
// ladder of strength levels from a uniformly random mover (level 0, the
// anchor of the Elo scale) up to the full engine (level Full), each defined
// by a node budget (never by time) and by how readily it plays a worse move
// among the search's own candidates. A Player wraps a searcher and plays at
// a level, or at an Elo between two levels; analysis searches and the top
// level pass through to the searcher unchanged. cmd/dameo wires a Player
// into `dameo hub` as the parameters level, elo and level-seed
// (docs/levels.md, docs/protocol.md).
package levels
