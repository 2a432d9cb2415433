// The page's sentences about the line on the board, in the page's language: whose move,
// the result and its reason, the players' names, an endgame table's verdict. view.js
// shows them; the data they come from (S.result's reason, the PGN's tags) stays English.
// Khun's web page. GPL-3.0-or-later, like the project.

import { t, sideName, reasonText } from "./i18n.js";
import { store } from "./store.js";
import { LEVELS, clampElo } from "./levels.js";
import { lineResult } from "./position.js";
import { handOf } from "./drops.js";

/** Whose move (or the end) at the shown position `st`; `atEnd`: the line's last position. */
export function statusText(st, atEnd) {
  const S = store.state;
  let status;
  if (st.end) status = t("status.end", { reason: reasonText(st.end.reason), result: st.end.result });
  else if (S.playing && atEnd && !S.result) {
    status = st.turn === S.game.human ? t("status.yourMove") : t("status.thinking");
    if (st.check) status += t("status.inCheck");
  } else if (lineResult(S) && atEnd) status = t("status.over");
  else status = t(st.check ? "status.toMoveInCheck" : "status.toMove", { Side: sideName(st.turn, true) });
  // Sittuyin's set-up: the side to move still has men in hand, and drops one.
  const hand = !st.end ? handOf(st.fen) : null;
  if (hand && hand[st.turn].length) {
    const inGame = S.playing && atEnd && !S.result;
    if (!inGame) status += t("status.setUp");
    else if (st.turn === S.game.human) status += t("status.setUpYours");
  }
  if (!atEnd) status += t("status.at", { n: S.cursor, total: S.moves.length });
  return status;
}

/** The banner's headline for `outcome` (view.js's resultOutcome: win, loss, draw, white, black). */
export function resultHeadline(outcome) {
  return t(`result.${outcome}`);
}

/** The banner's second line: "1-0 · White mates" / "1-0 · ขาวรุกจน". */
export function resultLine(res) {
  return t("result.line", { result: res.result, reason: reasonText(res.reason) });
}

/**
 * A player's name as shown: "You" and Khun (with its level) in a game against it, else
 * the PGN's tag, else the side. view.js's playerNames() keeps the English names the PGN
 * export writes.
 */
export function shownPlayerName(color) {
  const S = store.state;
  if (S.game) {
    if (S.game.human === color) return t("player.you");
    return t("player.khun", { level: shownLevelLabel(S.game.level, S.game.elo) });
  }
  const tag = S.tags[color === "white" ? "White" : "Black"];
  return tag ? shownTagName(tag) : sideName(color, true);
}

/**
 * A name from a PGN tag as shown: the names the page itself writes for a game against
 * Khun (view.js's playerNames: "You", "Khun (level 1, ≈ 1548 Elo)", "Khun (full
 * strength)", "Khun (Elo 1500)") in the page's language; any other name as it is.
 */
export function shownTagName(name) {
  if (name === "You") return t("player.you");
  const khun = /^Khun \((?:level (-?\d+), ≈ \d+ Elo|(full strength)|Elo (\d+))\)$/.exec(name);
  if (!khun) return name;
  const [, level, full, elo] = khun;
  return t("player.khun", { level: shownLevelLabel(full ? "20" : elo ? "elo" : level, Number(elo)) });
}

/**
 * Khun's level in words ("level 1, ≈ 1548 Elo", "ระดับ 1, ≈ 1548 Elo"); analysis.js's
 * levelLabel is the same in English, for the PGN's player names.
 */
export function shownLevelLabel(level, elo) {
  if (level === "elo") return t("level.elo.short", { elo: clampElo(elo) });
  if (String(level) === "20") return t("level.full.short");
  return t("level.short", { level, elo: LEVELS[level] });
}

/**
 * An endgame table's verdict in words. The rules say it in English (`table.text`:
 * "KRvK: White wins within the count, mate in 12 moves", "KRvK: drawn, the count runs out
 * first (...)", "KRvK: Black is mated", "KRvK: drawn"); in Thai it is said again from the
 * verdict's fields: the ending, and who wins, or that it is drawn (and whether because the
 * count runs out first).
 */
export function tableText(table) {
  const text = table.text || t("table.verdict", { verdict: table.verdict, side: table.forSide || table.winner });
  const drawn = /\bdrawn\b/.test(table.text || "") || table.verdict === "draw" || !table.winner;
  const countRunsOut = /\bthe count runs out first\b/.test(table.text || "");
  let verdict = t("table.verdict", { verdict: table.verdict, side: sideName(table.winner, true) });
  if (drawn) verdict = t(countRunsOut ? "table.countRunsOut" : "result.draw");
  return t("table.line", { text: t("table.rulesText", { text, ending: table.ending || "", verdict }) });
}
