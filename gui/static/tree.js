// The move tree as the server sends it, change by change: nodes by id, the
// main line, the path to a node, and the node the keyboard's arrows lead
// to.

/** @typedef {import("./types.js").NodeView} NodeView */
/** @typedef {import("./types.js").TreeDelta} TreeDelta */

export class MoveTree {
  constructor() {
    /** @type {Map<number, NodeView>} the nodes by id; tests read it */
    this.nodes = new Map();
  }

  /**
   * apply takes a change of the tree from a state.
   * @param {TreeDelta} d
   */
  apply(d) {
    if (d.change === "reset") this.nodes.clear();
    for (const id of d.removed || []) this.nodes.delete(id);
    for (const n of d.nodes || []) this.nodes.set(n.id, n);
  }

  /**
   * node is the node of id, if the tree has it.
   * @param {number | undefined} id
   */
  node(id) { return id === undefined ? undefined : this.nodes.get(id); }

  /**
   * children are n's children's ids, the line's continuation first.
   * @param {NodeView | undefined} n
   * @returns {number[]}
   */
  children(n) { return (n && n.children) || []; }

  /**
   * pathTo is the nodes from the start's first move to id.
   * @param {number} id
   */
  pathTo(id) {
    /** @type {NodeView[]} */
    const out = [];
    for (let n = this.node(id); n && n.parent >= 0; n = this.node(n.parent)) out.push(n);
    return out.reverse();
  }

  /** mainLine is the start node and the main line's nodes after it. */
  mainLine() {
    /** @type {NodeView[]} */
    const out = [];
    for (let n = this.node(0); n; n = this.node(this.children(n)[0])) out.push(n);
    return out;
  }

  /**
   * onMain reports whether id is on the main line.
   * @param {number} id
   */
  onMain(id) {
    for (let n = this.node(id); n && n.parent >= 0; n = this.node(n.parent)) {
      if (this.children(this.node(n.parent))[0] !== n.id) return false;
    }
    return true;
  }

  /**
   * step is the node the key leads to from the node at, or undefined.
   * @param {number} at
   * @param {string} key ArrowLeft, ArrowRight, ArrowUp, ArrowDown, Home or End
   * @returns {number | undefined}
   */
  step(at, key) {
    const cur = this.node(at);
    if (!cur) return undefined;
    const siblings = this.children(this.node(cur.parent)), i = siblings.indexOf(cur.id);
    switch (key) {
      case "ArrowLeft": return cur.parent >= 0 ? cur.parent : undefined;
      case "ArrowRight": return this.children(cur)[0];
      case "ArrowUp": return i > 0 ? siblings[i - 1] : undefined;
      case "ArrowDown": return i >= 0 && i + 1 < siblings.length ? siblings[i + 1] : undefined;
      case "Home": return 0;
      case "End": {
        let n = cur;
        for (let next = this.node(this.children(n)[0]); next; next = this.node(this.children(n)[0])) n = next;
        return n.id;
      }
    }
    return undefined;
  }

  /** moveListText is the main line with move numbers: "1. c3-c4 f6-f5 2. ...". */
  moveListText() {
    return this.mainLine().slice(1).map((n, i) => {
      const black = (n.number || "").endsWith("...");
      return !black ? `${n.number}. ${n.text}` : i === 0 ? `${n.number} ${n.text}` : n.text;
    }).join(" ");
  }
}
