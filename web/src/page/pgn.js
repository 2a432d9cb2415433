// PGN: a game loaded onto the board, import (pasted or from a file), export (copy,
// download), and a link to the game (its moves, the position shown, its count).
// Khun's web page. GPL-3.0-or-later, like the project.

import { $, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo, playersCounting, readLine } from "./position.js";
import { stopAnalysis } from "./analysis.js";
import { cancelAnnotate } from "./annotate.js";
import { t, sideName, refusalText } from "./i18n.js";
import { shownSans } from "./notation.js";

/**
 * A game onto the board ({variant, fen, moves, counting, countActions, tags, result, and
 * the whole game as `tree` where there is one}: a PGN's, a kept one's), from its start.
 * Returns a note where only part of it was taken.
 */
export function loadGame(g, opts = {}) {
  const S = store.state;
  stopAnalysis(false);
  cancelAnnotate();
  S.engine.cancelAll();
  const v = variantInfo(S, g.variant || "makruk");
  const fen = !g.fen || g.fen === "startpos" ? v.startFen : g.fen;
  let moves = g.moves || [];
  let note = "";
  // A game counted as players count ([Counting "players"]) comes with its count actions.
  const counting = g.counting === "players" ? "players" : "automatic";
  const log = (g.countActions || []).map((a) => ({ ply: a.ply, action: a.action }));
  let line;
  try {
    line = readLine(S, v.name, fen, moves, counting, log);
  } catch (e) {
    // The game goes on where the rules end it (a count run out, say): keep the moves up
    // to there (the refusal names the first one refused, counted from 1).
    const m = /move (\d+)/.exec(e.message);
    const n = Number.isInteger(e.params && e.params.number) ? e.params.number - 1 : m ? Number(m[1]) - 1 : 0;
    moves = moves.slice(0, Math.max(0, Math.min(n, moves.length)));
    note = t("pgn.kept", { kept: moves.length, total: (g.moves || []).length, error: refusalText(e) });
    try {
      line = readLine(S, v.name, fen, moves, counting, log);
    } catch (e2) {
      line = readLine(S, v.name, v.startFen, [], "automatic", []);
      note = t("pgn.cannotRead", { error: refusalText(e2) });
    }
  }
  const tags = { ...(g.tags || {}) };
  // Where the rules end the game (a mate, a count run out) that is its result, whatever
  // the PGN wrote (a site that did not apply the count writes "*"); else the PGN's.
  const end = line.end;
  const res = g.result || tags.Result;
  let result = null;
  if (end) result = { result: end.result, reason: end.reason };
  else if (res && res !== "*") result = { result: res, reason: tags.Termination || "from the PGN" };
  if (g.tree) line.tree = Array.isArray(g.tree) ? treeOfPgn(g) : g.tree;
  store.act("showLine", line, { tags, result, cursor: opts.cursor ?? 0, orientation: opts.orientation || "white" });
  if (Array.isArray(opts.path) && opts.path.some((i) => i !== 0)) store.act("selectNode", opts.path.slice(0, opts.cursor ?? 0));
  const loaded = { white: tags.White || "?", black: tags.Black || "?", plies: line.moves.length };
  say(() => t("pgn.loaded", loaded));
  return note;
}

/**
 * A PGN game's tree (the rules' readPgn: the main line's moves, each with its NAGs,
 * comments, clock and the variations that replace it) as the page's tree of moves: a
 * root whose children are each position's moves, the first the main line's.
 */
function treeOfPgn(g) {
  const children = (moves) => {
    if (!moves || !moves.length) return [];
    const [m, ...rest] = moves;
    const comment = [...(m.before || []), ...(m.after || [])].join(" ").trim();
    const node = { uci: m.uci, san: m.san, nags: m.nags || [], comment, clock: m.clockMs ?? null, count: [], children: children(rest) };
    return [node, ...(m.variations || []).flatMap(children)];
  };
  return { uci: null, san: "", comment: (g.comments || []).join(" ").trim(), count: [], children: children(g.tree) };
}

