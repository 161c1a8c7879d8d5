// Package hub is the vocabulary of the Hub protocol, the text protocol
// between a Dameo engine and its front-end (a GUI, the match referee, a
// web board, a bridge to an online server): it reads and writes its lines
// and the messages they carry. It is the one codec of both sides, the
// engine's (package protocol) and the front-ends' (package hubclient), and
// depends on the standard library only (and on the module's
// internal/printable).
//
// A line is a command followed by arguments, each a name=value pair or a
// bare flag:
//
//	pos pos=Wbbbbbbbbebbbbbbeeebbbbeeeeeeeeeeeeeeeeeeeewwwweeewwwwwwewwwwwwww moves="c3-c4 c6-c5"
//	go think
//
// A value is quoted with '"' when it is empty or holds a space or '='.
// There is no escape, so a value never holds '"'. Words are separated by
// spaces or tabs, and a trailing '\r' is ignored.
//
// Reading: [Parse] turns text into a [Line], or gives an error that says
// what is malformed. Writing: [NewLine], [Line.Set] and [Line.Flag] build a
// line, and [Line.Format] writes it. Format refuses (with an error) a line
// that the protocol cannot carry: no command, a bad name, or a value with a
// '"' or a control character (CR, LF, NUL, the other C0 bytes, DEL), so
// nothing written breaks the framing of one command per line. The caller
// decides what to do then; text from outside, such as an error message
// that repeats a peer's input, is made fit for a value first with
// [SafeValue]. A line Parse accepts always formats, and formats to text that
// Parse reads back as the same line. [Line.String] shows any line, refused
// or not, for logs and messages.
//
// Numbers have one grammar ([ParseWhole], [ParseDecimal]), and times are
// seconds to the millisecond, written one way by both sides
// ([FormatSeconds]: "0.25", "60") and read by [ParseSeconds].
//
// The messages with fields are typed, each with its formatter (a method
// Line) and its parser, whose errors say what is wrong: [Pos] (pos: start,
// pos= or fen=, and moves=; [ParsePos]), [Level] (level: the limits, with
// [Level.Add], the rule by which level lines add up), [Info] (info: depth,
// score, nodes, time, nps, pv, ...; [ParseInfo]) and [Done] (done move=
// ponder=; [ParseDone]). Reading what a line formats gives the same
// message back.
package hub
