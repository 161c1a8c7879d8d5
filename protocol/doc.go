// Package protocol runs a Hub 2.1 session (docs/protocol.md), the engine side
// of the protocol: it reads commands from a front-end, drives a searcher and
// an opening book, and writes the answers. Lines are read and written with
// package hub, and so are the pos, level, info and done messages (hub's
// Pos, Level, Info and Done): this package spells none of their keys. The
// searcher and book are passed in, so a session runs over
// any reader and writer, in-process in tests as on stdin and stdout.
package protocol
