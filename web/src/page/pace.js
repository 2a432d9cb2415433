// Khun's pace in a game against it: how long it takes over a move (the Play tab's
// "Khun's pace"). Pure functions of the level, the clock and the position's facts: no
// page, no state (web/tests/pace.test.js tests them under node).
//
// - "instant": a short search (INSTANT_MS), the move shown as soon as it is found.
// - "human": as long as a player of its level would take: a share of the time a move
//   has on this clock (more for a stronger level), short in the opening and for a
//   forced move or a recapture, longer in the middlegame and where there is much to
//   choose from, varied from move to move, never more than a sane share of what is
//   left. The engine searches at `go movetime` that long and the page shows the move
//   once that time has passed (a weak level's search is over in a moment; its clock
//   runs meanwhile, as a player's does).
// - "clock": the whole clock, as the engine's own time management spends it (`go wtime
//   btime winc binc`), as before this setting.
// With "N seconds a move" (no clock) the pace does not apply: Khun searches `go
// movetime N` whatever the setting.
// Khun's web page. GPL-3.0-or-later, like the project.

/** The paces, as the setting, the link (`pace=`) and the kept game name them. */
export const PACES = ["instant", "human", "clock"];

/** An instant move's search, in ms. */
// why 200: long enough for the full engine to see a few plies in WebAssembly on a
// phone, short enough to read as "at once" (a move's animation is 180 ms).
export const INSTANT_MS = 200;

/** Kept back from every human-like think for the answer's way to the board, in ms. */
// why 1 s: the worker's message, the page's drawing and a busy machine's stall; the
// engine's own time management keeps a reserve of the same size.
export const RESERVE_MS = 1000;

/** The shortest human-like think, in ms (a player's hand takes that long). */
export const HUMAN_MIN_MS = 300;

/** The pace a game at `level` has unless the player chose one: human-like below full strength. */
export function defaultPace(level) {
  return String(level) === "20" ? "clock" : "human";
}

/** The pace of a game: the player's choice where it is one, else the level's default. */
export function paceOf(chosen, level) {
  return PACES.includes(chosen) ? chosen : defaultPace(level);
}

/**
 * The share of a move's time a player of `elo` takes (null: full strength). A beginner
 * plays on sight; a master uses the clock. From 0.2 at 672 (level -20) to 0.7 at 2551
 * (level 10), 0.75 at full strength.
 */
// why these: at 5+3 a move has 9 s (moveBudget); a beginner's 1.8 s, a club player's
// (1548) 3.9 s and a master's 6.3 s, 1.25 times that in the middlegame, are about what
// blitz players of those ratings take (the weakest move fastest), where the full engine
// spent 11 s a move and level -20 6 s (the game that raised it).
export function eloShare(elo) {
  if (elo === null || elo === undefined || !Number.isFinite(Number(elo))) return 0.75;
  const x = Math.max(0, Math.min(1, (Number(elo) - 672) / (2551 - 672)));
  return 0.2 + 0.5 * x;
}

/** The time one move has on a clock of `base` + `inc` ms: a game of 50 moves, plus the increment. */
// why 50: makruk's games run long (the count lets an ending go on), and a player who
// planned for 40 would be short of time in one.
export function moveBudget(base, inc) {
  return base / 50 + inc;
}

/**
 * The most a human-like think may take with `left` ms on the clock and `inc` ms added a
 * move: a fifteenth of what is left plus three quarters of the increment, never more
 * than a third of what is left above RESERVE_MS. A low clock makes every move quick.
 */
// why: at 5+3 the cap is 22 s with the whole clock left and 6 s with 45 s left; a clock
// that runs low settles where the cap is about the increment (a few seconds), as a
// player's does, and never reaches the reserve.
export function clockCap(left, inc) {
  if (!Number.isFinite(left)) return Infinity;
  return Math.max(0, Math.min(left / 15 + 0.75 * inc, (left - RESERVE_MS) / 3));
}

