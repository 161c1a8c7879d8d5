// Package pdn reads and writes Dameo game records in PDN (Portable Draughts
// Notation, the draughts form of chess PGN).
//
// A record is a tag section followed by movetext:
//
//	[Event "dameo match"]
//	[Site "?"]
//	[Date "2025.01.31"]
//	[Round "1"]
//	[White "dameo-2t"]
//	[Black "dameo-1t"]
//	[Result "1-0"]
//	[GameType "Dameo"]
//	[TimeControl "40/60+0.5"]
//	[Termination "normal"]
//
//	1. d3-d4 e6-e5 2. d4xd6xf6 {a comment} (2. c3-c4 {a variation}) ... 1-0
//
// Dameo has no number in the PDN GameType register, so the variant is named
// by the tag [GameType "Dameo"]. FEN holds the start position and is
// present only when the game does not start from the initial position.
// dameo writes it in the FEN form PlayStrategy uses ("W:Wa1,...:Ba8,...:H0:F1",
// package engine's Position.FEN) and reads that form or position text
// (docs/rules.md). Moves are kept as the strings of the record, in
// docs/rules.md notation; replaying them is the caller's business (package
// engine). Variations, in parentheses after the move they replace, are kept
// with that move (Move.Variations), nested and commented as in the record.
package pdn
