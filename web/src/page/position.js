// What the rules say about the line in the page's state: each position's state
// (`stateAt`), the players' count at any ply, the promoted pawns to draw, the endgame
// tables' verdicts, and a new line checked before it is shown (`readLine`). Functions of
// the state passed in; the rules' answers are remembered by the line they answer.
// Khun's web page. GPL-3.0-or-later, like the project.

import { placement } from "./board.js";
import { moveSquares } from "./drops.js";
import { t, sideName } from "./i18n.js";

/** The rules' answers kept, by line and count (a few hundred: a game and its variations). */
const ANSWERS_KEPT = 512;
const answers = new Map();

function remembered(key, ask) {
  if (answers.has(key)) {
    const v = answers.get(key);
    answers.delete(key); // most recent last
    answers.set(key, v);
    return v;
  }
  const v = ask();
  answers.set(key, v);
  if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value);
  return v;
}

/** The variant's facts from the rules' `variants` answer (the first variant for an unknown name). */
export function variantInfo(s, name = s.variant) {
  return s.variants.find((v) => v.name === name) || s.variants[0];
}

/** Whether players' counting can apply to `variant` (the rules' variant facts). */
export function playersCountable(s, variant) {
  const v = s.variants.find((x) => x.name === variant);
  return !!(v && v.playersCounting);
}

/** Whether the line shown is counted as players count. */
export function playersCounting(s) {
  return s.counting === "players" && playersCountable(s, s.variant);
}

/** The game ply of a FEN: 2 (move number - 1), + 1 with Black to move. */
export function gamePlyOf(fen) {
  const f = fen.trim().split(/\s+/);
  const full = Math.max(1, Number(f[f.length - 1]) || 1);
  return 2 * (full - 1) + (f[1] === "b" ? 1 : 0);
}

/**
 * pyffish's count_started at `ply` of a line: 0 under the automatic count; -1 with no
 * players' count running; N = the game ply where the counting side started it, + 1.
 * An action at `ply` (before that ply's move) counts. `before`: the count the line
 * starts with (a count started before its start position, as a puzzle's; -1: none).
 */
export function countStartedFrom(log, startPly, ply, before = -1) {
  let n = before;
  for (const a of log) if (a.ply <= ply) n = a.action === "start" ? startPly + a.ply + 1 : -1;
  return n;
}

export function countStartedAt(s, ply) {
  return playersCounting(s) ? countStartedFrom(s.countLog, s.startPly, ply, s.countBefore ?? -1) : 0;
}

/** The rules' state of the position at `ply` of the line (its count as the line counts it). */
export function stateAt(s, ply) {
  const countStarted = countStartedAt(s, ply);
  const moves = s.moves.slice(0, ply);
  return remembered(`${s.variant}|${s.startFen}|${moves.join(" ")}|${countStarted}`,
    () => s.rules.state(s.variant, s.startFen, moves, { countStarted }));
}

/**
 * The position at `ply` with the other side to move, no move played (what it threatens,
 * were it its turn): {fen, turn}; {skipped: "check"} where the side to move is in check
 * (the other side to move would leave a king in check); {skipped: "unavailable"} where
 * the rules refuse it or the other side would have no move; null at the game's end.
 */
export function threatPosition(s, ply) {
  const st = stateAt(s, ply);
  if (st.end) return null;
  if (st.check) return { skipped: "check" };
  const fields = st.fen.trim().split(/\s+/);
  fields[1] = fields[1] === "w" ? "b" : "w";
  const fen = fields.join(" ");
  try {
    const other = remembered(`${s.variant}|${fen}|threat`, () => s.rules.state(s.variant, fen, []));
    if (other.end || !other.legal.length) return { skipped: "unavailable" };
    return { fen: other.fen, turn: other.turn };
  } catch {
    return { skipped: "unavailable" };
  }
}

/**
 * A new line checked by the rules: {variant, startFen, startPly, moves, sans, counting,
 * countLog, end} (end: the rules' end of its last position, or null), players' counting only where the variant has it, the count's actions up to
 * the line's end. Throws on a bad FEN, move or count action (nothing changes then).
 */
