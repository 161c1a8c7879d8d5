// Package match runs engine-versus-engine matches of Dameo: engines are
// separate processes speaking the Hub protocol (docs/protocol.md), launched
// and run with package hubclient (an EngineSpec embeds its hubclient.Spec);
// the runner is the referee, keeps the clocks,
// adjudicates, writes PDN and computes statistics (Elo, pentanomial game
// pairs, SPRT).
package match
