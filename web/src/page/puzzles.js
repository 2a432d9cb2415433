// The Learn tab's puzzles (#learn-puzzles): the shipped puzzles (page/puzzles.tsv,
// puzzle-file.js) read when the view is first shown, a puzzle put on the main board with
// the solver at the bottom and the task in words, the player's moves judged against the
// solution's line (a right move answered by the line's reply, a wrong one said and taken
// back, any move the rules end as the solver's win accepted: a mate, Kar Ouk's winning check), hints, the solution, the next puzzle near the
// player's rating, the filters, the rating and the history kept in the browser. The
// state is puzzle-state.js's (state.puzzles); this module draws it and acts on it.
// Khun's web page. GPL-3.0-or-later, like the project.

import "./puzzle-words.js";
import { $, say } from "./util.js";
import { store } from "./store.js";
import { stateAt, readLine, variantInfo, playersCounting } from "./position.js";
import { countLine } from "./count.js";
import { placement } from "./board.js";
import { moveSquares } from "./drops.js";
import { loadValue, saveValue } from "./keep.js";
import { t, sideName, pieceName, variantTitle } from "./i18n.js";
import { shownMove } from "./notation.js";
import { stopAnalysis } from "./analysis.js";
import { readPuzzles, solverMoves, askedPlies, countAct, TYPES } from "./puzzle-file.js";
import { puzzleOn, nextPuzzle, filteredPuzzles } from "./puzzle-state.js";

/** Where the rating and the history are kept (this page's origin only). */
export const PUZZLES_KEY = "khun.puzzles.v1";
/** The shipped puzzles, beside this module. */
const FILE_URL = new URL("./puzzles.tsv", import.meta.url);
/** How long the board shows a right move before the reply, and a wrong one before it is taken back. */
// why: lichess's pace: long enough to see the move land, short enough not to wait on it.
const REPLY_MS = 500;
const TAKEBACK_MS = 700;
/** How many entries of the history the view lists (all are kept). */
const HISTORY_SHOWN = 10;

// The view's elements, made once in #learn-puzzles (their words filled by renderPuzzles).
const el = buildView($("learn-puzzles"));

function buildView(section) {
  const make = (tag, attrs = {}, ...children) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.append(...children);
    return e;
  };
  const v = {};
  v.variantLabel = make("span");
  v.variant = make("select", { id: "puzzle-variant" });
  v.typeLabel = make("span");
  v.type = make("select", { id: "puzzle-type" });
  v.filters = make("div", { class: "puzzle-filters", role: "group" },
    make("label", {}, v.variantLabel, " ", v.variant), make("label", {}, v.typeLabel, " ", v.type));
  v.rating = make("p", { id: "puzzle-rating" });
  v.ratingValue = make("span", { class: "puzzle-rating-value" });
  v.change = make("span", { id: "puzzle-change" });
  v.rating.append(v.ratingValue, " ", v.change);
  v.tally = make("p", { id: "puzzle-tally" });
  v.load = make("p", { id: "puzzle-load", class: "hidden" });
  v.task = make("p", { id: "puzzle-task", class: "hidden" });
  v.count = make("p", { id: "puzzle-count", class: "hidden" });
  v.feedback = make("p", { id: "puzzle-feedback", class: "hidden" });
  v.hint = make("button", { type: "button", id: "puzzle-hint" });
  v.solution = make("button", { type: "button", id: "puzzle-solution" });
  v.next = make("button", { type: "button", id: "puzzle-next" });
  v.buttons = make("div", { class: "puzzle-buttons", role: "group" }, v.hint, v.solution, v.next);
  v.about = make("p", { id: "puzzle-about", class: "hidden" });
  v.historyHeading = make("h3", { id: "puzzle-history-heading" });
  v.history = make("ol", { id: "puzzle-history", "aria-labelledby": "puzzle-history-heading" });
  if (section) section.append(v.filters, v.rating, v.tally, v.load, v.task, v.count, v.feedback, v.buttons, v.about, v.historyHeading, v.history);
  return v;
}

/** The file read once, when the puzzles are first shown (a failure said; tried again on the next showing). */
async function ensureLoaded() {
  const P = store.state.puzzles;
  if (P.file || P.loading) return;
  store.act("puzzlesLoading");
  let file;
  try {
    const response = await fetch(FILE_URL);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    file = readPuzzles(await response.text());
  } catch (e) {
    store.act("puzzlesFailed", e.message);
    return;
  }
  store.act("puzzlesLoaded", file);
  // A link's puzzle, now that the file is in.
  const wanted = store.state.puzzles.wanted;
  if (wanted) {
    store.act("puzzleWanted", null);
    if (file.puzzles.some((p) => p.id === wanted)) startPuzzle(wanted);
    else say(() => t("puzzle.notFound", { id: wanted }));
  }
}

