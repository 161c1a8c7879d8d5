// The page of `dameo gui`: draws what the server sends and sends what the
// person does. The server is the referee: this script knows no rules; it
// offers the legal moves the server lists and matches clicks against their
// squares.

const $ = (id) => document.getElementById(id);
const FILES = "abcdefgh";
const NAMES = { w: "white man", W: "white king", b: "black man", B: "black king" };

const app = {
  ws: null, state: null, analysis: null, engines: [], tree: new Map(),
  flipped: false, entered: [], pressed: null, justSelected: false,
  editing: false, editBoard: null, clockAt: 0,
};
window.dameo = app; // for people and tests poking at the page
app.moves = () => mainLine().slice(1).map((n) => n.text); // the main line in notation

// ---- connection

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${location.search}`);
  app.ws = ws;
  ws.onopen = () => status("connected");
  ws.onclose = () => status("disconnected from the server; reload the page to reconnect", true);
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
}

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
}

function receive(msg) {
  switch (msg.type) {
    case "hello":
      app.engines = msg.engines; app.initial = msg.initial; fillEngines();
      if (msg.maxHash) $("opt-hash").max = msg.maxHash;
      if (msg.maxThreads) $("opt-threads").max = msg.maxThreads;
      openAddress(); break;
    case "state":
      if (!app.state || app.state.cursor !== msg.cursor) {
        app.analysis = keepAnalysis(msg);
        app.entered = []; // a selection belongs to its position
      }
      const prev = app.state, change = msg.tree ? treeChange(msg.tree, prev, msg) : null;
      if (msg.tree) applyTree(msg.tree);
      app.state = msg; app.clockAt = performance.now();
      if (change === "append") appendMove(node(msg.mainEnd));
      if (change === "update") updateMoves(msg.tree.nodes);
      render(change === "rebuild");
      writeAddress(); break;
    case "analysis": receiveAnalysis(msg); break;
    case "pdn":
      $("pdn").value = msg.text; offerDownload(msg.text);
      if (msg.final) { $("pdn-panel").open = true; status("game over; its PDN is in the PDN panel"); }
      break;
    case "error": status(msg.message, true); break;
  }
}

function status(text, error = false) {
  const el = $("status");
  el.textContent = text;
  el.classList.toggle("error", error);
  el.setAttribute("role", error ? "alert" : "status");
}

// ---- board

function squareName(file, rank) { return FILES[file] + (rank + 1); }
function boardIndex(sq) { return (8 - Number(sq.slice(1))) * 8 + FILES.indexOf(sq[0]); }

function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = app.flipped ? 7 - col : col, rank = app.flipped ? row : 7 - row;
      const b = document.createElement("button");
      b.className = "sq" + ((file + rank) % 2 === 0 ? " dark" : "");
      b.dataset.sq = squareName(file, rank);
      b.setAttribute("role", "gridcell");
      if (row === 7) b.insertAdjacentHTML("beforeend", `<span class="coord file">${FILES[file]}</span>`);
      if (col === 0) b.insertAdjacentHTML("beforeend", `<span class="coord rank">${rank + 1}</span>`);
      board.append(b);
    }
  }
}

function pieceAt(sq) {
  const board = app.editing ? app.editBoard.slice(1) : app.state.board;
  return board[boardIndex(sq)];
}

function render(treeChanged = true) {
  const st = app.state;
  if (!st) return;
  renderBoard();
  renderPlayers();
  if (treeChanged || !$("moves").querySelector(`[data-node="${st.cursor}"]`)) renderMoves(); else markCurrent();
  renderMoveActions();
  renderAnalysis();
  renderGraph();
  renderTables();
  renderBook();
  renderReview();
  if (document.activeElement !== $("position-text")) $("position-text").value = st.text;
  $("takeback").disabled = st.mode === "watch" || st.mainEnd === 0;
  $("pause").disabled = st.mode === "analyse" || !!st.result;
  $("pause").textContent = st.clock && st.clock.paused ? "Go on" : "Pause";
  $("resign").disabled = st.mode === "watch" || !!st.result;
  $("analyse").checked = st.analysing;
  $("analyse").disabled = st.mode === "watch";
  $("multipv").value = String(st.multipv);
  const who = st.thinking ? `${st.thinking} is thinking…` : st.legal.length ? `${cap(st.side)} to move` : "";
  if (!$("status").classList.contains("error") || st.thinking) status(st.result ? `${resultText(st.result)}: ${st.reason}` : who);
}

function cap(s) { return s[0].toUpperCase() + s.slice(1); }
function resultText(r) { return { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw" }[r] || r; }

function renderBoard() {
  const st = app.state;
  const cands = candidates();
  const k = app.entered.length;
  const last = !app.editing && st.last;
  for (const b of $("board").children) {
    const sq = b.dataset.sq, p = pieceAt(sq);
    b.querySelector(".piece")?.remove();
    b.classList.remove("last", "selected", "target", "dest", "taken-mark");
    if (p !== "e") {
      const piece = document.createElement("span");
      piece.className = `piece ${p.toLowerCase()}` + (p === "W" || p === "B" ? " king" : "");
      if (last && last.crowns && last.path.at(-1) === sq) piece.classList.add("crowned");
      b.append(piece);
    }
    if (last && last.path.includes(sq)) b.classList.add("last");
    if (last && last.captured && last.captured.includes(sq)) b.classList.add("taken-mark");
    if (k && app.entered.includes(sq)) b.classList.add("selected");
    if (k && cands.some((m) => m.path[k] === sq)) b.classList.add("target");
    if (k && cands.some((m) => m.path.at(-1) === sq && m.path.length > k + 1)) b.classList.add("dest");
    let label = `${sq}, ${NAMES[p] || "empty"}`;
    if (b.classList.contains("target") || b.classList.contains("dest")) label += ", legal destination";
    if (k && app.entered[0] === sq) label += ", selected";
    if (!app.editing && st.legal.some((m) => m.path[0] === sq)) label += ", can move";
    b.setAttribute("aria-label", label);
  }
  drawArrow();
}

function renderPlayers() {
  const st = app.state;
  const [top, bottom] = app.flipped ? ["white", "black"] : ["black", "white"];
  for (const [id, side] of [["top", top], ["bottom", bottom]]) {
    const el = $(id);
    el.querySelector(".name").textContent = `${side === "white" ? "○" : "●"} ${st[side]}`;
    const lost = st.lost[side === "white" ? 0 : 1];
    el.querySelector(".lost").textContent = lost > 0 ? `lost ${lost}` : "";
  }
  renderClocks();
}

function renderClocks() {
  const st = app.state;
  const [top, bottom] = app.flipped ? ["white", "black"] : ["black", "white"];
  for (const [id, side] of [["top", top], ["bottom", bottom]]) {
    const el = $(id).querySelector(".clock");
    if (!st || !st.clock) { el.textContent = ""; continue; }
    let t = st.clock[side];
    const running = st.clock.running === side && !st.clock.paused;
    const since = (performance.now() - app.clockAt) / 1000;
    if (running) t -= since;
    el.textContent = formatClock(t) + (st.clock.inc ? ` +${st.clock.inc}s` : "");
    el.classList.toggle("running", running);
    el.classList.toggle("flagged", t <= 0);
    const turn = $(id).querySelector(".turn");
    turn.textContent = running ? `this move ${(st.clock.turn + since).toFixed(1)} s` : st.clock.paused && st.clock.running === side ? "paused" : "";
  }
}

function formatClock(t) {
  t = Math.max(0, t);
  const m = Math.floor(t / 60), s = t - 60 * m;
  return t < 10 ? `${m}:${s.toFixed(1).padStart(4, "0")}` : `${m}:${String(Math.floor(s)).padStart(2, "0")}`;
}

// ---- move input

// candidates are the legal moves that go through the squares entered so far.
function candidates() {
  if (!app.state || app.editing) return [];
  return app.state.legal.filter((m) => app.entered.every((sq, i) => m.path[i] === sq));
}

function clickSquare(sq) {
  hideChoices();
  if (app.editing) return editSquare(sq);
  const legal = app.state.legal;
  const k = app.entered.length;
  if (k === 0 || (k === 1 && sq !== app.entered[0] && legal.some((m) => m.path[0] === sq) && !candidates().some((m) => m.path.at(-1) === sq))) {
    app.entered = legal.some((m) => m.path[0] === sq) ? [sq] : [];
    app.justSelected = app.entered.length > 0;
    return renderBoard();
  }
  if (sq === app.entered[k - 1]) { app.entered = []; return renderBoard(); }
  const cands = candidates();
  const next = cands.filter((m) => m.path[k] === sq);
  if (next.length) {
    app.entered = [...app.entered, sq];
    if (next.length === 1) return play(next[0]);
    return renderBoard();
  }
  const finals = cands.filter((m) => m.path.at(-1) === sq);
  if (finals.length === 1) return play(finals[0]);
  if (finals.length > 1) return showChoices(finals);
  app.entered = [];
  renderBoard();
}

function play(m) {
  app.entered = [];
  send({ type: "move", move: m.text });
  renderBoard();
}

function showChoices(moves) {
  const box = $("choices");
  box.querySelectorAll("button").forEach((b) => b.remove());
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.text;
    b.onclick = () => { hideChoices(); play(m); };
    box.append(b);
  }
  box.hidden = false;
}
function hideChoices() { $("choices").hidden = true; }

function setupBoardInput() {
  const board = $("board");
  board.addEventListener("click", (ev) => {
    const b = ev.target.closest(".sq");
    if (!b) return;
    if (app.justSelected && app.pressed === b.dataset.sq) { app.justSelected = false; return; }
    app.justSelected = false;
    clickSquare(b.dataset.sq);
  });
  // Dragging: press on a piece, release on a square.
  board.addEventListener("pointerdown", (ev) => {
    const b = ev.target.closest(".sq");
    app.pressed = b ? b.dataset.sq : null;
    app.justSelected = false;
    if (b && !app.editing && app.entered.length === 0 && app.state.legal.some((m) => m.path[0] === b.dataset.sq)) {
      clickSquare(b.dataset.sq);
      app.justSelected = true;
    }
  });
  board.addEventListener("pointerup", (ev) => {
    const el = document.elementFromPoint(ev.clientX, ev.clientY);
    const b = el && el.closest(".sq");
    if (b && app.pressed && b.dataset.sq !== app.pressed && app.entered.length) {
      app.justSelected = false;
      clickSquare(b.dataset.sq);
    }
  });
}

// ---- the move tree, navigation, graph

// treeChange is how the move list must follow a change of the tree:
// "append" for one move added at the end of the main line, "update" when
// only nodes' scores or marks changed, else "rebuild".
function treeChange(d, prev, st) {
  if (d.reset || (d.removed && d.removed.length) || !prev) return "rebuild";
  const nodes = d.nodes || [];
  const same = (n) => { const o = node(n.id); return o && o.text === n.text && String(o.children || []) === String(n.children || []); };
  if (nodes.every(same)) return "update";
  const added = nodes.filter((n) => !node(n.id));
  if (added.length === 1 && added[0].id === st.mainEnd && added[0].parent === prev.mainEnd &&
      nodes.every((n) => n === added[0] || same(n) || (n.id === prev.mainEnd && String(n.children) === String([added[0].id])))) return "append";
  return "rebuild";
}

// appendMove adds the main line's new last move to the move list.
function appendMove(n) {
  const box = $("moves");
  box.append(moveButton(n, !box.querySelector(".mv") || box.lastElementChild.classList.contains("variation") || box.lastElementChild.classList.contains("comment")));
  markCurrent();
}

// updateMoves redraws the buttons of nodes whose score or mark changed.
function updateMoves(nodes) {
  for (const n of nodes) {
    const b = $("moves").querySelector(`[data-node="${n.id}"]`);
    if (!b) continue;
    const fresh = moveButton(node(n.id), b.textContent.startsWith(n.number));
    if (b.classList.contains("current")) fresh.classList.add("current");
    b.replaceWith(fresh);
  }
}

// applyTree takes a change of the move tree from a state.
function applyTree(d) {
  if (d.reset) app.tree.clear();
  for (const id of d.removed || []) app.tree.delete(id);
  for (const n of d.nodes || []) app.tree.set(n.id, n);
}

function node(id) { return app.tree.get(id); }
function children(n) { return (n && n.children) || []; }

// pathTo is the nodes from the start's first move to id.
function pathTo(id) {
  const out = [];
  for (let n = node(id); n && n.parent >= 0; n = node(n.parent)) out.push(n);
  return out.reverse();
}

// mainLine is the start node and the main line's nodes after it.
function mainLine() {
  const out = [];
  for (let n = node(0); n; n = node(children(n)[0])) out.push(n);
  return out;
}

function moveButton(n, showNumber) {
  const b = document.createElement("button");
  b.className = "mv";
  const black = n.number.endsWith("...");
  const num = !black ? `${n.number}. ` : showNumber ? `${n.number} ` : "";
  b.textContent = num + n.text + (n.judgement || "");
  b.dataset.node = n.id;
  if (n.judgement) b.classList.add({ "?!": "inaccuracy", "?": "mistake", "??": "blunder" }[n.judgement]);
  const tip = [];
  if (n.eval !== undefined && n.eval !== null) tip.push(`score ${fmtScore(n.eval)}`);
  if (n.judgement) tip.push({ "?!": "inaccuracy", "?": "mistake", "??": "blunder" }[n.judgement]);
  if (n.spent) tip.push(`${n.spent.toFixed(1)} s`);
  if (tip.length) b.title = tip.join(", ");
  b.onclick = () => goTo(n.id);
  return b;
}

// renderLine draws the line from the first node given, with each move's
// variations after it; the main line is drawn in el, variations in nested
// blocks.
function renderLine(el, first, depth) {
  let showNumber = true;
  if (first.before) el.append(comment(first.before));
  for (let n = first; n; ) {
    el.append(moveButton(n, showNumber));
    showNumber = false;
    if (n.comment) { el.append(comment(n.comment)); showNumber = true; }
    const siblings = children(node(n.parent));
    if (siblings[0] === n.id && siblings.length > 1) {
      for (const id of siblings.slice(1)) {
        const v = document.createElement("div");
        v.className = "variation";
        v.style.setProperty("--depth", depth + 1);
        renderLine(v, node(id), depth + 1);
        el.append(v);
      }
      showNumber = true;
    }
    n = node(children(n)[0]);
  }
}

function comment(text) {
  const c = document.createElement("span");
  c.className = "comment";
  c.textContent = text;
  return c;
}

function renderMoves() {
  const box = $("moves");
  box.replaceChildren();
  const root = node(0), first = node(children(root)[0]);
  if (root && root.comment) box.append(comment(root.comment));
  if (first) renderLine(box, first, 0);
  markCurrent();
}

function markCurrent() {
  const st = app.state, box = $("moves");
  $("result").textContent = st.result ? `${st.result} — ${st.reason}` : "";
  box.querySelector(".current")?.classList.remove("current");
  const b = box.querySelector(`[data-node="${st.cursor}"]`);
  if (b) { b.classList.add("current"); b.scrollIntoView({ block: "nearest" }); }
  const cur = node(st.cursor);
  $("first").disabled = $("prev").disabled = st.cursor === 0;
  $("next").disabled = $("last").disabled = children(cur).length === 0;
}

function renderMoveActions() {
  const st = app.state;
  const inVariation = st.cursor !== 0 && !mainLine().some((n) => n.id === st.cursor);
  $("promote").disabled = st.mode !== "analyse" || !inVariation;
  $("delete").disabled = st.mode !== "analyse" || st.cursor === 0;
}

function goTo(id) {
  const st = app.state;
  if (st && id !== undefined && node(id) && id !== st.cursor) send({ type: "goto", node: id });
}

// step is the node the keyboard's arrows lead to from the cursor.
function step(key) {
  const cur = node(app.state.cursor);
  const parent = node(cur.parent);
  const siblings = children(parent), i = siblings.indexOf(cur.id);
  switch (key) {
    case "ArrowLeft": return cur.parent >= 0 ? cur.parent : undefined;
    case "ArrowRight": return children(cur)[0];
    case "ArrowUp": return i > 0 ? siblings[i - 1] : undefined;
    case "ArrowDown": return i >= 0 && i + 1 < siblings.length ? siblings[i + 1] : undefined;
    case "Home": return 0;
    case "End": { let n = cur; while (children(n).length) n = node(children(n)[0]); return n.id; }
  }
  return undefined;
}

function renderGraph() {
  const st = app.state, svg = $("graph");
  const line = mainLine();
  const n = Math.max(line.length - 1, 1), W = 400, H = 80;
  const x = (ply) => (ply / n) * W;
  const y = (v) => H / 2 - (Math.max(-4, Math.min(4, v)) / 4) * (H / 2 - 4);
  let d = "", marks = "";
  line.forEach((nd, ply) => {
    if (nd.eval !== undefined && nd.eval !== null) d += `${d ? "L" : "M"}${x(ply).toFixed(1)},${y(nd.eval).toFixed(1)}`;
    if (nd.judgement && nd.judgement !== "?!") marks += `<circle class="mark ${nd.judgement === "??" ? "blunder" : "mistake"}" cx="${x(ply).toFixed(1)}" cy="${y(nd.eval || 0).toFixed(1)}" r="3"/>`;
  });
  const cur = node(st.cursor);
  const cx = x(cur ? cur.ply : 0);
  svg.innerHTML = `<line class="zero" x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}"/>` +
    (d ? `<path class="line" d="${d}"/>` : "") + marks +
    `<line class="cursor" x1="${cx}" x2="${cx}" y1="0" y2="${H}"/>`;
}

