// The panels beside the board that show what the server knows of the
// board's position: the engine's analysis, the endgame tables, the book,
// the explorer's games and the whole-game review.

import { byId, button, cap, fmtScore, playable, row } from "./dom.js";
import { MARKS } from "./movelist.js";

/** @typedef {import("./app.js").App} App */

/** @type {Record<string, string>} */
const WDL = { 1: "win", 0: "draw", "-1": "loss" };

/**
 * renderAnalysis shows the engine's latest lines; those of the board's
 * position play onto the board when clicked, on the analysis board.
 * @param {App} app
 */
export function renderAnalysis(app) {
  const st = app.state, here = !!app.analysis && !!st && app.analysis.node === st.cursor;
  // Another position's lines are shown only while the analysis runs (a
  // review's last search is not an analysis of the board).
  const a = here || (st && st.analysing) ? app.analysis : null;
  byId("info").textContent = a ? `${a.engine}: depth ${a.depth}, score ${fmtScore(a.score)}, ${a.nps.toFixed(2)} M nodes/s, ${a.nodes} nodes` + (here ? "" : " (another position)") : "";
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

/** BOOK_ROWS is how many book moves the panel shows before "all". */
const BOOK_ROWS = 5;

/** whether the book panel shows all the moves of the position */
let bookAll = false;

/**
 * renderBook shows the book's best moves of the position, and all of them
 * on demand.
 * @param {App} app
 */
export function renderBook(app) {
  const v = app.state.book, body = tableBody("book-moves"), more = button("book-more");
  byId("book-panel").hidden = !v;
  body.replaceChildren();
  more.hidden = true;
  if (!v) return;
  byId("book-info").textContent = v.moves.length ? `${v.moves.length} book moves (book of ${v.positions} positions; bold: the engine may play it)` : `not in the book (${v.positions} positions)`;
  const moves = [...v.moves].sort((a, b) => b.weight - a.weight || b.score - a.score);
  if (moves.length > BOOK_ROWS) {
    more.hidden = false;
    more.textContent = bookAll ? `the best ${BOOK_ROWS} only` : `all ${moves.length} moves`;
    more.onclick = () => { bookAll = !bookAll; renderBook(app); };
  }
  for (const m of bookAll ? moves : moves.slice(0, BOOK_ROWS)) {
    const tr = row([m.move, String(m.weight), `${m.share.toFixed(1)}%`, fmtScore(m.score)], app.playable(m.move));
    if (m.playable) tr.classList.add("book-playable");
    body.append(tr);
  }
}

/**
 * renderExplorer shows the moves played from the position in the
 * explorer's games, with how they scored; a click plays one.
 * @param {App} app
 */
export function renderExplorer(app) {
  const v = app.state.explorer, body = tableBody("explorer-moves");
  byId("explorer-panel").hidden = !v;
  body.replaceChildren();
  if (!v) return;
  byId("explorer-info").textContent = v.moves.length ? `${v.games} games reached this position` : "no game reached this position";
  for (const m of v.moves) {
    const tr = row([m.move, String(m.games)], app.playable(m.move));
    const td = document.createElement("td"), bar = document.createElement("div");
    bar.className = "wdb";
    bar.title = `White won ${m.whiteWins}, drawn ${m.draws}, Black won ${m.blackWins}`;
    for (const [cls, n] of [["w", m.whiteWins], ["d", m.draws], ["b", m.blackWins]]) {
      const seg = document.createElement("span"), share = m.games ? (100 * Number(n)) / m.games : 0;
      seg.className = String(cls);
      seg.style.width = `${share}%`;
      if (share >= 15) seg.textContent = `${Math.round(share)}%`;
      bar.append(seg);
    }
    td.append(bar);
    tr.append(td);
    body.append(tr);
  }
}

/**
 * renderReview shows a whole-game analysis' progress, its summary by side
 * and its marked moves: each with the better line and what the move lost;
 * a click shows the position before it with the better move's arrow.
 * @param {App} app
 */
export function renderReview(app) {
  const st = app.state, r = st.review, running = !!(r && r.running);
  button("review").disabled = !app.engines.length || (st.mode !== "analyse" && !st.result) || running;
  button("review-stop").hidden = !running;
  const progress = /** @type {HTMLProgressElement} */ (byId("review-progress"));
  progress.hidden = !running;
  const info = byId("review-info"), list = byId("review-moves");
  list.replaceChildren();
  if (!r) { info.textContent = ""; return; }
  progress.max = r.total; progress.value = r.done;
  /**
   * @param {number[]} m
   * @param {number} loss
   */
  const side = (m, loss) => `${m[0]} inaccuracies, ${m[1]} mistakes, ${m[2]} blunders, average loss ${(100 * loss).toFixed(1)}%`;
  info.textContent = running ? `analysing ${r.done} of ${r.total} positions…` : `White: ${side(r.marks[0], r.loss[0])}; Black: ${side(r.marks[1], r.loss[1])}`;
  if (running) return;
  for (const n of app.tree.mainLine()) {
    const v = n.review;
    if (!n.judgement || !v) continue;
    const li = document.createElement("li");
    const black = (n.number || "").endsWith("...");
    li.innerHTML = `<b class="mv-text"></b> <span class="kind"></span> <span class="lost"></span><br><span class="better"></span>`;
    /** @param {string} sel @param {string} text */
    const put = (sel, text) => { /** @type {HTMLElement} */ (li.querySelector(sel)).textContent = text; };
    put(".mv-text", `${n.number}${black ? " " : ". "}${n.text}${n.judgement}`);
    put(".kind", MARKS[n.judgement] + (v.by !== "search" ? ` (by the ${v.by})` : ""));
    const men = v.lossMen >= 10 ? "over 10 men" : `${v.lossMen.toFixed(2)} men`;
    put(".lost", `lost ${(100 * v.loss).toFixed(0)}%` + (v.lossMen > 0 ? `, ${men}` : ""));
    put(".better", !v.better ? "" : `better ${v.better[0]}` + (v.better.length > 1 ? `: ${v.better.join(" ")}` : ""));
    li.classList.add(MARKS[n.judgement]);
    li.title = "Show the position before this move with the better move";
    playable(li, () => app.showBetter(n));
    list.append(li);
  }
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
