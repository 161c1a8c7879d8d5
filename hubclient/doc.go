// Package hubclient runs a Hub engine as a child process and talks to it:
// the client side of the Hub protocol (docs/protocol.md) for anything that drives
// an engine — the match referee, a web board, a bridge to an online server.
// Lines are written and read with package hub, and so are the messages
// with fields (pos, level, info, done: hub's Pos, Level, Info and Done);
// this package spells none of their keys.
//
// [Launch] is the one start-up of every front-end: it starts the engine of
// a [Spec] (its command, with a working directory) in a process group of
// its own (on Unix), so that a Ctrl-C meant for the caller does not reach
// it and so that everything the engine starts can be stopped with it; then
// [Engine.Handshake] sends hub and reads up to wait (an id line and the
// declared param lines come back as an [Identity]), [Engine.Configure]
// sends a set-param line for each of the spec's [Param] options and
// [Engine.Init] waits for ready, all within a time limit; when any of it
// fails the engine is killed. [Start] is the first step alone, for a
// caller (a test) that drives the start-up itself. [Engine.Close] ends an
// engine with the one grace time of every front-end: quit, and a kill
// after a second.
//
// The policy for error lines in the start-up: an error line between hub
// and ready fails it, with the engine's message. The engine sends one when
// it refuses a setting or cannot load what a setting names (a book), and
// a caller that asked for a setting does not want an engine without it:
// the match referee, the web board and the bot alike report the failure
// and do not use the engine.
//
// The search exchange: [Engine.Think] sends pos (a [Position]), level (the
// [hub.Level], its seconds written by hub.FormatSeconds) and go
// think, passes each info line to its caller as an [Info] (hub.Info), and
// returns the engine's [Done]. The
// caller's context bounds it: when the context ends, stop is sent and its
// done awaited a short while ([ErrNoStop] when none comes). Error lines
// during a search do not end it (the engine still answers the go with a
// done); their messages come back in [Done.Errors] for the caller to show
// or act on. Any other line but info, done and pong ends the search with
// a [GarbageError]. [Engine.Analyze] runs go analyze the same way, until
// its limits or the context's end. [Engine.Ponder] starts go ponder and
// returns at once; the next Think on the same position ([Engine.PondersOn])
// sends ponder-hit, any other search (or [Engine.StopPondering]) stops it
// first. [Engine.SearchLines] are the lines that started the last search,
// for the log of a failure.
//
// [Engine.Send] writes a line; [Engine.ReadLine] returns the next line of
// the engine's output, waiting until a deadline or until a context is done
// ([ErrTimeout], or [ErrExited] once the engine has exited and its output is
// read); [Engine.Receive] returns the next one parsed as a [hub.Line]
// (blank lines skipped, [ErrGarbage] for text that is not a protocol line);
// [Engine.Await] skips lines up to one with a given command, and
// [Engine.Sync] is ping followed by its pong. One goroutine reads (or
// searches) at a time; Send and SetParam may be called from any goroutine.
//
// [Engine.Exited] is closed when the engine has exited. [Engine.Close] asks
// the engine to exit and kills it when it has not within a second;
// [Engine.Kill] kills it at once. Killing signals the whole
// process group, so that the children of an engine (one started through a
// wrapper script, or one that forks helpers) die with it; when the engine
// exits of itself, what it left running in its group is killed too (on
// Linux). The engine is waited for from the moment it starts, so that it
// never lingers as a zombie, and output pipes that a stray descendant still
// holds are closed a second after the engine exits. A line longer than
// 1 MiB ends the reading of the engine's output with an error, and at most
// 8 MiB of output wait for a reader: an engine that writes more is held up
// until its lines are read.
//
// A [Spec] is an engine as a command line names it, in the one grammar of
// every front-end: key=value words (cmd=, arg=, args=, name=, dir=,
// option.NAME=) or a plain command line; [ParseSpec] reads one, and a
// front-end with keys of its own (the match runner's limits) reads the
// words of [SpecWords] with [Spec.Set] and embeds the Spec in its own
// (match.EngineSpec; the web board's engines and the bot's engine are
// Specs). [Spec.Found] checks that its program can be run before anything
// starts.
package hubclient
