// The rules guide's lessons as data (the Learn tab's "Rules guide", guide.js): the
// position a man is shown on, the worked examples of the count (real lines, played by
// the rules), the facts of the relatives asked of the rules, and the sources each claim
// is cited to. No page state and no DOM: the rules are passed in (`rules`: khun.js's
// rules object, as the page's state holds it), so web/tests/guide.test.js checks every
// lesson under node. No move of a man is written here: its moves are the rules' answer
// for the position (`legal`), whatever the game.
// Khun's web page. GPL-3.0-or-later, like the project.

import { FILES, placement, placementFen } from "./placement.js";

/**
 * Where each claim comes from. `source`: the document (RULES.md and the seeds are in
 * ../shared, outside a clone: docs/rules-sources.md keeps each passage quoted here, under
 * a heading of the source's name; README.md is the repository's own); `section` its part;
 * `quote` the passage, verbatim.
 */
export const CITATIONS = {
  rulesBoard: { source: "RULES.md", section: "Board and pieces", quote: "one square diagonally, or one square straight forward (a shogi silver)" },
  rulesPromotion: { source: "RULES.md", section: "Board and pieces", quote: "Pawns promote, compulsorily and only to a met, on reaching the sixth rank" },
  rulesLeaps: { source: "RULES.md", section: "Board and pieces", quote: "a king's knight leap on its first move, a\nmet's two-square first move) belong to Cambodian ouk" },
  rulesNoPawn: { source: "RULES.md", section: "The counting rules", quote: "No count runs\nwhile **any unpromoted pawn is on the board** (either side)." },
  rulesBoardHonour: { source: "RULES.md", section: "The counting rules", quote: "Board's honour starts when no count runs yet, no pawn is left, S still has a piece\n   besides its king, and the other side is not a bare king: limit 128 plies (64\n   moves), counter 0." },
  rulesPieceHonour: { source: "RULES.md", section: "The counting rules", quote: "limit 2X plies, counter 2Y. So the stronger side has\n   X - Y moves: K+2R+N v K gives 8 - 5 = 3 moves." },
  rulesNoRecount: { source: "RULES.md", section: "The counting rules", quote: "A count, once running, is never recomputed: if the bare king later captures a rook,\n   the rook's limit stays." },
  rulesRunOut: { source: "RULES.md", section: "The counting rules", quote: "When the counter exceeds the limit the game is a\n   draw, unless the side to move is checkmated" },
  rulesPlayersStart: { source: "RULES.md", section: "Counting as players count", quote: "by the\n  side to move, before its move (that move is counted 1)" },
  rulesPlayersStop: { source: "RULES.md", section: "Counting as players count", quote: "The counting side may stop the count on its turn; a later count starts again from 1." },
  rulesPlayersPiece: { source: "RULES.md", section: "Counting as players count", quote: "The piece's honour is applied as pyffish applies it (automatically, whatever\n  `count_started` says)" },
  rulesAutomatic: { source: "RULES.md", section: "Counting as players count", quote: "The automatic count above stays the default everywhere: match runners and Fairy-Stockfish\nfrontends expect it." },
  seed001Promotion: { source: "seeds/001_93f78bf188c7c600.txt", section: "Bia - The Shell", quote: "they get promoted once they reach the sixth rank (promotion is mandatory)" },
  seed001Knight: { source: "seeds/001_93f78bf188c7c600.txt", section: "Ma - The Horse", quote: "It can jump over the other pieces and cannot be hindered along the way" },
  seed001BoardHonour: { source: "seeds/001_93f78bf188c7c600.txt", section: "Board's Honour counting rule", quote: "When neither side has any shells left (all are promoted or taken), the game must be finished within 64 moves, or it is declared a draw." },
  seed001Counter: { source: "seeds/001_93f78bf188c7c600.txt", section: "Board's Honour counting rule", quote: "Traditionally, the side who is in disadvantage is counting the moves, and is allowed to stop counting if he or she no longer feels at disadvantage." },
  seed001PieceHonour: { source: "seeds/001_93f78bf188c7c600.txt", section: "Piece's Honour counting rule", quote: "if White has King, two Boats and Horse versus one lone Black King, he must deliver mate in 8 (two Boats) - 5 (five pieces) = 3 moves" },
  seed001Draw: { source: "seeds/001_93f78bf188c7c600.txt", section: "Drawing the game", quote: "If the stronger player oversteps the number of moves allowed by the counting rule in place, the game is declared a draw." },
  seed002Leap: { source: "seeds/002_9c95da8d719da0b2.txt", section: "The game board and the pieces", quote: "Instead of the non-existent castling, the king can jump like a horse once in the game. Some variants allow the vizier to make a double move as the first move." },
  seed002Promoted: { source: "seeds/002_9c95da8d719da0b2.txt", section: "The board count", quote: "(The pawns who become viziers or \"Med\" do not count as pawns.)" },
  seed002StartsAt1: { source: "seeds/002_9c95da8d719da0b2.txt", section: "The board count", quote: "The count starts at 1." },
  seed003King: { source: "seeds/003_4cc9300bd1880988.txt", section: "Khun (King)", quote: "The Khun(King) can move one square in each direction." },
  seed003Met: { source: "seeds/003_4cc9300bd1880988.txt", section: "Met (Queen)", quote: "The Met (Queen) can move diagonally in every direction, but only one square." },
  seed003Rook: { source: "seeds/003_4cc9300bd1880988.txt", section: "Rua (Rook)", quote: "The Rua (Rook) can move and be used the same as world chess rook." },
  seed003Pawn: { source: "seeds/003_4cc9300bd1880988.txt", section: "Bia (Pawn)", quote: "The Bia (Pawn) can only move one square forward at a time (unlike the first move for world chess). When it takes another piece it does this diagonally." },
  seed003Board64: { source: "seeds/003_4cc9300bd1880988.txt", section: "Counting Rules", quote: "When neither side has any pawns left mate must be achieved in 64 moves." },
  seed003Stop: { source: "seeds/003_4cc9300bd1880988.txt", section: "Counting Rules", quote: "He or she may stop counting whenever he or she favors." },
  seed003NoRestart: { source: "seeds/003_4cc9300bd1880988.txt", section: "Counting Rules", quote: "If black captures a white rook, the count does not restart." },
  seed004Restart: { source: "seeds/004_6a0db20a27c595b2.txt", section: "Other rules", quote: "In which case he can can start a new count from scratch later." },
  seed004Leaps: { source: "seeds/004_6a0db20a27c595b2.txt", section: "Additional information", quote: "Last century, special first moves for king and queen were allowed" },
  familyTable: { source: "README.md", section: "The makruk family", quote: "Six relatives of makruk share its rules core; the rules are Fairy-Stockfish's" },
  familyCambodian: { source: "README.md", section: "The makruk family", quote: "The king's first move may be a leap two files sideways and one rank forward (`d1b2`, `d1f2`), not out of check, not a capture; the met's first move may be a leap two squares straight forward (`e1e3`), not a capture." },
  familyAiwok: { source: "README.md", section: "The makruk family", quote: "The met is replaced by the ai-wok (`A`), which moves as a rook, a knight or a met; pawns promote to it" },
  familyMakpong: { source: "README.md", section: "The makruk family", quote: "A king in check may not move, except to capture the checker." },
  familyKarouk: { source: "README.md", section: "The makruk family", quote: "Cambodian rules, and the first check wins." },
  familyCambodianCount: { source: "README.md", section: "The makruk family", quote: "the board's honour (63 moves) starts once the counting side is down to its king and two men; the piece's honour is makruk's table one move shorter" },
  familySittuyin: { source: "README.md", section: "The makruk family", quote: "Pawns never promote by stepping: promotion is a move of its own" },
  familyAsean: { source: "README.md", section: "The makruk family", quote: "pawns promote on the last rank to a rook, knight, khon or met" },
};