function setupNavigation() {
  $("first").onclick = () => goTo(0);
  $("prev").onclick = () => goTo(step("ArrowLeft"));
  $("next").onclick = () => goTo(step("ArrowRight"));
  $("last").onclick = () => goTo(step("End"));
  $("flip").onclick = () => { app.flipped = !app.flipped; buildBoard(); render(); };
  $("takeback").onclick = () => send({ type: "takeback" });
  $("pause").onclick = () => send({ type: "pause", on: !(app.state.clock && app.state.clock.paused) });
  $("resign").onclick = () => { if (confirm("Resign this game?")) send({ type: "resign" }); };
  $("promote").onclick = () => send({ type: "promote", node: app.state.cursor });
  $("delete").onclick = () => send({ type: "delete", node: app.state.cursor });
  $("graph").addEventListener("click", (ev) => {
    const r = $("graph").getBoundingClientRect(), line = mainLine();
    const ply = Math.round(((ev.clientX - r.left) / r.width) * Math.max(line.length - 1, 1));
    goTo(line[Math.max(0, Math.min(line.length - 1, ply))].id);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select") || !app.state) return;
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(ev.key)) return;
    ev.preventDefault();
    goTo(step(ev.key));
  });
  $("copy-moves").onclick = async () => {
    const text = moveListText();
    try { await navigator.clipboard.writeText(text); status("move list copied"); }
    catch { $("pdn").value = text; $("pdn-panel").open = true; status("copy the move list from the PDN panel"); }
  };
}

