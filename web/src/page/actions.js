// The page's state (`initialState`) and every change to it, each a named action
// (store.js runs them: `store.act("goTo", 3)`). An action changes the state and nothing
// else: no page drawn, no engine asked, no sound; what follows an action is its
// listeners' (store.on), the page drawn its subscribers'.
// Khun's web page. GPL-3.0-or-later, like the project.

import { PACES } from "./pace.js";
import { PUZZLE_ACTIONS, puzzleState } from "./puzzle-state.js";
import { GUIDE_ACTIONS, guideState } from "./guideActions.js";
import { trainerState, TRAINER_ACTIONS } from "./learn/trainer-actions.js";

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
    // The game on the board as a tree of moves: its start, and from each position the
    // moves played there, the first the main line's, the others variations. A node:
    // {uci, san, nags: [numbers], comment, clock (ms left after the move, or null),
    // count: the players' count actions at its position ("start" | "stop"), eval (the
    // review's), mark (the review's "?!" | "?" | "??"), children}; the root has no move.
    // `path`: the line shown, as the child chosen at each ply (0: the main line's).
    variant: "makruk",
    startFen: "",
    startPly: 0,
    tree: newNode(null, ""),
    path: [],
    // The line shown, read from the tree along `path` (derive(), after each action that
    // changes either): its moves (UCI) and SAN, the players' count actions in order
    // ({ply, action}: before that ply's move), the review's evals by ply and marks by move.
    moves: [],
    sans: [],
    countLog: [],
    // pyffish's count_started at the line's start: a count started before its start
    // position (a puzzle's); -1: none.
    countBefore: -1,
    evals: [],
    marks: [],
    // The position shown (a ply of the line), and the line's counting ("automatic":
    // Fairy-Stockfish's count; "players": the players start and stop it).
    cursor: 0,
    counting: "automatic",
    // A game against Khun (`game`; `playing` while it is on) and the line's result and tags.
    playing: false,
    game: null,
    result: null, // {result, reason}
    tags: {},
    orientation: "white",
    // The notation the PGN tab writes the game in: "san" or "thaiSan".
    pgnNotation: "san",
    tab: "play",
    // The Learn tab's view: "puzzles", "trainer" (the counting trainer) or "guide" (the rules).
    learnView: "puzzles",
    // The Learn tab's puzzles: the file, the puzzle solved, the rating (puzzle-state.js).
    puzzles: puzzleState(),
    // The rules guide: its man's board and its worked example of the count (guideActions.js).
    guide: guideState(),
    trainer: trainerState(), // the counting trainer's (learn/trainer-actions.js)
    resignAsked: false,
    // Khun's pace, as the Play tab's setup chose it (pace.js's PACES), or null: the
    // level's default (human-like below full strength).
    pace: null,
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
    // The running review (its evals and marks go on the tree's nodes).
    annotating: null, // the running review: {cancel}
    // What the engine's worker holds: its variant and CountStarted (setupLines).
    engineVariant: null,
    engineCountStarted: 0,
    // The board editor: its game, placement, men in hand (null without a hand), palette piece.
    editor: { variant: "makruk", placement: "", hand: null, brush: null },
  };
}

/** A node of the tree: the move `uci` (null at the root) with its SAN. */
function newNode(uci, san) {
  return { uci, san, nags: [], comment: "", clock: null, count: [], eval: null, mark: "", children: [] };
}

/** The node at `ply` of the line shown (0: the root). */
function nodeAt(s, ply) {
  let node = s.tree;
  for (let i = 0; i < ply; i++) node = node.children[s.path[i]];
  return node;
}

/** The line from `node` on along the first moves: the path's rest. */
function mainContinuation(node) {
  const rest = [];
  for (let n = node; n.children.length; n = n.children[0]) rest.push(0);
  return rest;
}

