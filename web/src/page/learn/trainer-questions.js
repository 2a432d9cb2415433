// The counting trainer's questions about one position, each with the answer the rules
// give (`rules.state`: its `count`, `mayStartCount`, `playersCount`), never one of our own:
// which honour applies, who counts, how many moves are left, at which move the count ends,
// what a move does to the count, and, where players count (the rules' variant facts),
// whether the side to move may start it, up to what number, and what its own mate is then.
// With each answer, why: the facts it follows from (keys into trainer-words.js, with
// their values), and the section of ../shared/RULES.md that says so. No page state: the
// rules and the variant's facts are passed in (web/tests/test_trainer.py checks every
// shipped position's answers against pyffish).
// Khun's web page. GPL-3.0-or-later, like the project.

/** The count's conventions: Fairy-Stockfish's automatic count, and the players' (RULES.md). */
export const AUTOMATIC = "automatic";
export const PLAYERS = "players";

/** The answers a choice question offers, by kind (a number question has none). */
export const CHOICES = {
  honour: ["board", "piece", "none"],
  counting: ["white", "black"],
  after: ["none", "startsBoard", "startsPiece", "continues", "replaced"],
  playersMayStart: ["yes", "no"],
  playersMate: ["win", "draw"],
};

const other = (c) => (c === "white" ? "black" : "white");

/** The men on the board of each side, kings first: {white: ["K", "R"], black: ["k"]}. */
export function menOf(fen) {
  const board = fen.split(" ")[0].replace(/\[.*\]/, "");
  const men = { white: [], black: [] };
  for (const c of board) if (/[a-zA-Z]/.test(c)) men[c === c.toUpperCase() ? "white" : "black"].push(c.toUpperCase());
  const order = "KRSNMFAP"; // why: the order the piece's-honour table reads them, kings first
  for (const side of ["white", "black"]) men[side].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return men;
}

/** Unpromoted pawns on the board (a promoted pawn is written as a met). */
export function pawnsOf(fen) {
  return menOf(fen).white.concat(menOf(fen).black).filter((m) => m === "P").length;
}

/** The side with only its king while the other has more, or null. */
function bareSide(fen) {
  const men = menOf(fen);
  for (const side of ["white", "black"]) if (men[side].length === 1 && men[other(side)].length > 1) return side;
  return null;
}

/** The game ply of a FEN: 2 (move number - 1), + 1 with Black to move. */
function gamePly(fen) {
  const f = fen.trim().split(/\s+/);
  return 2 * (Math.max(1, Number(f[f.length - 1]) || 1) - 1) + (f[1] === "b" ? 1 : 0);
}

/** The FEN with no count running (its limit `-`, its count 0: the fourth field and the one before the move number). */
export function withoutCount(fen) {
  const f = fen.trim().split(/\s+/);
  if (f.length >= 6) { f[3] = "-"; f[f.length - 2] = "0"; }
  return f.join(" ");
}

/**
 * The record's move number of `side`'s `k`-th move from the position `fen` (its full-move
 * number and side to move): the first is this move if `side` is to move, else the next
 * one of `side`'s.
 */
export function moveNumberOf(fen, side, k) {
  const f = fen.trim().split(/\s+/);
  const full = Math.max(1, Number(f[f.length - 1]) || 1);
  const turn = f[1] === "b" ? "black" : "white";
  const first = side === turn ? full : side === "black" ? full : full + 1;
  return first + k - 1;
}

/** What a move does to the count: from the rules' count before it and after it. */
export function countChange(before, after) {
  if (!before && !after) return "none";
  if (!before) return after.honour === "piece" ? "startsPiece" : "startsBoard";
  if (!after) return "stops";
  if (after.limit === before.limit && after.honour === before.honour && after.ply === before.ply + 1) return "continues";
  return before.honour === "board" && after.honour === "piece" ? "replaced" : "restarts";
}

/** The facts every explanation starts from: the men on the board. */
function menFact(fen) {
  const men = menOf(fen);
  return { key: "why.men", params: { white: men.white, black: men.black, n: men.white.length + men.black.length } };
}

