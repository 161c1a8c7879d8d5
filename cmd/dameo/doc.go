// Command dameo is the Dameo engine: a Hub protocol engine for front-ends
// (dameo hub), a match runner with a referee (dameo match), an analysis
// tool (dameo analyze, dameo moves), opening book tools (dameo book) and
// benchmarks (dameo bench, dameo perft). Run dameo --help for the
// subcommands. The rules it plays are described in docs/rules.md, the
// protocol it speaks in docs/protocol.md.
package main