/** The citations of each man's move, by the rules' role names. */
export const MAN_CITES = {
  king: ["seed003King"],
  met: ["seed003Met"],
  khon: ["rulesBoard"],
  knight: ["seed001Knight"],
  rook: ["seed003Rook"],
  pawn: ["seed003Pawn"],
  aiwok: ["familyAiwok"],
};

/** The fields of a FEN. */
const fields = (fen) => String(fen).trim().split(/\s+/);

/** The start squares of White's men in `startFen`'s placement: {square: letter}. */
function startSquares(startFen) {
  const out = {};
  for (const [square, p] of Object.entries(placement(startFen))) if (p.white) out[square] = p.letter;
  return out;
}

/**
 * The rights a start FEN gives White's men to a first move of their own (Cambodian
 * chess's `DEde`: the files whose king or met may still leap), as {letter: square}:
 * the man on the right's file on White's first rank.
 */
export function firstMoveRights(variant) {
  const rights = fields(variant.startFen)[2] || "-";
  const start = startSquares(variant.startFen);
  const out = {};
  for (const r of rights) {
    if (r < "A" || r > "H") continue;
    const square = r.toLowerCase() + "1";
    if (start[square]) out[start[square]] = { square, right: r };
  }
  return out;
}

/** The letter of `role` in `variant` (its `pieces` facts), or null. */
export function letterOf(variant, role) {
  const p = variant.pieces.find((x) => x.role === role);
  return p ? p.letter : null;
}