// moveListText is the main line with move numbers: "1. c3-c4 f6-f5 2. ...".
function moveListText() {
  return mainLine().slice(1).map((n, i) => {
    const black = n.number.endsWith("...");
    return !black ? `${n.number}. ${n.text}` : i === 0 ? `${n.number} ${n.text}` : n.text;
  }).join(" ");
}

// ---- the address: the start position and the moves to the board's position

function writeAddress() {
  const st = app.state;
  const moves = pathTo(st.cursor).map((n) => n.text).join(",");
  const params = new URLSearchParams();
  if (st.start !== app.initial) params.set("start", st.start);
  if (moves) params.set("moves", moves);
  const hash = params.toString();
  if (("#" + hash) !== location.hash && (hash || location.hash)) history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
}

// openAddress opens the position of the address, once, when it has one.
function openAddress() {
  if (app.opened) return;
  app.opened = true;
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("start") && !params.has("moves")) return;
  const moves = (params.get("moves") || "").split(",").filter((m) => m);
  send({ type: "open", text: params.get("start") || "", moves });
}

// ---- analysis

function keepAnalysis(st) {
  const a = app.analysis;
  return a && a.node === st.cursor ? a : null;
}

function receiveAnalysis(msg) {
  const n = node(msg.node);
  if (app.state && n && msg.lines.length) {
    n.eval = msg.score;
    renderGraph();
  }
  app.analysis = msg;
  renderAnalysis();
  drawArrow();
}

