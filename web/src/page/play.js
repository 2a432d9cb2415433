// A game against Khun: starting it, Khun's moves, the end, takeback, resign, a draw offer.
// Khun's web page. GPL-3.0-or-later, like the project.

import { parseInfo } from "./engine.js";
import { addFinishedGame } from "./keep.js";
import { $, TITLES, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo, stateAt, playersCounting, playersCountable, countActionWords, readLine, tableWhenReady } from "./position.js";
import { board, sounds } from "./moves.js";
import { parseTc, clockLeft } from "./clock.js";
import { levelLines, levelLabel, strengthElo } from "./levels.js";
import { thinkPlan, paceOf } from "./pace.js";
import { moveSquares } from "./drops.js";
import { setupLines } from "./search.js";
import { stopAnalysis } from "./analysis.js";
import { cancelAnnotate } from "./annotate.js";
import { localDate, lineRecord } from "./record.js";
import { t, sideName, reasonText, showText, refusalText } from "./i18n.js";
import { shownLevelLabel } from "./words.js";
import { shownMove } from "./notation.js";

// A draw offer: Khun accepts where an endgame table says draw, or, from move 11 on, where
// its own score after half a second's search is at most +0.25 (level or worse for it).
const DRAW_ACCEPT_CP = 25;

const DRAW_FROM_MOVE = 10;

/**
 * A game against Khun from the setup's choices `opts`, after `moves` (a link's). `saved`:
 * a game in progress kept across a reload (persist()), restored with its count and clocks.
 */
export function startGame(opts, moves = [], saved = null) {
  const S = store.state;
  stopAnalysis(false);
  cancelAnnotate();
  S.engine.cancelAll();
  const v = variantInfo(S, opts.variant);
  const fen = opts.fen || v.startFen;
  const counting = opts.counting === "players" && playersCountable(S, v.name) ? "players" : "automatic";
  let line;
  try {
    line = readLine(S, v.name, fen, moves, counting, saved ? saved.countActions || [] : []);
  } catch (e) {
    if (saved) throw e;
    say(() => t("say.cannotStart", { error: refusalText(e) }));
    return;
  }
  $("fen-input").setCustomValidity("");
  const human = opts.color === "random" ? (Math.random() < 0.5 ? "white" : "black") : opts.color;
  const tc = parseTc(opts.tc);
  const game = {
    human,
    startPly: moves.length,
    tc,
    tcText: opts.tc,
    level: opts.level,
    elo: opts.elo,
    engineName: `Khun (${levelLabel(opts.level, opts.elo)})`,
    // How long Khun takes over a move (pace.js); with "N seconds a move" it does not apply.
    pace: paceOf(opts.pace, opts.level),
    clock: tc.movetime ? null : { ms: { white: tc.base, black: tc.base }, inc: tc.inc, mover: null, since: 0 },
  };
  if (saved) {
    // The clocks stood still while the page was closed; the one that ran goes on.
    const sg = saved.game;
    game.startPly = Math.max(0, Math.min(moves.length, Number(sg.startPly) || 0));
    if (game.clock && sg.clock) {
      game.clock.ms = { white: Number(sg.clock.white) || 0, black: Number(sg.clock.black) || 0 };
      game.clock.mover = sg.clock.mover === "white" || sg.clock.mover === "black" ? sg.clock.mover : null;
      game.clock.since = performance.now();
    }
  }
  S.engine.configure([
    `setoption name UCI_Variant value ${v.name}`,
    "ucinewgame",
    "setoption name UCI_AnalyseMode value false",
    "setoption name MultiPV value 1",
    "setoption name UCI_ShowWDL value false",
    ...levelLines(opts.level, opts.elo),
  ]);
  store.act("engineSynced", v.name, S.engineCountStarted);
  showText($("game-info"), () => t("gameInfo.main", {
    game: v.title || TITLES[v.name] || v.name,
    side: sideName(human),
    level: shownLevelLabel(opts.level, opts.elo),
    time: tc.movetime ? t("gameInfo.moveTime", { seconds: tc.movetime / 1000 }) : opts.tc,
    pace: tc.movetime ? "" : t(`gameInfo.pace.${game.pace}`),
    counting: t(counting === "players" ? "gameInfo.players" : "gameInfo.automatic"),
  }));
  store.act("selectTab", "play");
  store.act("startGame", line, game);
  // On a phone "Start the game" is below the board: bring the board back into view.
  if ($("board-area").getBoundingClientRect().top < 0) $("board-area").scrollIntoView({ block: "start" });
  const st = stateAt(S, S.moves.length);
  if (st.end) finishGame(st.end.result, st.end.reason);
  else if (st.turn !== human) { say(() => t(saved ? "say.backKhunToMove" : "say.newGameKhunFirst")); engineMove(); }
  else say(() => t(saved ? "say.backYourMove" : "say.newGameYourMove"));
}