const at = (square, dx, dy) => {
  const f = FILES.indexOf(square[0]) + dx;
  const r = Number(square[1]) + dy;
  return f >= 0 && f < 8 && r >= 1 && r <= 8 ? FILES[f] + r : null;
};


/**
 * The board a man is shown on, for `variant` (the rules' variant facts): the man
 * (White's), the two kings, a white pawn on a3 (so a lone king is not a drawn game), a
 * black pawn on h6 (so no count runs), and a black horse to capture where the man can
 * reach it (`TARGET`). The king and a man with a first-move right stand on their start
 * square with that right (firstMoveRights); a pawn stands one step short of its
 * promotion rank, or, where promotion is a move of its own, on its first promotion
 * square. Returns {fen, square} (the man's square) or null where the game has no such man.
 */
export function manBoard(variant, role) {
  const letter = letterOf(variant, role);
  if (!letter) return null;
  const rights = firstMoveRights(variant);
  const right = rights[letter] || null;
  let square = right ? right.square : "d4";
  if (role === "pawn") {
    const promo = variant.promotionSquares.white;
    square = variant.promotionIsAMove ? promo[0] : at(promo.find((s) => s[0] === "e") || promo[0], 0, -1);
  }
  const pieces = { a8: { letter: "k" }, h6: { letter: "p" }, a3: letter === "P" && square === "a3" ? null : { letter: "P" } };
  pieces[square] = { letter };
  if (role !== "king") pieces.h2 = { letter: "K" };
  const knight = letterOf(variant, "knight").toLowerCase();
  // A pawn that promotes as a move of its own (sittuyin) may not promote where its met
  // would attack a man: it gets no horse beside it, so its promotion can be tried.
  const target = role === "pawn" && variant.promotionIsAMove ? null : at(square, ...TARGET[role]);
  if (target && !pieces[target]) pieces[target] = { letter: knight };
  const f = fields(variant.startFen);
  const hand = variant.drops ? "[]" : "";
  const rest = f.slice(3);
  return { fen: [placementFen(pieces) + hand, "w", right ? right.right : "-", ...rest].join(" "), square };
}