function renderAnalysis() {
  const a = app.analysis, st = app.state;
  const here = a && st && a.node === st.cursor;
  $("info").textContent = a ? `${a.engine}: depth ${a.depth}, score ${fmtScore(a.score)}, ${a.nps.toFixed(2)} Mn/s, ${a.nodes} nodes` + (here ? "" : " (another position)") : "";
  const ol = $("pvs");
  ol.replaceChildren();
  for (const line of a ? a.lines : []) {
    const li = document.createElement("li");
    li.innerHTML = `<span class="score"></span><span class="pv"></span>`;
    li.querySelector(".score").textContent = fmtScore(line.score);
    li.querySelector(".pv").textContent = line.moves.join(" ");
    if (here && st.mode === "analyse" && line.moves.length) {
      li.className = "playable";
      li.title = "Play this line onto the board as a variation";
      li.tabIndex = 0;
      li.onclick = () => send({ type: "playline", moves: line.moves });
      li.onkeydown = (ev) => { if (ev.key === "Enter") li.onclick(); };
    }
    ol.append(li);
  }
}

function fmtScore(s) { return (s > 0 ? "+" : "") + s.toFixed(2); }

function drawArrow() {
  const a = app.analysis, st = app.state, arrow = $("arrow");
  if (!a || !a.arrow || !st || a.node !== st.cursor || app.editing) { arrow.setAttribute("hidden", ""); return; }
  const [from, to] = a.arrow.map(center);
  arrow.setAttribute("x1", from[0]); arrow.setAttribute("y1", from[1]);
  arrow.setAttribute("x2", to[0]); arrow.setAttribute("y2", to[1]);
  arrow.removeAttribute("hidden");
}