// After each move in a game against Khun: the clocks switch, then the game ends or Khun answers.
store.on("playMove", () => {
  const S = store.state;
  if (!S.playing) return;
  const st = stateAt(S, S.moves.length);
  store.act("clockSwitch", st.turn);
  // The mover's clock after the move, kept with it (the PGN's [%clk]).
  const clock = S.game.clock;
  if (clock) store.act("recordClock", S.moves.length, clock.ms[st.turn === "white" ? "black" : "white"]);
  if (st.end) finishGame(st.end.result, st.end.reason);
  else if (st.turn !== S.game.human) engineMove();
});

export async function engineMove() {
  const S = store.state;
  const g = S.game;
  const token = store.act("nextToken");
  const ply = S.moves.length;
  // Khun's turn began: its move is shown no sooner than the pace's wait after this.
  const began = performance.now();
  const pos = stateAt(S, ply);
  const plan = thinkPlan(
    { pace: g.pace, elo: strengthElo(g.level, g.elo), movetime: g.tc.movetime, base: g.tc.base, inc: g.tc.inc, side: pos.turn },
    g.clock ? { white: clockLeft("white"), black: clockLeft("black") } : null,
    { ...moveFacts(ply, pos), random: Math.random() },
  );
  const go = plan.go;
  // Under players' counting Khun decides on the count itself: `info string count
  // start` or `info string count stop` before its bestmove.
  const decisions = [];
  const task = S.engine.go(setupLines(ply), go, (line) => {
    const d = /^info string count (start|stop)\b/.exec(line);
    if (d) decisions.push(d[1]);
  });
  const r = await task.promise;
  const current = () => g === S.game && token === g.token && S.playing && !S.result && S.moves.length === ply;
  if (!r || !current()) return;
  // A human-like pace: the move waits until its think time has passed, the clock running.
  const rest = plan.waitMs - (performance.now() - began);
  if (rest > 0) {
    await new Promise((resolve) => setTimeout(resolve, rest));
    if (!current()) return;
  }
  // What is said, as functions of the page's language (said again after a switch).
  const said = [];
  for (const action of playersCounting(S) ? decisions : []) {
    const before = stateAt(S, ply);
    if (!(action === "start" ? before.mayStartCount : before.mayStopCount)) {
      said.push(() => t(`say.khunCountNotAllowed.${action}`));
      continue;
    }
    store.act("countAction", ply, action);
    said.push(() => countActionWords(S, ply, action));
  }
  const st = stateAt(S, ply);
  const m = st.legal.find((x) => x.uci === r.bestmove);
  if (!m) {
    say(() => t("say.khunIllegal", { move: r.bestmove }));
    return;
  }
  said.push(() => t("say.khunPlayed", { san: shownMove(ply, m.uci) })); // written when said
  say(() => said.map((f) => f()).reduce((first, second) => t("say.joined", { first, second })));
  // The board steps to Khun's move where the player was at the line's end.
  store.act("playMove", ply, m.uci, m.san, S.cursor === ply);
}

/**
 * What the pace reads of the position at `ply` (state `st`): its move number, its legal
 * moves, whether it is in check, and whether the last move captured on a square a legal
 * move takes back on (a recapture, seen at once).
 */
function moveFacts(ply, st) {
  const S = store.state;
  const moveNumber = Number(st.fen.trim().split(/\s+/).pop()) || 1;
  let recapture = false;
  if (ply > 0 && /x/.test(S.sans[ply - 1] || "")) {
    const to = moveSquares(S.moves[ply - 1]).to;
    recapture = st.legal.some((m) => /x/.test(m.san) && moveSquares(m.uci).to === to);
  }
  return { moveNumber, legal: st.legal.length, check: !!st.check, recapture };
}

export function finishGame(result, reason) {
  store.act("finishGame", result, reason);
}

// What was said of the last game's end ("Game over: 0-1 (Resignation)"), while it is what the page says.
let endSaid = null;

