// Driving the engine: the lines before each search, the levels' options, and the
// analysis (go infinite, MultiPV 3): its lines, arrows and evaluation bar.
// Khun's web page. GPL-3.0-or-later, like the project.

import { parseInfo } from "./engine.js";
import { expectedFromInfo, scoreText } from "./review.js";
import { $ } from "./util.js";
import { S, stateAt, countStartedAt } from "./state.js";
import { renderButtons } from "./view.js";
import { board, canMoveNow, userMove } from "./moves.js";
import { cancelAnnotate, renderReview } from "./annotate.js";
import { t, reasonText } from "./i18n.js";
import { movesAfter } from "./notation.js";
import { moveSquares } from "./drops.js";

export const LEVELS = { "-20": 672, "-10": 1054, 0: 1306, 1: 1548, 3: 1814, 6: 2205, 10: 2551 };

export function levelLines(level, elo) {
  if (level === "elo") {
    const e = Math.max(672, Math.min(2551, Math.round(elo) || 1500));
    return ["setoption name Skill Level value 20", "setoption name UCI_LimitStrength value true", `setoption name UCI_Elo value ${e}`];
  }
  return ["setoption name UCI_LimitStrength value false", `setoption name Skill Level value ${level}`];
}

export function levelLabel(level, elo) {
  if (level === "elo") return `Elo ${Math.max(672, Math.min(2551, Math.round(elo) || 1500))}`;
  if (level === "20") return "full strength";
  return `level ${level}, ≈ ${LEVELS[level]} Elo`;
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
export function setupLines(ply) {
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

export function currentArrows() {
  if (!S.analysing || !S.analysis.lines.length) return [];
  const out = [];
  S.analysis.lines.forEach((l, i) => {
    if (!l || !l.pv || !l.pv[0] || i >= 2) return;
    const m = moveSquares(l.pv[0]);
    // A drop's man is the side to move's.
    const drop = m.drop ? { letter: m.drop, white: stateAt(S.cursor).turn === "white" } : null;
    out.push({ from: m.from, to: m.to, drop, kind: i === 0 ? "best" : "second" });
  });
  return out.reverse();
}

export async function startAnalysis() {
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

export function analyse() {
  const id = ++S.analysis.id;
  S.analysis.lines = [];
  const st = stateAt(S.cursor);
  S.analysis.st = st;
  S.engine.cancelAll();
  renderAnalysis();
  if (st.end) {
    $("analysis-depth").textContent = t("status.end", { reason: reasonText(st.end.reason), result: st.end.result });
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

export async function stopAnalysis(show = true) {
  if (!S.analysing) return;
  S.analysing = false;
  S.analysis.id++;
  renderButtons();
  board.setArrows([]);
  renderReview();
  const r = await S.engine.stop();
  if (show && r && r.stopMs !== null) {
    const e = $("stop-latency");
    e.textContent = t("analysis.stoppedIn", { ms: Math.round(r.stopMs) });
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
  if (best) {
    const nps = best.nps ? t("analysis.nps", { knps: (best.nps / 1000).toFixed(0) }) : "";
    const nodes = best.nodes ? t("analysis.nodes", { nodes: best.nodes.toLocaleString("en") }) : "";
    $("analysis-depth").textContent = t("analysis.depth", { depth: best.depth || "?" }) + nodes + nps;
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

export function setEvalBar(whiteExp, text) {
  const pct = Math.max(0, Math.min(100, whiteExp * 100));
  $("eval-fill").style.height = `${pct}%`;
  // The bar is narrow: one decimal ("+0.3"), mates as they are ("#14").
  $("eval-text").textContent = /^[+-]\d+\.\d\d$/.test(text) ? text.slice(0, -1) : text;
  $("eval-bar").setAttribute("aria-valuenow", pct.toFixed(0));
  $("eval-bar").setAttribute("aria-valuetext", t("eval.valueText", { score: text, percent: pct.toFixed(0) }));
}
