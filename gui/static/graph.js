// The evaluation graph under the board: the score of each position of the
// main line on the scale of the winning chances (so that a small advantage
// shows), an axis in men, every mark of the review, the board's position as
// a cursor and the value under the pointer; a click goes to the position
// under it.

import { byId, fmtScore } from "./dom.js";
import { MARKS } from "./movelist.js";

/** @typedef {import("./tree.js").MoveTree} MoveTree */
/** @typedef {import("./types.js").NodeView} NodeView */

const W = 400, H = 80;

/** AXIS are the scores, in men, marked on the graph's axis. */
const AXIS = [-3, -1, 0, 1, 3];

/**
 * winChance is White's winning chances, -1 to 1, at a score in men: the
 * expected score of the server's review (gui/review.go), 1 / (1 + e^-score),
 * stretched to -1..1.
 * @param {number} score
 */
export function winChance(score) { return 2 / (1 + Math.exp(-score)) - 1; }

export class Graph {
  /**
   * @param {MoveTree} tree
   * @param {(id: number) => void} goTo
   */
  constructor(tree, goTo) {
    this.svg = byId("graph");
    this.tree = tree;
    this.svg.addEventListener("click", (ev) => {
      const n = this.nodeAt(ev.clientX);
      if (n) goTo(n.id);
    });
    this.svg.addEventListener("mousemove", (ev) => this.tip(this.nodeAt(ev.clientX)));
    this.svg.addEventListener("mouseleave", () => this.tip(undefined));
    byId("graph-axis").replaceChildren(...AXIS.map((v) => {
      const s = document.createElement("span");
      s.textContent = v > 0 ? `+${v}` : String(v);
      s.style.top = `${(y(v) / H) * 100}%`;
      return s;
    }));
  }

  /**
   * nodeAt is the main line's node under the x coordinate of a pointer.
   * @param {number} clientX
   */
  nodeAt(clientX) {
    const r = this.svg.getBoundingClientRect(), line = this.tree.mainLine();
    const ply = Math.round(((clientX - r.left) / r.width) * Math.max(line.length - 1, 1));
    return line[Math.max(0, Math.min(line.length - 1, ply))];
  }

  /**
   * tip shows the move and the score of a node under the pointer.
   * @param {NodeView | undefined} n
   */
  tip(n) {
    const el = byId("graph-tip");
    if (!n) { el.textContent = ""; return; }
    const move = n.parent < 0 ? "start" : `${n.number}${(n.number || "").endsWith("...") ? " " : ". "}${n.text}${n.judgement || ""}`;
    const score = n.eval === undefined || n.eval === null ? "no score yet" : `${fmtScore(n.eval)} (White's chances ${Math.round(50 + 50 * winChance(n.eval))}%)`;
    el.textContent = `${move}: ${score}` + (n.judgement ? `, ${MARKS[n.judgement]}` : "");
  }

  /**
   * draw draws the main line's scores with the cursor at node cursor.
   * @param {number} cursor
   */
  draw(cursor) {
    const line = this.tree.mainLine();
    const n = Math.max(line.length - 1, 1);
    /** @param {number} ply */
    const x = (ply) => (ply / n) * W;
    let d = "", marks = "";
    line.forEach((nd, ply) => {
      if (nd.eval !== undefined && nd.eval !== null) d += `${d ? "L" : "M"}${x(ply).toFixed(1)},${y(nd.eval).toFixed(1)}`;
      if (nd.judgement) marks += `<circle class="mark ${MARKS[nd.judgement]}" cx="${x(ply).toFixed(1)}" cy="${y(nd.eval || 0).toFixed(1)}" r="3"><title>${nd.text}${nd.judgement}</title></circle>`;
    });
    const cur = this.tree.node(cursor);
    const cx = x(cur ? cur.ply : 0);
    const grid = AXIS.filter((v) => v !== 0).map((v) => `<line class="grid" x1="0" x2="${W}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}"/>`).join("");
    this.svg.innerHTML = grid + `<line class="zero" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>` +
      (d ? `<path class="line" d="${d}"/>` : "") + marks +
      `<line class="cursor" x1="${cx}" x2="${cx}" y1="0" y2="${H}"/>`;
  }
}

/**
 * y is the graph's height of a score in men.
 * @param {number} v
 */
function y(v) { return H / 2 - winChance(v) * (H / 2 - 4); }
