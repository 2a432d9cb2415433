// The board's moves and the move list: the board and its hooks (who may move, a
// promotion's choice), a move played, variations and "Back to the game", stepping
// through the line.
// Khun's web page. GPL-3.0-or-later, like the project.

import { Board, pieceArt } from "./board.js";
import { Sounds } from "./sound.js";
import { $, say } from "./util.js";
import { store } from "./store.js";
import { stateAt, countActionWords, onMainLine, nodeAtPly, variantInfo } from "./position.js";
import { t, sideName } from "./i18n.js";
import { shownTreeSans, shownMove } from "./notation.js";
import { puzzleBlocksMove } from "./puzzle-state.js";


export const board = new Board($("board"), {
  move(from, to) {
    const s = store.state;
    const cands = canMoveNow() ? stateAt(s, s.cursor).legal.filter((m) => m.from === from && m.to === to) : [];
    // A promotion that is a move of its own (sittuyin's) is offered, never played by the
    // board alone (makruk's pawn just promotes); several moves on one square ask which.
    const chosen = !!variantInfo(s).promotionIsAMove;
    if (cands.length > 1 || (cands.length === 1 && cands[0].promotion && chosen)) askPromotion(cands);
    else if (cands.length === 1) userMove(cands[0].uci);
    else board.redraw(); // not a move now: the pieces back where the rules have them
  },
  drop(letter, to) {
    const m = canMoveNow() ? stateAt(store.state, store.state.cursor).legal.find((x) => x.drop === letter && x.to === to) : null;
    if (m) userMove(m.uci);
    else board.redraw(); // not a drop now: the man back in the hand
  },
  promoteInPlace(square) {
    const cands = canMoveNow() ? stateAt(store.state, store.state.cursor).legal.filter((m) => m.from === square && m.to === square) : [];
    if (cands.length) askPromotion(cands);
  },
}, { top: $("hand-top"), bottom: $("hand-bottom") });

/**
 * What the board may move now: {movable: colour or null, dests: Map(from or "R@" for a
 * man in hand -> [to]), inPlace: squares whose pawn may promote where it stands,
 * premove: colour or null}.
 */
export function boardMoves() {
  const S = store.state;
  if (!S.rules) return { movable: null, dests: new Map(), inPlace: [], premove: null };
  const st = stateAt(S, S.cursor);
  if (!canMoveNow()) {
    // Khun thinking in a game against it: the player may premove.
    const premove = S.playing && !S.result && !st.end && S.cursor === S.moves.length && st.turn !== S.game.human
      ? S.game.human : null;
    return { movable: null, dests: new Map(), inPlace: [], premove };
  }
  const dests = new Map();
  const inPlace = [];
  for (const m of st.legal) {
    if (m.from === m.to) { inPlace.push(m.from); continue; }
    const from = m.drop ? `${m.drop}@` : m.from;
    if (!dests.has(from)) dests.set(from, []);
    if (!dests.get(from).includes(m.to)) dests.get(from).push(m.to);
  }
  return { movable: S.playing ? S.game.human : st.turn, dests, inPlace, premove: null };
}

export const sounds = new Sounds($("btn-sound"));

export function canMoveNow() {
  const S = store.state;
  if (!S.rules || board.editing) return false; // the editor's board is not the game's
  const st = stateAt(S, S.cursor);
  if (st.end || S.annotating || puzzleBlocksMove(S)) return false;
  if (S.playing) return S.cursor === S.moves.length && st.turn === S.game.human && !S.result;
  return true;
}

