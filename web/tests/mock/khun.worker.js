// A stand-in for web/dist/khun.worker.js (not shipped): answers UCI lines as the real
// worker does (one line in per message, one line out per message), with a one-ply
// material search. `go infinite` sends an info line set every 40 ms until `stop`.
importScripts("khun.js");
let rules = null;
const ready = Khun.loadRules().then((r) => { rules = r; });
const opts = { UCI_Variant: "makruk", MultiPV: "1", UCI_ShowWDL: "false", "Skill Level": "20" };
let pos = { fen: "startpos", moves: [] };
let search = null;
const VAL = { k: 0, m: 200, s: 350, n: 350, r: 500, p: 100 };
const out = (s) => postMessage(s);

function material(fen, white) {
  let v = 0;
  for (const c of fen.split(" ")[0].replace(/~/g, "")) {
    const k = c.toLowerCase();
    if (VAL[k] === undefined) continue;
    v += (c === k ? -1 : 1) * VAL[k];
  }
  return white ? v : -v;
}

function ranked() {
  const s = rules.state(opts.UCI_Variant, pos.fen, pos.moves);
  const white = s.turn === "white";
  return s.legal.map((m) => {
    const after = rules.state(opts.UCI_Variant, s.fen, [m.uci]);
    let v = material(after.fen, white) + Math.floor(Math.random() * 20);
    if (after.end) v = after.end.reason === "Checkmate" ? 30000 : 0;
    const reply = after.legal[0] ? [after.legal[0].uci] : [];
    return { uci: m.uci, v, pv: [m.uci, ...reply] };
  }).sort((a, b) => b.v - a.v);
}

function infos(depth) {
  const lines = ranked().slice(0, Math.max(1, +opts.MultiPV));
  lines.forEach((l, i) => {
    const score = l.v >= 30000 ? "mate 1" : "cp " + l.v;
    const w = Math.round(1000 / (1 + Math.exp(-l.v / 150)));
    const wdl = opts.UCI_ShowWDL === "true" ? ` wdl ${Math.round(w * 0.8)} ${1000 - Math.round(w * 0.8) - Math.round((1000 - w) * 0.8)} ${Math.round((1000 - w) * 0.8)}` : "";
    out(`info depth ${depth} seldepth ${depth + 2} multipv ${i + 1} score ${score}${wdl} nodes ${depth * 1000} nps 100000 time ${depth * 10} pv ${l.pv.join(" ")}`);
  });
  return lines[0];
}

function finish() {
  if (!search) return;
  clearTimeout(search.timer);
  const best = search.best;
  search = null;
  out("bestmove " + (best ? best.uci : "(none)"));
}

function go(args) {
  const s = rules.state(opts.UCI_Variant, pos.fen, pos.moves);
  search = { timer: null, best: null, depth: 1 };
  if (!s.legal.length) { out("info depth 0 score " + (s.check ? "mate 0" : "cp 0")); finish(); return; }
  const step = () => {
    if (!search) return;
    search.best = infos(search.depth++);
    if (args.includes("infinite") || search.depth < 4) search.timer = setTimeout(step, 40);
    else finish();
  };
  step();
}

onmessage = async (e) => {
  await ready;
  const line = String(e.data).trim();
  const [cmd, ...rest] = line.split(/\s+/);
  if (cmd === "uci") {
    out("id name Khun (mock)");
    out("option name UCI_Variant type combo default makruk var makruk var cambodian var makpong var ai-wok var asean var karouk");
    out("option name MultiPV type spin default 1 min 1 max 500");
    out("uciok");
  } else if (cmd === "isready") out("readyok");
  else if (cmd === "setoption") {
    const m = line.match(/^setoption name (.+?)(?: value (.*))?$/);
    if (m) opts[m[1]] = m[2];
  } else if (cmd === "position") {
    const m = line.match(/^position (startpos|fen (.+?))(?: moves (.*))?$/);
    pos = { fen: m[1] === "startpos" ? "startpos" : m[2], moves: m[3] ? m[3].split(/\s+/) : [] };
  } else if (cmd === "go") go(rest);
  else if (cmd === "stop") finish();
  else if (cmd === "ucinewgame") { /* nothing kept */ }
};
