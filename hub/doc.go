// Package hub reads and writes the lines of the Hub protocol, the text
// protocol between a Dameo engine and its front-end (a GUI, the match
// referee, a web board, a bridge to an online server). It is the one codec
// of both sides and depends on the standard library only (and on the
// module's internal/printable).
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
package hub
