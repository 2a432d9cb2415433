// The analysis: `go infinite` or `go depth N`, MultiPV 1-5 (the Analysis tab's settings,
// kept across reloads), its lines, arrows and evaluation bar; and the threat, where it is
// asked for: the other side's best move in the position shown, were it its turn (a short
// search of the position with the other side to move, before the main one, in the
// engine's one queue), a red arrow and a line of its own.
// Khun's web page. GPL-3.0-or-later, like the project.

import { parseInfo } from "./engine.js";
import { expectedFromInfo, scoreText } from "./review.js";
import { $ } from "./util.js";
import { store } from "./store.js";
import { stateAt, positionKey, threatPosition } from "./position.js";
import { board, canMoveNow, userMove } from "./moves.js";
import { setupLines, fenLines } from "./search.js";
import { setEvalBar } from "./evalbar.js";
import { t, reasonText } from "./i18n.js";
import { movesAfter, movesFrom } from "./notation.js";
import { keepSetting } from "./keep.js";
import { moveSquares } from "./drops.js";
import { puzzleArrows, puzzleOn } from "./puzzle-state.js";

/** The analysis's lines where they are of the position shown; none where they are of another. */
function shownLines(S) {
  return S.analysing && S.analysis.key === positionKey(S, S.cursor) ? S.analysis.lines : [];
}

/** The threat found for the position shown (null where it is not asked for, of another position, or not in yet). */
function shownThreat(S) {
  return S.analysing && S.showThreat && S.analysis.key === positionKey(S, S.cursor) ? S.analysis.threat : null;
}

/**
 * The threat's search: a fixed depth, cut off after a second, so the main search starts
 * soon after it.
 */
// why depth 10: the threats a player asks about (a piece left hanging, a fork, a mate in
// two) are within a few plies; in WebAssembly depth 10 takes a few hundred ms in the
// middlegame.
const THREAT_GO = "go depth 10 movetime 1000";

export function currentArrows() {
  const S = store.state;
  const out = [];
  const threat = shownThreat(S);
  if (threat && threat.pv && threat.pv[0]) {
    const m = moveSquares(threat.pv[0]);
    const drop = m.drop ? { letter: m.drop, white: threat.turn === "white" } : null;
    out.push({ from: m.from, to: m.to, drop, kind: "threat" });
  }
  shownLines(S).forEach((l, i) => {
    if (!l || !l.pv || !l.pv[0] || i >= 2) return;
    const m = moveSquares(l.pv[0]);
    // A drop's man is the side to move's.
    const drop = m.drop ? { letter: m.drop, white: stateAt(S, S.cursor).turn === "white" } : null;
    out.push({ from: m.from, to: m.to, drop, kind: i === 0 ? "best" : "second" });
  });
  out.push(...puzzleArrows(S)); // a puzzle's hint
  return out.reverse();
}

export async function startAnalysis() {
  const S = store.state;
  if ((S.playing && !S.result) || puzzleOn(S)) return; // a puzzle being solved: no engine to give it away
  if (S.annotating) store.act("annotateCancel"); // the review stops: the analysis takes the engine
  S.engine.cancelAll();
  S.engine.configure([
    "setoption name UCI_LimitStrength value false",
    "setoption name Skill Level value 20",
    "setoption name UCI_AnalyseMode value true",
    `setoption name MultiPV value ${S.analysisLines}`,
    "setoption name UCI_ShowWDL value true",
  ]);
  store.act("analysisStarted"); // the page drawn, then analysed (the subscriber below)
}

/** The analysis follows the position shown: a new one (a move, a step, a count action) is searched anew. */
export function followPosition() {
  const S = store.state;
  if (S.analysing && S.analysis.key !== positionKey(S, S.cursor)) analyse();
}

function analyse() {
  const S = store.state;
  const id = store.act("analysisPosition", positionKey(S, S.cursor));
  const st = stateAt(S, S.cursor);
  S.engine.cancelAll();
  renderAnalysis();
  if (st.end) {
    $("analysis-depth").textContent = t("status.end", { reason: reasonText(st.end.reason), result: st.end.result }); // the bar: renderAnalysis
    return;
  }
  $("analysis-depth").textContent = "…";
  if (S.showThreat) searchThreat(id);
  let frame = 0;
  const depth = S.analysisDepth;
  const lines = S.analysisLines;
  const setup = setupLines(S.cursor);
  // The threat's search leaves MultiPV 1: each search says its own.
  S.engine.go(() => [`setoption name MultiPV value ${lines}`, ...setup()], depth ? `go depth ${depth}` : "go infinite", (line) => {
    if (id !== S.analysis.id) return;
    const info = parseInfo(line);
    if (!info || !info.pv || !info.score || info.bound) return;
    store.act("analysisInfo", id, info);
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; if (id === store.state.analysis.id) renderAnalysis(); });
  }).promise.then((r) => {
    // A depth reached: the search is over, its lines stand.
    if (r && depth && id === store.state.analysis.id) store.act("analysisDone", id);
  });
}