/**
 * The puzzle `id` on the main board: its start, the solver at the bottom, no analysis;
 * a players' count puzzle counted as players count, its count as it runs there (the
 * Count and Stop count buttons under the board are its answers). `failed`: shown again
 * after a wrong count act.
 */
export function startPuzzle(id, failed = false) {
  const S = store.state;
  if (!S.rules || !S.puzzles.file || (S.playing && !S.result)) return;
  const puzzle = S.puzzles.file.puzzles.find((p) => p.id === id);
  if (!puzzle) return;
  let line;
  try {
    line = puzzle.countStarted === null || puzzle.countStarted === undefined
      ? readLine(S, puzzle.variant, puzzle.fen, [], "automatic")
      : readLine(S, puzzle.variant, puzzle.fen, [], "players", [], puzzle.countStarted);
  } catch (e) {
    say(() => t("puzzle.loadFailed", { error: e.message }));
    return;
  }
  if (S.analysing) stopAnalysis(false);
  const solver = S.rules.state(puzzle.variant, puzzle.fen, []).turn;
  store.act("showLine", line, { orientation: solver });
  store.act("puzzleStart", puzzle.id, solver, failed);
  say(() => taskText());
  // The count where one runs, said after the task (as the view shows it).
  if (stateAt(store.state, 0).count) say(() => t("puzzle.count", { count: countText(stateAt(store.state, 0)) }));
}

/** The next puzzle near the player's rating (or, with none left, says so). */
function nextOne() {
  const p = nextPuzzle(store.state, Math.random());
  if (p) startPuzzle(p.id);
  else say(() => t("puzzle.none"));
}

/** The task in words: "White to move: mate in 3". */
function taskText() {
  const c = store.state.puzzles.current;
  if (!c) return "";
  // A stop and a keep are asked alike: the task does not give the answer away.
  const theme = c.puzzle.theme === "countStop" || c.puzzle.theme === "countKeep" ? "countStopOrKeep" : c.puzzle.theme;
  return t(`puzzle.task.${theme}`, { Side: sideName(c.solver, true), n: solverMoves(c.puzzle) });
}

/** The count at `st` as players say it ("Black counts: 3 of 16 (piece's honour). White must mate within 13 moves"), or "". */
function countText(st) {
  const S = store.state;
  const line = countLine(st, playersCounting(S), variantInfo(S).playersCountMoves);
  return line ? line.text : "";
}

/** The move `uci` at `ply` of the line, as the page writes moves. */
function moveText(ply, uci) {
  return shownMove(ply, uci);
}

// A move on the board while a puzzle is solved: right (the reply follows), a win, or wrong (taken back).
store.on("playMove", (ply, uci) => {
  const S = store.state;
  const c = S.puzzles.current;
  if (!puzzleOn(S) || c.waiting || c.status !== "solving" || ply !== c.next) return;
  const st = stateAt(S, ply + 1);
  // Any move after which the rules say the game is over and won by the solver is right:
  // a mate the count allows, a win by check (the rules' end, whatever its kind).
  const wins = !!(st.end && st.end.winner === c.solver);
  // A count act's puzzle, before the act: a move keeps the count as it is, which is
  // the answer of a keep (any move: the act is the puzzle) and wrong for a start or a stop.
  const act = countAct(c.puzzle);
  const unacted = !!act && !c.acted;
  const right = unacted ? act === "keep" : uci === c.puzzle.moves[ply] || wins;
  const serial = c.serial;
  const still = () => store.state.puzzles.current && store.state.puzzles.current.serial === serial;
  if (!right) {
    store.act("puzzleMoveWrong");
    say(() => t("puzzle.wrong"));
    setTimeout(() => {
      if (!still()) return;
      const s = store.state;
      if (s.moves.length === ply + 1 && s.moves[ply] === uci) {
        store.act("deleteFrom", ply + 1);
        if (s.result) store.act("setResult", null); // a wrong move that ended the game (a stalemate)
      }
      store.act("puzzleTakenBack");
    }, TAKEBACK_MS);
    return;
  }
  const done = unacted || wins || ply + 1 >= askedPlies(c.puzzle);
  store.act("puzzleMoveRight", done);
  if (done) {
    if (!wins && uci === c.puzzle.moves[ply]) addRestOfLine(ply + 1);
    sayResult();
    return;
  }
  say(() => t("puzzle.right"));
  setTimeout(() => {
    if (!still() || !store.state.puzzles.current.waiting) return;
    const s = store.state;
    const reply = s.puzzles.current.puzzle.moves[ply + 1];
    const m = stateAt(s, ply + 1).legal.find((x) => x.uci === reply);
    if (!m || s.moves.length !== ply + 1) return;
    store.act("playMove", ply + 1, reply, m.san);
    store.act("puzzleReplied");
    say(() => t("puzzle.reply", { san: moveText(ply + 1, reply) }));
  }, REPLY_MS);
});