export function readLine(s, variant, startFen, moves, counting, countLog = [], countBefore = -1) {
  const startPly = gamePlyOf(s.rules.state(variant, startFen, []).fen); // throws on a bad FEN
  const players = counting === "players" && playersCountable(s, variant);
  const log = players ? countLog.filter((a) => a.ply <= moves.length).map((a) => ({ ply: a.ply, action: a.action })) : [];
  const before = players ? countBefore : -1;
  // Each count action where the rules allow it (a link's, say, may hold any).
  log.forEach((a, i) => {
    const at = s.rules.state(variant, startFen, moves.slice(0, a.ply), { countStarted: countStartedFrom(log.slice(0, i), startPly, a.ply, before) });
    if (!(a.action === "start" ? at.mayStartCount : at.mayStopCount)) {
      // Worded as the rules' refusals are (refusalText): a code and its values.
      throw Object.assign(new Error(`count ${a.action} at ply ${a.ply}: not allowed there`), {
        code: a.action === "start" ? "countStartNotHere" : "countStopNotHere",
        params: { ply: a.ply, next: a.ply + 1 },
      });
    }
  });
  const countStarted = players ? countStartedFrom(log, startPly, moves.length, before) : 0;
  const st = s.rules.state(variant, startFen, moves, { countStarted }); // throws on a bad move
  return { variant, startFen, startPly, moves: moves.slice(), sans: st.sans.slice(), counting, countLog: log, countBefore: before, end: st.end || null };
}

/** Who acted on the count at `ply` and how, in words ("You start counting", "Khun stops counting", "White starts counting"). */
export function countActionWords(s, ply, action) {
  const side = (s.startPly + ply) % 2 === 0 ? "white" : "black";
  if (s.game && side === s.game.human) return t(`count.action.you.${action}`);
  const who = s.game ? t("count.actor.khun") : sideName(side, true);
  return t(`count.action.other.${action}`, { who });
}

/**
 * Squares that hold a promoted pawn at `ply`. The rules' FENs write a promoted pawn as a
 * met (M), so the page follows them from the start FEN's `~` marks and the promotions
 * among the moves, to draw them as promoted pawns (bia ngai).
 */
export function promotedSquares(s, ply) {
  const set = new Set();
  const v = variantInfo(s);
  const becomesMet = !!v.promotesTo && v.promotesTo.length === 1 && v.promotesTo[0] === "M";
  for (const [sq, p] of Object.entries(placement(s.startFen))) if (p.promoted) set.add(sq);
  for (let i = 0; i < ply; i++) {
    const { from, to, promotion } = moveSquares(s.moves[i]);
    const carried = from !== null && set.has(from);
    if (from) set.delete(from);
    set.delete(to);
    if (carried || (promotion === "m" && becomesMet)) set.add(to);
  }
  return set;
}

/** The position at `ply`'s key: the line to it and its count (what an analysis or a verdict is of). */
export function positionKey(s, ply) {
  return `${s.variant}|${s.startFen}|${s.moves.slice(0, ply).join(" ")}|${countStartedAt(s, ply)}`;
}

/**
 * The endgame table's verdict at `ply`: null (none), undefined (asked, not answered yet:
 * the page is drawn again when it is).
 */
export function tableAt(s, ply) {
  return s.tables.verdict(positionKey(s, ply), {
    variant: s.variant, fen: s.startFen, moves: s.moves.slice(0, ply), countStarted: countStartedAt(s, ply),
  });
}

/** The verdict at `ply`, once it is in. */
export function tableWhenReady(s, ply) {
  tableAt(s, ply);
  return s.tables.whenReady(positionKey(s, ply));
}

/** Whether the line shown is the main line (the game's), not a variation. */
export function onMainLine(s) {
  return s.path.every((i) => i === 0);
}

/** The main line's length in plies. */
export function mainLineLength(s) {
  let n = 0;
  for (let node = s.tree; node.children.length; node = node.children[0]) n++;
  return n;
}

/** The result shown with the line: the game's on its main line, none in a variation. */
export function lineResult(s) {
  return onMainLine(s) ? s.result : null;
}

/** The node of the tree at `ply` of the line shown (0: the start). */
export function nodeAtPly(s, ply) {
  let node = s.tree;
  for (let i = 0; i < ply && i < s.path.length; i++) node = node.children[s.path[i]];
  return node;
}

/**
 * The ranks a board shades as promotion ranks (makruk's 3 and 6): where a side's pawns
 * promote on one whole rank short of the last, that rank and the other side's; none
 * otherwise (ASEAN's last rank, sittuyin's diagonals: `promotionIsAMove`).
 */
export function promotionRanks(s) {
  const v = variantInfo(s);
  const squares = (v.promotionSquares && v.promotionSquares.white) || [];
  const ranks = [...new Set(squares.map((sq) => Number(sq.slice(1))))];
  if (ranks.length !== 1 || squares.length !== 8 || ranks[0] === 8) return [];
  return [9 - ranks[0], ranks[0]].sort();
}