// Where the black horse stands from the man, to be captured: a square its move reaches
// in every game (the rules' legal moves say whether it does; web/tests/guide.test.js
// checks each man can take it).
const TARGET = {
  king: [-1, 1], met: [1, 1], khon: [0, 1], knight: [1, 2], rook: [0, 3], aiwok: [0, 3], pawn: [-1, 1],
};

/**
 * A FEN with White to move again after White's move (the guide's board lets the player
 * move the same man on): null where the rules refuse it (Black left in check) or the
 * game is over.
 */
export function whiteAgain(rules, variant, fen) {
  const f = fields(fen);
  f[1] = "w";
  try {
    const st = rules.state(variant, f.join(" "), []);
    return st.end ? null : st.fen;
  } catch {
    return null;
  }
}

/**
 * What the rules say of a game, besides its variant facts, asked on two positions: can
 * a king in check step out of it (makpong's may not), and does a check win (Kar Ouk).
 * {kingStepsOutOfCheck, checkWins}.
 */
export function probeFacts(rules, variant) {
  const f = fields(variant.startFen);
  const fen = (placement) => [placement + (variant.drops ? "[]" : ""), "w", "-", ...f.slice(3)].join(" ");
  const rook = letterOf(variant, "rook");
  let kingStepsOutOfCheck = null;
  let checkWins = null;
  try {
    // The white king on e1 in check from a black boat on a1, three squares free around it.
    const st = rules.state(variant.name, fen(`k7/8/7p/8/8/8/P7/${rook.toLowerCase()}3K3`), []);
    kingStepsOutOfCheck = st.legal.some((m) => m.from === "e1");
  } catch { /* the question does not fit the game: left unsaid */ }
  try {
    // A white boat checks the black king.
    const st = rules.state(variant.name, fen(`k7/8/7p/8/8/8/P7/1${rook}2K3`), ["b1b8"]);
    checkWins = !!(st.end && st.end.kind === "check_win");
  } catch { /* as above */ }
  return { kingStepsOutOfCheck, checkWins };
}

/**
 * The worked examples of the count: each a real line (`fen`, `moves`, UCI) that the
 * rules play, counted automatically (`counting: "automatic"`, Fairy-Stockfish's) or as
 * players count (`countLog`: the players' Count and Stop, {ply, action}, as the page
 * keeps them), and the steps shown: a ply of the line, the words saying what happens
 * there (`words`, a key of guideWords.js) and their sources.
 */
