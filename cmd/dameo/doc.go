// Dameo is an engine for Dameo, Christian Freeling's draughts game on all 64
// squares of an 8×8 board, used three ways: as an engine speaking the Hub
// protocol to a front-end (dameo hub), as a referee of engine-versus-engine
// matches (dameo match), and as a benchmark of search and move generation
// (dameo bench, dameo perft). It also builds and inspects opening books
// (dameo book) and analyses positions (dameo analyze, dameo moves).
//
// Run "dameo --help" for the subcommands and "dameo COMMAND --help" for the
// flags of each; docs/rules.md and docs/protocol.md in the repository
// describe the rules and the protocol.
package main
