// The page's state (`initialState`) and every change to it, each a named action
// (store.js runs them: `store.act("goTo", 3)`). An action changes the state and nothing
// else: no page drawn, no engine asked, no sound; what follows an action is its
// listeners' (store.on), the page drawn its subscribers'.
// Khun's web page. GPL-3.0-or-later, like the project.

import { PACES } from "./pace.js";

const other = (c) => (c === "white" ? "black" : "white");

/** The analysis's lines offered (MultiPV). */
export const ANALYSIS_LINES = [1, 2, 3, 4, 5];
/** The analysis's depths offered: 0 is infinite (`go infinite`), else `go depth N`. */
export const ANALYSIS_DEPTHS = [0, 10, 15, 20, 25, 30];

/** The page's state before the rules are loaded. */
export function initialState() {
  return {
    // What the page runs on, set once at the start (`started`): the rules, the engine,
    // the variants' facts (the rules' `variants` answer), the endgame tables' verdicts.
    rules: null,
    engine: null,
    tables: null,
    variants: [],
    // The line on the board: its game, start, moves (UCI) and their SAN, the position
    // shown (`cursor`, a ply of the line), its counting ("automatic": Fairy-Stockfish's
    // count; "players": the players start and stop it), the players' count actions in
    // order ({ply, action}: "start" | "stop" before that ply's move).
    variant: "makruk",
    startFen: "",
    startPly: 0,
    moves: [],
    sans: [],
    cursor: 0,
    counting: "automatic",
    countLog: [],
    // A game against Khun (`game`; `playing` while it is on) and the line's result and tags.
    playing: false,
    game: null,
    result: null, // {result, reason}
    tags: {},
    orientation: "white",
    tab: "play",
    resignAsked: false,
    // Khun's pace, as the Play tab's setup chose it (pace.js's PACES), or null: the
    // level's default (human-like below full strength).
    pace: null,
    // The game a variation left: {moves, sans, evals, marks, result, resultTag, cursor, countLog}.
    mainline: null,
    // The analysis: on or off, the position its lines are of (position.js's positionKey),
    // their info lines by MultiPV, whether its search is over (a depth limit reached),
    // and the threat: {pv, score, fen, turn} (the other side's best move, as if it were
    // to move) or {skipped: "check" | "unavailable"}, null until found.
    analysing: false,
    analysis: { id: 0, key: null, lines: [], done: false, threat: null },
    // The analysis's settings: its lines (MultiPV 1-5), its depth (0: infinite), the threat shown.
    analysisLines: 3,
    analysisDepth: 0,
    showThreat: false,
    // The review: per ply {white: White's expected score, info, best, turn, end}, per move its mark.
    evals: [],
    marks: [],
    annotating: null, // the running review: {cancel}
    // What the engine's worker holds: its variant and CountStarted (setupLines).
    engineVariant: null,
    engineCountStarted: 0,
    // The board editor: its game, placement, men in hand (null without a hand), palette piece.
    editor: { variant: "makruk", placement: "", hand: null, brush: null },
  };
}

function clearReview(s) {
  s.evals = [];
  s.marks = [];
  s.mainline = null;
}

function takeLine(s, line) {
  s.variant = line.variant;
  s.startFen = line.startFen;
  s.startPly = line.startPly;
  s.moves = line.moves.slice();
  s.sans = line.sans.slice();
  s.counting = line.counting;
  s.countLog = line.countLog.map((a) => ({ ply: a.ply, action: a.action }));
}

function stopClock(s) {
  const c = s.game && s.game.clock;
  if (!c || !c.mover) return;
  c.ms[c.mover] -= performance.now() - c.since;
  c.mover = null;
}

/**
 * Actions after which the page is not drawn again: they change only what their own
 * listeners draw (the engine's lines, the editor's fields), or nothing shown yet (the
 * start, before the first line: drawn, and kept, only once there is one).
 */
export const QUIET_ACTIONS = new Set(["started", "analysisInfo", "engineSynced", "editorSet", "editorBrush"]);