/** The line shown read from the tree (moves, SAN, count actions, the review's evals and marks). */
function derive(s) {
  const moves = [];
  const sans = [];
  const countLog = [];
  const evals = [];
  const marks = [];
  let node = s.tree;
  let reviewed = false;
  for (let ply = 0; ; ply++) {
    for (const action of node.count) countLog.push({ ply, action });
    evals[ply] = node.eval || undefined;
    if (node.eval) reviewed = true;
    if (ply > 0) marks[ply - 1] = node.mark || "";
    if (ply === s.path.length) break;
    node = node.children[s.path[ply]];
    moves.push(node.uci);
    sans.push(node.san);
  }
  s.moves = moves;
  s.sans = sans;
  s.countLog = countLog;
  s.evals = reviewed ? evals : [];
  s.marks = reviewed ? marks : [];
  s.cursor = Math.min(s.cursor, moves.length);
}

/**
 * A copy of a tree in the state's form (a kept game's, a PGN's as pgn.js reads it): each
 * node's move, SAN, marks, comment, clock, count actions and children, nothing else.
 */
export function copyTree(node) {
  return {
    uci: node.uci || null,
    san: node.san || "",
    nags: Array.isArray(node.nags) ? node.nags.filter(Number.isInteger) : [],
    comment: typeof node.comment === "string" ? node.comment : "",
    clock: Number.isFinite(node.clock) ? node.clock : null,
    count: Array.isArray(node.count) ? node.count.filter((a) => a === "start" || a === "stop") : [],
    eval: null,
    mark: "",
    children: Array.isArray(node.children) ? node.children.filter((c) => c && typeof c.uci === "string").map(copyTree) : [],
  };
}

/**
 * A line (position.js's readLine) becomes the tree: its moves the main line (with the
 * variations, comments, marks and clocks of `line.tree` where it has them: a PGN's, a
 * kept game's), its count actions on their positions; the line shown is the main line.
 */
