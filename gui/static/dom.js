// Typed look-ups of the page's elements: each fails loudly when the page
// lacks the element, so that the rest of the script need not check.

/**
 * byId is the element of id.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

/**
 * typed is the element of id, which must be of class type.
 * @template {Element} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
export function typed(id, type) {
  const el = byId(id);
  if (!(el instanceof type)) throw new Error(`#${id} is not a ${type.name}`);
  return el;
}

/** @param {string} id */
export const button = (id) => typed(id, HTMLButtonElement);
/** @param {string} id */
export const input = (id) => typed(id, HTMLInputElement);
/** @param {string} id */
export const select = (id) => typed(id, HTMLSelectElement);

/**
 * status shows a line of news in the header, as an alert when it is an
 * error.
 * @param {string} text
 * @param {boolean} [error]
 */
export function status(text, error = false) {
  const el = byId("status");
  el.textContent = text;
  el.classList.toggle("error", error);
  el.setAttribute("role", error ? "alert" : "status");
}

/** @param {string} s */
export function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

/**
 * fmtScore is a score in men with its sign.
 * @param {number} s
 */
export function fmtScore(s) { return (s > 0 ? "+" : "") + s.toFixed(2); }

/**
 * row is a table row of cells; with onclick it is playable by click and
 * by Enter.
 * @param {string[]} cells
 * @param {(() => void) | null} onclick
 */
export function row(cells, onclick) {
  const tr = document.createElement("tr");
  for (const c of cells) { const td = document.createElement("td"); td.textContent = c; tr.append(td); }
  if (onclick) playable(tr, onclick);
  return tr;
}

/**
 * playable makes el act on a click and on Enter.
 * @param {HTMLElement} el
 * @param {() => void} action
 */
export function playable(el, action) {
  el.classList.add("playable");
  el.tabIndex = 0;
  el.onclick = action;
  el.onkeydown = (ev) => { if (ev.key === "Enter") action(); };
}
