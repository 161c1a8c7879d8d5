// The move box: a move typed in notation (c3-c4, d4xd6xf6) or as its
// squares alone (c3c4, c3 c4, d4 f6), offered for completion among the
// legal moves and matched against them; the server is still the referee.

import { input, status } from "./dom.js";

/** @typedef {import("./types.js").MoveView} MoveView */
/** @typedef {import("./app.js").App} App */

/**
 * matchMove is the legal move the text names: the move of that notation,
 * or the one move whose squares are those given, or whose start and final
 * squares are the two given. It is null when none or several match.
 * @param {string} text
 * @param {MoveView[]} legal
 * @returns {MoveView | null}
 */
export function matchMove(text, legal) {
  const t = text.trim().toLowerCase();
  const exact = legal.find((m) => m.text === t);
  if (exact) return exact;
  const squares = t.match(/[a-h][1-8]/g) || [];
  if (squares.length < 2) return null;
  const same = legal.filter((m) => m.path.length === squares.length && m.path.every((sq, i) => sq === squares[i]));
  if (same.length === 1) return same[0];
  if (squares.length !== 2) return null;
  const ends = legal.filter((m) => m.path[0] === squares[0] && m.path[m.path.length - 1] === squares[1]);
  return ends.length === 1 ? ends[0] : null;
}

/**
 * showLegalMoves offers the legal moves for completion.
 * @param {MoveView[]} legal
 */
export function showLegalMoves(legal) {
  const list = document.getElementById("legal-moves");
  if (!list) return;
  list.replaceChildren(...legal.map((m) => new Option(m.text)));
  input("move-input").disabled = legal.length === 0;
}

/**
 * setupMoveBox plays the move typed on Enter.
 * @param {App} app
 */
export function setupMoveBox(app) {
  const box = input("move-input");
  const form = document.getElementById("move-form");
  if (!form) return;
  form.onsubmit = (ev) => {
    ev.preventDefault();
    const text = box.value;
    if (!text.trim()) return;
    const m = matchMove(text, app.state.legal);
    if (!m) {
      status(`no legal move is "${text.trim()}"; the legal moves are offered as you type`, true);
      return;
    }
    box.value = "";
    app.send({ type: "move", move: m.text });
  };
}
