// A FEN's placement field and the pieces on it, both ways. No imports but drops.js
// (itself import-free), so node tests and the guide's lessons use the same reader and
// writer as the board.

import { boardPart } from "./drops.js";

/** The files, a to h. */
export const FILES = "abcdefgh";

/** The pieces of a FEN's placement: {"e3": {letter:"P", white:true, promoted:false}, ...}; a hand (`[...]`) is not on the board. */
export function placement(fen) {
  const out = {};
  const rows = boardPart(fen).split("/");
  rows.forEach((row, ri) => {
    let file = 0;
    let last = null;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else if (c === "~") { if (last) last.promoted = true; }
      else {
        const sq = FILES[file] + (8 - ri);
        last = { letter: c, white: c === c.toUpperCase(), promoted: false };
        out[sq] = last;
        file++;
      }
    }
  });
  return out;
}

/** A placement ({square: {letter, promoted}}) as a FEN's first field, promoted pawns marked `~` as chessground reads them. */
export function placementFen(pieces) {
  const rows = [];
  for (let r = 8; r >= 1; r--) {
    let row = "";
    let empty = 0;
    for (const f of FILES) {
      const p = pieces[f + r];
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p.letter + (p.promoted ? "~" : "");
    }
    rows.push(row + (empty ? empty : ""));
  }
  return rows.join("/");
}
