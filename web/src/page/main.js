// Khun's web page: play against Khun, analyse, import and export PGN, review a game.
// The rules come from khun.js (window.Khun.loadRules(), synchronous once loaded); the
// engine runs in khun.worker.js (see web/API-DRAFT.md). Nothing here talks to anything
// but the page's own files.
// Khun's web page. GPL-3.0-or-later, like the project.

import { Board, placement, pieceArt } from "./board.js";
import { Engine, parseInfo } from "./engine.js";
import { pgnText, evalGraph, expectedFromInfo, marksFor, scoreText, HAND_COUNTED } from "./review.js";
import { Sounds } from "./sound.js";
import { CURRENT_KEY, loadValue, saveValue, finishedGames, addFinishedGame } from "./store.js";

const $ = (id) => document.getElementById(id);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const other = (c) => (c === "white" ? "black" : "white");

const TITLES = {
  makruk: "Makruk", cambodian: "Cambodian (Ouk Chatrang)", karouk: "Kar Ouk", makpong: "Makpong",
  asean: "ASEAN", "ai-wok": "Ai-wok",
};
const LEVELS = { "-20": 672, "-10": 1054, 0: 1306, 1: 1548, 3: 1814, 6: 2205, 10: 2551 };
// A draw offer: Khun accepts where an endgame table says draw, or, from move 11 on, where
// its own score after half a second's search is at most +0.25 (level or worse for it).
const DRAW_ACCEPT_CP = 25;
const DRAW_FROM_MOVE = 10;

