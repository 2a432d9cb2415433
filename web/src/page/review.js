// Scores, win chances, the marks of a reviewed game and its evaluation graph.
// Khun's web page. GPL-3.0-or-later, like the project.

const NS = "http://www.w3.org/2000/svg";

/** "+0.35", "-1.20", "#3", "#-2": from White's view; score is from the side to move's. */
export function scoreText(score, turn) {
  if (!score) return "";
  const sign = turn === "white" ? 1 : -1;
  if (score.mate !== undefined) {
    const m = score.mate * sign;
    return m > 0 ? `#${m}` : `#-${Math.abs(m)}`;
  }
  const cp = score.cp * sign;
  return `${cp >= 0 ? "+" : "-"}${(Math.abs(cp) / 100).toFixed(2)}`;
}

/**
 * White's expected score (0..1) from one info line: win + half the draw chance from the
 * engine's `wdl` (per mille, side to move), or from the score where no wdl came.
 */
export function expectedFromInfo(info, turn) {
  let stm = 0.5;
  if (info && info.wdl) stm = (info.wdl[0] + info.wdl[1] / 2) / 1000;
  else if (info && info.score) {
    if (info.score.mate !== undefined) stm = info.score.mate > 0 ? 1 : 0;
    else stm = 1 / (1 + Math.pow(10, -info.score.cp / 400));
  }
  return turn === "white" ? stm : 1 - stm;
}

/** Drop in the mover's expected score: >= 0.30 "??", >= 0.20 "?", >= 0.10 "?!". */
export const MARKS = [[0.3, "??"], [0.2, "?"], [0.1, "?!"]];

export function marksFor(evals, turnAt, moves) {
  const marks = [];
  for (let i = 0; i < moves.length; i++) {
    const a = evals[i];
    const b = evals[i + 1];
    if (!a || !b) { marks[i] = ""; continue; }
    const white = turnAt(i) === "white";
    const before = white ? a.white : 1 - a.white;
    const after = white ? b.white : 1 - b.white;
    const drop = before - after;
    marks[i] = "";
    if (a.best && a.best === moves[i]) continue; // the engine's own choice is never marked
    for (const [t, m] of MARKS) if (drop >= t - 1e-9) { marks[i] = m; break; }
  }
  return marks;
}

/**
 * `markTitle(n, mark)`: a mark's tooltip on the graph ("move 12: ?"), in the page's
 * language (the caller's words; review.js knows no language).
 */
export function evalGraph(svg, evals, marks, plies, cursor, markTitle = (n, mark) => `move ${n}: ${mark}`) {
  const W = 400, H = 120;
  svg.replaceChildren();
  const add = (name, attrs) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  const x = (i) => (plies ? (i / plies) * W : 0);
  const y = (v) => (1 - v) * H;
  add("rect", { x: 0, y: 0, width: W, height: H, fill: "#555" });
  const pts = [];
  evals.forEach((e, i) => { if (e) pts.push([x(i), y(e.white)]); });
  if (pts.length) {
    const poly = [[pts[0][0], H], ...pts, [pts[pts.length - 1][0], H]];
    add("polygon", { points: poly.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: "#f3f3f3" });
    add("polyline", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: "none", stroke: "#8a4b14", "stroke-width": 1.2 });
  }
  add("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "mid" });
  marks.forEach((m, i) => {
    if (!m || !evals[i + 1]) return;
    const cls = { "?!": "m-inacc", "?": "m-mist", "??": "m-blund" }[m];
    const c = add("circle", { cx: x(i + 1), cy: y(evals[i + 1].white), r: 3.5, class: cls });
    const t = document.createElementNS(NS, "title");
    t.textContent = markTitle(i + 1, m);
    c.appendChild(t);
  });
  add("line", { x1: x(cursor), y1: 0, x2: x(cursor), y2: H, class: "cur" });
  svg.dataset.points = String(pts.length);
}