/** The review's marks as PGN's NAGs. */
const REVIEW_NAGS = { "?!": 6, "?": 2, "??": 4 };

/**
 * The page's tree as the rules' writePgn takes it: the main line's moves, each with its
 * NAGs, comment, clock and the variations that replace it (each such a list again).
 */
function pgnTreeOf(root) {
  const line = (node) => {
    const out = [];
    for (let n = node, alternatives = []; n; ) {
      // The review's mark where the move has no judgement of its own (NAGs 1-6).
      const nags = n.nags.slice();
      if (n.mark && !nags.some((x) => x >= 1 && x <= 6)) nags.unshift(REVIEW_NAGS[n.mark]);
      out.push({ uci: n.uci, nags, after: n.comment ? [n.comment] : [], clockMs: n.clock ?? undefined, variations: alternatives.map(line) });
      alternatives = n.children.slice(1);
      n = n.children[0];
    }
    return out;
  };
  return root.children.length ? line(root.children[0]).map((m, i, all) => {
    // The first move's alternatives are the root's other children.
    if (i === 0) m.variations = root.children.slice(1).map(line);
    return m;
  }) : [];
}

/**
 * The games of a PGN text. Moves pasted without a result at the end ("1. e4 e5 2. Nd2
 * Nd7"), which `readPgn` refuses, are read as an unfinished game (`*` added).
 */
function readGames(text) {
  const S = store.state;
  const noResult = (g) => g.error && (g.code === "pgnNoResult" || g.errorCode === "pgnNoResult");
  let games = S.rules.readPgn(text);
  if (games.some(noResult)) {
    const again = S.rules.readPgn(`${text}\n*\n`);
    if (!again.some(noResult)) games = again;
  }
  return games.map((g) => ({ ...g, tags: g.tags || {}, moves: g.moves || [] }));
}

export function importPgn() {
  const text = $("pgn-in").value;
  $("pgn-error").textContent = "";
  let games;
  try { games = readGames(text); } catch (e) { $("pgn-error").textContent = refusalText(e); return; }
  if (!games || !games.length) { $("pgn-error").textContent = t("pgn.noGame"); return; }
  // Text that is no game at all: say why, and leave the board as it is.
  const readable = games.filter((g) => !g.error || g.moves.length || Object.keys(g.tags).length);
  if (!readable.length) {
    $("pgn-error").textContent = t("pgn.unreadable", { error: refusalText(games[0]) });
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
    // What was left out is said: the moves after a refused one, a variation cut short.
    const said = [g.error ? readUpTo(refusalText(g)) : note, ...(g.notes || []).map(refusalText)].filter(Boolean);
    $("pgn-error").textContent = said.join(" ");
    store.act("selectTab", "analysis");
  };
  pick(0);
}

/**
 * Where a PGN read in part stops, said as its last move read on the board: "Read up to
 * Black's move 2, Nd7" (the move number and side, as the game's start FEN counts them).
 */
function readUpTo(error) {
  const S = store.state;
  const plies = S.moves.length;
  if (!plies) return t("pgn.readNone", { error });
  const gamePly = S.startPly + plies - 1; // the last move read
  return t("pgn.readUpTo", {
    Side: sideName(gamePly % 2 === 0 ? "white" : "black", true),
    n: Math.floor(gamePly / 2) + 1,
    san: shownSans()[plies - 1],
    error,
  });
}

/**
 * The game on the board as PGN, written by the rules: the tags (the game's, or the page's
 * for a game against Khun), its whole tree (variations, comments, marks, clocks), the
 * players' count actions of its main line, in SAN or Thai SAN (the PGN tab's setting).
 */