/** The stage of the game by Khun's move number: quick in the opening, longest in the middlegame. */
export function stageFactor(moveNumber) {
  if (moveNumber <= 3) return 0.3;
  if (moveNumber <= 8) return 0.65;
  if (moveNumber <= 30) return 1.25;
  return 0.9;
}

/** More moves to choose from, more to think about: 30 legal moves is 1 (0.6 to 1.4). */
// why 30: Khun's positions in the games of lab/tools/page_pace.py had 32 legal moves on
// average (the start has 23); a reference of 22 made nearly every middlegame move 1.5
// times as long as its level's share.
export function choiceFactor(legal) {
  return Math.max(0.6, Math.min(1.4, legal / 30));
}

/**
 * A clock that ran down makes a player quicker: 1 with at least 70% of the start's time
 * left, down to 0.3 with none.
 */
// why: the cap alone lets a strong level spend its clock down to the cap's floor (about
// the increment) by move 40 at 5+3; a player speeds up well before that.
export function pressureFactor(left, base) {
  if (!Number.isFinite(left) || !(base > 0)) return 1;
  return Math.max(0.3, Math.min(1, 0.3 + left / base));
}

/**
 * A human-like think, in ms. `facts`: {elo (null: full strength), base, inc (ms),
 * left (ms on Khun's clock; Infinity: no clock running yet), moveNumber (the position's
 * move number), legal (legal moves), recapture (the last move captured and a move takes
 * back on its square), check (Khun is in check), random (0..1, the move's variation)}.
 */
export function humanThinkMs(facts) {
  const { elo = null, base, inc, left = Infinity, moveNumber = 1, legal = 22, recapture = false, check = false, random = 0.5 } = facts;
  const cap = clockCap(left, inc);
  let ms;
  if (legal <= 1) {
    // Forced: a moment to see it.
    ms = 500 + 700 * random;
  } else {
    ms = moveBudget(base, inc) * eloShare(elo) * stageFactor(moveNumber) * choiceFactor(legal);
    // A recapture is seen at once; a check leaves few moves to weigh.
    if (recapture) ms *= 0.35;
    else if (check) ms *= 0.8;
    // Less time left than at the start, quicker moves.
    ms *= pressureFactor(left, base);
    // Some moves quick, some slow: 0.55 to 1.45 times.
    ms *= 0.55 + 0.9 * random;
    ms = Math.max(HUMAN_MIN_MS, ms);
  }
  return Math.round(Math.max(0, Math.min(ms, cap)));
}

/**
 * Khun's think for one move: {go, waitMs}: the engine's `go` line, and how long after
 * its turn began the move is shown at the earliest (0: as soon as the engine answers).
 * `game`: {pace, elo, movetime (ms; "N seconds a move", no clock), base, inc, side
 * (Khun's colour)}; `clock`: {white, black} ms left (null: no clock); `facts` as for
 * humanThinkMs.
 */
export function thinkPlan(game, clock, facts = {}) {
  if (game.movetime) return { go: `go movetime ${game.movetime}`, waitMs: 0 };
  const ms = (x) => Math.max(1, Math.round(x));
  const left = clock ? clock[game.side] : Infinity;
  const inc = game.inc || 0;
  if (game.pace === "instant") {
    return { go: `go movetime ${ms(Math.min(INSTANT_MS, clockCap(left, inc)))}`, waitMs: 0 };
  }
  if (game.pace === "human") {
    const think = humanThinkMs({ ...facts, elo: game.elo, base: game.base, inc, left });
    return { go: `go movetime ${ms(think)}`, waitMs: think };
  }
  const w = clock ? clock.white : game.base;
  const b = clock ? clock.black : game.base;
  return { go: `go wtime ${ms(w)} btime ${ms(b)} winc ${inc} binc ${inc}`, waitMs: 0 };
}