// A count act while a count act's puzzle is solved: the right one (a start solves it; a
// stop waits for its move), or a wrong one (a stop where the count should run on): the
// puzzle counts as failed and is shown again from its start.
store.on("countAction", (ply, action) => {
  const S = store.state;
  const c = S.puzzles.current;
  const act = c && countAct(c.puzzle);
  if (!puzzleOn(S) || !act || c.acted || c.status !== "solving" || ply !== 0) return;
  if (action === act) {
    store.act("puzzleActed", action === "start");
    if (action === "start") {
      addRestOfLine(0);
      sayResult();
    } else say(() => t("puzzle.right"));
    return;
  }
  store.act("puzzleMoveWrong");
  say(() => t("puzzle.wrong"));
  const { serial, puzzle } = c;
  setTimeout(() => {
    const now = store.state.puzzles.current;
    if (now && now.serial === serial) startPuzzle(puzzle.id, true);
  }, TAKEBACK_MS);
});

/** The solution's line after `ply` added to the move list, the board staying where it is (→ steps through it). */
function addRestOfLine(ply) {
  const line = store.state.puzzles.current.puzzle.moves;
  for (let i = ply; i < line.length; i++) {
    const s = store.state;
    const m = s.moves.length === i ? stateAt(s, i).legal.find((x) => x.uci === line[i]) : null;
    if (!m) return;
    store.act("playMove", i, m.uci, m.san, false);
  }
}

/** The end of a puzzle said: solved or not, and the rating's change. */
function sayResult() {
  const c = store.state.puzzles.current;
  say(() => t(c.failed ? "puzzle.solvedAfterFail" : "puzzle.solved"));
  sayChange();
}

function sayChange() {
  const S = store.state;
  const c = S.puzzles.current;
  if (!c || !c.rated) return;
  if (c.change === null) say(() => t("puzzle.notRated"));
  else say(() => t("puzzle.change", { change: signed(c.change), rating: Math.round(S.puzzles.player.rating) }));
}

