// The position editor: the board takes pieces from a palette instead of
// moves, and the position made is sent to the server.

import { byId, select } from "./dom.js";

/** @typedef {import("./app.js").App} App */

const START = "W" + "bbbbbbbbebbbbbbeeebbbbee" + "e".repeat(16) + "eewwwweeewwwwwwewwwwwwww";

export class Editor {
  /** @param {App} app */
  constructor(app) {
    this.app = app;
    /** the side to move (W or B) and the 64 squares, in the Hub's pos form */
    this.position = START;
    byId("edit").onclick = () => this.start();
    byId("edit-cancel").onclick = () => this.stop();
    byId("edit-done").onclick = () => {
      this.position = select("edit-side").value + this.position.slice(1);
      app.send({ type: "position", text: this.position });
      this.stop();
    };
    byId("edit-clear").onclick = () => this.show(this.position[0] + "e".repeat(64));
    byId("edit-start").onclick = () => { select("edit-side").value = "W"; this.show(START); };
  }

  /** editing reports whether the board is the editor's. */
  get editing() { return this.app.board.editing; }

  /** start edits the board's position. */
  start() {
    const st = this.app.state;
    this.app.board.editing = true;
    select("edit-side").value = st.side === "white" ? "W" : "B";
    byId("editor").hidden = false;
    document.body.classList.add("editing");
    this.show((st.side === "white" ? "W" : "B") + st.board);
  }

  /** stop leaves the editor; the board shows the game again. */
  stop() {
    this.app.board.editing = false;
    byId("editor").hidden = true;
    document.body.classList.remove("editing");
    this.app.render();
  }

  /**
   * show puts a position on the board.
   * @param {string} position
   */
  show(position) {
    this.position = position;
    this.app.board.show({ pieces: position.slice(1), legal: [] });
  }

  /**
   * place puts the palette's piece on sq, or empties sq when it holds that
   * piece.
   * @param {string} sq
   */
  place(sq) {
    const checked = document.querySelector("input[name=piece]:checked");
    const piece = checked instanceof HTMLInputElement ? checked.value : "e";
    const i = (8 - Number(sq.slice(1))) * 8 + "abcdefgh".indexOf(sq[0]) + 1;
    const put = this.position[i] === piece ? "e" : piece;
    this.show(this.position.slice(0, i) + put + this.position.slice(i + 1));
  }
}
