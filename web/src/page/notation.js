// The notation the moves are shown in: standard SAN (`Se2`) or Thai SAN as
// Fairy-Stockfish writes it (`ค-จ๒`), asked of the rules (`rules.state(..., {notation})`).
// The setting follows the page's language until the player chooses one (then it is kept).
// The line's own SAN (S.sans) stays standard: the PGN export and the sounds read it.
// Khun's web page. GPL-3.0-or-later, like the project.

import { loadValue, saveValue } from "./keep.js";
import { language } from "./i18n.js";
import { store } from "./store.js";
import { stateAt, countStartedAt, playersCounting } from "./position.js";

const NOTATION_KEY = "khun.notation";
/** The notations offered, as the rules name them. */
export const NOTATIONS = ["san", "thaiSan"];

/** The notation shown: the player's choice, else Thai SAN on a page in Thai, else SAN. */
export function notation() {
  const chosen = loadValue(NOTATION_KEY);
  if (NOTATIONS.includes(chosen)) return chosen;
  return language() === "th" ? "thaiSan" : "san";
}

export function setNotation(value) {
  if (NOTATIONS.includes(value)) saveValue(NOTATION_KEY, value);
}

// The line's moves in Thai, kept for the line they were written for.
let cachedKey = "";
let cachedSans = [];

/**
 * The moves of the line on the board in the notation shown. Thai SAN is asked of the
 * rules for the whole line from its start, since a promoted pawn is named apart (ง) and
 * only the moves from the start say which mets were pawns.
 */
export function shownSans() {
  const S = store.state;
  if (notation() === "san" || !S.rules || !S.moves.length) return S.sans;
  const ply = S.moves.length;
  const countStarted = countStartedAt(S, ply);
  const key = `${S.variant}|${S.startFen}|${S.moves.join(" ")}|${countStarted}`;
  if (key !== cachedKey) {
    try {
      cachedSans = S.rules.state(S.variant, S.startFen, S.moves, { countStarted, notation: "thaiSan" }).sans;
    } catch {
      cachedSans = S.sans; // the rules refused the line (they did not before): SAN, as it is
    }
    cachedKey = key;
  }
  return cachedSans;
}

const THAI_FILES = "กขคงจฉชญ";
const THAI_DIGITS = "๐๑๒๓๔๕๖๗๘๙";

/** A square in the notation shown: `d5`, or `ง๕` as Thai notation (and the board's Thai coordinates) name it. */
export function shownSquare(square) {
  if (notation() === "san") return square;
  const file = THAI_FILES["abcdefgh".indexOf(square[0])];
  return file ? file + square.slice(1).replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]) : square;
}

// The tree's moves in Thai, kept for the tree they were written for.
let treeKey = "";
let treeSans = new Map();

/**
 * Every move of the tree (the game and its variations) in the notation shown: a map from
 * node to its text. Thai SAN is asked of the rules once per line from the start to each
 * of the tree's ends (a node not read so keeps its SAN).
 */
export function shownTreeSans() {
  const S = store.state;
  const out = new Map();
  const ends = [];
  const walk = (node, moves) => {
    if (node.uci) out.set(node, node.san);
    if (!node.children.length && moves.length) ends.push({ moves, node });
    node.children.forEach((c) => walk(c, moves.concat(c.uci)));
  };
  walk(S.tree, []);
  if (notation() === "san" || !S.rules) return out;
  const key = `${S.variant}|${S.startFen}|${ends.map((e) => e.moves.join(" ")).join("|")}`;
  if (key === treeKey && treeSans.size) {
    for (const [node, text] of [...out]) out.set(node, treeSans.get(node) || text);
    return out;
  }
  const byNode = new Map();
  for (const { moves } of ends) {
    let sans;
    try {
      sans = S.rules.state(S.variant, S.startFen, moves, { countStarted: playersCounting(S) ? -1 : 0, notation: "thaiSan" }).sans;
    } catch {
      continue; // the rules refuse this line (past the count's end): SAN, as it is
    }
    let node = S.tree;
    moves.forEach((uci, i) => {
      node = node.children.find((c) => c.uci === uci);
      if (!byNode.has(node)) byNode.set(node, sans[i]);
    });
  }
  treeKey = key;
  treeSans = byNode;
  for (const [node, text] of [...out]) out.set(node, byNode.get(node) || text);
  return out;
}

/** The move `uci` of the position at `ply` of the line, in the notation shown. */
export function shownMove(ply, uci) {
  if (notation() === "san") {
    const m = stateAt(store.state, ply).legal.find((x) => x.uci === uci);
    return m ? m.san : uci;
  }
  return movesAfter(ply, [uci])[0] || uci;
}

/**
 * The moves `ucis` played on from `ply` of the line (an engine's line), in the notation
 * shown; [] where the rules refuse them. SAN is asked from the position's FEN, as
 * before; Thai SAN from the line's start, for its promoted pawns.
 */
export function movesAfter(ply, ucis) {
  const S = store.state;
  try {
    if (notation() === "san") return S.rules.state(S.variant, stateAt(S, ply).fen, ucis).sans;
    const moves = S.moves.slice(0, ply).concat(ucis);
    return S.rules.state(S.variant, S.startFen, moves, { countStarted: countStartedAt(S, ply), notation: "thaiSan" }).sans.slice(ply);
  } catch {
    return [];
  }
}

/**
 * The moves `ucis` played from `fen` on its own (not a position of the line: the
 * analysis's threat), in the notation shown; [] where the rules refuse them. A promoted
 * pawn reads as a met there (a FEN does not say which mets were pawns).
 */
export function movesFrom(fen, ucis) {
  const S = store.state;
  try {
    return S.rules.state(S.variant, fen, ucis, notation() === "san" ? {} : { notation: "thaiSan" }).sans;
  } catch {
    return [];
  }
}

/**
 * A move typed in Thai notation (`จ๔`, `ม-ค๓`) at `ply` of the line: its UCI, or null.
 * The rules write each legal move in Thai SAN and the typed text is matched against them,
 * the check and mate marks and spaces left out.
 */
export function uciFromThai(ply, text) {
  // Western digits typed where Thai notation has Thai ones (จ4 for จ๔) are read as them.
  const plain = (s) => s.replace(/[+#\s]/g, "").replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]);
  const S = store.state;
  let legal = [];
  try {
    legal = S.rules.state(S.variant, S.startFen, S.moves.slice(0, ply), { countStarted: countStartedAt(S, ply), notation: "thaiSan" }).legal;
  } catch {
    return null;
  }
  const found = legal.find((m) => plain(m.san) === plain(text));
  return found ? found.uci : null;
}