function center(sq) {
  const file = FILES.indexOf(sq[0]), rank = Number(sq.slice(1)) - 1;
  return app.flipped ? [7 - file + 0.5, rank + 0.5] : [file + 0.5, 7 - rank + 0.5];
}

function setupAnalysis() {
  $("review").onclick = () => send({ type: "review" });
  $("analyse").onchange = () => send({ type: "analyse", on: $("analyse").checked, multipv: Number($("multipv").value) });
  $("multipv").onchange = () => send({ type: "analyse", on: $("analyse").checked, multipv: Number($("multipv").value) });
}

// ---- knowledge: endgame tables, book, whole-game review

function row(cells, onclick) {
  const tr = document.createElement("tr");
  for (const c of cells) { const td = document.createElement("td"); td.textContent = c; tr.append(td); }
  if (onclick) { tr.className = "playable"; tr.tabIndex = 0; tr.onclick = onclick; tr.onkeydown = (ev) => { if (ev.key === "Enter") onclick(); }; }
  return tr;
}

function legalMove(text) { return app.state.legal.find((m) => m.text === text); }

function renderTables() {
  const st = app.state, v = st.tables, body = $("tables-moves").tBodies[0];
  $("tables-panel").hidden = !v;
  body.replaceChildren();
  if (!v) return;
  if (!v.covered) { $("tables-value").textContent = `not in the tables loaded (the largest hold positions of ${v.mostPieces} pieces)`; return; }
  $("tables-value").textContent = `${cap(st.side)} to move: ${v.value}`;
  $("tables-value").className = { 1: "win", 0: "draw", "-1": "loss" }[v.wdl];
  for (const m of v.moves || []) {
    const tr = row([m.move, m.value], legalMove(m.move) ? () => play(legalMove(m.move)) : null);
    tr.classList.add({ 1: "win", 0: "draw", "-1": "loss" }[m.wdl]);
    body.append(tr);
  }
}

