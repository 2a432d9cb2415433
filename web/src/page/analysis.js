// Driving the engine: the lines before each search, the levels' options, and the
// analysis (go infinite, MultiPV 3): its lines, arrows and evaluation bar.
// Khun's web page. GPL-3.0-or-later, like the project.

import { parseInfo } from "./engine.js";
import { expectedFromInfo, scoreText } from "./review.js";
import { $ } from "./util.js";
import { store } from "./store.js";
import { stateAt, positionKey } from "./position.js";
import { board, canMoveNow, userMove } from "./moves.js";
import { setupLines } from "./search.js";
import { setEvalBar } from "./evalbar.js";
import { t, reasonText } from "./i18n.js";
import { movesAfter } from "./notation.js";
import { moveSquares } from "./drops.js";

/** The analysis's lines where they are of the position shown; none where they are of another. */
function shownLines(S) {
  return S.analysing && S.analysis.key === positionKey(S, S.cursor) ? S.analysis.lines : [];
}

export function currentArrows() {
  const S = store.state;
  const out = [];
  shownLines(S).forEach((l, i) => {
    if (!l || !l.pv || !l.pv[0] || i >= 2) return;
    const m = moveSquares(l.pv[0]);
    // A drop's man is the side to move's.
    const drop = m.drop ? { letter: m.drop, white: stateAt(S, S.cursor).turn === "white" } : null;
    out.push({ from: m.from, to: m.to, drop, kind: i === 0 ? "best" : "second" });
  });
  return out.reverse();
}

export async function startAnalysis() {
  const S = store.state;
  if (S.playing && !S.result) return;
  if (S.annotating) store.act("annotateCancel"); // the review stops: the analysis takes the engine
  S.engine.cancelAll();
  S.engine.configure([
    "setoption name UCI_LimitStrength value false",
    "setoption name Skill Level value 20",
    "setoption name UCI_AnalyseMode value true",
    "setoption name MultiPV value 3",
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
  let frame = 0;
  S.engine.go(setupLines(S.cursor), "go infinite", (line) => {
    if (id !== S.analysis.id) return;
    const info = parseInfo(line);
    if (!info || !info.pv || !info.score || info.bound) return;
    store.act("analysisInfo", id, info);
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; if (id === store.state.analysis.id) renderAnalysis(); });
  });
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
  $("analysis-depth").textContent = t("analysis.depth", { depth: best.depth || "?" }) + nodes + nps;
  setEvalBar(expectedFromInfo(best, st.turn), scoreText(best.score, st.turn));
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
