// The evaluation graph under the board: the score of each position of
// the main line, the review's marks, the board's position as a cursor; a
// click goes to the position under it.

import { byId } from "./dom.js";

/** @typedef {import("./tree.js").MoveTree} MoveTree */

const W = 400, H = 80;

export class Graph {
  /**
   * @param {MoveTree} tree
   * @param {(id: number) => void} goTo
   */
  constructor(tree, goTo) {
    this.svg = byId("graph");
    this.tree = tree;
    this.svg.addEventListener("click", (ev) => {
      const r = this.svg.getBoundingClientRect(), line = this.tree.mainLine();
      const ply = Math.round(((ev.clientX - r.left) / r.width) * Math.max(line.length - 1, 1));
      goTo(line[Math.max(0, Math.min(line.length - 1, ply))].id);
    });
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
    /** @param {number} v */
    const y = (v) => H / 2 - (Math.max(-4, Math.min(4, v)) / 4) * (H / 2 - 4);
    let d = "", marks = "";
    line.forEach((nd, ply) => {
      if (nd.eval !== undefined && nd.eval !== null) d += `${d ? "L" : "M"}${x(ply).toFixed(1)},${y(nd.eval).toFixed(1)}`;
      if (nd.judgement && nd.judgement !== "?!") marks += `<circle class="mark ${nd.judgement === "??" ? "blunder" : "mistake"}" cx="${x(ply).toFixed(1)}" cy="${y(nd.eval || 0).toFixed(1)}" r="3"/>`;
    });
    const cur = this.tree.node(cursor);
    const cx = x(cur ? cur.ply : 0);
    this.svg.innerHTML = `<line class="zero" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>` +
      (d ? `<path class="line" d="${d}"/>` : "") + marks +
      `<line class="cursor" x1="${cx}" x2="${cx}" y1="0" y2="${H}"/>`;
  }
}
