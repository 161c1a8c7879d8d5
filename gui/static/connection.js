// The connection to the server: one WebSocket, its messages decoded and
// handed to the page, the page's requests sent as JSON.

import { status } from "./dom.js";

/** @typedef {import("./types.js").ServerMsg} ServerMsg */
/** @typedef {import("./types.js").Request} Request */

export class Connection {
  /** @param {(msg: ServerMsg) => void} receive */
  constructor(receive) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    /** the socket; tests send through it directly */
    this.ws = new WebSocket(`${scheme}://${location.host}/ws${location.search}`);
    this.ws.onopen = () => status("connected");
    this.ws.onclose = () => status("disconnected from the server; reload the page to reconnect", true);
    this.ws.onmessage = (ev) => receive(JSON.parse(ev.data));
    /** the largest message the server reads, in bytes, as hello says (0: not known yet) */
    this.maxMessage = 0;
  }

  /**
   * send sends a request, if the socket is open. One larger than the
   * server reads (a PDN file) is refused here with a message: the server
   * would close the connection, and the page's game with it.
   * @param {Request} msg
   * @returns {boolean} whether it was sent
   */
  send(msg) {
    const text = JSON.stringify(msg);
    const size = new TextEncoder().encode(text).length;
    if (this.maxMessage && size > this.maxMessage) {
      /** @param {number} n */
      const mib = (n) => `${(n / (1 << 20)).toFixed(1)} MiB`;
      const hint = msg.type === "explorerload" ? "; give a larger file of games to dameo gui --games FILE.pdn" : "";
      status(`not sent: ${mib(size)} is more than the ${mib(this.maxMessage)} the server reads at once${hint}`, true);
      return false;
    }
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(text);
    return true;
  }
}
