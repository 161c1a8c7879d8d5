// The page of `dameo gui`: draws what the server sends and sends what the
// person does. This module holds the page's state as the server last told
// it, dispatches the server's messages to the parts of the page (the
// board, the move list and graph, the panels, the editor, the forms) and
// wires the controls under the board.

import { Connection } from "./connection.js";
import { byId, button, cap, input, select, status } from "./dom.js";
import { Board } from "./board.js";
import { MoveTree } from "./tree.js";
import { MoveList } from "./movelist.js";
import { Graph } from "./graph.js";
import { renderAnalysis, renderBook, renderExplorer, renderReview, renderTables } from "./panels.js";
import { winChance } from "./graph.js";
import { squaresOf } from "./board.js";
import { setupMoveBox, showLegalMoves } from "./movebox.js";
import { Editor } from "./editor.js";
import { fillEngines, fillLevels, offerDownload, pdnText, setupForms } from "./forms.js";
import { openAddress, writeAddress } from "./address.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Analysis} Analysis */
/** @typedef {import("./types.js").ServerMsg} ServerMsg */
/** @typedef {import("./types.js").Request} Request */
/** @typedef {import("./types.js").NodeView} NodeView */

/** @type {Record<string, string>} */
const RESULTS = { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw" };

/** the requests that replace the game (those of setGame in gui/session.go) */
const OTHER_GAME = new Set(["new", "position", "loadpdn", "open"]);

export class App {
  constructor() {
    /** @type {State} the session as the server last sent it (set before anything draws it) */
    this.state = /** @type {any} */ (null);
    /** @type {Analysis | null} the latest analysis, of the board's position or the one before */
    this.analysis = null;
    /** @type {string[]} the engines the server offers */
    this.engines = [];
    /** the start position's text, which the address leaves out */
    this.initial = "";
    /** when the state's clock was read, in performance.now() time */
    this.clockAt = 0;
    /** @type {{node: number, move: string} | null} a better move the review found, shown as an arrow at its position */
    this.hint = null;
    /** whether the page still offers the choice of what to do */
    this.choosing = true;
    this.tree = new MoveTree();
    this.board = new Board((m) => this.send({ type: "move", move: m.text }), (sq) => this.editor.place(sq));
    this.moveList = new MoveList(this.tree, (id) => this.goTo(id));
    this.graph = new Graph(this.tree, (id) => this.goTo(id));
    this.editor = new Editor(this);
    this.conn = new Connection((msg) => this.receive(msg));
  }

  /**
   * send sends a request to the server. A request for another game (a new
   * game, a position, a game loaded) clears an error shown, the old game's,
   * so that the next state shows the new game's status. The new game's
   * errors come after the request (some before its first state), and stay.
   * @param {Request} msg
   */
  send(msg) {
    if (this.conn.send(msg) && OTHER_GAME.has(msg.type) && byId("status").classList.contains("error")) status("");
  }

  /**
   * receive acts on a message of the server.
   * @param {ServerMsg} msg
   */
  receive(msg) {
    switch (msg.type) {
      case "hello":
        this.engines = msg.engines; this.initial = msg.initial;
        fillEngines(msg.engines);
        fillLevels(msg.levels ?? []);
        if (msg.maxHash) input("opt-hash").max = String(msg.maxHash);
        if (msg.maxThreads) input("opt-threads").max = String(msg.maxThreads);
        this.conn.maxMessage = msg.maxMessage ?? 0;
        openAddress(this);
        break;
      case "state": this.receiveState(msg); break;
      case "analysis": this.receiveAnalysis(msg); break;
      case "pdn":
        pdnText().value = msg.text; offerDownload(msg.text);
        if (msg.final) { openPanel("pdn-panel"); status("game over; its PDN is in the PDN panel"); }
        break;
      case "error": status(msg.message, true); break;
    }
  }

  /** @param {State} msg */
  receiveState(msg) {
    const moved = !this.state || this.state.cursor !== msg.cursor;
    if (!this.state || this.state.game !== msg.game) this.board.setFlipped(msg.player === "black"); // a new game faces its player
    if (msg.mode !== "analyse" || msg.mainEnd !== 0 || msg.start !== this.initial) this.choose(); // a game or a position is open
    if (this.hint && this.hint.node !== msg.cursor) this.hint = null;
    if (moved && this.analysis && this.analysis.node !== msg.cursor) this.analysis = null;
    if (msg.tree) this.tree.apply(msg.tree);
    this.state = msg;
    this.clockAt = performance.now();
    if (moved) this.board.input = { kind: "idle" }; // a selection belongs to its position
    this.render();
    writeAddress(this);
  }

  /** @param {Analysis} msg */
  receiveAnalysis(msg) {
    const n = this.tree.node(msg.node);
    if (this.state && n && msg.lines.length) {
      n.eval = msg.score;
      this.graph.draw(this.state.cursor);
    }
    this.analysis = msg;
    renderAnalysis(this);
    this.showArrows();
    if (this.state) this.renderEvalBar();
  }

  /** render draws the whole page from the state. */
  render() {
    const st = this.state;
    if (!st) return;
    if (!this.board.editing) this.board.show({ pieces: st.board, legal: st.legal, last: st.last });
    this.showArrows();
    this.renderPlayers();
    this.moveList.follow(st.tree, st.cursor, st.mainEnd);
    byId("result").textContent = st.result ? `${st.result} — ${st.reason}` : "";
    const end = this.tree.children(this.tree.node(st.cursor)).length === 0;
    button("first").disabled = button("prev").disabled = st.cursor === 0;
    button("next").disabled = button("last").disabled = end;
    button("promote").disabled = st.mode !== "analyse" || st.cursor === 0 || this.tree.onMain(st.cursor);
    button("delete").disabled = st.mode !== "analyse" || st.cursor === 0;
    renderAnalysis(this);
    this.graph.draw(st.cursor);
    renderTables(this);
    renderBook(this);
    renderExplorer(this);
    renderReview(this);
    showLegalMoves(st.legal);
    this.renderEvalBar();
    if (document.activeElement !== byId("position-text")) input("position-text").value = st.text;
    // Each control where it applies: a game's against the engine, the
    // analysis board's variations.
    button("takeback").hidden = button("resign").hidden = st.mode !== "play";
    button("pause").hidden = st.mode === "analyse";
    button("promote").hidden = button("delete").hidden = st.mode !== "analyse";
    button("takeback").disabled = !st.takeBack;
    button("pause").disabled = !!st.result;
    button("pause").textContent = st.clock && st.clock.paused ? "Go on" : "Pause";
    button("resign").disabled = !!st.result;
    input("analyse").checked = st.analysing;
    input("analyse").disabled = st.mode === "watch";
    select("multipv").value = String(st.multipv);
    const who = st.thinking ? `${st.thinking} is thinking…` : st.legal.length ? `${cap(st.side)} to move` : "";
    if (!byId("status").classList.contains("error") || st.thinking) status(st.result ? `${RESULTS[st.result] || st.result}: ${st.reason}` : who);
  }

  /**
   * showArrows shows the better move the review found, when it is that
   * position's, or else the engine's lines of the board's position: the
   * best as the main arrow, the others lighter.
   */
  showArrows() {
    const a = this.analysis, st = this.state;
    byId("arrow").classList.toggle("hint", !!this.hint);
    byId("arrow").setAttribute("marker-end", this.hint ? "url(#head-alt)" : "url(#head)");
    if (this.hint && st && this.hint.node === st.cursor) {
      const sq = squaresOf(this.hint.move);
      this.board.setArrows([{ from: sq[0], to: sq[sq.length - 1], best: true }]);
      return;
    }
    if (!a || !st || a.node !== st.cursor) { this.board.setArrows([]); return; }
    /** @type {import("./board.js").Arrow[]} */
    const arrows = [];
    for (const line of a.lines) {
      if (!line.moves.length) continue;
      const sq = squaresOf(line.moves[0]);
      if (!arrows.some((x) => x.from === sq[0] && x.to === sq[sq.length - 1])) arrows.push({ from: sq[0], to: sq[sq.length - 1], best: !arrows.length });
    }
    this.board.setArrows(arrows);
  }

  /**
   * showBetter goes to the position before a marked move and shows the
   * better move the review found there.
   * @param {NodeView} n
   */
  showBetter(n) {
    const better = n.review && n.review.better;
    this.hint = better ? { node: n.parent, move: better[0] } : null;
    if (this.state.cursor === n.parent) this.showArrows();
    else this.goTo(n.parent);
  }

  /**
   * renderEvalBar shows the evaluation of the board's position beside it:
   * the share of White's winning chances, White's from the side White is
   * seen from.
   */
  renderEvalBar() {
    const st = this.state, a = this.analysis, n = this.tree.node(st.cursor);
    const score = a && a.node === st.cursor && a.lines.length ? a.score : n && n.eval !== undefined && n.eval !== null ? n.eval : null;
    const bar = byId("evalbar");
    bar.hidden = score === null;
    if (score === null) return;
    const white = 50 + 50 * winChance(score);
    bar.classList.toggle("flipped", this.board.flipped);
    byId("evalbar-fill").style.height = `${white}%`;
    byId("evalbar-text").textContent = (score > 0 ? "+" : "") + score.toFixed(1);
    bar.setAttribute("aria-valuenow", white.toFixed(0));
    bar.title = `${score > 0 ? "+" : ""}${score.toFixed(2)}: White's chances ${white.toFixed(0)}%`;
  }

  /** choose puts the choice of what to do away. */
  choose() {
    this.choosing = false;
    byId("start-choice").hidden = true;
  }

  /** the sides shown at the top and the bottom of the board */
  sides() { return this.board.flipped ? ["white", "black"] : ["black", "white"]; }

  renderPlayers() {
    const st = this.state;
    const [top, bottom] = this.sides();
    for (const [id, side] of [["top", top], ["bottom", bottom]]) {
      const el = byId(id);
      field(el, "name").textContent = `${side === "white" ? "○" : "●"} ${(side === "white" ? st.white : st.black) || cap(side)}`;
      const lost = st.lost[side === "white" ? 0 : 1];
      field(el, "lost").textContent = lost > 0 ? `lost ${lost}` : "";
    }
    this.renderClocks();
  }

  /** renderClocks draws the clocks, the running one counting down. */
  renderClocks() {
    const st = this.state;
    const [top, bottom] = this.sides();
    for (const [id, side] of [["top", top], ["bottom", bottom]]) {
      const el = field(byId(id), "clock");
      if (!st || !st.clock) { el.textContent = ""; continue; }
      let t = side === "white" ? st.clock.white : st.clock.black;
      const running = st.clock.running === side && !st.clock.paused;
      const since = (performance.now() - this.clockAt) / 1000;
      if (running) t -= since;
      el.textContent = formatClock(t) + (st.clock.inc ? ` +${st.clock.inc}s` : "");
      el.classList.toggle("running", running);
      el.classList.toggle("flagged", t <= 0);
      field(byId(id), "turn").textContent = running ? `this move ${(st.clock.turn + since).toFixed(1)} s` : st.clock.paused && st.clock.running === side ? "paused" : "";
    }
  }

  /**
   * goTo asks for the position of node id.
   * @param {number | undefined} id
   */
  goTo(id) {
    const st = this.state;
    if (st && id !== undefined && this.tree.node(id) && id !== st.cursor) this.send({ type: "goto", node: id });
  }

  /**
   * playable is an action playing the move of notation text at the
   * board's position, or null when it is not legal there.
   * @param {string} text
   * @returns {(() => void) | null}
   */
  playable(text) {
    const m = this.state.legal.find((l) => l.text === text);
    return m ? () => this.send({ type: "move", move: m.text }) : null;
  }

  /** setupControls wires the buttons under the board and the keys. */
  setupControls() {
    byId("first").onclick = () => this.goTo(0);
    byId("prev").onclick = () => this.goTo(this.tree.step(this.state.cursor, "ArrowLeft"));
    byId("next").onclick = () => this.goTo(this.tree.step(this.state.cursor, "ArrowRight"));
    byId("last").onclick = () => this.goTo(this.tree.step(this.state.cursor, "End"));
    byId("flip").onclick = () => { this.board.setFlipped(!this.board.flipped); this.render(); };
    byId("takeback").onclick = () => this.send({ type: "takeback" });
    byId("pause").onclick = () => this.send({ type: "pause", on: !(this.state.clock && this.state.clock.paused) });
    byId("resign").onclick = () => { if (confirm("Resign this game?")) this.send({ type: "resign" }); };
    byId("promote").onclick = () => this.send({ type: "promote", node: this.state.cursor });
    byId("delete").onclick = () => this.send({ type: "delete", node: this.state.cursor });
    document.addEventListener("keydown", (ev) => {
      if ((ev.target instanceof Element && ev.target.closest("input, textarea, select")) || !this.state) return;
      if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(ev.key)) return;
      ev.preventDefault();
      this.goTo(this.tree.step(this.state.cursor, ev.key));
    });
    byId("copy-moves").onclick = async () => {
      const text = this.tree.moveListText();
      try { await navigator.clipboard.writeText(text); status("move list copied"); }
      catch { pdnText().value = text; openPanel("pdn-panel"); status("copy the move list from the PDN panel"); }
    };
    byId("review").onclick = () => {
      const amount = Number(input("review-amount").value);
      this.send({ type: "review", limit: select("review-by").value === "depth" ? { depth: amount } : { nodes: amount } });
    };
    byId("review-stop").onclick = () => this.send({ type: "stopreview" });
    select("review-by").onchange = () => { input("review-amount").value = select("review-by").value === "depth" ? "12" : "100000"; };
    byId("copy-link").onclick = async () => {
      try { await navigator.clipboard.writeText(location.href); status("link copied"); }
      catch { status(`the link: ${location.href}`); }
    };
    byId("choose-play").onclick = () => {
      this.choose();
      select("mode").value = "play-white";
      select("mode").dispatchEvent(new Event("change"));
      openPanel("new-panel");
      button("start").focus();
    };
    byId("choose-analyse").onclick = () => {
      this.choose();
      openPanel("analysis-panel");
    };
    byId("choose-open").onclick = () => {
      this.choose();
      openPanel("pdn-panel");
      input("pdn-file").click();
    };
    setupMoveBox(this);
    const analyse = () => this.send({ type: "analyse", on: input("analyse").checked, multipv: Number(select("multipv").value) });
    input("analyse").onchange = analyse;
    select("multipv").onchange = analyse;
  }
}

