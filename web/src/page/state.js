// The line on the board and the game around it: one object, S, that the page's modules
// share (main.js fills in the rules and the engine), and what follows from it: each
// position's state, the players' count at any ply, the endgame tables' verdicts.
// Khun's web page. GPL-3.0-or-later, like the project.

import { placement } from "./board.js";
import { moveSquares } from "./drops.js";
import { HAND_COUNTED } from "./review.js";
import { $ } from "./util.js";
import { t, sideName } from "./i18n.js";
import { syncCountingSetting } from "./count.js";
import { render } from "./view.js";
import { board } from "./moves.js";

export const S = {
  rules: null,
  engine: null,
  variants: [],
  variant: "makruk",
  startFen: "",
  moves: [],
  sans: [],
  cache: [],
  tables: new Map(), // "variant|startFen|moves" -> table verdict (null: none)
  tableJobs: new Map(),
  tableId: 0,
  tableWorker: null,
  cursor: 0,
  playing: false, // a game against Khun is on: the board takes only your moves
  game: null,
  result: null, // {result, reason} of the game (play, PGN), shown beside the board
  tags: {},
  orientation: "white",
  analysing: false,
  analysis: { id: 0, lines: [], st: null, frame: 0 },
  evals: [], // per ply, from the review: {white: expected score for White, info}
  marks: [], // per move: "?!" | "?" | "??" | ""
  annotating: null,
  mainline: null, // the game a variation left: {moves, sans, evals, marks, result, cursor, countLog}
  engineVariant: null,
  // Counting: "automatic" (Fairy-Stockfish's count) or "players" (as players count: the
  // count is started and stopped by the players; makruk, makpong and cambodian only).
  counting: "automatic",
  // Under players' counting, what the players did with the count, in order: {ply, action}
  // ("start" | "stop"; ply: the moves played before it). The count at any ply follows.
  countLog: [],
  startPly: 0, // the game ply of the start position (from its FEN)
  engineCountStarted: 0, // the CountStarted the worker holds (nonzero: maybe, after its own choice)
};

export function variantInfo(name) {
  return S.variants.find((v) => v.name === name) || S.variants[0];
}

export function stateAt(ply) {
  if (!S.cache[ply]) {
    S.cache[ply] = S.rules.state(S.variant, S.startFen, S.moves.slice(0, ply), { countStarted: countStartedAt(ply) });
  }
  return S.cache[ply];
}

/** Whether the line shown is counted as players count. */
export function playersCounting() {
  return S.counting === "players" && HAND_COUNTED.includes(S.variant);
}

/** The game ply of a FEN: 2 (move number - 1), + 1 with Black to move. */
function gamePlyOf(fen) {
  const f = fen.trim().split(/\s+/);
  const full = Math.max(1, Number(f[f.length - 1]) || 1);
  return 2 * (full - 1) + (f[1] === "b" ? 1 : 0);
}

/**
 * pyffish's count_started at `ply` of a line: 0 under the automatic count; -1 with no
 * players' count running; N = the game ply where the counting side started it, + 1.
 * An action at `ply` (before that ply's move) counts.
 */
function countStartedFrom(log, startPly, ply) {
  let n = -1;
  for (const a of log) if (a.ply <= ply) n = a.action === "start" ? startPly + a.ply + 1 : -1;
  return n;
}

export function countStartedAt(ply) {
  return playersCounting() ? countStartedFrom(S.countLog, S.startPly, ply) : 0;
}

/** A new count action at `ply`: the states from there on change. */
export function logCountAction(ply, action) {
  S.countLog = S.countLog.filter((a) => a.ply <= ply);
  S.countLog.push({ ply, action });
  S.cache = S.cache.slice(0, ply);
}

/** Who acted on the count at `ply` and how, in words ("You start counting", "Khun stops counting", "White starts counting"). */
export function countActionWords(ply, action) {
  const side = (S.startPly + ply) % 2 === 0 ? "white" : "black";
  if (S.game && side === S.game.human) return t(`count.action.you.${action}`);
  const who = S.game ? t("count.actor.khun") : sideName(side, true);
  return t(`count.action.other.${action}`, { who });
}

/**
 * Shows a new line: `counting` ("automatic" / "players") and `countLog` (players' count
 * actions) with it. Throws on a bad FEN, move or count action, changing nothing.
 */
