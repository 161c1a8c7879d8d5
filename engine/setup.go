// The set-up: how many men each side has in the start position.

package engine

// MenPerSide is the number of men each side has at the start of the game
// (StartPosition): 18, on its first three ranks.
const MenPerSide = 18