/**
 * field is the element of class name inside el.
 * @param {Element} el
 * @param {string} name
 * @returns {HTMLElement}
 */
function field(el, name) {
  const f = el.querySelector("." + name);
  if (!(f instanceof HTMLElement)) throw new Error(`no .${name} in #${el.id}`);
  return f;
}

/**
 * openPanel opens a details panel.
 * @param {string} id
 */
function openPanel(id) { /** @type {HTMLDetailsElement} */ (byId(id)).open = true; }

/**
 * formatClock is seconds as m:ss, with tenths under ten seconds.
 * @param {number} t
 */
function formatClock(t) {
  t = Math.max(0, t);
  const m = Math.floor(t / 60), s = t - 60 * m;
  return t < 10 ? `${m}:${s.toFixed(1).padStart(4, "0")}` : `${m}:${String(Math.floor(s)).padStart(2, "0")}`;
}

const app = new App();
app.setupControls();
setupForms(app);
setInterval(() => app.renderClocks(), 200);

// For people and tests poking at the page.
Object.assign(window, {
  dameo: {
    get state() { return app.state; },
    get analysis() { return app.analysis; },
    get engines() { return app.engines; },
    get ws() { return app.conn.ws; },
    /** @param {ServerMsg} msg as if the server had sent it */
    receive: (msg) => app.receive(msg),
    tree: app.tree.nodes,
    /** the main line in notation */
    moves: () => app.tree.mainLine().slice(1).map((n) => n.text),
  },
});