/** A rating's change with its sign: "+12", "−8" (a minus sign, as it is read). */
function signed(change) {
  const n = Math.round(change);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function hint() {
  const S = store.state;
  const c = S.puzzles.current;
  if (!puzzleOn(S) || c.status !== "solving" || c.waiting) return;
  const wasRated = c.rated;
  store.act("puzzleHint");
  const now = store.state.puzzles.current;
  const uci = now.puzzle.moves[now.next];
  if (now.hint === 1) say(() => t("puzzle.hintPiece", { piece: pieceName(pieceOf(uci)) }));
  else say(() => t("puzzle.hintMove", { san: moveText(now.next, uci) }));
  if (!wasRated) sayChange();
}

/** The piece that makes the move `uci` at the puzzle's position now: {letter, white, promoted}. */
function pieceOf(uci) {
  const S = store.state;
  const m = moveSquares(uci);
  if (m.drop) return { letter: m.drop, white: S.puzzles.current.solver === "white", promoted: false };
  return placement(stateAt(S, S.moves.length).fen)[m.from] || { letter: "p", white: true, promoted: false };
}

/** The solution's line played on from where the player is: the puzzle counts as failed. */
function showSolution() {
  const S = store.state;
  const c = S.puzzles.current;
  if (!puzzleOn(S)) return;
  const wasRated = c.rated;
  const puzzle = c.puzzle;
  // From the puzzle's line as far as it was played (a wrong move waiting to be taken back goes).
  let ply = 0;
  while (ply < S.moves.length && ply < puzzle.moves.length && S.moves[ply] === puzzle.moves[ply]) ply++;
  if (ply < S.moves.length) store.act("deleteFrom", ply + 1);
  const from = ply;
  const act = countAct(puzzle);
  const unacted = !!act && act !== "keep" && !c.acted && ply === 0;
  store.act("puzzleShowSolution");
  // A count act's puzzle: the act first, at the start (the line is played under the
  // count it leaves); the puzzle is shown by then, so the act does not solve it.
  if (unacted) store.act("countAction", 0, act);
  for (; ply < puzzle.moves.length; ply++) {
    const m = stateAt(store.state, ply).legal.find((x) => x.uci === puzzle.moves[ply]);
    if (!m) break;
    store.act("playMove", ply, m.uci, m.san);
  }
  store.act("goTo", from);
  say(() => t("puzzle.shown", { line: solutionText() }));
  if (!wasRated) sayChange();
}

/** The solution's line in the notation shown, from the puzzle's start. */
function solutionText() {
  const S = store.state;
  const c = S.puzzles.current;
  if (!c) return "";
  return c.puzzle.moves.map((uci, i) => moveText(i, uci)).join(" ");
}

/** The view drawn from the state (store subscriber's render, view.js). */
export function renderPuzzles() {
  const S = store.state;
  const P = S.puzzles;
  const c = P.current;
  el.filters.setAttribute("aria-label", t("puzzle.filters"));
  el.buttons.setAttribute("aria-label", t("puzzle.buttons"));
  el.variantLabel.textContent = t("puzzle.filter.variant");
  el.typeLabel.textContent = t("puzzle.filter.type");
  const variants = P.file ? [...new Set(P.file.puzzles.map((p) => p.variant))] : [];
  const types = P.file ? TYPES.filter((x) => P.file.puzzles.some((p) => p.type === x)) : [];
  fillSelect(el.variant, [["all", t("puzzle.filter.all")], ...variants.map((v) => [v, variantInfo(S, v) && variantTitle(v)])], P.filter.variant);
  fillSelect(el.type, [["all", t("puzzle.filter.all")], ...types.map((x) => [x, t(`puzzle.type.${x}`)])], P.filter.type);

  el.ratingValue.textContent = t("puzzle.rating", { rating: Math.round(P.player.rating), deviation: Math.round(P.player.deviation) });
  el.rating.dataset.rating = String(Math.round(P.player.rating));
  const last = c && c.rated ? c.change : null;
  el.change.textContent = last === null ? "" : signed(last);
  el.change.dataset.change = last === null ? "" : String(Math.round(last));
  el.change.className = last === null ? "" : last >= 0 ? "up" : "down";
  const solved = P.history.filter((h) => h.win).length;
  el.tally.textContent = t("puzzle.tally", { solved, failed: P.history.length - solved });

  // The file: being read, refused, or with lines refused.
  let load = "";
  if (P.loading) load = t("puzzle.loading");
  else if (P.loadError) load = t("puzzle.loadFailed", { error: P.loadError });
  else if (P.file && P.file.errors.length) load = t("puzzle.badLines", { n: P.file.errors.length, first: P.file.errors[0] });
  const noneFit = !!P.file && !filteredPuzzles(S).length;
  if (noneFit) load = load ? `${load} ${t("puzzle.none")}` : t("puzzle.none");
  el.load.textContent = load;
  el.load.classList.toggle("hidden", !load);

  const on = puzzleOn(S);
  el.task.classList.toggle("hidden", !c);
  el.task.textContent = taskText();
  const st = c ? stateAt(S, S.cursor) : null;
  const count = st ? countText(st) : "";
  el.count.textContent = count ? t("puzzle.count", { count }) : "";
  el.count.classList.toggle("hidden", !count);
  section().dataset.puzzleId = c ? c.puzzle.id : "";
  section().dataset.status = c ? c.status : "";
  section().dataset.next = c ? String(c.next) : "";

  let feedback = "";
  if (c && c.status === "wrong") feedback = t("puzzle.wrong");
  else if (c && c.status === "solved") feedback = t(c.failed ? "puzzle.solvedAfterFail" : "puzzle.solved");
  else if (c && c.status === "shown") feedback = t("puzzle.shown", { line: solutionText() });
  else if (c && c.hint === 1) feedback = t("puzzle.hintPiece", { piece: pieceName(pieceOf(c.puzzle.moves[c.next])) });
  else if (c && c.hint === 2) feedback = t("puzzle.hintMove", { san: moveText(c.next, c.puzzle.moves[c.next]) });
  else if (c && c.next > 0) feedback = t("puzzle.right");
  el.feedback.textContent = feedback;
  el.feedback.dataset.state = c ? (c.status === "solving" ? (c.hint ? `hint${c.hint}` : "solving") : c.status) : "";
  el.feedback.classList.toggle("hidden", !feedback);

  el.hint.textContent = t("puzzle.hint");
  // A count act's puzzle: no hint before the act (the act is the puzzle).
  el.hint.disabled = !on || c.status !== "solving" || c.waiting || c.hint >= 2 || (!!countAct(c.puzzle) && !c.acted);
  el.solution.textContent = t("puzzle.solution");
  el.solution.disabled = !on;
  el.next.textContent = t(c ? "puzzle.next" : "puzzle.start");
  el.next.disabled = !P.file || !S.rules || (S.playing && !S.result) || noneFit;

  // After the puzzle: its id, theme, rating and source.
  const after = c && !on;
  el.about.classList.toggle("hidden", !after);
  el.about.textContent = after ? aboutText(c.puzzle) : "";

  el.historyHeading.textContent = t("puzzle.history");
  el.history.replaceChildren(...(P.history.length
    ? P.history.slice(0, HISTORY_SHOWN).map((h) => {
      const li = document.createElement("li");
      li.textContent = t(h.win ? "puzzle.historyWin" : "puzzle.historyLoss", { id: h.id, puzzleRating: h.puzzleRating ?? "?", change: signed(h.change) });
      li.dataset.id = h.id;
      li.dataset.win = String(h.win);
      return li;
    })
    : [Object.assign(document.createElement("li"), { textContent: t("puzzle.historyEmpty"), className: "empty" })]));
}

function section() {
  return $("learn-puzzles");
}

/** "Puzzle 4opwxm: mate in 3, rated 1400. From Khun self-play, game 1, move 57." */
function aboutText(p) {
  const theme = t(`puzzle.theme.${p.theme}`, { n: solverMoves(p) });
  const fields = p.fen.trim().split(/\s+/);
  const move = Number(fields[fields.length - 1]) || 1;
  return p.game === null
    ? t("puzzle.aboutNoGame", { id: p.id, theme, rating: p.rating, source: p.source })
    : t("puzzle.about", { id: p.id, theme, rating: p.rating, source: p.source, game: p.game, move });
}

/** A select's options (value, words), the chosen one selected; left alone where they are the same. */
function fillSelect(select, options, chosen) {
  const key = JSON.stringify(options);
  if (select.dataset.options !== key) {
    select.replaceChildren(...options.map(([value, words]) => Object.assign(document.createElement("option"), { value, textContent: words || value })));
    select.dataset.options = key;
  }
  select.value = options.some(([value]) => value === chosen) ? chosen : "all";
}

// The view's controls.
el.variant.addEventListener("change", () => store.act("puzzleFilter", "variant", el.variant.value));
el.type.addEventListener("change", () => store.act("puzzleFilter", "type", el.type.value));
el.hint.addEventListener("click", hint);
el.solution.addEventListener("click", showSolution);
el.next.addEventListener("click", nextOne);

// The puzzles read the first time their view is shown.
const shown = () => {
  const S = store.state;
  if (S.tab === "learn" && S.learnView === "puzzles") ensureLoaded();
};
for (const action of ["selectTab", "selectLearnView"]) store.on(action, shown);
// The rating and the history from before, once the page starts; a link's puzzle
// (`?puzzle=ID`, read before main.js takes the link out of the address bar) on the Learn tab.
// Acted once the page's first line is shown (main.js's start goes on after "started").
store.on("started", () => {
  const wanted = new URLSearchParams(location.search).get("puzzle");
  setTimeout(() => {
    store.act("puzzleRecordKept", loadValue(PUZZLES_KEY));
    if (!wanted) return;
    store.act("puzzleWanted", wanted);
    store.act("selectLearnView", "puzzles");
    store.act("selectTab", "learn");
  }, 0);
});
// Kept after each result that changes them.
for (const action of ["puzzleMoveRight", "puzzleMoveWrong", "puzzleHint", "puzzleShowSolution"]) {
  store.on(action, () => {
    const P = store.state.puzzles;
    saveValue(PUZZLES_KEY, { player: P.player, history: P.history });
  });
}
// Another line on the board (a game, a PGN, the editor, a new game's start): the puzzle is left.
for (const action of ["showLine", "startGame", "recount"]) {
  store.on(action, () => {
    if (store.state.puzzles.current) store.act("puzzleLeft");
  });
}
