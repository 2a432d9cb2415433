// The review ("Annotate"): every position of the game at go nodes N, the moves' marks,
// the graph, and what Khun preferred at a marked move.
// Khun's web page. GPL-3.0-or-later, like the project.

import { parseInfo } from "./engine.js";
import { evalGraph, expectedFromInfo, marksFor, scoreText } from "./review.js";
import { $ } from "./util.js";
import { store } from "./store.js";
import { stateAt } from "./position.js";
import { setupLines } from "./search.js";
import { setEvalBar } from "./evalbar.js";
import { startAnalysis, stopAnalysis } from "./analysis.js";
import { t, showText } from "./i18n.js";
import { shownSans, shownMove } from "./notation.js";

/** The running review stops (its search too). */
export function cancelAnnotate() {
  const S = store.state;
  if (S.annotating) { store.act("annotateCancel"); S.engine.cancelAll(); }
}

/** The review: every position of the line at `go nodes N` (the analysis stopped for it, and started again after). */
export async function annotate() {
  const S = store.state;
  if (S.annotating) { cancelAnnotate(); return; }
  if ((S.playing && !S.result) || !S.moves.length) return;
  const wasAnalysing = S.analysing;
  await stopAnalysis(false);
  const job = { cancel: false };
  store.act("annotateStarted", job);
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
  const t0 = performance.now();
  const cancelled = () => S.annotating === null || S.annotating.cancel;
  for (let i = 0; i <= moves.length && !cancelled(); i++) {
    $("annotate-status").textContent = t("review.progress", { i, n: moves.length });
    const st = stateAt(S, i);
    if (st.end) {
      evals[i] = { white: st.end.result === "1-0" ? 1 : st.end.result === "0-1" ? 0 : 0.5, info: null, end: st.end };
      continue;
    }
    let last = null;
    const r = await S.engine.go(setupLines(i), `go nodes ${nodes}`, (line) => {
      const info = parseInfo(line);
      if (info && info.score && info.pv && (info.multipv || 1) === 1 && !info.bound) last = info;
    }).promise;
    if (cancelled() || S.moves.length !== moves.length || S.moves.some((m, k) => m !== moves[k])) break;
    const e = expectedFromInfo(last, st.turn);
    evals[i] = { white: e, info: last, best: r && r.bestmove, turn: st.turn };
    store.act("annotateProgress", evals, marksFor(evals, (k) => stateAt(S, k).turn, moves));
  }
  const done = evals.length === moves.length + 1 && !cancelled();
  const wasCancelled = cancelled();
  store.act("annotateDone");
  const counts = S.marks.reduce((a, m) => { if (m) a[m] = (a[m] || 0) + 1; return a; }, {});
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  showText($("annotate-status"), () => (done
    ? t("review.done", { seconds, blunders: counts["??"] || 0, mistakes: counts["?"] || 0, inaccuracies: counts["?!"] || 0 })
    : t("review.stopped")));
  $("annotate-status").dataset.done = done ? "1" : "0";
  if (wasAnalysing && !wasCancelled) startAnalysis();
}

/** In a reviewed game: the eval bar at the shown position, and what the engine preferred. */
export function renderReview() {
  const S = store.state;
  const note = $("review-note");
  const e = S.evals[S.cursor];
  $("eval-bar").classList.toggle("hidden", !S.analysing && !e);
  if (!S.analysing && e) setEvalBar(e.white, e.end ? e.end.result : e.info ? scoreText(e.info.score, e.turn) : "");
  const i = S.cursor - 1; // the move that led here
  const before = i >= 0 ? S.evals[i] : null;
  if (!before || !S.marks[i] || !before.best) { note.textContent = ""; note.classList.add("hidden"); return; }
  const best = shownMove(i, before.best); // the UCI where the rules do not read it
  note.textContent = t("review.preferred", { move: `${shownSans()[i]}${S.marks[i]}`, best });
  note.classList.remove("hidden");
}

export function renderGraph() {
  const S = store.state;
  const svg = $("eval-graph");
  if (!S.evals.length) { svg.classList.add("hidden"); return; }
  svg.classList.remove("hidden");
  evalGraph(svg, S.evals, S.marks, S.moves.length, S.cursor, (n, mark) => t("review.graphMark", { n, mark }));
}
