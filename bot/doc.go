// Package bot puts a Hub engine online on PlayStrategy (a lila fork, the
// server where people play Dameo) through its Bot API: it follows the
// account's event stream, accepts or declines challenges by a policy, and
// plays every game with an engine process of its own (Config.Engine, a
// hubclient.Spec, launched and closed with its process group through
// package hubclient), converting moves
// between the server's jumps ("d4d6,d6f6") and the engine's notation
// ("d4xd6xf6") with the rules of package engine. Streams that drop are
// followed again with exponential backoff, rate limits (HTTP 429) are
// waited out, every request has a time limit, redirects are followed only
// within the server's origin, games never outnumber Concurrency (accepted
// challenges counted), and the account's token never appears in a log
// line or an error. Text from the server or the engine reaches the log and
// the terminal only through the logger, which makes it printable (log.go).
// docs/playstrategy.md describes the API subset it relies on.
package bot