function renderBook() {
  const v = app.state.book, body = $("book-moves").tBodies[0];
  $("book-panel").hidden = !v;
  body.replaceChildren();
  if (!v) return;
  $("book-info").textContent = v.moves.length ? `${v.moves.length} book moves (book of ${v.positions} positions; bold: the engine may play it)` : `not in the book (${v.positions} positions)`;
  for (const m of v.moves) {
    const tr = row([m.move, String(m.weight), `${m.share.toFixed(1)}%`, fmtScore(m.score)], legalMove(m.move) ? () => play(legalMove(m.move)) : null);
    if (m.playable) tr.classList.add("book-playable");
    body.append(tr);
  }
}

function renderReview() {
  const st = app.state, r = st.review;
  $("review").disabled = !app.engines.length || (st.mode !== "analyse" && !st.result) || (r && r.running);
  if (!r) { $("review-info").textContent = ""; return; }
  const [w, b] = r.marks;
  const marks = (m) => `${m[0]} inaccuracies, ${m[1]} mistakes, ${m[2]} blunders`;
  $("review-info").textContent = r.running ? `analysing ${r.done} of ${r.total} positions…` : `White: ${marks(w)}; Black: ${marks(b)}`;
}

// ---- new game, options

function fillEngines() {
  for (const id of ["engine", "watch-white", "watch-black"]) {
    const sel = $(id);
    sel.replaceChildren(...app.engines.map((name, i) => new Option(name, i)));
  }
  if (app.engines.length > 1) $("watch-black").value = "1";
  showModeFields();
}

