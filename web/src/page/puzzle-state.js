// The puzzles' part of the page's state (`state.puzzles`) and its named actions, spread
// into actions.js's ACTIONS: the puzzles file read, the filters, the puzzle being solved
// (how far, right or wrong, hints, the solution shown), and the player's rating
// (Glicko-2, each puzzle a rating period with the puzzle's rating as the opponent) with
// the history of puzzles solved and failed. Also what the rest of the page asks of it
// (may the player move now, which puzzle next). Pure: no page, no rules, no storage.
// Khun's web page. GPL-3.0-or-later, like the project.

import { rate, NEW_PLAYER, isPlayer } from "./glicko2.js";

/**
 * A puzzle's deviation, as the opponent in a rating period.
 * why: a puzzle's rating is a first guess from its difficulty and type (puzzle-file.js),
 * not measured on players: lichess starts its puzzles at a deviation of 500 and settles
 * them near 75 after many tries; 100 says "roughly right" without letting one puzzle
 * move the player as little as a well-known opponent would.
 */
export const PUZZLE_DEVIATION = 100;
/** How many puzzles the history keeps (newest first). */
export const HISTORY_KEPT = 500;
/**
 * How many of the puzzles nearest the player's rating the next one is drawn from.
 * why: always the nearest would replay the same order on every machine; a few near
 * ones keep the level and vary the puzzles.
 */
export const NEAREST = 5;

/** The puzzles' state before anything is read. */
export function puzzleState() {
  return {
    // The shipped file, once read: {puzzles, errors} (puzzle-file.js's readPuzzles); the
    // reason it could not be read; whether it is being read.
    file: null,
    loadError: null,
    loading: false,
    // The puzzle a link asks for (`?puzzle=ID`), shown once the file is read; null without one.
    wanted: null,
    // The filters: a variant's name or "all", a type or "all".
    filter: { variant: "all", type: "all" },
    // The puzzle on the board: {puzzle, solver ("white" | "black"), serial, next (the
    // index in its moves of the solver's next move), status ("solving", "wrong": a
    // wrong move shown, to be taken back; "solved"; "shown": the solution played),
    // waiting (the reply or the takeback to come: no move now), failed, rated (its
    // result is in the rating), change (the rating's change, or null: not rated, a
    // puzzle played before), hint (0, 1: the piece, 2: the move)}; null without one.
    current: null,
    serial: 0,
    // The player's rating and what was played: [{id, variant, type, theme, puzzleRating,
    // win, rating, change}], newest first.
    player: { ...NEW_PLAYER },
    history: [],
  };
}

/** The result of the puzzle on the board goes into the rating, once, if it was not played before. */
function settle(p, win) {
  const c = p.current;
  if (!c || c.rated) return;
  c.rated = true;
  if (!win) c.failed = true;
  if (p.history.some((h) => h.id === c.puzzle.id)) {
    c.change = null; // played before: not rated again
    return;
  }
  const before = p.player;
  const after = rate(before, [{ rating: c.puzzle.rating, deviation: PUZZLE_DEVIATION, score: win ? 1 : 0 }]);
  p.player = after;
  c.change = after.rating - before.rating;
  p.history.unshift({
    id: c.puzzle.id, variant: c.puzzle.variant, type: c.puzzle.type, theme: c.puzzle.theme,
    puzzleRating: c.puzzle.rating, win, rating: after.rating, change: c.change,
  });
  p.history.length = Math.min(p.history.length, HISTORY_KEPT);
}

/** A history entry as kept, or null where it is not one. */
function keptEntry(h) {
  if (!h || typeof h.id !== "string" || typeof h.win !== "boolean" || !Number.isFinite(h.rating) || !Number.isFinite(h.change)) return null;
  const text = (v) => (typeof v === "string" ? v : "");
  return { id: h.id, variant: text(h.variant), type: text(h.type), theme: text(h.theme),
    puzzleRating: Number.isFinite(h.puzzleRating) ? h.puzzleRating : null, win: h.win, rating: h.rating, change: h.change };
}