const S = {
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

// ---------------------------------------------------------------- positions

function variantInfo(name) {
  return S.variants.find((v) => v.name === name) || S.variants[0];
}

function stateAt(ply) {
  if (!S.cache[ply]) {
    S.cache[ply] = S.rules.state(S.variant, S.startFen, S.moves.slice(0, ply), { countStarted: countStartedAt(ply) });
  }
  return S.cache[ply];
}

/** Whether the line shown is counted as players count. */
function playersCounting() {
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

function countStartedAt(ply) {
  return playersCounting() ? countStartedFrom(S.countLog, S.startPly, ply) : 0;
}

/** A new count action at `ply`: the states from there on change. */
function logCountAction(ply, action) {
  S.countLog = S.countLog.filter((a) => a.ply <= ply);
  S.countLog.push({ ply, action });
  S.cache = S.cache.slice(0, ply);
}

/** Who acted on the count at `ply`, in words ("Khun", "You", or the side). */
function countActor(ply) {
  const side = (S.startPly + ply) % 2 === 0 ? "white" : "black";
  if (S.game) return side === S.game.human ? "You" : "Khun";
  return cap(side);
}

function countActionWords(ply, action) {
  const who = countActor(ply);
  const verb = who === "You" ? action : `${action}s`;
  return `${who} ${verb} counting`;
}

/**
 * The endgame table's verdict at `ply`: null (none), undefined (asked, not answered yet).
 * Asked of page/table.worker.js, since a first probe of an ending can take a second.
 */
function tableAt(ply) {
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
function tableWhenReady(ply) {
  const t = tableAt(ply);
  if (t !== undefined) return Promise.resolve(t);
  const key = tableKey(ply);
  for (const job of S.tableJobs.values()) {
    if (job.key === key) return new Promise((resolve) => job.waiting.push(resolve));
  }
  return Promise.resolve(null);
}

/**
 * Shows a new line: `counting` ("automatic" / "players") and `countLog` (players' count
 * actions) with it. Throws on a bad FEN, move or count action, changing nothing.
 */
function setLine(variant, startFen, moves, counting = S.counting, countLog = []) {
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
  board.setPromotionRanks(variant === "asean" ? [] : [3, 6]);
  syncCountingSetting();
}

/** The setup's Counting setting shows the convention of the line on the board. */
function syncCountingSetting() {
  const sel = $("counting");
  if (!sel) return;
  if (!S.playing) sel.value = S.counting;
  updateCountingChoice();
}

/** Players' counting is offered for makruk, makpong and cambodian only. */
function updateCountingChoice() {
  const sel = $("counting");
  const hand = HAND_COUNTED.includes($("variant").value);
  sel.querySelector("option[value='players']").disabled = !hand;
  if (!hand) sel.value = "automatic";
}

function pushMove(uci) {
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
function promotedSquares(ply) {
  const set = new Set();
  for (const [sq, p] of Object.entries(placement(S.startFen))) if (p.promoted) set.add(sq);
  for (let i = 0; i < ply; i++) {
    const u = S.moves[i];
    const from = u.slice(0, 2);
    const to = u.slice(2, 4);
    const carried = set.has(from);
    set.delete(from);
    set.delete(to);
    if (carried || (u.length > 4 && u[4] === "m" && S.variant !== "asean")) set.add(to);
  }
  return set;
}

function positionCmd(ply) {
  const moves = S.moves.slice(0, ply);
  return `position fen ${S.startFen}` + (moves.length ? ` moves ${moves.join(" ")}` : "");
}

/**
 * The lines before a search at `ply`, made when the search starts (it may wait in the
 * queue). Under players' counting the count goes after `position` (`CountStarted` is
 * checked against the game the engine holds); a value held from before is cleared
 * first, since `position` is refused where it does not fit the new game.
 */
function setupLines(ply) {
  const variant = S.variant;
  const position = positionCmd(ply);
  return () => {
    const lines = [];
    const countStarted = countStartedAt(ply);
    if (S.engineCountStarted !== 0) lines.push("setoption name CountStarted value 0");
    if (S.engineVariant !== variant) {
      lines.push(`setoption name UCI_Variant value ${variant}`);
      S.engineVariant = variant;
    }
    lines.push(position);
    if (countStarted !== 0) lines.push(`setoption name CountStarted value ${countStarted}`);
    S.engineCountStarted = countStarted;
    return lines;
  };
}


// ---------------------------------------------------------------- board hooks

function canMoveNow() {
  const st = stateAt(S.cursor);
  if (st.end || S.annotating) return false;
  if (S.playing) return S.cursor === S.moves.length && st.turn === S.game.human && !S.result;
  return true;
}

const board = new Board($("board"), {
  movable(sq) {
    if (!S.rules || !canMoveNow()) return false;
    const st = stateAt(S.cursor);
    return st.legal.some((m) => m.from === sq);
  },
  dests(sq) {
    if (!S.rules || !canMoveNow()) return [];
    return [...new Set(stateAt(S.cursor).legal.filter((m) => m.from === sq).map((m) => m.to))];
  },
  move(from, to) {
    const cands = stateAt(S.cursor).legal.filter((m) => m.from === from && m.to === to);
    if (cands.length === 1) userMove(cands[0].uci);
    else if (cands.length > 1) askPromotion(cands);
  },
});

const sounds = new Sounds($("btn-sound"));

function askPromotion(cands) {
  const box = $("promotion");
  box.replaceChildren();
  const white = stateAt(S.cursor).turn === "white";
  for (const m of cands) {
    const b = document.createElement("button");
    const letter = m.uci.length > 4 ? m.uci[4] : "m";
    const img = document.createElement("img");
    img.src = pieceArt({ letter: white ? letter.toUpperCase() : letter, white, promoted: false });
    img.alt = "";
    b.append(img, document.createTextNode(m.san));
    b.setAttribute("aria-label", `Promote: ${m.san}`);
    b.dataset.uci = m.uci;
    b.addEventListener("click", () => { box.classList.add("hidden"); userMove(m.uci); });
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "✕";
  cancel.setAttribute("aria-label", "Cancel the promotion");
  cancel.addEventListener("click", () => box.classList.add("hidden"));
  box.appendChild(cancel);
  box.classList.remove("hidden");
  box.querySelector("button").focus();
}

function userMove(uci) {
  if (!canMoveNow()) return;
  if (!S.playing && S.cursor < S.moves.length) {
    // Inside a game: its own next move just steps on; another move starts a variation,
    // and the game is kept to come back to ("Back to the game").
    if (S.moves[S.cursor] === uci) { goTo(S.cursor + 1); return; }
    if (!S.mainline) {
      S.mainline = {
        moves: S.moves.slice(), sans: S.sans.slice(), evals: S.evals.slice(), marks: S.marks.slice(),
        result: S.result, resultTag: S.tags.Result, cursor: S.cursor, countLog: S.countLog.slice(),
      };
    }
  }
  const m = pushMove(uci);
  if (!S.playing && S.result) { S.result = null; S.tags.Result = "*"; } // a new line after the game
  say(`You played ${m.san}`);
  afterMove();
}

function afterMove() {
  const st = stateAt(S.moves.length);
  const san = S.sans[S.moves.length - 1] || "";
  // The game's end has its own sound (finishGame's, in a game against Khun).
  if (!st.end) sounds.play(st.check ? "check" : san.includes("x") ? "capture" : "move");
  else if (!S.playing) sounds.play("end");
  if (S.playing) {
    clockSwitch();
    if (st.end) finishGame(st.end.result, st.end.reason);
    else if (st.turn !== S.game.human) engineMove();
  } else if (st.end && !S.result) {
    // A line played to its end on a free board: the rules' result is the line's.
    S.result = { result: st.end.result, reason: st.end.reason };
    S.tags.Result = st.end.result;
  }
  render();
  if (S.analysing) analyse();
}

/** Back from a variation to the game it left, at the move where it left it. */
function backToGame() {
  const g = S.mainline;
  if (!g) return;
  S.mainline = null;
  S.moves = g.moves;
  S.sans = g.sans;
  S.evals = g.evals;
  S.marks = g.marks;
  S.countLog = g.countLog;
  S.result = g.result;
  if (g.resultTag !== undefined) S.tags.Result = g.resultTag;
  S.cache = [];
  S.cursor = g.cursor;
  say("Back to the game");
  render();
  if (S.analysing) analyse();
}

// ---------------------------------------------------------------- status

/** What just happened ("Khun played Se2"), read out by screen readers; #status says whose move. */
function say(text) {
  $("announce").textContent = text;
}

function kingSquare(fen, color) {
  const want = color === "white" ? "K" : "k";
  for (const [sq, p] of Object.entries(placement(fen))) if (p.letter === want) return sq;
  return null;
}

function render() {
  if (!S.rules) return;
  const st = stateAt(S.cursor);
  const last = S.cursor > 0 ? S.moves[S.cursor - 1] : null;
  board.setOrientation(S.orientation);
  board.set({
    fen: st.fen,
    promoted: promotedSquares(S.cursor),
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    check: st.check ? kingSquare(st.fen, st.turn) : null,
    arrows: currentArrows(),
  });
  $("board").dataset.turn = st.turn;
  $("board").dataset.ply = String(S.cursor);

  // Whose move, or the end.
  const atEnd = S.cursor === S.moves.length;
  let status;
  if (st.end) status = `${st.end.reason}: ${st.end.result}`;
  else if (S.playing && atEnd && !S.result) {
    status = st.turn === S.game.human ? "Your move" : "Khun is thinking…";
    if (st.check) status += " (check)";
  } else if (S.result && atEnd) status = "Game over";
  else status = `${cap(st.turn)} to move${st.check ? ", in check" : ""}`;
  if (!atEnd) status += ` (move ${S.cursor} of ${S.moves.length})`;
  $("status").textContent = status;

  // The result: a banner with who won and why.
  const res = S.result;
  const r = $("result");
  if (res) {
    r.querySelector(".result-headline").textContent = resultHeadline(res);
    r.querySelector(".result-reason").textContent = `${res.result} · ${res.reason}`;
    r.dataset.result = res.result;
    r.dataset.reason = res.reason;
    r.dataset.outcome = resultOutcome(res);
    r.classList.remove("hidden");
  } else {
    r.querySelector(".result-headline").textContent = "";
    r.querySelector(".result-reason").textContent = "";
    delete r.dataset.result;
    delete r.dataset.reason;
    delete r.dataset.outcome;
    r.classList.add("hidden");
  }
  // The bar shows White's share on White's side of the board.
  $("eval-bar").classList.toggle("flipped", S.orientation === "black");

  // The count as players say it: "Black counts: 3 of 64" after Black's own third move.
  const c = st.count;
  const ce = $("count");
  const players = playersCounting();
  ce.dataset.started = String(st.countStarted || 0);
  if (c) {
    const honour = c.honour === "piece" ? "piece's honour" : "board's honour";
    let t = `${cap(c.counting)} counts: ${c.number} of ${c.of} (${honour}). `;
    if (c.number === 0) t = `${cap(c.counting)} counts: 0 of ${c.of} (${honour}; its next move is 1). `;
    const mated = st.end && st.end.result !== "1/2-1/2";
    t += c.exceeded ? (mated ? "The count ran out, but the last move mates." : "The count has run out: a draw.") : `${cap(c.mating)} must mate within ${c.movesLeft} move${c.movesLeft === 1 ? "" : "s"}.`;
    if (players && c.honour === "board") t += ` A mate by ${cap(c.counting)} while it counts is a draw.`;
    ce.textContent = t;
    ce.title = c.text || st.countText || "";
    ce.dataset.honour = c.honour;
    ce.dataset.counting = c.counting;
    ce.classList.toggle("urgent", c.movesLeft <= 3 || !!c.exceeded);
    ce.classList.remove("hidden");
  } else if (players && st.countStarted > 0) {
    // Started in a position where no count binds yet (a FEN without count fields: the
    // count is counted from the first move on, as pyffish counts it).
    const side = (st.countStarted - 1) % 2 === 0 ? "white" : "black";
    ce.textContent = `${cap(side)} counts: 0 of ${S.variant === "cambodian" ? 63 : 64} (board's honour; its next move is 1).`;
    ce.title = st.countText || "";
    ce.dataset.honour = "board";
    ce.dataset.counting = side;
    ce.classList.remove("urgent");
    ce.classList.remove("hidden");
  } else if (players && st.mayStartCount) {
    ce.textContent = `No count: ${st.turn} may start counting (the board's honour, 64 moves${S.variant === "cambodian" ? "; 63 in Ouk Chatrang" : ""}).`;
    ce.title = st.countText || "";
    delete ce.dataset.honour;
    delete ce.dataset.counting;
    ce.classList.remove("urgent");
    ce.classList.remove("hidden");
  } else {
    // No count here: nothing of another position's count stays (text, tooltip, side).
    ce.textContent = "";
    ce.removeAttribute("title");
    delete ce.dataset.honour;
    delete ce.dataset.counting;
    ce.classList.remove("urgent");
    ce.classList.add("hidden");
  }
  renderCountControls(st);
  const tv = $("table-verdict");
  const table = !S.playing || S.result ? tableAt(S.cursor) : null;
  if (table) {
    tv.textContent = `Endgame table: ${table.text || `${table.verdict} for ${table.forSide || table.winner}`}`;
    tv.classList.remove("hidden");
  } else tv.classList.add("hidden");

  renderNames();
  renderMoves();
  renderButtons();
  renderClocks();
  renderGraph();
  renderReview();
  renderRecent();
  $("pgn-out").value = pgnText(S);
  persist();
}

/**
 * Count and Stop count, under players' counting: enabled where the player to move (you,
 * in a game against Khun; either side on a free board) may start or stop the count now,
 * at the end of the line.
 */
function renderCountControls(st) {
  const box = $("count-controls");
  const players = playersCounting();
  box.classList.toggle("hidden", !players);
  if (!players) return;
  const atEnd = S.cursor === S.moves.length;
  let mayAct = atEnd && !st.end && !S.result && !S.annotating;
  if (S.playing) mayAct = mayAct && st.turn === S.game.human;
  $("btn-count").disabled = !(mayAct && st.mayStartCount);
  $("btn-stop-count").disabled = !(mayAct && st.mayStopCount);
}

/** The player to move starts or stops the count (the Count and Stop count buttons). */
function playerCountAction(action) {
  const ply = S.moves.length;
  if (!playersCounting() || S.cursor !== ply || S.result || S.annotating) return;
  const st = stateAt(ply);
  if (st.end || (S.playing && st.turn !== S.game.human)) return;
  if (!(action === "start" ? st.mayStartCount : st.mayStopCount)) return;
  logCountAction(ply, action);
  say(`${countActionWords(ply, action)}${action === "start" ? `: ${st.turn}'s next move is 1` : ""}`);
  render();
  if (S.analysing) analyse();
}

/** "win", "loss" or "draw" for you in a game against Khun; "white", "black" or "draw" otherwise. */
function resultOutcome(res) {
  if (res.result === "1/2-1/2") return "draw";
  const winner = res.result === "1-0" ? "white" : "black";
  if (!S.game) return winner;
  return winner === S.game.human ? "win" : "loss";
}

function resultHeadline(res) {
  return {
    draw: "The game is a draw", win: "You win", loss: "Khun wins", white: "White wins", black: "Black wins",
  }[resultOutcome(res)];
}

/** The players' names: "You" and Khun's in a game against it, else the PGN's tags. */
function playerNames() {
  if (S.game) {
    return {
      white: S.game.human === "white" ? "You" : S.game.engineName,
      black: S.game.human === "black" ? "You" : S.game.engineName,
    };
  }
  return { white: S.tags.White || "White", black: S.tags.Black || "Black" };
}

function renderNames() {
  const { white, black } = playerNames();
  const top = S.orientation === "white" ? black : white;
  const bottom = S.orientation === "white" ? white : black;
  $("name-top").textContent = top;
  $("name-bottom").textContent = bottom;
}

function renderMoves() {
  const list = $("movelist");
  list.replaceChildren();
  const st0 = stateAt(0);
  const f = st0.fen.split(/\s+/);
  let num = Number(f[f.length - 1]) || 1;
  let white = st0.turn === "white";
  const add = (cls, text) => {
    const li = document.createElement("li");
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    li.appendChild(span);
    list.appendChild(li);
  };
  // A players' count action: a line of its own after the move before it.
  let noted = false;
  const note = (ply) => {
    for (const a of S.countLog) {
      if (a.ply !== ply) continue;
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.className = "count-note";
      span.dataset.ply = String(ply);
      span.dataset.action = a.action;
      span.textContent = countActionWords(ply, a.action);
      li.appendChild(span);
      list.appendChild(li);
      noted = true;
    }
  };
  note(0);
  if (!white && S.sans.length) { add("num", `${num}.`); add("num", "…"); }
  S.sans.forEach((san, i) => {
    if (white) add("num", `${num}.`);
    else if (noted && i > 0) { add("num", `${num}.`); add("num", "…"); }
    noted = false;
    const li = document.createElement("li");
    const b = document.createElement("button");
    const mark = S.marks[i] || "";
    b.textContent = san + mark;
    b.dataset.ply = String(i + 1);
    b.dataset.uci = S.moves[i];
    b.setAttribute("aria-label", `${white ? "White" : "Black"} ${num}: ${san}${mark ? ` ${mark}` : ""}`);
    if (mark) b.className = { "?!": "mark-inacc", "?": "mark-mist", "??": "mark-blund" }[mark];
    if (i + 1 === S.cursor) b.classList.add("current");
    b.addEventListener("click", () => goTo(i + 1));
    li.appendChild(b);
    list.appendChild(li);
    if (!white) num++;
    white = !white;
    note(i + 1);
  });
  // Keep the current move in sight by scrolling the list itself: scrollIntoView would
  // scroll the page too, and on a phone push the board off the screen.
  const cur = list.querySelector(".current");
  if (!cur) { list.scrollTop = 0; return; }
  const lr = list.getBoundingClientRect();
  const cr = cur.getBoundingClientRect();
  if (cr.top < lr.top) list.scrollTop -= lr.top - cr.top;
  else if (cr.bottom > lr.bottom) list.scrollTop += cr.bottom - lr.bottom;
}

function renderButtons() {
  const n = S.moves.length;
  $("nav-first").disabled = S.cursor === 0;
  $("nav-prev").disabled = S.cursor === 0;
  $("nav-next").disabled = S.cursor === n;
  $("nav-last").disabled = S.cursor === n;
  $("btn-mainline").classList.toggle("hidden", !S.mainline);
  if (S.mainline) $("btn-mainline").textContent = `Back to the game (${S.mainline.moves.length} plies)`;
  const inGame = S.playing && !S.result;
  $("setup").classList.toggle("hidden", inGame);
  $("game-controls").classList.toggle("hidden", !S.game);
  if (S.game) {
    const humanToMove = inGame && stateAt(n).turn === S.game.human;
    const humanMoves = n - S.game.startPly - (stateAt(n).turn === S.game.human ? 0 : 1);
    $("btn-takeback").disabled = !inGame || humanMoves < 1;
    $("btn-draw").disabled = !humanToMove || !!S.game.drawPending;
    $("btn-resign").disabled = !inGame;
    if (!inGame) closeResign();
    $("btn-new").disabled = false;
    $("btn-analyse-game").disabled = false;
    $("btn-analyse-game").textContent = inGame ? "Leave and analyse" : "Analyse this game";
  }
  $("btn-analysis").textContent = S.analysing ? "Stop" : "Analyse";
  $("btn-analysis").setAttribute("aria-label", S.analysing ? "Stop the analysis" : "Start the analysis");
  $("btn-analysis").disabled = S.playing && !S.result;
  $("btn-annotate").disabled = (S.playing && !S.result) || S.moves.length === 0;
  $("btn-annotate").textContent = S.annotating ? "Cancel" : "Annotate";
  $("analysis-note").textContent = S.playing && !S.result
    ? "A game is on: analysis opens when it ends (or leave it from the Play tab)."
    : "Analyse the position on the board; moves on the board are free for both sides.";
}

/**
 * The Counting setting changed with no game against Khun on the board: the line on the
 * board is counted that way from its start (no count running: under players' counting the players start it).
 * Refused where the line cannot be counted so (the automatic count ran out before its end).
 */
function changeCounting(counting) {
  // In or after a game the setting is for the next game: the game keeps its count.
  if (S.game) return;
  if (!HAND_COUNTED.includes(S.variant) || counting === S.counting) { S.counting = counting; render(); return; }
  const cursor = S.cursor;
  const saved = { evals: S.evals, marks: S.marks };
  try {
    setLine(S.variant, S.startFen, S.moves, counting, []);
  } catch (e) {
    $("counting").value = S.counting;
    say(`Cannot count this line ${counting === "players" ? "as players count" : "automatically"}: ${e.message}`);
    return;
  }
  S.evals = saved.evals;
  S.marks = saved.marks;
  S.cursor = cursor;
  say(counting === "players" ? "Counting as players count: Count starts the count, Stop count stops it" : "Counting automatically");
  render();
  if (S.analysing) analyse();
}

// ---------------------------------------------------------------- navigation

function goTo(ply) {
  ply = Math.max(0, Math.min(S.moves.length, ply));
  if (ply === S.cursor) return;
  S.cursor = ply;
  $("promotion").classList.add("hidden");
  render();
  if (S.analysing) analyse();
}

// ---------------------------------------------------------------- play

function readSetup() {
  const level = $("level").value;
  return {
    variant: $("variant").value,
    color: $("color").value,
    level,
    elo: Number($("elo").value),
    tc: $("tc").value,
    fen: $("fen-input").value.trim(),
    counting: $("counting").value,
  };
}

function levelLines(level, elo) {
  if (level === "elo") {
    const e = Math.max(672, Math.min(2551, Math.round(elo) || 1500));
    return ["setoption name Skill Level value 20", "setoption name UCI_LimitStrength value true", `setoption name UCI_Elo value ${e}`];
  }
  return ["setoption name UCI_LimitStrength value false", `setoption name Skill Level value ${level}`];
}

function levelLabel(level, elo) {
  if (level === "elo") return `Elo ${Math.max(672, Math.min(2551, Math.round(elo) || 1500))}`;
  if (level === "20") return "full strength";
  return `level ${level}, ≈ ${LEVELS[level]} Elo`;
}

function parseTc(tc) {
  let m = /^mt(\d+(?:\.\d+)?)$/.exec(tc);
  if (m) return { movetime: Math.round(Number(m[1]) * 1000) };
  m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(tc);
  if (m) return { base: Math.round(Number(m[1]) * 60000), inc: Math.round(Number(m[2]) * 1000) };
  return { base: 300000, inc: 3000 };
}

/**
 * A game against Khun from the setup's choices `opts`, after `moves` (a link's). `saved`:
 * a game in progress kept across a reload (persist()), restored with its count and clocks.
 */
function startGame(opts, moves = [], saved = null) {
  stopAnalysis(false);
  cancelAnnotate();
  S.engine.cancelAll();
  closeResign();
  const v = variantInfo(opts.variant);
  const fen = opts.fen || v.startFen;
  const counting = opts.counting === "players" && HAND_COUNTED.includes(v.name) ? "players" : "automatic";
  try {
    setLine(v.name, fen, moves, counting, saved ? saved.countActions || [] : []);
  } catch (e) {
    if (saved) throw e;
    say(`Cannot start from that position: ${e.message}`);
    return;
  }
  $("fen-input").setCustomValidity("");
  const human = opts.color === "random" ? (Math.random() < 0.5 ? "white" : "black") : opts.color;
  const tc = parseTc(opts.tc);
  S.playing = true;
  S.result = null;
  S.tags = {};
  S.orientation = human;
  S.game = {
    human,
    token: 0,
    startPly: moves.length,
    tc,
    tcText: opts.tc,
    level: opts.level,
    elo: opts.elo,
    engineName: `Khun (${levelLabel(opts.level, opts.elo)})`,
    clock: tc.movetime ? null : { ms: { white: tc.base, black: tc.base }, inc: tc.inc, mover: null, since: 0 },
    drawPending: false,
  };
  if (saved) {
    // The clocks stood still while the page was closed; the one that ran goes on.
    const sg = saved.game;
    S.game.startPly = Math.max(0, Math.min(moves.length, Number(sg.startPly) || 0));
    if (S.game.clock && sg.clock) {
      S.game.clock.ms = { white: Number(sg.clock.white) || 0, black: Number(sg.clock.black) || 0 };
      S.game.clock.mover = sg.clock.mover === "white" || sg.clock.mover === "black" ? sg.clock.mover : null;
      S.game.clock.since = performance.now();
    }
  }
  S.engineVariant = v.name;
  S.engine.configure([
    `setoption name UCI_Variant value ${v.name}`,
    "ucinewgame",
    "setoption name UCI_AnalyseMode value false",
    "setoption name MultiPV value 1",
    "setoption name UCI_ShowWDL value false",
    ...levelLines(opts.level, opts.elo),
  ]);
  $("game-info").textContent = `${v.title || TITLES[v.name] || v.name}: you play ${human} against Khun (${levelLabel(opts.level, opts.elo)}), ` +
    (tc.movetime ? `Khun thinks ${tc.movetime / 1000} s a move` : `${opts.tc}`) +
    (counting === "players" ? "; counting as players count (Count and Stop count)." : ".");
  selectTab("play");
  const st = stateAt(S.moves.length);
  render();
  // On a phone "Start the game" is below the board: bring the board back into view.
  if ($("board-area").getBoundingClientRect().top < 0) $("board-area").scrollIntoView({ block: "start" });
  const what = saved ? "Your game is back" : "New game";
  if (st.end) finishGame(st.end.result, st.end.reason);
  else if (st.turn !== human) { say(`${what}: Khun ${saved ? "to move" : "moves first"}`); engineMove(); }
  else say(`${what}: your move`);
}

async function engineMove() {
  const g = S.game;
  const token = ++g.token;
  const ply = S.moves.length;
  let go;
  if (g.clock) {
    go = `go wtime ${Math.max(1, Math.round(clockLeft("white")))} btime ${Math.max(1, Math.round(clockLeft("black")))}` +
      ` winc ${g.clock.inc} binc ${g.clock.inc}`;
  } else go = `go movetime ${g.tc.movetime}`;
  render();
  // Under players' counting Khun decides on the count itself: `info string count
  // start` or `info string count stop` before its bestmove.
  const decisions = [];
  const task = S.engine.go(setupLines(ply), go, (line) => {
    const d = /^info string count (start|stop)\b/.exec(line);
    if (d) decisions.push(d[1]);
  });
  const r = await task.promise;
  if (!r || g !== S.game || token !== g.token || !S.playing || S.result || S.moves.length !== ply) return;
  const said = [];
  for (const action of playersCounting() ? decisions : []) {
    const before = stateAt(ply);
    if (!(action === "start" ? before.mayStartCount : before.mayStopCount)) {
      said.push(`Khun would ${action} counting, which the rules do not allow here`);
      continue;
    }
    logCountAction(ply, action);
    said.push(countActionWords(ply, action));
  }
  const st = stateAt(ply);
  const m = st.legal.find((x) => x.uci === r.bestmove);
  if (!m) {
    say(`Khun answered ${r.bestmove}, which is not a legal move here`);
    return;
  }
  const follow = S.cursor === ply;
  const savedCursor = S.cursor;
  S.cursor = ply;
  pushMove(m.uci);
  if (!follow) S.cursor = savedCursor;
  said.push(`Khun played ${m.san}`);
  say(said.join(". "));
  afterMove();
}

function clockLeft(color) {
  const c = S.game && S.game.clock;
  if (!c) return Infinity;
  return c.ms[color] - (c.mover === color && !S.result ? performance.now() - c.since : 0);
}

function clockSwitch() {
  const c = S.game && S.game.clock;
  if (!c) return;
  const now = performance.now();
  if (!c.mover) {
    // The game's first move is free (the engine may still be loading): clocks start after it.
    c.mover = stateAt(S.moves.length).turn;
    c.since = now;
    return;
  }
  c.ms[c.mover] -= now - c.since;
  c.ms[c.mover] += c.inc;
  c.mover = other(c.mover);
  c.since = now;
}

function clockStop() {
  const c = S.game && S.game.clock;
  if (!c || !c.mover) return;
  c.ms[c.mover] -= performance.now() - c.since;
  c.mover = null;
}

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = ms / 1000;
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${m}:${String(sec).padStart(2, "0")}`;
}

function renderClocks() {
  const c = S.game && S.game.clock;
  const top = S.orientation === "white" ? "black" : "white";
  const bottom = other(top);
  for (const [id, color] of [["clock-top", top], ["clock-bottom", bottom]]) {
    const e = $(id);
    if (!c) { e.textContent = ""; continue; }
    const left = clockLeft(color);
    e.textContent = fmtClock(left);
    e.classList.toggle("running", c.mover === color && !S.result);
    e.classList.toggle("low", left < 10000);
    e.setAttribute("aria-label", `${cap(color)}'s clock`);
  }
}

setInterval(() => {
  if (!S.game || !S.game.clock || S.result) return;
  renderClocks();
  const c = S.game.clock;
  if (S.playing && c.mover && clockLeft(c.mover) <= 0) {
    S.engine.cancelAll();
    S.game.token++;
    finishGame(c.mover === "white" ? "0-1" : "1-0", "Time forfeit");
  }
}, 100);

function finishGame(result, reason) {
  clockStop();
  S.result = { result, reason };
  S.playing = false;
  if (S.game) S.game.token++;
  S.tags.Result = result;
  closeResign();
  sounds.play("end");
  // Kept to review ("Your last games"): every game against Khun where a move was played.
  if (S.game && S.moves.length > S.game.startPly) addFinishedGame({ ...lineRecord(), date: localDate() });
  say(`Game over: ${result} (${reason})`);
  render();
}

function takeback() {
  const g = S.game;
  if (!S.playing || S.result || !g) return;
  S.engine.cancelAll();
  g.token++;
  let n = S.moves.length;
  const turn = stateAt(n).turn;
  n -= turn === g.human ? 2 : 1;
  if (n < g.startPly) return;
  S.moves = S.moves.slice(0, n);
  S.sans = S.sans.slice(0, n);
  // The count actions of the turns taken back go with them.
  S.countLog = S.countLog.filter((a) => a.ply < n);
  S.cache = S.cache.slice(0, n);
  S.cursor = n;
  if (g.clock) { clockStop(); g.clock.mover = g.human; g.clock.since = performance.now(); }
  say("Move taken back: your move");
  render();
}

/** Resign asks once, in the page: "Yes, resign" or "No, play on". */
function askResign() {
  if (!S.playing || S.result) return;
  $("btn-resign").classList.add("hidden");
  $("resign-confirm").classList.remove("hidden");
  $("btn-resign-no").focus();
}

function closeResign() {
  $("resign-confirm").classList.add("hidden");
  $("btn-resign").classList.remove("hidden");
}

function resign() {
  closeResign();
  if (!S.playing || S.result) return;
  S.engine.cancelAll();
  finishGame(S.game.human === "white" ? "0-1" : "1-0", "Resignation");
}

async function offerDraw() {
  const g = S.game;
  if (!S.playing || S.result || !g || g.drawPending) return;
  const ply = S.moves.length;
  const st = stateAt(ply);
  if (st.turn !== g.human) return;
  g.drawPending = true;
  renderButtons();
  say("Khun considers your draw offer…");
  const table = await tableWhenReady(ply);
  if (g !== S.game || !S.playing || S.result || S.moves.length !== ply) { g.drawPending = false; renderButtons(); return; }
  // A table's verdict decides where there is one ("drawn" in its text, or a draw verdict).
  let accept = table ? table.verdict === "draw" || /\bdrawn?\b/i.test(table.text || "") : null;
  let why = table ? `endgame table: ${table.text || table.verdict}` : "";
  const moveNo = Number(st.fen.trim().split(/\s+/).pop()) || 1;
  if (accept === null && moveNo <= DRAW_FROM_MOVE) {
    // Too early: Khun does not search, and says so.
    accept = false;
    why = `it takes no draw before move ${DRAW_FROM_MOVE + 1}, and this is move ${moveNo}`;
  }
  if (accept === null) {
    let last = null;
    const r = await S.engine.go(setupLines(ply), "go movetime 500", (line) => {
      const i = parseInfo(line);
      if (i && i.score && (i.multipv || 1) === 1 && !i.bound) last = i;
    }).promise;
    if (!r || g !== S.game || !S.playing || S.result || S.moves.length !== ply) { g.drawPending = false; renderButtons(); return; }
    // The score is from the side to move's view (yours): Khun's is its negation.
    const sc = last && last.score;
    const khunCp = !sc ? 0 : sc.mate !== undefined ? (sc.mate > 0 ? -100000 : 100000) : -sc.cp;
    accept = khunCp <= DRAW_ACCEPT_CP;
    why = `Khun's score ${khunCp >= 0 ? "+" : ""}${Math.abs(khunCp) >= 100000 ? (khunCp > 0 ? "mate" : "-mate") : (khunCp / 100).toFixed(2)}` +
      `, above the +${(DRAW_ACCEPT_CP / 100).toFixed(2)} it accepts`;
  }
  g.drawPending = false;
  if (accept) finishGame("1/2-1/2", "Draw agreed");
  else { say(`Khun declines the draw (${why}). Your move.`); renderButtons(); }
}

// ---------------------------------------------------------------- analysis

function currentArrows() {
  if (!S.analysing || !S.analysis.lines.length) return [];
  const out = [];
  S.analysis.lines.forEach((l, i) => {
    if (l && l.pv && l.pv[0] && i < 2) out.push({ from: l.pv[0].slice(0, 2), to: l.pv[0].slice(2, 4), kind: i === 0 ? "best" : "second" });
  });
  return out.reverse();
}

async function startAnalysis() {
  if (S.playing && !S.result) return;
  cancelAnnotate();
  S.analysing = true;
  $("eval-bar").classList.remove("hidden");
  S.engine.cancelAll();
  S.engine.configure([
    "setoption name UCI_LimitStrength value false",
    "setoption name Skill Level value 20",
    "setoption name UCI_AnalyseMode value true",
    "setoption name MultiPV value 3",
    "setoption name UCI_ShowWDL value true",
  ]);
  analyse();
  renderButtons();
}

function analyse() {
  const id = ++S.analysis.id;
  S.analysis.lines = [];
  const st = stateAt(S.cursor);
  S.analysis.st = st;
  S.engine.cancelAll();
  renderAnalysis();
  if (st.end) {
    $("analysis-depth").textContent = `${st.end.reason}: ${st.end.result}`;
    setEvalBar(st.end.result === "1-0" ? 1 : st.end.result === "0-1" ? 0 : 0.5, st.end.result);
    return;
  }
  $("analysis-depth").textContent = "…";
  S.engine.go(setupLines(S.cursor), "go infinite", (line) => {
    if (id !== S.analysis.id) return;
    const info = parseInfo(line);
    if (!info || !info.pv || !info.score || info.bound) return;
    S.analysis.lines[(info.multipv || 1) - 1] = info;
    if (!S.analysis.frame) S.analysis.frame = requestAnimationFrame(() => { S.analysis.frame = 0; renderAnalysis(); });
  });
}

async function stopAnalysis(show = true) {
  if (!S.analysing) return;
  S.analysing = false;
  S.analysis.id++;
  renderButtons();
  board.setArrows([]);
  renderReview();
  const r = await S.engine.stop();
  if (show && r && r.stopMs !== null) {
    const e = $("stop-latency");
    e.textContent = `stopped in ${Math.round(r.stopMs)} ms`;
    e.dataset.ms = String(r.stopMs);
  }
}

function renderAnalysis() {
  const ol = $("analysis-lines");
  ol.replaceChildren();
  const st = S.analysis.st;
  if (!S.analysing || !st) { board.setArrows([]); return; }
  const lines = S.analysis.lines.filter(Boolean);
  for (const l of lines) {
    let sans = [];
    try { sans = S.rules.state(S.variant, st.fen, l.pv.slice(0, 12)).sans; } catch { continue; }
    const li = document.createElement("li");
    li.dataset.multipv = String(l.multipv || 1);
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = scoreText(l.score, st.turn);
    li.appendChild(score);
    if (l.wdl) {
      const w = document.createElement("span");
      w.className = "wdl";
      const [W, D, L] = l.wdl.map((x) => Math.round(x / 10));
      w.textContent = `W ${W}% D ${D}% L ${L}%`;
      w.title = "win / draw / loss chances of the side to move";
      li.appendChild(w);
    }
    const pv = document.createElement("span");
    pv.className = "pv";
    pv.textContent = pvText(st, sans);
    li.appendChild(pv);
    li.addEventListener("click", () => { if (canMoveNow()) userMove(l.pv[0]); });
    ol.appendChild(li);
  }
  const best = lines[0];
  if (best) {
    const nps = best.nps ? `, ${(best.nps / 1000).toFixed(0)} kn/s` : "";
    $("analysis-depth").textContent = `depth ${best.depth || "?"}${best.nodes ? `, ${best.nodes.toLocaleString("en")} nodes` : ""}${nps}`;
    const exp = expectedFromInfo(best, st.turn);
    setEvalBar(exp, scoreText(best.score, st.turn));
  }
  board.setArrows(currentArrows());
}

function pvText(st, sans) {
  const f = st.fen.split(/\s+/);
  let num = Number(f[f.length - 1]) || 1;
  let white = st.turn === "white";
  const parts = [];
  sans.forEach((s, i) => {
    if (white) parts.push(`${num}. ${s}`);
    else parts.push(i === 0 ? `${num}… ${s}` : s);
    if (!white) num++;
    white = !white;
  });
  return parts.join(" ");
}

function setEvalBar(whiteExp, text) {
  const pct = Math.max(0, Math.min(100, whiteExp * 100));
  $("eval-fill").style.height = `${pct}%`;
  // The bar is narrow: one decimal ("+0.3"), mates as they are ("#14").
  $("eval-text").textContent = /^[+-]\d+\.\d\d$/.test(text) ? text.slice(0, -1) : text;
  $("eval-bar").setAttribute("aria-valuenow", pct.toFixed(0));
  $("eval-bar").setAttribute("aria-valuetext", `${text}, White's expected score ${pct.toFixed(0)}%`);
}

// ---------------------------------------------------------------- review (annotate)

function cancelAnnotate() {
  if (S.annotating) { S.annotating.cancel = true; S.engine.cancelAll(); }
}

async function annotate() {
  if (S.annotating) { cancelAnnotate(); return; }
  if ((S.playing && !S.result) || !S.moves.length) return;
  const wasAnalysing = S.analysing;
  await stopAnalysis(false);
  const job = { cancel: false };
  S.annotating = job;
  const nodes = Number($("annotate-nodes").value);
  S.engine.configure([
    "setoption name UCI_LimitStrength value false",
    "setoption name Skill Level value 20",
    "setoption name UCI_AnalyseMode value true",
    "setoption name MultiPV value 1",
    "setoption name UCI_ShowWDL value true",
  ]);
  const moves = S.moves.slice();
  const evals = [];
  renderButtons();
  const t0 = performance.now();
  for (let i = 0; i <= moves.length && !job.cancel; i++) {
    $("annotate-status").textContent = `Analysing position ${i} of ${moves.length}…`;
    const st = stateAt(i);
    if (st.end) {
      evals[i] = { white: st.end.result === "1-0" ? 1 : st.end.result === "0-1" ? 0 : 0.5, info: null, end: st.end };
      continue;
    }
    let last = null;
    const r = await S.engine.go(setupLines(i), `go nodes ${nodes}`, (line) => {
      const info = parseInfo(line);
      if (info && info.score && info.pv && (info.multipv || 1) === 1 && !info.bound) last = info;
    }).promise;
    if (job.cancel || S.moves.length !== moves.length || S.moves.some((m, k) => m !== moves[k])) break;
    const e = expectedFromInfo(last, st.turn);
    evals[i] = { white: e, info: last, best: r && r.bestmove, turn: st.turn };
    S.evals = evals.slice();
    S.marks = marksFor(S.evals, (k) => stateAt(k).turn, S.moves);
    renderGraph();
    renderMoves();
  }
  const done = evals.length === moves.length + 1 && !job.cancel;
  S.annotating = null;
  const counts = S.marks.reduce((a, m) => { if (m) a[m] = (a[m] || 0) + 1; return a; }, {});
  $("annotate-status").textContent = done
    ? `Done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts["??"] || 0} ??, ${counts["?"] || 0} ?, ${counts["?!"] || 0} ?!`
    : "Stopped.";
  $("annotate-status").dataset.done = done ? "1" : "0";
  render();
  if (wasAnalysing && !job.cancel) startAnalysis();
}

/** In a reviewed game: the eval bar at the shown position, and what the engine preferred. */
function renderReview() {
  const note = $("review-note");
  const e = S.evals[S.cursor];
  if (!S.analysing) {
    $("eval-bar").classList.toggle("hidden", !e);
    if (e) setEvalBar(e.white, e.end ? e.end.result : e.info ? scoreText(e.info.score, e.turn) : "");
  }
  const i = S.cursor - 1; // the move that led here
  const before = i >= 0 ? S.evals[i] : null;
  if (!before || !S.marks[i] || !before.best) { note.textContent = ""; note.classList.add("hidden"); return; }
  let best = before.best;
  try { best = S.rules.san(S.variant, stateAt(i).fen, before.best); } catch { /* keep the UCI */ }
  note.textContent = `${S.sans[i]}${S.marks[i]}: Khun preferred ${best}.`;
  note.classList.remove("hidden");
}

function renderGraph() {
  const svg = $("eval-graph");
  if (!S.evals.length) { svg.classList.add("hidden"); return; }
  svg.classList.remove("hidden");
  evalGraph(svg, S.evals, S.marks, S.moves.length, S.cursor);
}

$("eval-graph").addEventListener("click", (e) => {
  const rect = $("eval-graph").getBoundingClientRect();
  const x = (e.clientX - rect.left) / rect.width;
  goTo(Math.round(x * S.moves.length));
});

// ---------------------------------------------------------------- kept across reloads

function localDate() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The line on the board as loadGame takes it: {variant, fen, moves, counting, countActions, tags, result}. */
function lineRecord() {
  const tags = { ...S.tags };
  if (S.game) {
    // A game against Khun: its players by name, for the review and its PGN.
    const { white, black } = playerNames();
    const d = new Date();
    tags.White = white;
    tags.Black = black;
    tags.Event = tags.Event || "Game against Khun";
    tags.Site = tags.Site || "Khun web page";
    tags.Date = tags.Date || `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
  }
  if (S.result) { tags.Result = S.result.result; tags.Termination = S.result.reason; }
  return {
    variant: S.variant,
    fen: S.startFen,
    moves: S.moves.slice(),
    counting: playersCounting() ? "players" : "automatic",
    countActions: S.countLog.map((a) => ({ ply: a.ply, action: a.action })),
    tags,
    result: S.result ? S.result.result : "*",
  };
}

/** Keeps the board in the browser's storage: the line, and a game in progress with its clocks. */
function persist() {
  if (!S.rules) return;
  const rec = { ...lineRecord(), cursor: S.cursor, orientation: S.orientation, game: null };
  const g = S.game;
  if (g && S.playing && !S.result) {
    rec.tags = {};
    rec.game = {
      human: g.human, level: g.level, elo: g.elo, tc: g.tcText, startPly: g.startPly,
      clock: g.clock ? { white: clockLeft("white"), black: clockLeft("black"), mover: g.clock.mover } : null,
    };
  }
  saveValue(CURRENT_KEY, rec);
}

function ensureTcOption(tc) {
  if (![...$("tc").options].some((o) => o.value === tc)) {
    const o = document.createElement("option");
    o.value = tc;
    o.textContent = tc;
    $("tc").appendChild(o);
  }
  $("tc").value = tc;
}

/** Brings back what persist() kept. Throws where it no longer reads (the page goes on without it). */
function restore(rec) {
  if (!rec || !S.variants.some((v) => v.name === rec.variant) || !Array.isArray(rec.moves)) return false;
  const g = rec.game;
  if (g) {
    $("variant").value = rec.variant;
    updateCountingChoice();
    $("color").value = g.human === "black" ? "black" : "white";
    if (g.level === "elo") { $("level").value = "elo"; $("elo").value = String(g.elo); $("elo-label").classList.remove("hidden"); }
    else if ([...$("level").options].some((o) => o.value === String(g.level))) $("level").value = String(g.level);
    ensureTcOption(String(g.tc));
    $("counting").value = rec.counting === "players" ? "players" : "automatic";
    startGame({ ...readSetup(), fen: rec.fen }, rec.moves, rec);
    return true;
  }
  loadGame(rec);
  S.cursor = Math.max(0, Math.min(S.moves.length, Number(rec.cursor) || 0));
  if (rec.orientation === "black") S.orientation = "black";
  render();
  say("Your last board is back");
  return true;
}

/** "Your last games": the finished games kept in this browser, to review. */
function renderRecent() {
  const games = finishedGames();
  const ol = $("recent-games");
  ol.replaceChildren();
  $("recent").classList.toggle("hidden", (S.playing && !S.result) || !games.length);
  games.forEach((g, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.index = String(i);
    const tags = g.tags || {};
    const v = variantInfo(g.variant);
    const moves = Math.ceil(g.moves.length / 2);
    b.textContent = `${tags.White || "?"} – ${tags.Black || "?"}: ${g.result}` +
      `${tags.Termination ? ` (${tags.Termination})` : ""}, ${v.title || TITLES[v.name] || v.name}, ` +
      `${moves} move${moves === 1 ? "" : "s"}${g.date ? `, ${g.date}` : ""}`;
    b.addEventListener("click", () => reviewFinished(g));
    li.appendChild(b);
    ol.appendChild(li);
  });
}

function reviewFinished(g) {
  if (S.playing && !S.result) return;
  loadGame(g);
  say(`Review: ${g.tags.White || "?"} – ${g.tags.Black || "?"}, ${g.result}`);
  selectTab("analysis");
}

/**
 * The board shows where the next game starts (the setup's game and start position): after
 * choosing a game, and on "New game", with no result, count or moves left from before.
 */
function showSetupStart() {
  if (S.playing && !S.result) return;
  cancelAnnotate();
  closeResign();
  const o = readSetup();
  const v = variantInfo(o.variant);
  S.game = null;
  S.playing = false;
  S.result = null;
  S.tags = {};
  try {
    setLine(v.name, o.fen || v.startFen, [], o.counting);
  } catch (e) {
    setLine(v.name, v.startFen, [], o.counting);
    say(`That start position is not one of ${v.title || TITLES[v.name] || v.name}'s: ${e.message}`);
  }
  S.orientation = o.color === "black" ? "black" : "white";
  $("promotion").classList.add("hidden");
  $("annotate-status").textContent = "";
  $("review-note").classList.add("hidden");
  render();
  if (S.analysing) analyse();
}

// ---------------------------------------------------------------- PGN

function loadGame(g) {
  stopAnalysis(false);
  cancelAnnotate();
  S.engine.cancelAll();
  const v = variantInfo(g.variant || "makruk");
  const fen = !g.fen || g.fen === "startpos" ? v.startFen : g.fen;
  let moves = g.moves || [];
  let note = "";
  // A game counted as players count ([Counting "players"]) comes with its count actions.
  const counting = g.counting === "players" ? "players" : "automatic";
  const log = (g.countActions || []).map((a) => ({ ply: a.ply, action: a.action }));
  try {
    setLine(v.name, fen, moves, counting, log);
  } catch (e) {
    // The PGN goes on where the rules end the game (a count run out, say): keep the moves
    // up to there ("move N (...): ..." names the first one refused).
    const m = /move (\d+)/.exec(e.message);
    const n = m ? Number(m[1]) - 1 : 0;
    moves = moves.slice(0, Math.max(0, Math.min(n, moves.length)));
    note = `Kept ${moves.length} of ${(g.moves || []).length} plies: ${e.message}`;
    try {
      setLine(v.name, fen, moves, counting, log);
    } catch (e2) {
      setLine(v.name, v.startFen, [], "automatic", []);
      note = `Cannot read this game: ${e2.message}`;
    }
  }
  S.playing = false;
  S.game = null;
  closeResign();
  syncCountingSetting();
  S.tags = { ...(g.tags || {}) };
  // Where the rules end the game (a mate, a count run out) that is its result, whatever
  // the PGN wrote (a site that did not apply the count writes "*"); else the PGN's.
  const end = stateAt(S.moves.length).end;
  const res = g.result || S.tags.Result;
  if (end) {
    S.result = { result: end.result, reason: end.reason };
    S.tags.Result = end.result;
  } else S.result = res && res !== "*" ? { result: res, reason: S.tags.Termination || "from the PGN" } : null;
  S.cursor = 0;
  S.orientation = "white";
  render();
  say(`Loaded: ${S.tags.White || "?"} – ${S.tags.Black || "?"}, ${S.moves.length} plies`);
  return note;
}

/**
 * The games of a PGN text. Moves pasted without a result at the end ("1. e4 e5 2. Nd2
 * Nd7"), which `readPgn` refuses, are read as an unfinished game (`*` added).
 */
function readGames(text) {
  let games = S.rules.readPgn(text);
  if (games.some((g) => g.error && /has no result/.test(g.error))) {
    const again = S.rules.readPgn(`${text}\n*\n`);
    if (!again.some((g) => g.error && /has no result/.test(g.error))) games = again;
  }
  return games.map((g) => ({ ...g, tags: g.tags || {}, moves: g.moves || [] }));
}

function importPgn() {
  const text = $("pgn-in").value;
  $("pgn-error").textContent = "";
  let games;
  try { games = readGames(text); } catch (e) { $("pgn-error").textContent = e.message; return; }
  if (!games || !games.length) { $("pgn-error").textContent = "No game found in that text."; return; }
  // Text that is no game at all: say why, and leave the board as it is.
  const readable = games.filter((g) => !g.error || g.moves.length || Object.keys(g.tags).length);
  if (!readable.length) {
    $("pgn-error").textContent = `No game could be read from that text: ${games[0].error}`;
    return;
  }
  games = readable;
  const sel = $("pgn-games");
  sel.replaceChildren();
  games.forEach((g, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = `${i + 1}. ${g.tags.White || "?"} – ${g.tags.Black || "?"} ${g.result || ""}`;
    sel.appendChild(o);
  });
  sel.classList.toggle("hidden", games.length < 2);
  sel.onchange = () => pick(Number(sel.value));
  const pick = (i) => {
    const g = games[i];
    const note = loadGame(g);
    $("pgn-error").textContent = g.error ? `Read up to move ${(g.moves || []).length}: ${g.error}` : note || "";
    selectTab("analysis");
  };
  pick(0);
}

function download() {
  const blob = new Blob([pgnText(S)], { type: "application/x-chess-pgn" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `khun-${S.variant}-${new Date().toISOString().slice(0, 10)}.pgn`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied`);
  } catch {
    say(`${what}: ${text}`);
  }
}

function positionLink() {
  const st = stateAt(S.cursor);
  const u = new URL(location.href);
  u.search = "";
  u.searchParams.set("variant", S.variant);
  u.searchParams.set("fen", st.fen);
  if (playersCounting()) u.searchParams.set("counting", "players");
  return u.toString();
}

// ---------------------------------------------------------------- tabs, keys, wiring

function selectTab(name) {
  for (const t of ["play", "analysis", "pgn"]) {
    $(`tab-${t}`).setAttribute("aria-selected", String(t === name));
    $(`panel-${t}`).classList.toggle("hidden", t !== name);
  }
}

function wire() {
  for (const t of ["play", "analysis", "pgn"]) $(`tab-${t}`).addEventListener("click", () => selectTab(t));
  $("nav-first").addEventListener("click", () => goTo(0));
  $("nav-prev").addEventListener("click", () => goTo(S.cursor - 1));
  $("nav-next").addEventListener("click", () => goTo(S.cursor + 1));
  $("nav-last").addEventListener("click", () => goTo(S.moves.length));
  $("btn-mainline").addEventListener("click", backToGame);
  $("btn-flip").addEventListener("click", () => { S.orientation = other(S.orientation); render(); });
  $("level").addEventListener("change", () => $("elo-label").classList.toggle("hidden", $("level").value !== "elo"));
  $("variant").addEventListener("change", () => { updateCountingChoice(); showSetupStart(); });
  $("counting").addEventListener("change", () => changeCounting($("counting").value));
  $("btn-count").addEventListener("click", () => playerCountAction("start"));
  $("btn-stop-count").addEventListener("click", () => playerCountAction("stop"));
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); startGame(readSetup()); });
  $("btn-takeback").addEventListener("click", takeback);
  $("btn-resign").addEventListener("click", askResign);
  $("btn-resign-yes").addEventListener("click", resign);
  $("btn-resign-no").addEventListener("click", closeResign);
  $("btn-draw").addEventListener("click", offerDraw);
  $("btn-new").addEventListener("click", () => {
    if (S.playing && !S.result) finishGame(S.game.human === "white" ? "0-1" : "1-0", "Abandoned");
    showSetupStart();
    selectTab("play");
    say("Choose the next game and start it");
  });
  $("btn-analyse-game").addEventListener("click", () => {
    closeResign();
    if (S.playing && !S.result) {
      // Leave the game unfinished: no result, the clocks stop, the board is free.
      S.engine.cancelAll();
      clockStop();
      S.game.token++;
      S.playing = false;
      say("You left the game: its moves stay for analysis");
    }
    S.playing = false;
    selectTab("analysis");
    startAnalysis();
  });
  $("btn-analysis").addEventListener("click", () => (S.analysing ? stopAnalysis(true) : startAnalysis()));
  $("btn-annotate").addEventListener("click", annotate);
  $("btn-import").addEventListener("click", importPgn);
  $("pgn-file").addEventListener("change", async () => {
    const f = $("pgn-file").files[0];
    if (!f) return;
    $("pgn-in").value = await f.text();
    importPgn();
  });
  $("btn-copy-pgn").addEventListener("click", () => copyText(pgnText(S), "PGN"));
  $("btn-download-pgn").addEventListener("click", download);
  $("btn-copy-link").addEventListener("click", () => {
    const link = positionLink();
    history.replaceState(null, "", link);
    copyText(link, "Link");
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    $("move-error").textContent = "";
    if (!text) return;
    if (!canMoveNow()) { $("move-error").textContent = "Not your move now."; return; }
    const st = stateAt(S.cursor);
    let uci = st.legal.find((m) => m.uci === text || m.uci === text.toLowerCase())?.uci;
    if (!uci) {
      try { uci = S.rules.uciFromSan(S.variant, st.fen, text); } catch (err) { uci = null; }
    }
    if (!uci || !st.legal.some((m) => m.uci === uci)) { $("move-error").textContent = `Not a legal move: ${text}`; return; }
    input.value = "";
    userMove(uci);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const k = e.key;
    if (k === "ArrowLeft") goTo(S.cursor - 1);
    else if (k === "ArrowRight") goTo(S.cursor + 1);
    else if (k === "Home") goTo(0);
    else if (k === "End") goTo(S.moves.length);
    else if (k === "f") { S.orientation = other(S.orientation); render(); }
    else if (k === "s") sounds.setMuted(!sounds.muted);
    else if (k === "Escape") { $("promotion").classList.add("hidden"); board.select(null); closeResign(); }
    else return;
    e.preventDefault();
  });
}

// ---------------------------------------------------------------- start

async function main() {
  wire();
  if (!window.Khun || !window.Khun.loadRules) {
    $("engine-status").textContent = "khun.js did not load: serve this page with Khun's files beside it (web/dist).";
    return;
  }
  try {
    S.rules = await window.Khun.loadRules();
  } catch (e) {
    $("engine-status").textContent = `The rules did not load: ${e.message}`;
    return;
  }
  S.variants = S.rules.variants();
  const sel = $("variant");
  for (const v of S.variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title || TITLES[v.name] || v.name;
    sel.appendChild(o);
  }
  S.engine = new Engine("khun.worker.js");
  S.engine.listeners.push((line) => {
    // The worker's own failures ("error ..." from onerror) and the engine's ("info string error: ...").
    if (line.startsWith("error ")) $("engine-status").textContent = `Engine: ${line.slice(6)}`;
    else if (line.startsWith("info string error")) say(`Engine: ${line.slice(12)}`);
  });
  S.engine.enqueue(async () => {
    await S.engine.init();
    $("engine-status").textContent = `${S.engine.name} is ready (in this page, offline).`;
    $("engine-status").dataset.ready = "1";
  }, false);

  const q = new URLSearchParams(location.search);
  // What was on the board before a reload (read before anything renders and saves).
  const saved = loadValue(CURRENT_KEY);
  const vname = S.variants.some((v) => v.name === q.get("variant")) ? q.get("variant") : "makruk";
  sel.value = vname;
  const fen = q.get("fen") || variantInfo(vname).startFen;
  const moves = (q.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  if (q.get("fen")) $("fen-input").value = q.get("fen");
  if (q.get("color")) $("color").value = q.get("color");
  updateCountingChoice();
  if (q.get("counting") === "players" && HAND_COUNTED.includes(vname)) {
    $("counting").value = "players";
    S.counting = "players";
  }
  if (q.get("level")) $("level").value = q.get("level");
  if (q.get("elo")) { $("level").value = "elo"; $("elo").value = q.get("elo"); $("elo-label").classList.remove("hidden"); }
  if (q.get("tc")) ensureTcOption(q.get("tc"));
  // A link says what to show; without one the board comes back as it was. A game in
  // progress that a link replaces is kept among the last games, unfinished.
  const linked = [...q.keys()].length > 0;
  if (!linked && saved) {
    try {
      if (restore(saved)) { finishMain(); return; }
    } catch (e) {
      saveValue(CURRENT_KEY, null);
      say(`Your last game could not be brought back: ${e.message}`);
    }
  } else if (linked && saved && saved.game && Array.isArray(saved.moves) && saved.moves.length) {
    addFinishedGame({ ...saved, game: undefined, date: localDate(),
      tags: { White: saved.game.human === "white" ? "You" : "Khun", Black: saved.game.human === "black" ? "You" : "Khun", Result: "*", Termination: "Left unfinished" } });
  }
  try {
    setLine(vname, fen, moves);
  } catch (e) {
    say(`Cannot read the position in the link: ${e.message}`);
    setLine(vname, variantInfo(vname).startFen, []);
  }
  if (q.get("ply")) S.cursor = Math.max(0, Math.min(S.moves.length, Number(q.get("ply")) || 0));
  if (q.get("flip") === "1" || q.get("orientation") === "black") S.orientation = "black";
  const mode = q.get("mode");
  if (mode === "play") {
    startGame(readSetup(), moves);
  } else {
    render();
    if (mode === "analysis") { selectTab("analysis"); startAnalysis(); }
  }
  // The link is read: a reload now brings back the board as it is then, not the link.
  if (linked) history.replaceState(null, "", location.pathname + location.hash);
  finishMain();
}

function finishMain() {
  renderRecent();
  // The clocks as they stand when the page is left (render() keeps the rest).
  window.addEventListener("pagehide", persist);
  // For tests and the curious: the page's state, read-only by convention.
  window.khunPage = { state: S, stateAt };
}

main();