function takeLine(s, line) {
  s.variant = line.variant;
  s.startFen = line.startFen;
  s.startPly = line.startPly;
  s.counting = line.counting;
  s.countBefore = line.countBefore ?? -1; // a count started before the start (a puzzle's)
  const tree = line.tree ? copyTree(line.tree) : newNode(null, "");
  let node = tree;
  for (let i = 0; i < line.moves.length; i++) {
    // A tree whose main line is not the line's (or none given): the line's moves.
    if (!node.children.length || node.children[0].uci !== line.moves[i]) node.children = [newNode(line.moves[i], line.sans[i])];
    node = node.children[0];
  }
  node.children = []; // the main line ends where the line does (a PGN that goes on past the game's end)
  if (line.startComment) tree.comment = line.startComment;
  s.tree = tree;
  s.path = line.moves.map(() => 0);
  let at = tree;
  for (let ply = 0; ply <= line.moves.length; ply++) {
    for (const a of line.countLog) if (a.ply === ply) at.count.push(a.action);
    if (ply < line.moves.length) at = at.children[0];
  }
  derive(s);
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
  ...GUIDE_ACTIONS,
  ...TRAINER_ACTIONS,
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
  },

  /** The same moves counted another way (the Counting setting): the tree and the position shown stay, the count actions go. */
  recount(s, line) {
    s.counting = line.counting;
    s.countBefore = line.countBefore ?? -1;
    const clear = (node) => { node.count = []; node.children.forEach(clear); };
    clear(s.tree);
    let at = s.tree;
    for (let ply = 0; ply <= s.path.length; ply++) {
      for (const a of line.countLog) if (a.ply === ply) at.count.push(a.action);
      if (ply < s.path.length) at = at.children[s.path[ply]];
    }
    derive(s);
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
  },

  goTo(s, ply) {
    s.cursor = Math.max(0, Math.min(s.moves.length, ply));
  },

  /**
   * `uci` (with its `san`) played at `ply` of the line shown. In a game against Khun the
   * game is one line: what came after is cut. On a free board the move is the line's next
   * if it is the one played there before, else a variation from there (the line played
   * before stays in the tree). `follow`: the board steps to it (else it stays where the
   * player is looking).
   */
  playMove(s, ply, uci, san, follow = true) {
    const node = nodeAt(s, ply);
    if (s.playing) node.children = [];
    let i = node.children.findIndex((c) => c.uci === uci);
    if (i < 0) {
      node.children.push(newNode(uci, san));
      i = node.children.length - 1;
    }
    s.path = s.path.slice(0, ply).concat([i], mainContinuation(node.children[i]));
    if (s.playing) s.path = s.path.slice(0, ply + 1);
    derive(s);
    if (follow || s.cursor > ply) s.cursor = ply + 1;
  },

  /** The clock after the move at `ply` (ms left to its mover), written with the move ([%clk]). */
  recordClock(s, ply, ms) {
    if (ply > 0 && ply <= s.path.length) nodeAt(s, ply).clock = Math.max(0, Math.round(ms));
  },

  /** The line through the node at `path` (its child indexes from the start), shown at that node. */
  selectNode(s, path) {
    let node = s.tree;
    for (const i of path) {
      if (!node.children[i]) return;
      node = node.children[i];
    }
    s.path = path.concat(mainContinuation(node));
    derive(s);
    s.cursor = path.length;
  },

  /** Back from a variation to the main line, at the move where the variation left it. */
  backToGame(s) {
    const left = s.path.findIndex((i) => i !== 0);
    if (left < 0) return;
    s.path = s.path.slice(0, left).concat(mainContinuation(nodeAt(s, left)));
    derive(s);
    s.cursor = left;
  },

  /** The variation at `ply` of the line shown becomes its position's first move (the main line, where every choice before it is). */
  promoteVariation(s, ply) {
    if (ply < 1 || ply > s.path.length) return;
    const parent = nodeAt(s, ply - 1);
    const [node] = parent.children.splice(s.path[ply - 1], 1);
    parent.children.unshift(node);
    s.path[ply - 1] = 0;
    derive(s);
  },

  /** The move at `ply` of the line shown and all after it leave the tree (the line shown goes on by the main line there). */
  deleteFrom(s, ply) {
    if (ply < 1 || ply > s.path.length) return;
    const parent = nodeAt(s, ply - 1);
    parent.children.splice(s.path[ply - 1], 1);
    s.path = s.path.slice(0, ply - 1).concat(mainContinuation(parent));
    derive(s);
    s.cursor = Math.min(s.cursor, ply - 1);
  },

  /** The comment after the move at `ply` (at 0: before the first move). */
  setComment(s, ply, text) {
    nodeAt(s, ply).comment = text;
  },

  /** The move at `ply`'s marks (PGN NAGs: 1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!", ...). */
  setNags(s, ply, nags) {
    if (ply > 0) nodeAt(s, ply).nags = nags.slice();
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
    const node = nodeAt(s, n);
    node.children = [];
    node.count = [];
    s.path = s.path.slice(0, n);
    derive(s);
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

  /** A players' count action at `ply` (the line's end: the count from there on changes). */
  countAction(s, ply, action) {
    nodeAt(s, ply).count.push(action);
    derive(s);
  },

  setOrientation(s, orientation) {
    s.orientation = orientation;
  },

  flip(s) {
    s.orientation = other(s.orientation);
  },

  setPgnNotation(s, notation) {
    s.pgnNotation = notation === "thaiSan" ? "thaiSan" : "san";
  },

  selectTab(s, name) {
    s.tab = name;
  },

  selectLearnView(s, name) {
    if (["puzzles", "trainer", "guide"].includes(name)) s.learnView = name;
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

  /** A review starts: the marks and evals of the line shown go. */
  annotateStarted(s, job) {
    s.annotating = job;
    for (let ply = 0, node = s.tree; ; node = node.children[s.path[ply]], ply++) {
      node.eval = null;
      node.mark = "";
      if (ply === s.path.length) break;
    }
    derive(s);
  },

  /** The review so far: `evals` by ply and `marks` by move, onto the line shown. */
  annotateProgress(s, evals, marks) {
    for (let ply = 0, node = s.tree; ; node = node.children[s.path[ply]], ply++) {
      node.eval = evals[ply] || null;
      if (ply > 0) node.mark = marks[ply - 1] || "";
      if (ply === s.path.length) break;
    }
    derive(s);
  },

  annotateCancel(s) {
    if (s.annotating) s.annotating.cancel = true;
  },

  annotateDone(s) {
    s.annotating = null;
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

  ...PUZZLE_ACTIONS,
};
