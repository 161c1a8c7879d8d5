// Package gui serves `dameo gui`: a board in the browser for people, to play
// against a Hub engine, analyse positions and games on a move tree with
// variations, beside the endgame tables', the opening book's and the opening
// explorer's view of the position, review whole games, set up positions,
// load and save PDN, and watch two engines play. The explorer (package
// explorer) is one index shared by the pages: the files of the command
// line, the PDN text a page loads into it and the games finished on the
// pages.
//
// The page (static/, embedded) is plain JavaScript in ES modules, typed with
// JSDoc and checked by tsc (package.json and tsconfig.json beside this file;
// static/types.js describes the server's messages), CSS and SVG. It talks to
// the server over one WebSocket with JSON messages (message.go); the server is
// the referee: the legal moves, the results and the notation come from
// package engine, the game records from package pdn. Each page has its own
// session (session.go): its game, its clock and its engine processes, which
// package hubclient launches (from the server's hubclient.Specs), each in a
// process group of its own, talks to
// (each search in a goroutine that reports to the session's loop), and
// ends, with whatever they started, when the page closes or the server
// stops. The page can start only the engines the server was given on its
// command line, and a server bounds its pages, their engines and what those
// may be given (limits.go); off loopback it wants a token.
package gui
