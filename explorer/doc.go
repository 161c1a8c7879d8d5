// Package explorer is the opening explorer: an index of game records (PDN,
// as dameo match, dameo gui or other programs write them) by position, and
// for a position the moves played from it in those games, each with the
// number of games and how they ended.
//
// Positions are found by their Zobrist key (package engine), so a position
// reached by different move orders gathers the games of all of them. A
// game counts once at each position it reaches, at the first time it
// reaches it; a game from a FEN start position counts from there;
// variations are not games and are left out. A filter (Filter) keeps only
// the games of a player, of White, of Black or with a result, as the
// records' tags say.
//
// The index is compact, since a file of 100,000 games reaches some ten
// million positions: an entry is a position's key, the move as its index
// among the position's legal moves (in engine's generation order), and the
// counts, which for the great majority of entries (one game) fit in the
// move's two bytes. Entries are kept in sorted runs, searched by binary
// search; records still to be sorted wait in a buffer of bounded size.
// A game that cannot be read or replayed is skipped and counted, never
// half indexed. An Index is safe for concurrent use.
package explorer