export const ACTIONS = {
  /** The rules and the engine are in: {rules, engine, tables, variants}. */
  started(s, services) {
    Object.assign(s, services);
  },

  /**
   * A line on a free board (a link, a PGN, the editor, the next game's start): no game
   * against Khun, no review, no variation left from before. `line`: position.js's
   * readLine; `opts`: {tags, result, cursor (default: its end), orientation}.
   */
  showLine(s, line, opts = {}) {
    takeLine(s, line);
    s.cursor = opts.cursor === undefined ? line.moves.length : Math.max(0, Math.min(line.moves.length, opts.cursor));
    s.playing = false;
    s.game = null;
    s.result = opts.result || null;
    s.tags = { ...(opts.tags || {}) };
    if (s.result) s.tags.Result = s.result.result;
    if (opts.orientation) s.orientation = opts.orientation;
    s.resignAsked = false;
    clearReview(s);
  },

  /** The same moves counted another way (the Counting setting): the review and the position shown stay. */
  recount(s, line) {
    takeLine(s, line);
  },

  /** The Counting setting where it does not change the line (a game without players' counting). */
  setCounting(s, counting) {
    s.counting = counting;
  },

  /**
   * A game against Khun on `line`: `game` {human, startPly, tc, tcText, level, elo,
   * engineName, clock: {ms: {white, black}, inc, mover, since} or null}.
   */
  startGame(s, line, game) {
    takeLine(s, line);
    s.cursor = line.moves.length;
    s.playing = true;
    s.result = null;
    s.tags = {};
    s.orientation = game.human;
    s.resignAsked = false;
    s.game = { token: 0, drawPending: false, ...game };
    clearReview(s);
  },

  goTo(s, ply) {
    s.cursor = Math.max(0, Math.min(s.moves.length, ply));
  },

  /**
   * `uci` (with its `san`) played at `ply` of the line: what came after is cut. `follow`:
   * the board steps to it (else it stays where the player is looking).
   */
  playMove(s, ply, uci, san, follow = true) {
    s.moves = s.moves.slice(0, ply);
    s.sans = s.sans.slice(0, ply);
    s.countLog = s.countLog.filter((a) => a.ply <= ply);
    s.evals = s.evals.slice(0, ply + 1);
    s.marks = s.marks.slice(0, ply);
    s.moves.push(uci);
    s.sans.push(san);
    if (follow || s.cursor > ply) s.cursor = ply + 1;
  },

  /** A move away from the game's own: the game kept to come back to ("Back to the game"). */
  enterVariation(s) {
    if (s.mainline) return;
    s.mainline = {
      moves: s.moves.slice(), sans: s.sans.slice(), evals: s.evals.slice(), marks: s.marks.slice(),
      result: s.result, resultTag: s.tags.Result, cursor: s.cursor, countLog: s.countLog.slice(),
    };
  },

  /** Back from a variation to the game it left, at the move where it left it. */
  backToGame(s) {
    const g = s.mainline;
    if (!g) return;
    s.mainline = null;
    s.moves = g.moves.slice();
    s.sans = g.sans.slice();
    s.evals = g.evals.slice();
    s.marks = g.marks.slice();
    s.countLog = g.countLog.slice();
    s.result = g.result;
    if (g.resultTag !== undefined) s.tags.Result = g.resultTag;
    s.cursor = g.cursor;
  },

  /** The line's result (`{result, reason}`, or null: none, `*`). */
  setResult(s, result) {
    s.result = result;
    s.tags.Result = result ? result.result : "*";
  },

  /** A game against Khun ends: its clocks stop, its result stands. */
  finishGame(s, result, reason) {
    stopClock(s);
    s.result = { result, reason };
    s.playing = false;
    if (s.game) s.game.token++;
    s.tags.Result = result;
    s.resignAsked = false;
  },

  /** The game against Khun left unfinished (to analyse it): no result, the clocks stop. */
  leaveGame(s) {
    stopClock(s);
    if (s.game) s.game.token++;
    s.playing = false;
    s.resignAsked = false;
  },

  /** Back to ply `n` of a game against Khun (your move again): its count actions go with the turns. */
  takeback(s, n) {
    const g = s.game;
    g.token++;
    s.moves = s.moves.slice(0, n);
    s.sans = s.sans.slice(0, n);
    s.countLog = s.countLog.filter((a) => a.ply < n);
    s.cursor = n;
    if (g.clock) {
      stopClock(s);
      g.clock.mover = g.human;
      g.clock.since = performance.now();
    }
  },

  /** A new search for Khun's move: the ones before it are void. Returns its token. */
  nextToken(s) {
    return ++s.game.token;
  },

  /** After a move in a game against Khun: the mover's clock stops (with its increment), the other's runs. The first move is free. */
  clockSwitch(s, nextMover) {
    const c = s.game && s.game.clock;
    if (!c) return;
    const now = performance.now();
    if (c.mover) {
      c.ms[c.mover] -= now - c.since;
      c.ms[c.mover] += c.inc;
      c.mover = other(c.mover);
    } else c.mover = nextMover;
    c.since = now;
  },

  setDrawPending(s, pending) {
    if (s.game) s.game.drawPending = pending;
  },

  askResign(s, asked) {
    s.resignAsked = asked && s.playing && !s.result;
  },

  /** A players' count action at `ply`: the count from there on changes. */
  countAction(s, ply, action) {
    s.countLog = s.countLog.filter((a) => a.ply <= ply);
    s.countLog.push({ ply, action });
  },

  setOrientation(s, orientation) {
    s.orientation = orientation;
  },

  flip(s) {
    s.orientation = other(s.orientation);
  },

  selectTab(s, name) {
    s.tab = name;
  },

  setTags(s, tags) {
    s.tags = { ...tags };
  },

  /** What the engine's worker now holds (setupLines): its variant and CountStarted. */
  engineSynced(s, variant, countStarted) {
    s.engineVariant = variant;
    s.engineCountStarted = countStarted;
  },

  analysisStarted(s) {
    s.analysing = true;
  },

  analysisStopped(s) {
    s.analysing = false;
    s.analysis.id++;
  },

  /** A new search of the position `key`: the lines of the last one go. Returns its id. */
  analysisPosition(s, key) {
    s.analysis.id++;
    s.analysis.key = key;
    s.analysis.lines = [];
    s.analysis.done = false;
    s.analysis.threat = null;
    return s.analysis.id;
  },

  /** Search `id` is over (its depth reached): its lines stand. */
  analysisDone(s, id) {
    if (id === s.analysis.id) s.analysis.done = true;
  },

  /** The threat of search `id`'s position: {pv, score, fen, turn}, or {skipped}. */
  threatFound(s, id, threat) {
    if (id === s.analysis.id) s.analysis.threat = threat;
  },

  /** An info line of search `id` (ignored when a newer search runs). */
  analysisInfo(s, id, info) {
    if (id !== s.analysis.id) return;
    s.analysis.lines[(info.multipv || 1) - 1] = info;
  },

  annotateStarted(s, job) {
    s.annotating = job;
    s.evals = [];
    s.marks = [];
  },

  annotateProgress(s, evals, marks) {
    s.evals = evals.slice();
    s.marks = marks.slice();
  },

  annotateCancel(s) {
    if (s.annotating) s.annotating.cancel = true;
  },

  annotateDone(s) {
    s.annotating = null;
  },

  /** The review's evals and marks as they were (a recount keeps them). */
  setReview(s, evals, marks) {
    s.evals = evals.slice();
    s.marks = marks.slice();
  },

  /** The editor's fields: any of {variant, placement, hand, brush}. */
  editorSet(s, fields) {
    Object.assign(s.editor, fields);
  },

  /** The palette's piece chosen (or none). */
  editorBrush(s, brush) {
    s.editor.brush = brush;
  },

  /**
   * The settings kept in the browser (keep.js's keptSettings): each taken where it is
   * one the page offers.
   */
  settingsKept(s, kept) {
    const k = kept || {};
    if (PACES.includes(k.pace)) s.pace = k.pace;
    if (ANALYSIS_LINES.includes(k.analysisLines)) s.analysisLines = k.analysisLines;
    if (ANALYSIS_DEPTHS.includes(k.analysisDepth)) s.analysisDepth = k.analysisDepth;
    if (typeof k.showThreat === "boolean") s.showThreat = k.showThreat;
  },

  /**
   * Khun's pace for the next game (or null: the level's default). A second argument,
   * false, is for the listener that keeps it: a link's pace, for this page only.
   */
  setPace(s, pace) {
    s.pace = PACES.includes(pace) ? pace : null;
  },

  setAnalysisLines(s, n) {
    if (ANALYSIS_LINES.includes(n)) s.analysisLines = n;
  },

  /** The analysis's depth: 0 (infinite) or one of ANALYSIS_DEPTHS. */
  setAnalysisDepth(s, depth) {
    if (ANALYSIS_DEPTHS.includes(depth)) s.analysisDepth = depth;
  },

  setShowThreat(s, on) {
    s.showThreat = !!on;
  },

  /** An endgame table's verdict came in: the page is drawn again. */
  tableAnswered() {},
};
