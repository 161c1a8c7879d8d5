// The shapes of the server's messages (gui/reply.go), for the type check
// of the page's modules. Nothing here runs.

/**
 * @typedef {object} MoveView a legal move as the board draws it
 * @property {string} text notation
 * @property {string[]} path the squares it visits: start, each landing square
 * @property {string[]} [captured] the squares of the pieces it takes
 * @property {boolean} [crowns]
 */

/**
 * @typedef {object} ClockView
 * @property {number} white seconds left
 * @property {number} black
 * @property {number} inc
 * @property {string} [running] whose time runs (or, paused, waits)
 * @property {number} turn seconds the running side has used on this move
 * @property {boolean} [paused]
 */

/**
 * @typedef {object} NodeView a node of the move tree
 * @property {number} id
 * @property {number} parent -1 at the root
 * @property {string} [text]
 * @property {string} [number] "3" before White's move, "3..." before Black's
 * @property {number} ply
 * @property {number[]} [children] the first continues the line
 * @property {number} [eval] men from White's side
 * @property {string} [judgement] "?!", "?" or "??"
 * @property {Verdict} [review] a whole-game analysis' verdict on the move
 * @property {[number, number]} [clock]
 * @property {number} [spent]
 * @property {string} [comment]
 * @property {string} [before]
 */

/**
 * @typedef {object} Verdict what a whole-game analysis found of a move
 * @property {number} loss the mover's expected score lost, 0 to 1
 * @property {number} lossMen the mover's score lost, men
 * @property {string} by who judged it: search, book, tables or games (the explorer's)
 * @property {string[]} [better] the better line, when the move was not the best
 */

/**
 * @typedef {"reset" | "append" | "values" | "edit"} TreeChange how the move
 * list follows a change of the tree: redraw all of it (reset, edit), add
 * the main line's new last move (append), or redraw the changed nodes'
 * moves (values)
 */

/**
 * @typedef {object} TreeDelta
 * @property {TreeChange} change
 * @property {NodeView[]} [nodes]
 * @property {number[]} [removed]
 */

/**
 * @typedef {object} TableMove
 * @property {string} move
 * @property {string} value
 * @property {number} wdl
 */

/**
 * @typedef {object} TablesView
 * @property {boolean} covered
 * @property {number} mostPieces
 * @property {string} [value]
 * @property {number} wdl
 * @property {TableMove[]} [moves]
 */

/**
 * @typedef {object} BookMove
 * @property {string} move
 * @property {number} weight
 * @property {number} share percent
 * @property {number} score men for the mover
 * @property {boolean} playable
 */

/**
 * @typedef {object} BookView
 * @property {number} positions
 * @property {BookMove[]} moves
 */

/**
 * @typedef {object} ReviewView
 * @property {number} done
 * @property {number} total
 * @property {boolean} running
 * @property {[number[], number[]]} marks by side, the counts of ?!, ? and ??
 * @property {[number, number]} loss by side, the average loss of expected score a move
 */

/**
 * @typedef {object} ExplorerMove a move played in the explorer's games
 * @property {string} move
 * @property {number} games
 * @property {number} whiteWins
 * @property {number} draws
 * @property {number} blackWins
 */

/**
 * @typedef {object} ExplorerView the explorer's games through the position
 * @property {number} games
 * @property {ExplorerMove[]} moves
 */

/**
 * @typedef {object} State the session as the page shows it
 * @property {"state"} type
 * @property {string} mode play, analyse or watch
 * @property {number} game changes at every new game
 * @property {string} [player] the person's side against an engine
 * @property {number} line
 * @property {number} cursor
 * @property {number} ply
 * @property {number} mainEnd
 * @property {string} board 64 of w b W B e, a8..h8, ..., a1..h1
 * @property {string} side white or black
 * @property {string} text
 * @property {string} start
 * @property {MoveView[]} legal
 * @property {MoveView} [last]
 * @property {TreeDelta} [tree]
 * @property {string} [result]
 * @property {string} [reason]
 * @property {string} white
 * @property {string} black
 * @property {ClockView} [clock]
 * @property {string} [thinking]
 * @property {boolean} [takeBack] whether a take-back would be accepted: against the engine, once the person has a move to take back
 * @property {boolean} analysing
 * @property {number} multipv
 * @property {Record<string, string>} params
 * @property {[number, number]} lost
 * @property {ReviewView} [review]
 * @property {TablesView} [tables]
 * @property {BookView} [book]
 * @property {ExplorerView} [explorer]
 */

/**
 * @typedef {object} PVLine
 * @property {number} rank
 * @property {number} score
 * @property {string[]} moves
 */

/**
 * @typedef {object} Analysis the latest output of a search
 * @property {"analysis"} type
 * @property {string} engine
 * @property {number} node
 * @property {number} depth
 * @property {number} score
 * @property {number} nodes
 * @property {number} nps
 * @property {PVLine[]} lines
 * @property {[string, string]} [arrow]
 */

/**
 * @typedef {object} Level a level of the engine against a person
 * @property {number} elo its rating on the ladder's scale
 * @property {string} description what it does, in a few words
 */

/**
 * @typedef {object} Hello
 * @property {"hello"} type
 * @property {string[]} engines
 * @property {number} [maxHash]
 * @property {number} [maxThreads]
 * @property {string} initial
 * @property {Level[]} [levels] by number, the last the full engine; none: no choice
 * @property {number} [maxMessage] the largest message the server reads, in bytes
 */

/**
 * @typedef {{type: "pdn", text: string, final?: boolean}} PDNMsg
 * @typedef {{type: "error", message: string}} ErrorMsg
 * @typedef {Hello | State | Analysis | PDNMsg | ErrorMsg} ServerMsg
 */

/**
 * @typedef {{type: string} & Record<string, unknown>} Request a message to the
 * server (gui/message.go checks it)
 */

export {};
