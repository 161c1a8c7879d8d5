// The page's address: the start position and the moves to the board's
// position (#start=...&moves=c3-c4,f6-f5), written as the board moves and
// opened once when the page connects.

/** @typedef {import("./app.js").App} App */

/**
 * writeAddress puts the board's position in the address.
 * @param {App} app
 */
export function writeAddress(app) {
  const st = app.state;
  const moves = app.tree.pathTo(st.cursor).map((n) => n.text).join(",");
  const params = new URLSearchParams();
  if (st.start !== app.initial) params.set("start", st.start);
  if (moves) params.set("moves", moves);
  const hash = params.toString();
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