export const COUNT_EXAMPLES = [
  {
    id: "honours",
    variant: "makruk",
    counting: "automatic",
    // White: king, two boats, a horse; Black: king, met, its last pawn.
    fen: "4k3/8/3m4/8/3p4/1N6/R7/R3K3 w - - 0 1",
    moves: ["b3d4", "d6c5", "a2a5", "e8e7", "a5c5", "e7d6", "e1f2", "d6c5", "f2f3", "c5d5", "f3f4", "d5d4"],
    countLog: [],
    steps: [
      { ply: 0, words: "guide.ex.honours.0", cites: ["rulesNoPawn", "seed001BoardHonour"] },
      { ply: 1, words: "guide.ex.honours.1", cites: ["rulesBoardHonour", "seed003Board64", "seed001Counter"] },
      { ply: 2, words: "guide.ex.honours.2", cites: ["seed002StartsAt1"] },
      { ply: 4, words: "guide.ex.honours.4", cites: ["rulesBoardHonour"] },
      { ply: 5, words: "guide.ex.honours.5", cites: ["rulesPieceHonour", "seed001PieceHonour"] },
      { ply: 8, words: "guide.ex.honours.8", cites: ["rulesNoRecount", "seed003NoRestart"] },
      { ply: 11, words: "guide.ex.honours.11", cites: ["rulesPieceHonour"] },
      { ply: 12, words: "guide.ex.honours.12", cites: ["rulesRunOut", "seed001Draw"] },
    ],
  },
  {
    id: "promotion",
    variant: "makruk",
    counting: "automatic",
    // White: king, boat, its last pawn a step from the sixth rank; Black: king, horse.
    fen: "kn6/8/8/4P3/8/8/8/4K2R w - - 0 1",
    moves: ["e5e6m", "b8c6", "h1h7", "c6e5", "e6d7"],
    countLog: [],
    steps: [
      { ply: 0, words: "guide.ex.promotion.0", cites: ["rulesPromotion", "rulesNoPawn"] },
      { ply: 1, words: "guide.ex.promotion.1", cites: ["seed001Promotion", "seed001BoardHonour", "seed002Promoted"] },
      { ply: 2, words: "guide.ex.promotion.2", cites: ["seed002StartsAt1"] },
      { ply: 5, words: "guide.ex.promotion.5", cites: ["rulesBoardHonour"] },
    ],
  },
  {
    id: "cambodian",
    variant: "cambodian",
    counting: "automatic",
    // White: king, two boats, a horse; Black: king, met, khon, horse (no first-move right).
    fen: "4k3/2s5/3m4/8/3n4/1N6/R7/R3K3 w - - 0 1",
    moves: ["b3d4", "d6c5", "a2a5", "c7b6", "a5c5", "b6c5", "d4b3", "e8d7", "b3c5", "d7d6"],
    countLog: [],
    steps: [
      { ply: 0, words: "guide.ex.cambodian.0", cites: ["familyCambodianCount"] },
      { ply: 1, words: "guide.ex.cambodian.1", cites: ["familyCambodianCount"] },
      { ply: 2, words: "guide.ex.cambodian.2", cites: ["familyCambodianCount"] },
      { ply: 9, words: "guide.ex.cambodian.9", cites: ["familyCambodianCount", "rulesPieceHonour"] },
      { ply: 10, words: "guide.ex.cambodian.10", cites: ["familyCambodianCount"] },
    ],
  },
  {
    id: "players",
    variant: "makruk",
    counting: "players",
    fen: "4k3/8/3m4/8/3p4/1N6/R7/R3K3 w - - 0 1",
    moves: ["b3d4", "d6c5", "a2a5", "e8e7", "a5a6", "e7d7", "a6c6", "d7e7", "c6c5", "e7d7"],
    // Black counts before its move at ply 1, stops at ply 5, counts again at ply 7.
    countLog: [{ ply: 1, action: "start" }, { ply: 5, action: "stop" }, { ply: 7, action: "start" }],
    steps: [
      { ply: 0, words: "guide.ex.players.0", cites: ["rulesAutomatic", "seed001Counter"] },
      { ply: 1, words: "guide.ex.players.1", cites: ["rulesPlayersStart", "seed001Counter"] },
      { ply: 2, words: "guide.ex.players.2", cites: ["rulesPlayersStart", "seed002StartsAt1"] },
      { ply: 5, words: "guide.ex.players.5", cites: ["seed003Stop", "rulesPlayersStop"] },
      { ply: 7, words: "guide.ex.players.7", cites: ["seed004Restart", "rulesPlayersStop"] },
      { ply: 8, words: "guide.ex.players.8", cites: ["rulesPlayersStop"] },
      { ply: 9, words: "guide.ex.players.9", cites: ["rulesPlayersPiece", "seed001PieceHonour"] },
    ],
  },
];

/**
 * pyffish's count_started at `ply` of an example (its start at game ply 0): 0 under the
 * automatic count, else -1 with no count running, N = the ply it was started at + 1.
 */
export function exampleCountStarted(example, ply) {
  if (example.counting !== "players") return 0;
  let n = -1;
  for (const a of example.countLog) if (a.ply <= ply) n = a.action === "start" ? a.ply + 1 : -1;
  return n;
}

/** The rules' state at a step of an example (its position, count and legal moves). */
export function exampleState(rules, example, ply) {
  return rules.state(example.variant, example.fen, example.moves.slice(0, ply), { countStarted: exampleCountStarted(example, ply) });
}
