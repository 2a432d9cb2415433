// The review ("Annotate"): every position of the game at go nodes N, the moves' marks,
// the graph, and what Khun preferred at a marked move.
// Khun's web page. GPL-3.0-or-later, like the project.

import { parseInfo } from "./engine.js";
import { evalGraph, expectedFromInfo, marksFor, scoreText } from "./review.js";
import { $ } from "./util.js";
import { S, stateAt } from "./state.js";
import { render, renderButtons } from "./view.js";
import { renderMoves } from "./moves.js";
import { setupLines, startAnalysis, stopAnalysis, setEvalBar } from "./analysis.js";
import { t, showText } from "./i18n.js";
import { shownSans, shownMove } from "./notation.js";

export function cancelAnnotate() {
  if (S.annotating) { S.annotating.cancel = true; S.engine.cancelAll(); }
}

export async function annotate() {
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
    $("annotate-status").textContent = t("review.progress", { i, n: moves.length });
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
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  showText($("annotate-status"), () => (done
    ? t("review.done", { seconds, blunders: counts["??"] || 0, mistakes: counts["?"] || 0, inaccuracies: counts["?!"] || 0 })
    : t("review.stopped")));
  $("annotate-status").dataset.done = done ? "1" : "0";
  render();
  if (wasAnalysing && !job.cancel) startAnalysis();
}

/** In a reviewed game: the eval bar at the shown position, and what the engine preferred. */
export function renderReview() {
  const note = $("review-note");
  const e = S.evals[S.cursor];
  if (!S.analysing) {
    $("eval-bar").classList.toggle("hidden", !e);
    if (e) setEvalBar(e.white, e.end ? e.end.result : e.info ? scoreText(e.info.score, e.turn) : "");
  }
  const i = S.cursor - 1; // the move that led here
  const before = i >= 0 ? S.evals[i] : null;
  if (!before || !S.marks[i] || !before.best) { note.textContent = ""; note.classList.add("hidden"); return; }
  const best = shownMove(i, before.best); // the UCI where the rules do not read it
  note.textContent = t("review.preferred", { move: `${shownSans()[i]}${S.marks[i]}`, best });
  note.classList.remove("hidden");
}

export function renderGraph() {
  const svg = $("eval-graph");
  if (!S.evals.length) { svg.classList.add("hidden"); return; }
  svg.classList.remove("hidden");
  evalGraph(svg, S.evals, S.marks, S.moves.length, S.cursor, (n, mark) => t("review.graphMark", { n, mark }));
}