export const PUZZLE_ACTIONS = {
  /** The file is being read. */
  puzzlesLoading(s) {
    s.puzzles.loading = true;
    s.puzzles.loadError = null;
  },

  /** The file read: {puzzles, errors}. */
  puzzlesLoaded(s, file) {
    s.puzzles.file = file;
    s.puzzles.loading = false;
  },

  /** The file could not be read (the reason in words). */
  puzzlesFailed(s, reason) {
    s.puzzles.loadError = String(reason);
    s.puzzles.loading = false;
  },

  /** The puzzle a link asks for (its id), or null once shown. */
  puzzleWanted(s, id) {
    s.puzzles.wanted = typeof id === "string" && id ? id : null;
  },

  /** The rating and history kept in the browser ({player, history}), each taken where it is sound. */
  puzzleRecordKept(s, kept) {
    if (!kept || typeof kept !== "object") return;
    if (isPlayer(kept.player)) s.puzzles.player = { rating: kept.player.rating, deviation: kept.player.deviation, volatility: kept.player.volatility };
    if (Array.isArray(kept.history)) s.puzzles.history = kept.history.map(keptEntry).filter(Boolean).slice(0, HISTORY_KEPT);
  },

  /** A filter: `name` "variant" or "type", `value` one of its choices or "all". */
  puzzleFilter(s, name, value) {
    if (name in s.puzzles.filter && typeof value === "string") s.puzzles.filter[name] = value;
  },

  /**
   * The puzzle `id` on the board (its start shown), the solver `solver` to move.
   * `failed`: shown again after a wrong count act (its result already in the rating).
   */
  puzzleStart(s, id, solver, failed = false) {
    const puzzle = s.puzzles.file && s.puzzles.file.puzzles.find((x) => x.id === id);
    if (!puzzle) return;
    s.puzzles.serial++;
    s.puzzles.current = { puzzle, solver, serial: s.puzzles.serial, next: 0, status: "solving", waiting: false,
      failed: !!failed, rated: !!failed, change: null, hint: 0, acted: false };
  },

  /**
   * A count act's puzzle (theme countStart, countStop, countKeep): the right act was
   * made (the count started or stopped). `done`: that solves it (a start); else the
   * move it was for is to come (a stop).
   */
  puzzleActed(s, done) {
    const c = s.puzzles.current;
    c.acted = true;
    if (done) {
      c.status = "solved";
      c.waiting = false;
      settle(s.puzzles, !c.failed);
    }
  },

  /**
   * The solver's move was right. `done`: the puzzle is solved by it (the line's last move,
   * or a mate); else the reply is to come.
   */
  puzzleMoveRight(s, done) {
    const c = s.puzzles.current;
    c.next++;
    c.hint = 0;
    if (done) {
      c.status = "solved";
      c.waiting = false;
      settle(s.puzzles, !c.failed);
    } else c.waiting = true;
  },

  /** The reply of the solution's line is played: the solver's turn again. */
  puzzleReplied(s) {
    const c = s.puzzles.current;
    c.next++;
    c.waiting = false;
  },

  /** A wrong move: shown, to be taken back; the puzzle counts as failed. */
  puzzleMoveWrong(s) {
    const c = s.puzzles.current;
    c.status = "wrong";
    c.waiting = true;
    settle(s.puzzles, false);
  },

  /** The wrong move taken back: the solver tries again. */
  puzzleTakenBack(s) {
    const c = s.puzzles.current;
    if (!c || c.status !== "wrong") return; // the solution shown meanwhile
    c.status = "solving";
    c.waiting = false;
  },

  /** A hint (the piece, then the move): the puzzle counts as failed. */
  puzzleHint(s) {
    const c = s.puzzles.current;
    c.hint = Math.min(2, c.hint + 1);
    settle(s.puzzles, false);
  },

  /** The solution shown (its line played by the listener): the puzzle counts as failed. */
  puzzleShowSolution(s) {
    const c = s.puzzles.current;
    settle(s.puzzles, false);
    c.status = "shown";
    c.waiting = false;
    c.next = c.puzzle.moves.length;
  },

  /** The board shows something else now (a game, a PGN, another line): no puzzle on it. */
  puzzleLeft(s) {
    s.puzzles.current = null;
  },
};

/** Whether a puzzle is being solved on the board (not yet solved, nor its solution shown). */
export function puzzleOn(s) {
  const c = s.puzzles.current;
  return !!c && (c.status === "solving" || c.status === "wrong");
}

/**
 * Whether a puzzle being solved keeps the player from moving now: the reply or a
 * takeback to come, the board stepped back from the line's end, not the solver's turn.
 */
export function puzzleBlocksMove(s) {
  const c = s.puzzles.current;
  if (!puzzleOn(s)) return false;
  return c.status !== "solving" || c.waiting || s.cursor !== s.moves.length || s.moves.length !== c.next;
}

/** The puzzles the filters let through. */
export function filteredPuzzles(s) {
  const p = s.puzzles;
  if (!p.file) return [];
  return p.file.puzzles.filter((x) => (p.filter.variant === "all" || x.variant === p.filter.variant)
    && (p.filter.type === "all" || x.type === p.filter.type));
}

/**
 * The next puzzle: among those the filters let through and not played yet (all of them,
 * where every one was played), not the one on the board (unless it is the only one), one
 * of the NEAREST nearest the player's rating; `random` in [0, 1) picks which. Null where
 * the filters let none through.
 */
export function nextPuzzle(s, random) {
  const played = new Set(s.puzzles.history.map((h) => h.id));
  const onBoard = s.puzzles.current ? s.puzzles.current.puzzle.id : null;
  const all = filteredPuzzles(s).filter((x) => x.id !== onBoard);
  const fresh = all.filter((x) => !played.has(x.id));
  // Where the one on the board is the only one: it again.
  const pool = fresh.length ? fresh : all.length ? all : filteredPuzzles(s);
  if (!pool.length) return null;
  const r = s.puzzles.player.rating;
  const near = pool.slice().sort((a, b) => Math.abs(a.rating - r) - Math.abs(b.rating - r) || (a.id < b.id ? -1 : 1)).slice(0, NEAREST);
  return near[Math.min(near.length - 1, Math.floor(random * near.length))];
}

/**
 * The hint on the board, as analysis.js's arrows: a circle on the piece to move (the
 * first hint), then the move's arrow (the second); none without a hint asked.
 */
export function puzzleArrows(s) {
  const c = s.puzzles.current;
  if (!puzzleOn(s) || !c.hint || puzzleBlocksMove(s)) return [];
  const uci = c.puzzle.moves[c.next];
  const drop = /^([A-Za-z])@([a-l][0-9]+)$/.exec(uci);
  if (drop) return [{ from: null, to: drop[2], kind: "best", drop: { letter: drop[1].toUpperCase(), white: c.solver === "white" } }];
  const from = uci.slice(0, 2);
  return c.hint === 1 ? [{ from, to: from, kind: "best" }] : [{ from, to: uci.slice(2, 4), kind: "best" }];
}
