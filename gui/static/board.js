// The board: its squares drawn from White's or Black's side, the pieces,
// the last move, the squares a move being entered may go to, the engine's
// arrows, and the input of moves by click or drag. The server is the
// referee: the board knows no rules; it matches clicks against the squares
// of the legal moves the server lists.

import { byId } from "./dom.js";

/** @typedef {import("./types.js").MoveView} MoveView */

const FILES = "abcdefgh";
/** @type {Record<string, string>} */
const NAMES = { w: "white man", W: "white king", b: "black man", B: "black king" };

/**
 * @typedef {object} BoardView what the board shows
 * @property {string} pieces 64 of w b W B e, a8..h8, ..., a1..h1
 * @property {MoveView[]} legal the moves that may be entered
 * @property {MoveView} [last] the move that led here, marked
 */

/**
 * @typedef {{kind: "idle"}
 *   | {kind: "entering", squares: string[]}
 *   | {kind: "pressed", squares: string[], at: string, fresh: boolean}} Input
 * The one state of move input. entering: the squares of a move clicked so
 * far (its start, landing squares). pressed: a pointer is down on square
 * at; fresh when that press picked the piece up, so that the click which
 * ends it does not put the piece down again. A press released on another
 * square is a drag: the square is entered.
 */

/**
 * @typedef {object} Arrow
 * @property {string} from
 * @property {string} to
 * @property {boolean} best the best line's (the others are drawn lighter)
 */

/** @param {string} sq */
function boardIndex(sq) { return (8 - Number(sq.slice(1))) * 8 + FILES.indexOf(sq[0]); }

/**
 * squaresOf is the squares a move's notation names.
 * @param {string} text
 */
export function squaresOf(text) { return text.split(/[-x]/); }

export class Board {
  /**
   * @param {(m: MoveView) => void} onMove a move entered
   * @param {(sq: string) => void} onEdit a square clicked while editing
   */
  constructor(onMove, onEdit) {
    this.el = byId("board");
    this.onMove = onMove;
    this.onEdit = onEdit;
    /** seen from Black's side */
    this.flipped = false;
    /** squares take pieces for the editor rather than moves */
    this.editing = false;
    /** @type {BoardView} */
    this.view = { pieces: "e".repeat(64), legal: [] };
    /** @type {Input} */
    this.input = { kind: "idle" };
    /** @type {Arrow[]} */
    this.arrows = [];
    this.build();
    this.listen();
  }