// A game against Khun ends (a move, the clock, a resignation, a draw agreed): its sound,
// its place among "Your last games", and the result said.
store.on("finishGame", (result, reason) => {
  const S = store.state;
  sounds.play("end");
  // Kept to review ("Your last games"): every game against Khun where a move was played.
  if (S.game && S.moves.length > S.game.startPly) addFinishedGame({ ...lineRecord(S), date: localDate() });
  endSaid = () => t("say.gameOver", { result, reason: reasonText(reason) });
  say(endSaid);
});

// A new line (the editor's position, a link, a PGN, the next game's start) leaves nothing
// of the game before it: the words on its end go, unless something was said since.
store.on("showLine", () => {
  if (endSaid && $("announce").textContent === endSaid()) say("");
  endSaid = null;
});

export function takeback() {
  const S = store.state;
  const g = S.game;
  if (!S.playing || S.result || !g) return;
  S.engine.cancelAll();
  board.cancelPremove(); // a premove was meant for after Khun's answer, not the position taken back to
  let n = S.moves.length;
  const turn = stateAt(S, n).turn;
  n -= turn === g.human ? 2 : 1;
  if (n < g.startPly) return;
  say(() => t("say.takenBack"));
  store.act("takeback", n);
}

/** Resign asks once, in the page: "Yes, resign" or "No, play on". */
export function askResign() {
  const S = store.state;
  if (!S.playing || S.result) return;
  store.act("askResign", true);
  $("btn-resign-no").focus();
}

export function closeResign() {
  const asked = store.state.resignAsked;
  store.act("askResign", false);
  if (asked) $("btn-resign").focus();
}

export function resign() {
  const S = store.state;
  store.act("askResign", false);
  if (!S.playing || S.result) return;
  S.engine.cancelAll();
  finishGame(S.game.human === "white" ? "0-1" : "1-0", "Resignation");
}

export async function offerDraw() {
  const S = store.state;
  const g = S.game;
  if (!S.playing || S.result || !g || g.drawPending) return;
  const ply = S.moves.length;
  const st = stateAt(S, ply);
  if (st.turn !== g.human) return;
  say(() => t("say.considersDraw"));
  store.act("setDrawPending", true);
  const table = await tableWhenReady(S, ply);
  if (g !== S.game || !S.playing || S.result || S.moves.length !== ply) { store.act("setDrawPending", false); return; }
  // A table's verdict decides where there is one ("drawn" in its text, or a draw verdict).
  let accept = table ? table.verdict === "draw" || /\bdrawn?\b/i.test(table.text || "") : null;
  // Why Khun declines, as a function of the page's language.
  let why = () => (table ? t("draw.tableWhy", { text: table.text || table.verdict }) : "");
  const moveNo = Number(st.fen.trim().split(/\s+/).pop()) || 1;
  if (accept === null && moveNo <= DRAW_FROM_MOVE) {
    // Too early: Khun does not search, and says so.
    accept = false;
    why = () => t("draw.tooEarly", { first: DRAW_FROM_MOVE + 1, move: moveNo });
  }
  if (accept === null) {
    let last = null;
    const r = await S.engine.go(setupLines(ply), "go movetime 500", (line) => {
      const i = parseInfo(line);
      if (i && i.score && (i.multipv || 1) === 1 && !i.bound) last = i;
    }).promise;
    if (!r || g !== S.game || !S.playing || S.result || S.moves.length !== ply) { store.act("setDrawPending", false); return; }
    // The score is from the side to move's view (yours): Khun's is its negation.
    const sc = last && last.score;
    const khunCp = !sc ? 0 : sc.mate !== undefined ? (sc.mate > 0 ? -100000 : 100000) : -sc.cp;
    accept = khunCp <= DRAW_ACCEPT_CP;
    why = () => t("draw.scoreWhy", {
      score: `${khunCp >= 0 ? "+" : ""}${Math.abs(khunCp) >= 100000 ? t(khunCp > 0 ? "draw.mate" : "draw.mated") : (khunCp / 100).toFixed(2)}`,
      limit: (DRAW_ACCEPT_CP / 100).toFixed(2),
    });
  }
  if (accept) { store.act("setDrawPending", false); finishGame("1/2-1/2", "Draw agreed"); } else {
    say(() => t("say.declinesDraw", { why: why() }));
    store.act("setDrawPending", false);
  }
}
