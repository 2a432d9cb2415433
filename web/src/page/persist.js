// What the page keeps across reloads (through store.js): the board as it is, a game in
// progress with its clocks, and "Your last games" to review.
// Khun's web page. GPL-3.0-or-later, like the project.

import { CURRENT_KEY, saveValue, finishedGames } from "./keep.js";
import { $, TITLES, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo } from "./position.js";
import { updateCountingChoice } from "./count.js";
import { clockLeft } from "./clock.js";
import { startGame } from "./play.js";
import { loadGame } from "./pgn.js";
import { readSetup, ensureTcOption } from "./setup.js";
import { PACES } from "./pace.js";
import { lineRecord } from "./record.js";
import { t, reasonText } from "./i18n.js";
import { shownTagName } from "./words.js";

/** Keeps the board in the browser's storage: the line, and a game in progress with its clocks. */
export function persist() {
  const S = store.state;
  if (!S.rules) return;
  const rec = { ...lineRecord(S), cursor: S.cursor, orientation: S.orientation, game: null };
  const g = S.game;
  if (g && S.playing && !S.result) {
    rec.tags = {};
    rec.game = {
      human: g.human, level: g.level, elo: g.elo, tc: g.tcText, pace: g.pace, startPly: g.startPly,
      clock: g.clock ? { white: clockLeft("white"), black: clockLeft("black"), mover: g.clock.mover } : null,
    };
  }
  saveValue(CURRENT_KEY, rec);
}

/** Brings back what persist() kept. Throws where it no longer reads (the page goes on without it). */
export function restore(rec) {
  const S = store.state;
  if (!rec || !S.variants.some((v) => v.name === rec.variant) || !Array.isArray(rec.moves)) return false;
  const g = rec.game;
  if (g) {
    $("variant").value = rec.variant;
    updateCountingChoice();
    $("color").value = g.human === "black" ? "black" : "white";
    if (g.level === "elo") { $("level").value = "elo"; $("elo").value = String(g.elo); $("elo-label").classList.remove("hidden"); }
    else if ([...$("level").options].some((o) => o.value === String(g.level))) $("level").value = String(g.level);
    ensureTcOption(String(g.tc));
    $("counting").value = rec.counting === "players" ? "players" : "automatic";
    // The game's own pace (a game kept before there was one: the setup's).
    const pace = PACES.includes(g.pace) ? g.pace : readSetup().pace;
    startGame({ ...readSetup(), fen: rec.fen, pace }, rec.moves, rec);
    return true;
  }
  loadGame(rec, { cursor: Number(rec.cursor) || 0, path: rec.path, orientation: rec.orientation === "black" ? "black" : "white" });
  say(() => t("say.boardBack"));
  return true;
}

/** "Your last games": the finished games kept in this browser, to review. */
export function renderRecent() {
  const S = store.state;
  const games = finishedGames();
  const ol = $("recent-games");
  ol.replaceChildren();
  $("recent").classList.toggle("hidden", (S.playing && !S.result) || !games.length);
  games.forEach((g, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.index = String(i);
    const tags = g.tags || {};
    const v = variantInfo(S, g.variant);
    const moves = Math.ceil(g.moves.length / 2);
    // The players' names are the kept game's PGN tags ("You" and Khun's in the page's language).
    b.textContent = t("recent.entry", {
      white: shownTagName(tags.White || "?"),
      black: shownTagName(tags.Black || "?"),
      result: g.result,
      termination: tags.Termination ? t("recent.termination", { reason: reasonText(tags.Termination) }) : "",
      game: v.title || TITLES[v.name] || v.name,
      moves: t(moves === 1 ? "recent.move" : "recent.moves", { n: moves }),
      date: g.date ? `, ${g.date}` : "",
    });
    b.addEventListener("click", () => reviewFinished(g));
    li.appendChild(b);
    ol.appendChild(li);
  });
}

function reviewFinished(g) {
  const S = store.state;
  if (S.playing && !S.result) return;
  loadGame(g);
  say(() => t("say.review", { white: shownTagName(g.tags.White || "?"), black: shownTagName(g.tags.Black || "?"), result: g.result }));
  store.act("selectTab", "analysis");
}