function showModeFields() {
  const mode = $("mode").value;
  document.querySelectorAll(".for-play").forEach((el) => (el.hidden = mode === "watch"));
  document.querySelectorAll(".for-watch").forEach((el) => (el.hidden = mode !== "watch"));
  document.querySelectorAll(".for-timed").forEach((el) => (el.hidden = mode === "analyse"));
}

function setupForms() {
  $("mode").onchange = showModeFields;
  $("new-form").onsubmit = (ev) => {
    ev.preventDefault();
    const mode = $("mode").value;
    const clock = document.querySelector("input[name=tc]:checked").value === "clock";
    const limit = clock ? { minutes: Number($("minutes").value), increment: Number($("increment").value) } : { moveTime: Number($("movetime").value) };
    const msg = { type: "new", mode: mode.startsWith("play") ? "play" : mode, engine: Number($("engine").value || 0), limit, fromBoard: $("from-board").checked };
    if (mode.startsWith("play")) msg.color = mode.slice(5);
    if (mode === "watch") { msg.white = Number($("watch-white").value); msg.black = Number($("watch-black").value); }
    send(msg);
  };
  $("load-position").onclick = () => send({ type: "position", text: $("position-text").value.trim() });
  $("save-pdn").onclick = () => send({ type: "savepdn" });
  $("load-pdn").onclick = () => send({ type: "loadpdn", text: $("pdn").value });
  $("pdn-file").onchange = async () => {
    const f = $("pdn-file").files[0];
    if (!f) return;
    $("pdn").value = await f.text();
    send({ type: "loadpdn", text: $("pdn").value });
  };
  $("opt-threads").onchange = () => send({ type: "option", name: "threads", value: $("opt-threads").value });
  $("opt-hash").onchange = () => send({ type: "option", name: "hash", value: $("opt-hash").value });
  $("opt-book").onchange = () => send({ type: "option", name: "book", value: String($("opt-book").checked) });
}

function offerDownload(text) {
  const a = $("download");
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pdn" }));
  a.hidden = false;
}

// ---- position editor

function setupEditor() {
  $("edit").onclick = () => {
    app.editing = true;
    app.editBoard = (app.state.side === "white" ? "W" : "B") + app.state.board;
    $("edit-side").value = app.editBoard[0];
    $("editor").hidden = false;
    document.body.classList.add("editing");
    app.entered = [];
    renderBoard();
  };
  const stop = () => { app.editing = false; $("editor").hidden = true; document.body.classList.remove("editing"); render(); };
  $("edit-cancel").onclick = stop;
  $("edit-done").onclick = () => { app.editBoard = $("edit-side").value + app.editBoard.slice(1); send({ type: "position", text: app.editBoard }); stop(); };
  $("edit-clear").onclick = () => { app.editBoard = app.editBoard[0] + "e".repeat(64); renderBoard(); };
  $("edit-start").onclick = () => { app.editBoard = "W" + "bbbbbbbbebbbbbbeeebbbbee" + "e".repeat(16) + "eewwwweeewwwwwwewwwwwwww"; $("edit-side").value = "W"; renderBoard(); };
}

function editSquare(sq) {
  const piece = document.querySelector("input[name=piece]:checked").value;
  const i = boardIndex(sq) + 1;
  const current = app.editBoard[i];
  const put = current === piece ? "e" : piece;
  app.editBoard = app.editBoard.slice(0, i) + put + app.editBoard.slice(i + 1);
  renderBoard();
}

// ---- start

buildBoard();
setupBoardInput();
setupNavigation();
setupAnalysis();
setupForms();
setupEditor();
setInterval(renderClocks, 200);
connect();
