// Package shots mines a shot suite from the engine's games and measures
// how much of it a search solves.
//
// A shot is a position where one side's score swung by several men
// within one or two of its moves: the side that fell walked into a
// combination its search did not see, and the side that rose found one.
// Mine reads the games of dameo match (PDN, each engine move commented
// "score/depth time" with the score in men for the side that moved,
// docs/match.md), finds the swings, searches the positions around each
// with a fixed number of nodes (deeper than the games' searches) and
// keeps those where that search names a move: an avoid entry (the
// position before the move that fell into the combination; the move to
// play, and the move played, to avoid) and a shot entry (the position
// before the move that found it; the move to play). A move whose comment
// has no score is scored by a search of the position it was played in.
//
// A suite is a text file, one entry a line (suite.go; docs/shots.md).
// Run searches every entry at a fixed number of nodes and counts those
// where the search plays the entry's move (the solved rate) and, of the
// avoid entries, those where it does not play the move that fell (the
// avoided rate).
package shots
