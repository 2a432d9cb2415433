// Men in hand and the moves that name squares (sittuyin): what a FEN's hand holds, the
// squares a UCI move touches (a drop `R@a1` has no square it leaves; a promotion in place
// `d5d5f` leaves and reaches one), where a man may be dropped in the set-up. Pure
// functions of text, with no page state, so node tests them (web/tests/drops.test.js).
// Khun's web page. GPL-3.0-or-later, like the project.

const FILES = "abcdefgh";

/** A FEN's placement without its hand: `8/8/.../8[KSSF...]` -> `8/8/.../8`. */
export function boardPart(fen) {
  return String(fen).trim().split(/\s+/)[0].replace(/\[.*$/, "");
}

/**
 * The men in hand a FEN holds, or null where it has no hand (`[...]`, as Fairy-Stockfish
 * writes sittuyin's): {white: [{letter, count}], black: [...]}, each side's men in the
 * order the FEN names them, their letters upper-case.
 */
export function handOf(fen) {
  const m = /\[([^\]]*)\]/.exec(String(fen).trim().split(/\s+/)[0]);
  if (!m) return null;
  const hand = { white: [], black: [] };
  for (const c of m[1]) {
    if (!/[A-Za-z]/.test(c)) continue;
    const side = c === c.toUpperCase() ? hand.white : hand.black;
    const letter = c.toUpperCase();
    const held = side.find((x) => x.letter === letter);
    if (held) held.count++;
    else side.push({ letter, count: 1 });
  }
  return hand;
}

/** How many men `hand` (handOf's) holds for both sides together. */
export function handSize(hand) {
  if (!hand) return 0;
  return [...hand.white, ...hand.black].reduce((n, x) => n + x.count, 0);
}

/**
 * The squares of a UCI move: {from, to, drop, promotion}. A drop (`R@a1`): from null, drop
 * the man's upper-case letter; a move: its two squares and the promotion's letter (or null).
 */
export function moveSquares(uci) {
  const d = /^([A-Za-z])@([a-h][1-8])$/.exec(uci || "");
  if (d) return { from: null, to: d[2], drop: d[1].toUpperCase(), promotion: null };
  return { from: uci.slice(0, 2), to: uci.slice(2, 4), drop: null, promotion: uci.length > 4 ? uci[4] : null };
}

/**
 * The last move's squares as the board marks them: [from, to], or one square for a drop
 * and for a promotion in place; null for no move.
 */
export function markedSquares(uci) {
  if (!uci) return null;
  const m = moveSquares(uci);
  return !m.from || m.from === m.to ? [m.to] : [m.from, m.to];
}

/**
 * Where a man of `white`'s could be dropped in sittuyin's set-up, for a drop chosen while
 * the other side thinks (a predrop): the empty squares of its own first three ranks, a
 * rook's on its first rank only. `occupied(square)` says whether a square holds a man now;
 * the rules check the drop when it is played.
 */
export function setUpSquares(letter, white, occupied) {
  const ranks = letter.toUpperCase() === "R" ? [1] : [1, 2, 3];
  const out = [];
  for (const r of ranks) {
    const rank = white ? r : 9 - r;
    for (const f of FILES) if (!occupied(f + rank)) out.push(f + rank);
  }
  return out;
}