  /** build lays out the squares for the side the board is seen from. */
  build() {
    this.el.replaceChildren();
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const file = this.flipped ? 7 - col : col, rank = this.flipped ? row : 7 - row;
        const b = document.createElement("button");
        b.className = "sq" + ((file + rank) % 2 === 0 ? " dark" : "");
        b.dataset.sq = FILES[file] + (rank + 1);
        b.setAttribute("role", "gridcell");
        if (row === 7) b.insertAdjacentHTML("beforeend", `<span class="coord file">${FILES[file]}</span>`);
        if (col === 0) b.insertAdjacentHTML("beforeend", `<span class="coord rank">${rank + 1}</span>`);
        this.el.append(b);
      }
    }
  }

  /**
   * setFlipped turns the board to be seen from Black's side (or White's).
   * @param {boolean} flipped
   */
  setFlipped(flipped) {
    if (flipped === this.flipped) return;
    this.flipped = flipped;
    this.build();
    this.draw();
  }

  /**
   * show draws a new position; a move half entered is dropped.
   * @param {BoardView} view
   */
  show(view) {
    this.view = view;
    this.input = { kind: "idle" };
    this.hideChoices();
    this.draw();
  }

  /** entered is the squares of the move being entered. */
  entered() { return this.input.kind === "idle" ? [] : this.input.squares; }

  /** candidates are the legal moves through the squares entered so far. */
  candidates() {
    const entered = this.entered();
    if (this.editing) return [];
    return this.view.legal.filter((m) => entered.every((sq, i) => m.path[i] === sq));
  }

  /** draw draws the pieces, the marks and the arrows. */
  draw() {
    const v = this.view, entered = this.entered(), k = entered.length;
    const cands = this.candidates();
    const last = this.editing ? undefined : v.last;
    for (const b of this.squares()) {
      const sq = b.dataset.sq || "", p = v.pieces[boardIndex(sq)];
      b.querySelector(".piece")?.remove();
      b.classList.remove("last", "selected", "target", "dest", "taken-mark");
      if (p !== "e") {
        const piece = document.createElement("span");
        piece.className = `piece ${p.toLowerCase()}` + (p === "W" || p === "B" ? " king" : "");
        if (last && last.crowns && last.path.at(-1) === sq) piece.classList.add("crowned");
        b.append(piece);
      }
      if (last && last.path.includes(sq)) b.classList.add("last");
      if (last && last.captured && last.captured.includes(sq)) b.classList.add("taken-mark");
      if (k && entered.includes(sq)) b.classList.add("selected");
      if (k && cands.some((m) => m.path[k] === sq)) b.classList.add("target");
      if (k && cands.some((m) => m.path.at(-1) === sq && m.path.length > k + 1)) b.classList.add("dest");
      let label = `${sq}, ${NAMES[p] || "empty"}`;
      if (b.classList.contains("target") || b.classList.contains("dest")) label += ", legal destination";
      if (k && entered[0] === sq) label += ", selected";
      if (!this.editing && v.legal.some((m) => m.path[0] === sq)) label += ", can move";
      b.setAttribute("aria-label", label);
    }
    this.drawArrows();
  }

  /** @returns {HTMLElement[]} */
  squares() { return /** @type {HTMLElement[]} */ ([...this.el.children]); }

  /**
   * setArrows shows the engine's arrows, the best first.
   * @param {Arrow[]} arrows
   */
  setArrows(arrows) {
    this.arrows = arrows;
    this.drawArrows();
  }

  drawArrows() {
    const overlay = byId("overlay");
    overlay.querySelectorAll(".arrow-alt").forEach((el) => el.remove());
    const best = byId("arrow");
    const shown = this.editing ? [] : this.arrows;
    best.toggleAttribute("hidden", !shown.some((a) => a.best));
    for (const a of shown) {
      let line = best;
      if (!a.best) {
        line = /** @type {HTMLElement} */ (best.cloneNode());
        line.removeAttribute("id");
        line.classList.add("arrow-alt");
        line.setAttribute("marker-end", "url(#head-alt)");
        overlay.append(line);
      }
      const [from, to] = [this.center(a.from), this.center(a.to)];
      line.setAttribute("x1", String(from[0])); line.setAttribute("y1", String(from[1]));
      line.setAttribute("x2", String(to[0])); line.setAttribute("y2", String(to[1]));
    }
  }

  /**
   * center is a square's centre in the overlay's units (squares).
   * @param {string} sq
   */
  center(sq) {
    const file = FILES.indexOf(sq[0]), rank = Number(sq.slice(1)) - 1;
    return this.flipped ? [7 - file + 0.5, rank + 0.5] : [file + 0.5, 7 - rank + 0.5];
  }

  /**
   * movable reports whether a legal move starts on sq.
   * @param {string} sq
   */
  movable(sq) { return !this.editing && this.view.legal.some((m) => m.path[0] === sq); }

  /**
   * enter acts on a square clicked (or a press released on it): it picks
   * a piece up, enters a landing square, plays the move the squares
   * decide, or asks which capture when several end there.
   * @param {string} sq
   */
  enter(sq) {
    this.hideChoices();
    if (this.editing) { this.onEdit(sq); return; }
    const entered = this.entered(), k = entered.length;
    const cands = this.candidates();
    const pickUp = k === 0 || (k === 1 && sq !== entered[0] && this.movable(sq) && !cands.some((m) => m.path.at(-1) === sq));
    if (pickUp) {
      this.input = this.movable(sq) ? { kind: "entering", squares: [sq] } : { kind: "idle" };
    } else if (sq === entered[k - 1]) {
      this.input = { kind: "idle" };
    } else {
      const next = cands.filter((m) => m.path[k] === sq);
      const finals = cands.filter((m) => m.path.at(-1) === sq);
      if (next.length === 1 || (!next.length && finals.length === 1)) { this.play(next[0] || finals[0]); return; }
      if (next.length) this.input = { kind: "entering", squares: [...entered, sq] };
      else if (finals.length) { this.showChoices(finals); return; }
      else this.input = { kind: "idle" };
    }
    this.draw();
  }

  /**
   * play sends a move entered.
   * @param {MoveView} m
   */
  play(m) {
    this.input = { kind: "idle" };
    this.onMove(m);
    this.draw();
  }

  /** @param {MoveView[]} moves */
  showChoices(moves) {
    const box = byId("choices");
    box.querySelectorAll("button").forEach((b) => b.remove());
    for (const m of moves) {
      const b = document.createElement("button");
      b.textContent = m.text;
      b.onclick = () => { this.hideChoices(); this.play(m); };
      box.append(b);
    }
    box.hidden = false;
  }

  hideChoices() { byId("choices").hidden = true; }

  /**
   * squareAt is the square under an event's target, or "".
   * @param {EventTarget | null} target
   */
  squareAt(target) {
    const b = target instanceof Element ? target.closest(".sq") : null;
    return b instanceof HTMLElement ? b.dataset.sq || "" : "";
  }

  /** listen takes clicks, presses and releases on the board. */
  listen() {
    this.el.addEventListener("pointerdown", (ev) => {
      const sq = this.squareAt(ev.target);
      if (!sq) return;
      const fresh = this.entered().length === 0 && this.movable(sq);
      if (fresh) this.enter(sq);
      this.input = { kind: "pressed", squares: this.entered(), at: sq, fresh };
    });
    this.el.addEventListener("pointerup", (ev) => {
      const el = document.elementFromPoint(ev.clientX, ev.clientY);
      const sq = this.squareAt(el);
      const input = this.input;
      if (input.kind !== "pressed" || !sq || sq === input.at) return; // the click follows
      this.input = input.squares.length ? { kind: "entering", squares: input.squares } : { kind: "idle" };
      if (input.squares.length) this.enter(sq); // a drag
    });
    this.el.addEventListener("click", (ev) => {
      const sq = this.squareAt(ev.target);
      if (!sq) return;
      const input = this.input;
      if (input.kind === "pressed") {
        this.input = input.squares.length ? { kind: "entering", squares: input.squares } : { kind: "idle" };
        if (input.fresh && input.at === sq) return; // the press picked the piece up
      }
      this.enter(sq);
    });
  }
}