function askPromotion(cands) {
  const S = store.state;
  const box = $("promotion");
  box.replaceChildren();
  const white = stateAt(S, S.cursor).turn === "white";
  for (const m of cands) {
    const b = document.createElement("button");
    const letter = m.uci.length > 4 ? m.uci[4] : "m";
    const img = document.createElement("img");
    img.src = pieceArt({ letter: white ? letter.toUpperCase() : letter, white, promoted: false });
    img.alt = "";
    const shown = shownMove(S.cursor, m.uci);
    b.append(img, document.createTextNode(shown));
    b.setAttribute("aria-label", t("promotion.move", { san: shown }));
    b.dataset.uci = m.uci;
    b.addEventListener("click", () => { box.classList.add("hidden"); userMove(m.uci); });
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "✕";
  cancel.setAttribute("aria-label", t("promotion.cancel"));
  cancel.addEventListener("click", () => { box.classList.add("hidden"); board.redraw(); });
  box.appendChild(cancel);
  box.classList.remove("hidden");
  box.querySelector("button").focus();
}

export function userMove(uci) {
  if (!canMoveNow()) return;
  const S = store.state;
  // Inside a line: its own next move just steps on; another move starts a variation
  // (the line stays in the tree, "Back to the game" brings the main line back).
  if (!S.playing && S.cursor < S.moves.length && S.moves[S.cursor] === uci) { goTo(S.cursor + 1); return; }
  const ply = S.cursor;
  const m = stateAt(S, ply).legal.find((x) => x.uci === uci);
  if (!m) return;
  // The game's main line played on past its result: a new end, none yet.
  if (!S.playing && S.result && onMainLine(S) && ply === S.moves.length) store.act("setResult", null);
  // Written when said, so a switch of language says it again in the new one.
  say(() => t("say.youPlayed", { san: shownMove(ply, uci) }));
  store.act("playMove", ply, uci, m.san);
}

// After each move, yours or Khun's: its sound, and on a free board a line played to its
// end takes the rules' result (a game against Khun ends in play.js).
store.on("playMove", () => {
  const S = store.state;
  const st = stateAt(S, S.moves.length);
  const san = S.sans[S.moves.length - 1] || "";
  // The game's end has its own sound (the game's end, in a game against Khun).
  if (!st.end) sounds.play(st.check ? "check" : san.includes("x") ? "capture" : "move");
  else if (!S.playing) sounds.play("end");
  if (!S.playing && st.end && !S.result && onMainLine(S)) store.act("setResult", { result: st.end.result, reason: st.end.reason });
});

/** Back from a variation to the game it left, at the move where it left it. */
export function backToGame() {
  if (onMainLine(store.state)) return;
  say(() => t("say.backToGame"));
  store.act("backToGame");
}

/** The line through the move at `path` (in the move list), shown at that move. */
export function selectNode(path) {
  if (board.editing) return;
  $("promotion").classList.add("hidden");
  store.act("selectNode", path);
}

export function goTo(ply) {
  if (board.editing) return; // the board shows the editor's position, not the line's
  const S = store.state;
  ply = Math.max(0, Math.min(S.moves.length, ply));
  if (ply === S.cursor) return;
  $("promotion").classList.add("hidden");
  store.act("goTo", ply);
}

/** A PGN mark's glyph (NAG 1-6), or `$n` for the others. */
export function nagGlyph(n) {
  return ["", "!", "?", "!!", "??", "!?", "?!"][n] || `$${n}`;
}

/**
 * The move list: the game's main line in columns, and after a move its comment, the
 * variations from the position before it (in brackets, each a line of buttons, nested
 * as deep as they go) and the players' count actions, each on a row of its own. Every
 * move is a button that shows its line at it; the moves of the line shown carry their
 * ply (`data-ply`), every move its place in the tree (`data-path`).
 */
export function renderMoves() {
  const S = store.state;
  const list = $("movelist");
  list.replaceChildren();
  const st0 = stateAt(S, 0);
  const f = st0.fen.split(/\s+/);
  const firstNum = Number(f[f.length - 1]) || 1;
  const whiteFirst = st0.turn === "white";
  const shown = shownTreeSans();
  const current = S.path.slice(0, S.cursor).join(".");
  const onLine = (p) => p.length <= S.path.length && p.every((x, i) => x === S.path[i]);
  // Ply `ply`'s move number and side (ply 1: the start position's move).
  const numberOf = (ply) => firstNum + Math.floor((ply - 1 + (whiteFirst ? 0 : 1)) / 2);
  const whiteAt = (ply) => ((ply - 1) % 2 === 0) === whiteFirst;
  const moveButton = (node, p) => {
    const ply = p.length;
    const b = document.createElement("button");
    const text = shown.get(node) || node.san;
    const glyphs = node.nags.filter((n) => n >= 1 && n <= 6).map(nagGlyph).join("") || node.mark || "";
    b.textContent = text + glyphs;
    b.dataset.path = p.join(".");
    if (onLine(p)) b.dataset.ply = String(ply);
    b.dataset.uci = node.uci;
    const side = sideName(whiteAt(ply) ? "white" : "black", true);
    b.setAttribute("aria-label", t("moves.entry", { Side: side, n: numberOf(ply), san: `${text}${glyphs ? ` ${glyphs}` : ""}` }));
    const markClass = { "?!": "mark-inacc", "?": "mark-mist", "??": "mark-blund" }[glyphs];
    if (markClass) b.classList.add(markClass);
    if (p.join(".") === current && S.cursor === ply) b.classList.add("current");
    b.addEventListener("click", () => selectNode(p));
    return b;
  };
  const span = (cls, text) => {
    const e = document.createElement("span");
    e.className = cls;
    e.textContent = text;
    return e;
  };
  const row = (child) => {
    const li = document.createElement("li");
    li.appendChild(child);
    list.appendChild(li);
  };
  // The count actions at a position: a row each (the main line's) or inline (a variation's).
  const countNotes = (node, ply) => node.count.map((action) => {
    const e = span("count-note", countActionWords(S, ply, action));
    e.dataset.ply = String(ply);
    e.dataset.action = action;
    return e;
  });
  // A variation from `node` (at `p`), inline: its moves along their first replies, with
  // the variations inside it in brackets.
  const inline = (node, p) => {
    const box = span("variation", "");
    // Its tokens with a space between (read so by a screen reader too), in brackets.
    const parts = [];
    let first = true;
    for (let n = node, q = p; n; ) {
      const ply = q.length;
      if (whiteAt(ply)) parts.push(span("num", `${numberOf(ply)}.`));
      else if (first) parts.push(span("num", `${numberOf(ply)}…`));
      parts.push(moveButton(n, q));
      if (n.comment) parts.push(span("comment", n.comment));
      first = !!n.comment;
      const parent = nodeOf(q.slice(0, -1));
      for (let k = 1; q[q.length - 1] === 0 && k < parent.children.length; k++) {
        parts.push(inline(parent.children[k], q.slice(0, -1).concat(k)));
        first = true;
      }
      parts.push(...countNotes(n, ply));
      if (!n.children.length) break;
      n = n.children[0];
      q = q.concat(0);
    }
    box.append("(");
    parts.forEach((e, i) => box.append(...(i ? [" ", e] : [e])));
    box.append(")");
    return box;
  };
  const nodeOf = (p) => p.reduce((n, i) => n.children[i], S.tree);

  if (S.tree.comment) row(span("comment between", S.tree.comment));
  for (const note of countNotes(S.tree, 0)) row(note);
  let interrupted = !whiteFirst;
  let node = S.tree;
  let p = [];
  while (node.children.length) {
    const main = node.children[0];
    const mp = p.concat(0);
    const ply = mp.length;
    if (whiteAt(ply)) row(span("num", `${numberOf(ply)}.`));
    else if (interrupted) { row(span("num", `${numberOf(ply)}.`)); row(span("num", "…")); }
    row(moveButton(main, mp));
    // A row between White's move and Black's: Black's starts its own row again ("12. …").
    const between = [];
    if (main.comment) between.push(span("comment between", main.comment));
    if (node.children.length > 1) {
      const vars = span("variations between", "");
      for (let k = 1; k < node.children.length; k++) vars.append(inline(node.children[k], p.concat(k)));
      between.push(vars);
    }
    between.push(...countNotes(main, ply));
    for (const e of between) row(e);
    interrupted = between.length > 0;
    node = main;
    p = mp;
  }
  // Keep the current move in sight by scrolling the list itself: scrollIntoView would
  // scroll the page too, and on a phone push the board off the screen.
  const cur = list.querySelector(".current");
  if (!cur) { list.scrollTop = 0; return; }
  const lr = list.getBoundingClientRect();
  const cr = cur.getBoundingClientRect();
  if (cr.top < lr.top) list.scrollTop -= lr.top - cr.top;
  else if (cr.bottom > lr.bottom) list.scrollTop += cr.bottom - lr.bottom;
}

/**
 * The tools under the move list, outside a game against Khun: the move shown's mark (!,
 * ?, !!, ??, !?, ?!), its comment, "Make it the game's line" in a variation, and "Delete
 * from this move on".
 */
export function renderMoveTools() {
  const S = store.state;
  const box = $("move-tools");
  const free = !(S.playing && !S.result) && !board.editing && !S.annotating;
  box.classList.toggle("hidden", !free);
  if (!free) return;
  const node = nodeAtPly(S, S.cursor);
  for (const b of $("nag-buttons").querySelectorAll("button[data-nag]")) {
    b.disabled = S.cursor === 0;
    b.setAttribute("aria-pressed", String(node.nags.includes(Number(b.dataset.nag))));
  }
  $("btn-promote-line").classList.toggle("hidden", S.path.slice(0, S.cursor).every((i) => i === 0));
  $("btn-delete-from").disabled = S.cursor === 0;
  const comment = $("move-comment");
  if (document.activeElement !== comment) comment.value = node.comment;
}

/** The move tools' buttons and the comment box wired to their actions. */
export function wireMoveTools() {
  for (const b of $("nag-buttons").querySelectorAll("button[data-nag]")) {
    b.addEventListener("click", () => {
      const S = store.state;
      const nag = Number(b.dataset.nag);
      // One judgement of the move at a time (1-6), as lichess keeps them; other NAGs stay.
      const kept = nodeAtPly(S, S.cursor).nags.filter((n) => n > 6);
      store.act("setNags", S.cursor, nodeAtPly(S, S.cursor).nags.includes(nag) ? kept : [nag, ...kept]);
    });
  }
  $("btn-promote-line").addEventListener("click", () => {
    const S = store.state;
    // The deepest choice of a variation up to the move shown moves up one place each click, as on lichess.
    let ply = -1;
    S.path.slice(0, S.cursor).forEach((i, k) => { if (i !== 0) ply = k + 1; });
    if (ply > 0) store.act("promoteVariation", ply);
  });
  $("btn-delete-from").addEventListener("click", () => {
    const S = store.state;
    if (S.cursor > 0) store.act("deleteFrom", S.cursor);
  });
  $("move-comment").addEventListener("change", () => store.act("setComment", store.state.cursor, $("move-comment").value.trim()));
}
