// PGN: a game loaded onto the board, import (pasted or from a file), export (copy,
// download), and a link to the game (its moves, the position shown, its count).
// Khun's web page. GPL-3.0-or-later, like the project.

import { pgnText } from "./review.js";
import { $, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo, playersCounting, readLine } from "./position.js";
import { stopAnalysis } from "./analysis.js";
import { cancelAnnotate } from "./annotate.js";
import { t, sideName } from "./i18n.js";
import { shownSans } from "./notation.js";

/**
 * A game onto the board ({variant, fen, moves, counting, countActions, tags, result}: a
 * PGN's, a kept one's), from its start. Returns a note where only part of it was taken.
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
    // The PGN goes on where the rules end the game (a count run out, say): keep the moves
    // up to there ("move N (...): ..." names the first one refused).
    const m = /move (\d+)/.exec(e.message);
    const n = m ? Number(m[1]) - 1 : 0;
    moves = moves.slice(0, Math.max(0, Math.min(n, moves.length)));
    note = t("pgn.kept", { kept: moves.length, total: (g.moves || []).length, error: e.message });
    try {
      line = readLine(S, v.name, fen, moves, counting, log);
    } catch (e2) {
      line = readLine(S, v.name, v.startFen, [], "automatic", []);
      note = t("pgn.cannotRead", { error: e2.message });
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
  if (g.tree) line.tree = g.tree;
  store.act("showLine", line, { tags, result, cursor: opts.cursor ?? 0, orientation: opts.orientation || "white" });
  if (Array.isArray(opts.path) && opts.path.some((i) => i !== 0)) store.act("selectNode", opts.path.slice(0, opts.cursor ?? 0));
  const loaded = { white: tags.White || "?", black: tags.Black || "?", plies: line.moves.length };
  say(() => t("pgn.loaded", loaded));
  return note;
}

/**
 * The games of a PGN text. Moves pasted without a result at the end ("1. e4 e5 2. Nd2
 * Nd7"), which `readPgn` refuses, are read as an unfinished game (`*` added).
 */
function readGames(text) {
  const S = store.state;
  let games = S.rules.readPgn(text);
  if (games.some((g) => g.error && /has no result/.test(g.error))) {
    const again = S.rules.readPgn(`${text}\n*\n`);
    if (!again.some((g) => g.error && /has no result/.test(g.error))) games = again;
  }
  return games.map((g) => ({ ...g, tags: g.tags || {}, moves: g.moves || [] }));
}

export function importPgn() {
  const text = $("pgn-in").value;
  $("pgn-error").textContent = "";
  let games;
  try { games = readGames(text); } catch (e) { $("pgn-error").textContent = e.message; return; }
  if (!games || !games.length) { $("pgn-error").textContent = t("pgn.noGame"); return; }
  // Text that is no game at all: say why, and leave the board as it is.
  const readable = games.filter((g) => !g.error || g.moves.length || Object.keys(g.tags).length);
  if (!readable.length) {
    $("pgn-error").textContent = t("pgn.unreadable", { error: games[0].error });
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
    $("pgn-error").textContent = g.error ? readUpTo(g.error) : note || "";
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