export function pgnText(S) {
  if (!S.rules || !S.variants.length) return "";
  const tags = S.tags || {};
  const mainResult = S.result && S.result.result && S.result.result !== "*" ? S.result.result : "*";
  let white = tags.White || "?";
  let black = tags.Black || "?";
  if (S.game) {
    white = S.game.human === "white" ? "You" : S.game.engineName;
    black = S.game.human === "black" ? "You" : S.game.engineName;
  }
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  const out = [
    ["Event", tags.Event || (S.game ? "Game against Khun" : "Analysis")],
    ["Site", tags.Site || "Khun web page"],
    ["Date", tags.Date || `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`],
    ["Round", tags.Round || "-"],
    ["White", white],
    ["Black", black],
    ["Result", mainResult],
    ["Variant", S.variant],
  ];
  // A game with men in hand (sittuyin) always says where it starts, its hands with it, as
  // cutechess writes it: a reader that knows only chess's start could not guess them.
  const v = variantInfo(S);
  if (v.drops || S.startFen.trim() !== v.startFen.trim()) out.push(["SetUp", "1"], ["FEN", S.startFen]);
  if (S.game && S.game.tcText && !S.game.tc.movetime) {
    const [b, i] = S.game.tcText.split("+").map(Number);
    out.push(["TimeControl", `${Math.round(b * 60)}+${Math.round(i)}`]);
  }
  if (S.result && S.result.reason && mainResult !== "*") out.push(["Termination", S.result.reason]);
  // The count actions of the game's main line (the tree's nodes hold them).
  const countActions = [];
  for (let node = S.tree, ply = 0; node; node = node.children[0], ply++) {
    for (const action of node.count) countActions.push({ ply, action });
  }
  const players = playersCounting(S);
  try {
    return S.rules.writePgn({
      variant: S.variant, fen: S.startFen, tags: out, result: mainResult,
      counting: players ? "players" : "automatic", countActions: players ? countActions : [],
      tree: pgnTreeOf(S.tree), comments: S.tree.comment ? [S.tree.comment] : [], notation: S.pgnNotation,
    });
  } catch (e) {
    return `; ${refusalText(e)}\n`;
  }
}

export function download() {
  const S = store.state;
  const blob = new Blob([pgnText(S)], { type: "application/x-chess-pgn" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `khun-${S.variant}-${new Date().toISOString().slice(0, 10)}.pgn`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Copies `text`; `whatKey` names what it is ("pgn.what.pgn": PGN, "pgn.what.link": Link). */
export async function copyText(text, whatKey) {
  try {
    await navigator.clipboard.writeText(text);
    say(() => t("pgn.copied", { what: t(whatKey) }));
  } catch {
    say(() => t("pgn.shown", { what: t(whatKey), text }));
  }
}

/**
 * A link to the line on the board, as main.js reads it back: the game, its start FEN
 * (left out where it is the game's start), its moves (UCI, comma-separated), the ply
 * shown, the players' counting with its count actions (`count=0:start,4:stop`, ply and
 * action) and the board's orientation. A result the rules do not give (a resignation)
 * is not in it.
 */
export function gameLink() {
  const S = store.state;
  const params = [["variant", S.variant]];
  if (S.startFen !== variantInfo(S).startFen) params.push(["fen", S.startFen]);
  if (S.moves.length) params.push(["moves", S.moves.join(",")]);
  params.push(["ply", String(S.cursor)]);
  if (playersCounting(S)) {
    params.push(["counting", "players"]);
    if (S.countLog.length) params.push(["count", S.countLog.map((a) => `${a.ply}:${a.action}`).join(",")]);
  }
  if (S.orientation === "black") params.push(["orientation", "black"]);
  // Readable: the commas, colons and slashes as they are, a FEN's spaces as "+".
  const value = (v) => encodeURIComponent(v).replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%2F/g, "/").replace(/%20/g, "+");
  const u = new URL(location.href);
  u.search = params.map(([k, v]) => `${k}=${value(v)}`).join("&");
  return u.toString();
}
