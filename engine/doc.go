// Package engine is the rules of Dameo, and the only package that knows
// them: squares, colours and bitboards with the board's geometry (file and
// rank masks, shifts, Orient); positions with their Zobrist keys and their
// text forms; move generation (steps, linear moves, king slides, and
// compulsory orthogonal captures with long leaps, delayed removal and the
// majority rule); crowning, threatened pieces and irreversible moves; move
// notation; games with threefold repetition and the no-progress count; and
// perft, the move generator's check and benchmark.
package engine