/** The threat of the position shown, searched before the main search (search `id`'s). */
function searchThreat(id) {
  const S = store.state;
  const pos = threatPosition(S, S.cursor);
  if (!pos) return;
  if (pos.skipped) {
    store.act("threatFound", id, { skipped: pos.skipped });
    return;
  }
  let last = null;
  const setup = fenLines(pos.fen);
  S.engine.go(() => ["setoption name MultiPV value 1", ...setup()], THREAT_GO, (line) => {
    const info = parseInfo(line);
    if (info && info.pv && info.score && !info.bound && (info.multipv || 1) === 1) last = info;
  }).promise.then((r) => {
    if (!r || id !== store.state.analysis.id) return;
    const move = r.bestmove && r.bestmove !== "(none)" ? r.bestmove : null;
    if (!move) { store.act("threatFound", id, { skipped: "unavailable" }); return; }
    const pv = last && last.pv[0] === move ? last.pv.slice() : [move];
    store.act("threatFound", id, { pv, score: last && last.pv[0] === move ? last.score : null, fen: pos.fen, turn: pos.turn });
  });
}

// The analysis's settings are kept across reloads; a running analysis starts again under them.
for (const [action, key] of [["setAnalysisLines", "analysisLines"], ["setAnalysisDepth", "analysisDepth"], ["setShowThreat", "showThreat"]]) {
  store.on(action, () => {
    const S = store.state;
    keepSetting(key, S[key]);
    if (S.analysing) analyse();
  });
}

/** The analysis's settings as the state has them. */
export function renderAnalysisSettings() {
  const S = store.state;
  $("analysis-multipv").value = String(S.analysisLines);
  $("analysis-depth-limit").value = String(S.analysisDepth);
  $("analysis-threat-toggle").checked = S.showThreat;
}

export async function stopAnalysis(show = true) {
  const S = store.state;
  if (!S.analysing) return;
  store.act("analysisStopped");
  const r = await S.engine.stop();
  if (show && r && r.stopMs !== null) {
    const e = $("stop-latency");
    e.textContent = t("analysis.stoppedIn", { ms: Math.round(r.stopMs) });
    e.dataset.ms = String(r.stopMs);
  }
}

/** The analysis's lines, depth and arrows for the position shown (none where it is off or of another position). */
export function renderAnalysis() {
  const S = store.state;
  const ol = $("analysis-lines");
  ol.replaceChildren();
  const lines = shownLines(S).filter(Boolean);
  renderThreat(S);
  const done = S.analysing && S.analysis.done && lines.length > 0 && S.analysis.key === positionKey(S, S.cursor);
  if (done) $("analysis-depth").dataset.done = "1";
  else delete $("analysis-depth").dataset.done;
  if (!S.analysing) $("analysis-depth").textContent = "";
  const st = stateAt(S, S.cursor);
  if (!lines.length) {
    // None of this position yet: the bar keeps no score of another (the end's result, or none).
    if (S.analysing && st.end) setEvalBar(st.end.result === "1-0" ? 1 : st.end.result === "0-1" ? 0 : 0.5, st.end.result);
    else if (S.analysing) setEvalBar(0.5, "…");
    board.setArrows(currentArrows());
    return;
  }
  for (const l of lines) {
    const sans = movesAfter(S.cursor, l.pv.slice(0, 12)); // in the notation shown
    if (!sans.length) continue;
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
      w.textContent = t("analysis.wdl", { w: W, d: D, l: L });
      w.title = t("analysis.wdlTitle");
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
  const nps = best.nps ? t("analysis.nps", { knps: (best.nps / 1000).toFixed(0) }) : "";
  const nodes = best.nodes ? t("analysis.nodes", { nodes: best.nodes.toLocaleString("en") }) : "";
  $("analysis-depth").textContent = t("analysis.depth", { depth: best.depth || "?" }) + nodes + nps + (done ? t("analysis.done") : "");
  setEvalBar(expectedFromInfo(best, st.turn), scoreText(best.score, st.turn));
  board.setArrows(currentArrows());
}

/** The threat's line: its moves (from the position with the other side to move) and score, or why there is none. */
function renderThreat(S) {
  const p = $("analysis-threat");
  const on = S.analysing && S.showThreat && S.analysis.key === positionKey(S, S.cursor) && !stateAt(S, S.cursor).end;
  const threat = on ? S.analysis.threat : null;
  delete p.dataset.move;
  delete p.dataset.skipped;
  p.classList.toggle("hidden", !on);
  if (!on) { p.textContent = ""; return; }
  if (!threat) { p.textContent = t("analysis.threatWaiting"); return; }
  if (threat.skipped) {
    p.dataset.skipped = threat.skipped;
    p.textContent = t(`analysis.threatSkipped.${threat.skipped}`);
    return;
  }
  p.dataset.move = threat.pv[0];
  const sans = movesFrom(threat.fen, threat.pv.slice(0, 6));
  p.textContent = t("analysis.threat", {
    moves: sans.length ? sans.join(" ") : threat.pv[0],
    score: threat.score ? scoreText(threat.score, threat.turn) : "?",
  });
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
