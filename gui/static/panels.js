// The panels beside the board that show what the server knows of the
// board's position: the engine's analysis, the endgame tables, the book
// and the whole-game review.

import { byId, button, cap, fmtScore, playable, row } from "./dom.js";

/** @typedef {import("./app.js").App} App */

/** @type {Record<string, string>} */
const WDL = { 1: "win", 0: "draw", "-1": "loss" };

/**
 * renderAnalysis shows the engine's latest lines; those of the board's
 * position play onto the board when clicked, on the analysis board.
 * @param {App} app
 */
export function renderAnalysis(app) {
  const a = app.analysis, st = app.state;
  const here = !!a && !!st && a.node === st.cursor;
  byId("info").textContent = a ? `${a.engine}: depth ${a.depth}, score ${fmtScore(a.score)}, ${a.nps.toFixed(2)} Mn/s, ${a.nodes} nodes` + (here ? "" : " (another position)") : "";
  const ol = byId("pvs");
  ol.replaceChildren();
  for (const line of a ? a.lines : []) {
    const li = document.createElement("li");
    li.innerHTML = `<span class="score"></span><span class="pv"></span>`;
    /** @type {HTMLElement} */ (li.querySelector(".score")).textContent = fmtScore(line.score);
    /** @type {HTMLElement} */ (li.querySelector(".pv")).textContent = line.moves.join(" ");
    if (here && st && st.mode === "analyse" && line.moves.length) {
      li.title = "Play this line onto the board as a variation";
      playable(li, () => app.send({ type: "playline", moves: line.moves }));
    }
    ol.append(li);
  }
}

/**
 * renderTables shows the endgame tables' value of the position and of
 * each move.
 * @param {App} app
 */
export function renderTables(app) {
  const st = app.state, v = st.tables, body = tableBody("tables-moves");
  byId("tables-panel").hidden = !v;
  body.replaceChildren();
  if (!v) return;
  const value = byId("tables-value");
  if (!v.covered) { value.textContent = `not in the tables loaded (the largest hold positions of ${v.mostPieces} pieces)`; return; }
  value.textContent = `${cap(st.side)} to move: ${v.value}`;
  value.className = WDL[v.wdl];
  for (const m of v.moves || []) {
    const tr = row([m.move, m.value], app.playable(m.move));
    tr.classList.add(WDL[m.wdl]);
    body.append(tr);
  }
}

/**
 * renderBook shows the book's moves of the position.
 * @param {App} app
 */
export function renderBook(app) {
  const v = app.state.book, body = tableBody("book-moves");
  byId("book-panel").hidden = !v;
  body.replaceChildren();
  if (!v) return;
  byId("book-info").textContent = v.moves.length ? `${v.moves.length} book moves (book of ${v.positions} positions; bold: the engine may play it)` : `not in the book (${v.positions} positions)`;
  for (const m of v.moves) {
    const tr = row([m.move, String(m.weight), `${m.share.toFixed(1)}%`, fmtScore(m.score)], app.playable(m.move));
    if (m.playable) tr.classList.add("book-playable");
    body.append(tr);
  }
}

/**
 * renderReview shows a whole-game analysis' progress or its summary.
 * @param {App} app
 */
export function renderReview(app) {
  const st = app.state, r = st.review;
  button("review").disabled = !app.engines.length || (st.mode !== "analyse" && !st.result) || !!(r && r.running);
  const info = byId("review-info");
  if (!r) { info.textContent = ""; return; }
  const [w, b] = r.marks;
  /** @param {number[]} m */
  const marks = (m) => `${m[0]} inaccuracies, ${m[1]} mistakes, ${m[2]} blunders`;
  info.textContent = r.running ? `analysing ${r.done} of ${r.total} positions…` : `White: ${marks(w)}; Black: ${marks(b)}`;
}

/**
 * tableBody is the body of the table of id.
 * @param {string} id
 */
function tableBody(id) {
  const t = byId(id);
  if (!(t instanceof HTMLTableElement)) throw new Error(`#${id} is not a table`);
  return t.tBodies[0];
}
