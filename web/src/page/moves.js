// The board's moves and the move list: the board and its hooks (who may move, a
// promotion's choice), a move played, variations and "Back to the game", stepping
// through the line.
// Khun's web page. GPL-3.0-or-later, like the project.

import { Board, pieceArt } from "./board.js";
import { Sounds } from "./sound.js";
import { $, say } from "./util.js";
import { store } from "./store.js";
import { stateAt, countActionWords } from "./position.js";
import { t, sideName } from "./i18n.js";
import { shownSans, shownMove } from "./notation.js";

// Games where a promotion is a move of its own, which the player chooses (sittuyin): each
// promotion is offered, never played by the board alone (makruk's pawn just promotes).
const PROMOTION_CHOSEN = ["sittuyin"];

export const board = new Board($("board"), {
  move(from, to) {
    const s = store.state;
    const cands = canMoveNow() ? stateAt(s, s.cursor).legal.filter((m) => m.from === from && m.to === to) : [];
    if (cands.length > 1 || (cands.length === 1 && cands[0].promotion && PROMOTION_CHOSEN.includes(s.variant))) askPromotion(cands);
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
  if (st.end || S.annotating) return false;
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
  if (!S.playing && S.cursor < S.moves.length) {
    // Inside a game: its own next move just steps on; another move starts a variation,
    // and the game is kept to come back to ("Back to the game").
    if (S.moves[S.cursor] === uci) { goTo(S.cursor + 1); return; }
    store.act("enterVariation");
  }
  const ply = S.cursor;
  const m = stateAt(S, ply).legal.find((x) => x.uci === uci);
  if (!m) return;
  if (!S.playing && S.result) store.act("setResult", null); // a new line after the game
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
  if (!S.playing && st.end && !S.result) store.act("setResult", { result: st.end.result, reason: st.end.reason });
});

/** Back from a variation to the game it left, at the move where it left it. */
export function backToGame() {
  if (!store.state.mainline) return;
  say(() => t("say.backToGame"));
  store.act("backToGame");
}

export function goTo(ply) {
  if (board.editing) return; // the board shows the editor's position, not the line's
  const S = store.state;
  ply = Math.max(0, Math.min(S.moves.length, ply));
  if (ply === S.cursor) return;
  $("promotion").classList.add("hidden");
  store.act("goTo", ply);
}

export function renderMoves() {
  const S = store.state;
  const list = $("movelist");
  list.replaceChildren();
  const st0 = stateAt(S, 0);
  const f = st0.fen.split(/\s+/);
  let num = Number(f[f.length - 1]) || 1;
  let white = st0.turn === "white";
  const add = (cls, text) => {
    const li = document.createElement("li");
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    li.appendChild(span);
    list.appendChild(li);
  };
  // A players' count action: a line of its own after the move before it.
  let noted = false;
  const note = (ply) => {
    for (const a of S.countLog) {
      if (a.ply !== ply) continue;
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.className = "count-note";
      span.dataset.ply = String(ply);
      span.dataset.action = a.action;
      span.textContent = countActionWords(S, ply, a.action);
      li.appendChild(span);
      list.appendChild(li);
      noted = true;
    }
  };
  note(0);
  if (!white && S.sans.length) { add("num", `${num}.`); add("num", "…"); }
  const shown = shownSans(); // in the notation shown; S.sans stays SAN
  S.sans.forEach((_, i) => {
    const san = shown[i] || S.sans[i];
    if (white) add("num", `${num}.`);
    else if (noted && i > 0) { add("num", `${num}.`); add("num", "…"); }
    noted = false;
    const li = document.createElement("li");
    const b = document.createElement("button");
    const mark = S.marks[i] || "";
    b.textContent = san + mark;
    b.dataset.ply = String(i + 1);
    b.dataset.uci = S.moves[i];
    b.setAttribute("aria-label", t("moves.entry", { Side: sideName(white ? "white" : "black", true), n: num, san: `${san}${mark ? ` ${mark}` : ""}` }));
    if (mark) b.className = { "?!": "mark-inacc", "?": "mark-mist", "??": "mark-blund" }[mark];
    if (i + 1 === S.cursor) b.classList.add("current");
    b.addEventListener("click", () => goTo(i + 1));
    li.appendChild(b);
    list.appendChild(li);
    if (!white) num++;
    white = !white;
    note(i + 1);
  });
  // Keep the current move in sight by scrolling the list itself: scrollIntoView would
  // scroll the page too, and on a phone push the board off the screen.
  const cur = list.querySelector(".current");
  if (!cur) { list.scrollTop = 0; return; }
  const lr = list.getBoundingClientRect();
  const cr = cur.getBoundingClientRect();
  if (cr.top < lr.top) list.scrollTop -= lr.top - cr.top;
  else if (cr.bottom > lr.bottom) list.scrollTop += cr.bottom - lr.bottom;
}
