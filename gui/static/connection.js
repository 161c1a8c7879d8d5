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
  }

  /**
   * send sends a request, if the socket is open.
   * @param {Request} msg
   */
  send(msg) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }
}
