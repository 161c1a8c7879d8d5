// The move list: the main line with each move's variations indented under
// it, comments, the review's marks, and the current move; drawn whole, or
// followed change by change as the server says what kind of change it
// sends.

import { byId, fmtScore } from "./dom.js";

/** @typedef {import("./types.js").NodeView} NodeView */
/** @typedef {import("./types.js").TreeDelta} TreeDelta */
/** @typedef {import("./tree.js").MoveTree} MoveTree */

/** @type {Record<string, string>} */
export const MARKS = { "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

export class MoveList {
  /**
   * @param {MoveTree} tree
   * @param {(id: number) => void} goTo a move clicked
   */
  constructor(tree, goTo) {
    this.box = byId("moves");
    this.tree = tree;
    this.goTo = goTo;
  }

  /**
   * follow redraws what a change of the tree needs and marks the cursor's
   * move.
   * @param {TreeDelta | undefined} d
   * @param {number} cursor
   * @param {number} mainEnd the main line's last node
   */
  follow(d, cursor, mainEnd) {
    if (d) {
      switch (d.change) {
        case "append": {
          const end = this.tree.node(mainEnd);
          if (end && !this.button(mainEnd)) this.append(end);
          this.update((d.nodes || []).filter((n) => n.id !== mainEnd));
          break;
        }
        case "values": this.update(d.nodes || []); break;
        default: this.draw();
      }
    }
    if (cursor !== 0 && !this.button(cursor)) this.draw();
    this.mark(cursor);
  }

  /**
   * button is the move list's button of node id.
   * @param {number} id
   * @returns {HTMLElement | null}
   */
  button(id) { return this.box.querySelector(`[data-node="${id}"]`); }

  /**
   * append adds the main line's new last move.
   * @param {NodeView} n
   */
  append(n) {
    const last = this.box.lastElementChild;
    const number = !this.box.querySelector(".mv") || !last || last.classList.contains("variation") || last.classList.contains("comment");
    this.box.append(this.moveButton(n, number));
  }

  /**
   * update redraws the buttons of nodes whose values changed.
   * @param {NodeView[]} nodes
   */
  update(nodes) {
    for (const n of nodes) {
      const b = this.button(n.id);
      if (!b || !n.number) continue;
      const fresh = this.moveButton(n, (b.textContent || "").startsWith(n.number));
      if (b.classList.contains("current")) fresh.classList.add("current");
      b.replaceWith(fresh);
    }
  }

  /**
   * moveButton is a move's button, with its number when showNumber or
   * when it is White's.
   * @param {NodeView} n
   * @param {boolean} showNumber
   */
  moveButton(n, showNumber) {
    const b = document.createElement("button");
    b.className = "mv";
    const number = n.number || "";
    const black = number.endsWith("...");
    const num = !black ? `${number}. ` : showNumber ? `${number} ` : "";
    b.textContent = num + n.text + (n.judgement || "");
    b.dataset.node = String(n.id);
    if (n.judgement) b.classList.add(MARKS[n.judgement]);
    const tip = [];
    if (n.eval !== undefined && n.eval !== null) tip.push(`score ${fmtScore(n.eval)}`);
    if (n.judgement) tip.push(MARKS[n.judgement]);
    if (n.review && n.review.better) tip.push(`better ${n.review.better[0]}`);
    if (n.review && n.review.by !== "search") tip.push(`judged by the ${n.review.by}`);
    if (n.spent) tip.push(`${n.spent.toFixed(1)} s`);
    if (tip.length) b.title = tip.join(", ");
    b.onclick = () => this.goTo(n.id);
    return b;
  }

  /** draw draws the whole list. */
  draw() {
    this.box.replaceChildren();
    const root = this.tree.node(0), first = this.tree.node(this.tree.children(root)[0]);
    if (root && root.comment) this.box.append(comment(root.comment));
    if (first) this.line(this.box, first, 0);
  }

  /**
   * line draws the line from first, with each move's variations after it
   * in nested blocks.
   * @param {HTMLElement} el
   * @param {NodeView} first
   * @param {number} depth
   */
  line(el, first, depth) {
    const t = this.tree;
    let showNumber = true;
    if (first.before) el.append(comment(first.before));
    for (let n = /** @type {NodeView | undefined} */ (first); n; n = t.node(t.children(n)[0])) {
      el.append(this.moveButton(n, showNumber));
      showNumber = false;
      if (n.comment) { el.append(comment(n.comment)); showNumber = true; }
      const siblings = t.children(t.node(n.parent));
      if (siblings[0] === n.id && siblings.length > 1) {
        for (const id of siblings.slice(1)) {
          const v = document.createElement("div");
          v.className = "variation";
          v.style.setProperty("--depth", String(depth + 1));
          const start = t.node(id);
          if (start) this.line(v, start, depth + 1);
          el.append(v);
        }
        showNumber = true;
      }
    }
  }

  /**
   * mark marks the cursor's move as current and scrolls to it.
   * @param {number} cursor
   */
  mark(cursor) {
    this.box.querySelector(".current")?.classList.remove("current");
    const b = this.button(cursor);
    if (b) { b.classList.add("current"); b.scrollIntoView({ block: "nearest" }); }
  }
}

/** @param {string} text */
function comment(text) {
  const c = document.createElement("span");
  c.className = "comment";
  c.textContent = text;
  return c;
}
