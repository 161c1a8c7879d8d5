// The page's address: the start position and the moves to the board's
// position (#start=...&moves=c3-c4,f6-f5), written readably as the board
// moves and opened once when the page connects.

/** @typedef {import("./app.js").App} App */

/**
 * address is the hash of the board's position: the moves as they are
 * written (notation needs no escaping), the start position escaped but for
 * its slashes, spaces as "+".
 * @param {App} app
 */
export function address(app) {
  const st = app.state;
  const moves = app.tree.pathTo(st.cursor).map((n) => n.text).join(",");
  const parts = [];
  if (st.start !== app.initial) parts.push("start=" + encodeURIComponent(st.start).replace(/%2F/g, "/").replace(/%20/g, "+"));
  if (moves) parts.push("moves=" + moves);
  return parts.join("&");
}

/**
 * writeAddress puts the board's position in the address.
 * @param {App} app
 */
export function writeAddress(app) {
  const hash = address(app);
  if (("#" + hash) !== location.hash && (hash || location.hash)) history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
}

/**
 * openAddress asks the server for the address's position, when it names
 * one.
 * @param {App} app
 */
export function openAddress(app) {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("start") && !params.has("moves")) return;
  const moves = (params.get("moves") || "").split(",").filter((m) => m);
  app.send({ type: "open", text: params.get("start") || "", moves });
}
