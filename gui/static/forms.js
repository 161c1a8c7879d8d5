// The forms of the panels that ask the server for something: a new game,
// a position from text, PDN in and out, and the engine's options.

import { byId, input, select } from "./dom.js";

/** @typedef {import("./app.js").App} App */

/**
 * setupForms wires the forms to the server.
 * @param {App} app
 */
export function setupForms(app) {
  select("mode").onchange = showModeFields;
  byId("new-form").onsubmit = (ev) => {
    ev.preventDefault();
    app.send(newGameRequest());
  };
  byId("load-position").onclick = () => app.send({ type: "position", text: input("position-text").value.trim() });
  byId("save-pdn").onclick = () => app.send({ type: "savepdn" });
  byId("load-pdn").onclick = () => app.send({ type: "loadpdn", text: pdnText().value });
  const file = input("pdn-file");
  file.onchange = async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    // The file goes to the server as it is, not through the text box (a
    // file of many games there takes the page seconds to lay out, at every
    // change while the panel is open); the box then shows the game loaded.
    app.send({ type: "loadpdn", text: await f.text() });
    app.send({ type: "savepdn" });
  };
  const games = input("explorer-file");
  games.onchange = async () => {
    const f = games.files && games.files[0];
    if (f) app.send({ type: "explorerload", text: await f.text() });
    games.value = "";
  };
  for (const name of ["threads", "hash"]) {
    const el = input("opt-" + name);
    el.onchange = () => app.send({ type: "option", name, value: el.value });
  }
  const book = input("opt-book");
  book.onchange = () => app.send({ type: "option", name: "book", value: String(book.checked) });
}

/** fullLevel is the full engine's level, the last the server offers (-1 for none). */
let fullLevel = -1;

/** newGameRequest is the New game form as a request. */
function newGameRequest() {
  const mode = select("mode").value;
  const tc = document.querySelector("input[name=tc]:checked");
  const clock = tc instanceof HTMLInputElement && tc.value === "clock";
  const limit = clock ? { minutes: Number(input("minutes").value), increment: Number(input("increment").value) } : { moveTime: Number(input("movetime").value) };
  /** @type {import("./types.js").Request} */
  const msg = { type: "new", mode: mode.startsWith("play") ? "play" : mode, engine: Number(select("engine").value || 0), limit, fromBoard: input("from-board").checked };
  if (mode.startsWith("play")) msg.color = mode.slice(5);
  const level = Number(select("level").value);
  if (mode.startsWith("play") && level < fullLevel) msg.level = level; // the full engine needs no level
  if (mode === "watch") { msg.white = Number(select("watch-white").value); msg.black = Number(select("watch-black").value); }
  return msg;
}

/** pdnText is the PDN panel's text. */
export function pdnText() { return /** @type {HTMLTextAreaElement} */ (byId("pdn")); }

/**
 * fillEngines offers the server's engines in the New game form.
 * @param {string[]} engines
 */
export function fillEngines(engines) {
  for (const id of ["engine", "watch-white", "watch-black"]) {
    select(id).replaceChildren(...engines.map((name, i) => new Option(name, String(i))));
  }
  if (engines.length > 1) select("watch-black").value = "1";
  showModeFields();
}

/**
 * fillLevels offers the server's levels in the New game form, the highest
 * first, the full engine chosen.
 * @param {import("./types.js").Level[]} levels
 */
export function fillLevels(levels) {
  fullLevel = levels.length - 1;
  const options = levels.map((lv, n) => {
    const text = n === fullLevel ? `${n} · full strength (Elo ${lv.elo})` : `${n} · Elo ${lv.elo}`;
    const option = new Option(text, String(n), n === fullLevel, n === fullLevel);
    option.title = lv.description;
    return option;
  });
  select("level").replaceChildren(...options.reverse());
  showModeFields();
}

/** showModeFields shows the New game fields of the mode chosen. */
function showModeFields() {
  const mode = select("mode").value;
  /**
   * @param {string} sel
   * @param {boolean} hidden
   */
  const hide = (sel, hidden) => document.querySelectorAll(sel).forEach((el) => { if (el instanceof HTMLElement) el.hidden = hidden; });
  hide(".for-play", mode === "watch");
  hide(".for-level", !mode.startsWith("play") || fullLevel < 0);
  hide(".for-watch", mode !== "watch");
  hide(".for-timed", mode === "analyse");
}

/**
 * offerDownload offers the PDN text as a file.
 * @param {string} text
 */
export function offerDownload(text) {
  const a = /** @type {HTMLAnchorElement} */ (byId("download"));
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pdn" }));
  a.hidden = false;
}