/** Why the count is what it is at `st` (the rules' state of `fen`). */
function honourFacts(fen, st) {
  const facts = [menFact(fen)];
  const pawns = pawnsOf(fen);
  const c = st.count;
  if (!c) {
    // With pawns on the board: makruk's rule (no count while a pawn is left) where a side
    // is down to its king and two men (the Cambodian rule would count there); else only
    // what is true under both rules.
    const men = menOf(fen);
    const few = Math.min(men.white.length, men.black.length) <= 3;
    if (pawns > 0) facts.push(few ? { key: "why.pawns", params: { n: pawns }, cite: "counting" } : { key: "why.pawnsMen", params: { n: pawns } });
    else if (!bareSide(fen)) facts.push({ key: "why.onlyBare", params: {}, cite: "counting" });
    else facts.push({ key: "why.noneHere", params: {}, cite: "counting" });
    return facts;
  }
  if (c.honour === "piece") {
    facts.push({ key: "why.piece", params: { Bare: c.counting, Strong: c.mating, of: c.of }, cite: "rule2" });
  } else {
    facts.push({ key: "why.board", params: { of: c.of }, cite: "rule1" });
  }
  if (pawns > 0) facts.push({ key: "why.countWithPawns", params: { n: pawns }, cite: "cambodian" });
  return facts;
}

function countFacts(st) {
  const c = st.count;
  return { key: "why.count", params: { ply: c.ply, limit: c.limit, Counting: c.counting, number: c.number, of: c.of } };
}

/** The questions on the position `fen` as the rules' state `st` has it (`at`: before or after the move). */
function positionQuestions(fen, st, at, opts) {
  const qs = [];
  const c = st.count;
  if (opts.honour) {
    qs.push({ kind: "honour", convention: AUTOMATIC, at, expected: c ? c.honour : "none", why: honourFacts(fen, st) });
  }
  if (!c) return qs;
  const whoWhy = c.honour === "piece"
    ? { key: "why.whoPiece", params: { Counting: c.counting, Mating: c.mating }, cite: "rule2" }
    : { key: "why.whoBoard", params: { Counting: c.counting, Mating: c.mating }, cite: "rule1" };
  if (opts.counting) qs.push({ kind: "counting", convention: AUTOMATIC, at, expected: c.counting, why: [menFact(fen), whoWhy] });
  if (c.exceeded || !c.movesLeft) return qs;
  const leftWhy = [countFacts(st), { key: "why.left", params: { Mating: c.mating, n: c.movesLeft, limit: c.limit }, cite: "rule5" }];
  qs.push({ kind: "movesLeft", convention: AUTOMATIC, at, expected: c.movesLeft, params: { Mating: c.mating }, why: leftWhy });
  if (opts.lastMove) {
    const first = moveNumberOf(st.fen, c.mating, 1);
    const last = moveNumberOf(st.fen, c.mating, c.movesLeft);
    qs.push({
      kind: "lastMove", convention: AUTOMATIC, at, expected: last, params: { Mating: c.mating },
      why: [countFacts(st), { key: "why.lastMove", params: { Mating: c.mating, n: c.movesLeft, first, last, limit: c.limit }, cite: "rule5" }],
    });
  }
  return qs;
}

/** What the move does to the count, asked with the position before it shown and the move named. */
function afterQuestion(fen, before, after, p) {
  const change = countChange(before.count, after.count);
  const a = after.count;
  const why = [menFact(after.fen)];
  const params = { san: p.san };
  if (change === "none") why.push({ key: "why.afterNone", params: { san: p.san, n: pawnsOf(after.fen) }, cite: "counting" });
  else if (change === "startsBoard" && pawnsOf(after.fen) > 0) {
    // A count with pawns on the board: the Cambodian rule (the counting side down to its king and two men).
    why.push({ key: "why.afterStartsBoardPawns", params: { san: p.san, n: pawnsOf(after.fen), ply: a.ply, limit: a.limit, of: a.of, Counting: a.counting }, cite: "cambodian" });
  } else if (change === "startsBoard") why.push({ key: "why.afterStartsBoard", params: { san: p.san, ply: a.ply, limit: a.limit, of: a.of, Counting: a.counting }, cite: "rule1" });
  else if (change === "startsPiece" || change === "replaced") {
    why.push({ key: change === "replaced" ? "why.afterReplaced" : "why.afterStartsPiece", params: { san: p.san, Bare: a.counting, ply: a.ply, limit: a.limit, of: a.of }, cite: "rule2" });
    const men = menOf(after.fen);
    const y = men.white.length + men.black.length;
    if (a.ply === 2 * y) why.push({ key: "why.twiceMen", params: { n: y, ply: a.ply }, cite: "rule2" });
    else if (a.ply === 2 * y - 1) why.push({ key: "why.twiceMenLess", params: { n: y, ply: a.ply }, cite: "rule3" });
    else if (a.ply === 0) why.push({ key: "why.fromZero", params: { n: y }, cite: "asean" });
  } else if (change === "continues") why.push({ key: "why.afterContinues", params: { san: p.san, from: before.count.ply, ply: a.ply, limit: a.limit }, cite: "rule4" });
  else why.push({ key: "why.afterOther", params: { san: p.san }, cite: "counting" });
  return { kind: "after", convention: AUTOMATIC, at: "before", expected: change, params, why };
}