export function setLine(variant, startFen, moves, counting = S.counting, countLog = []) {
  const startPly = gamePlyOf(S.rules.state(variant, startFen, []).fen); // throws on a bad FEN
  const players = counting === "players" && HAND_COUNTED.includes(variant);
  const log = players ? countLog.filter((a) => a.ply <= moves.length) : [];
  const countStarted = players ? countStartedFrom(log, startPly, moves.length) : 0;
  const st = S.rules.state(variant, startFen, moves, { countStarted }); // throws on a bad move
  S.variant = variant;
  S.startFen = startFen;
  S.startPly = startPly;
  S.counting = counting;
  S.countLog = log;
  S.moves = moves.slice();
  S.sans = st.sans.slice();
  S.cache = [];
  S.cache[moves.length] = st;
  S.cursor = moves.length;
  S.evals = [];
  S.marks = [];
  S.mainline = null;
  if (!S.analysing) {
    // The last analysis was of another line: it goes with it.
    $("analysis-lines").replaceChildren();
    $("analysis-depth").textContent = "";
  }
  // Sittuyin's pawns promote on the two long diagonals of the far half, ASEAN's on the last rank.
  board.setPromotionRanks(variant === "asean" || variant === "sittuyin" ? [] : [3, 6], variant === "sittuyin");
  syncCountingSetting();
}

export function pushMove(uci) {
  const st = stateAt(S.cursor);
  const m = st.legal.find((x) => x.uci === uci);
  if (!m) throw new Error(`illegal move ${uci}`);
  S.moves = S.moves.slice(0, S.cursor);
  S.sans = S.sans.slice(0, S.cursor);
  S.countLog = S.countLog.filter((a) => a.ply <= S.cursor);
  S.cache = S.cache.slice(0, S.cursor + 1);
  S.evals = S.evals.slice(0, S.cursor + 1);
  S.marks = S.marks.slice(0, S.cursor);
  S.moves.push(uci);
  S.sans.push(m.san);
  S.cursor++;
  return m;
}

/**
 * Squares that hold a promoted pawn at `ply`. The rules' FENs write a promoted pawn as a
 * met (M), so the page follows them from the start FEN's `~` marks and the promotions
 * among the moves, to draw them as promoted pawns (bia ngai).
 */
export function promotedSquares(ply) {
  const set = new Set();
  for (const [sq, p] of Object.entries(placement(S.startFen))) if (p.promoted) set.add(sq);
  for (let i = 0; i < ply; i++) {
    const { from, to, promotion } = moveSquares(S.moves[i]);
    const carried = from !== null && set.has(from);
    if (from) set.delete(from);
    set.delete(to);
    if (carried || (promotion === "m" && S.variant !== "asean")) set.add(to);
  }
  return set;
}

/**
 * The endgame table's verdict at `ply`: null (none), undefined (asked, not answered yet).
 * Asked of page/table.worker.js, since a first probe of an ending can take a second.
 */
export function tableAt(ply) {
  const countStarted = countStartedAt(ply);
  const key = tableKey(ply);
  if (S.tables.has(key)) return S.tables.get(key);
  S.tables.set(key, undefined);
  if (!S.tableWorker) {
    S.tableWorker = new Worker("page/table.worker.js");
    S.tableWorker.onmessage = (e) => {
      const job = S.tableJobs.get(e.data.id);
      if (!job) return;
      S.tableJobs.delete(e.data.id);
      S.tables.set(job.key, e.data.table);
      for (const f of job.waiting) f(e.data.table);
      render();
    };
  }
  const id = ++S.tableId;
  const job = { key, waiting: [] };
  S.tableJobs.set(id, job);
  S.tableWorker.postMessage({ id, variant: S.variant, fen: S.startFen, moves: S.moves.slice(0, ply), countStarted });
  return undefined;
}

/** A table verdict's key: the line and the count (a table says what the count allows). */
function tableKey(ply) {
  return `${S.variant}|${S.startFen}|${S.moves.slice(0, ply).join(" ")}|${countStartedAt(ply)}`;
}

/** The verdict at `ply`, once it is in. */
export function tableWhenReady(ply) {
  const t = tableAt(ply);
  if (t !== undefined) return Promise.resolve(t);
  const key = tableKey(ply);
  for (const job of S.tableJobs.values()) {
    if (job.key === key) return new Promise((resolve) => job.waiting.push(resolve));
  }
  return Promise.resolve(null);
}