/**
 * The players' questions (their convention, where the rules' variant facts say players
 * count): may the side to move start the board's honour here, with no count started; up
 * to what number; and is its own mate then a win. Asked where the automatic count would
 * run the board's honour or none (the piece's honour is the same in both).
 */
function playersQuestions(rules, variant, fen, st) {
  if (st.count && st.count.honour === "piece") return [];
  const free = withoutCount(fen);
  const open = rules.state(variant, free, [], { countStarted: -1 });
  if (open.end) return [];
  const side = open.turn;
  const qs = [];
  const mayWhy = [menFact(fen)];
  if (open.mayStartCount) mayWhy.push({ key: "why.playersMay", params: { Side: side }, cite: "players" });
  else if (pawnsOf(fen) > 0) mayWhy.push({ key: "why.playersPawns", params: { n: pawnsOf(fen) }, cite: "players" });
  else mayWhy.push({ key: "why.playersNot", params: { Side: side }, cite: "players" });
  qs.push({ kind: "playersMayStart", convention: PLAYERS, at: "before", expected: open.mayStartCount ? "yes" : "no", params: { Side: side }, why: mayWhy, fen: free });
  if (!open.mayStartCount) return qs;
  // Started now, before this move (counted 1): the rules' count after one move of it.
  const started = gamePly(open.fen) + 1;
  const move = open.legal.map((m) => m.uci).find((uci) => {
    const s = rules.state(variant, free, [uci], { countStarted: started });
    return !s.end && s.count && s.count.honour === "board";
  });
  if (!move) return qs;
  const counted = rules.state(variant, free, [move], { countStarted: started });
  const of = counted.playersCount ? counted.playersCount.of : counted.count.of;
  qs.push({
    kind: "playersLength", convention: PLAYERS, at: "before", expected: of, params: { Side: side }, fen: free,
    why: [{ key: "why.playersLength", params: { Side: side, of, limit: counted.count.limit }, cite: "players" }],
  });
  qs.push({
    kind: "playersMate", convention: PLAYERS, at: "before", expected: counted.count.byPlayers ? "draw" : "win", params: { Side: side }, fen: free,
    why: [{ key: counted.count.byPlayers ? "why.playersMateDraw" : "why.playersMateWin", params: { Side: side }, cite: "players" }],
  });
  return qs;
}

/**
 * Every question on a trainer position `p` ({variant, fen, move, san, event}), in the
 * order they are asked: the position before the move, what the move does, the position
 * after it, then as players count. `facts`: the variant's (the rules' `variants` entry).
 * Each question: {kind, convention, at ("before" | "after"), expected, params, why: [{key,
 * params, cite}], fen (the position shown), choices (or none: a number)}.
 */
export function questionsFor(rules, facts, p) {
  const before = rules.state(p.variant, p.fen, []);
  const qs = [];
  const running = p.event === "running";
  qs.push(...positionQuestions(p.fen, before, "before", { honour: true, counting: !p.move || running, lastMove: running }));
  if (p.move) {
    const after = rules.state(p.variant, p.fen, [p.move]);
    qs.push(afterQuestion(p.fen, before, after, p));
    const change = countChange(before.count, after.count);
    // After the move, ask again where the count changed: who counts now, how many moves are left.
    if (change !== "none" && change !== "continues") qs.push(...positionQuestions(after.fen, after, "after", { honour: false, counting: true, lastMove: false }));
    else if (change === "continues") qs.push(...positionQuestions(after.fen, after, "after", { honour: false, counting: false, lastMove: false }));
  }
  if (facts && facts.playersCounting) qs.push(...playersQuestions(rules, p.variant, p.fen, before));
  for (const q of qs) {
    q.fen = q.fen || (q.at === "after" ? rules.state(p.variant, p.fen, [p.move]).fen : before.fen);
    if (CHOICES[q.kind]) {
      q.choices = CHOICES[q.kind].slice();
      if (!q.choices.includes(q.expected)) q.choices.push(q.expected);
    }
  }
  return qs;
}

/** Whether `given` is the answer to `q` (a number question reads ๐-๙ too). */
export function isRight(q, given) {
  if (q.choices) return given === q.expected;
  const digits = String(given).trim().replace(/[๐-๙]/g, (d) => String("๐๑๒๓๔๕๖๗๘๙".indexOf(d)));
  return /^\d+$/.test(digits) && Number(digits) === q.expected;
}
