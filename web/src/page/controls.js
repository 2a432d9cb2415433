// The setup and the controls: the Play tab's choices, the board at the next game's start,
// the tabs, and every button, form and key wired to what it does.
// Khun's web page. GPL-3.0-or-later, like the project.

import { $, TITLES, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo, stateAt, readLine } from "./position.js";
import { updateCountingChoice, playerCountAction, changeCounting } from "./count.js";
import { board, sounds, canMoveNow, userMove, backToGame, goTo, wireMoveTools } from "./moves.js";
import { startGame, finishGame, takeback, askResign, closeResign, resign, offerDraw } from "./play.js";
import { startAnalysis, stopAnalysis } from "./analysis.js";
import { cancelAnnotate, annotate } from "./annotate.js";
import { importPgn, download, copyText, gameLink, pgnText } from "./pgn.js";
import { readSetup, renderPace } from "./setup.js";
import { t, refusalText } from "./i18n.js";
import { wireEditor } from "./editor.js";
import { uciFromThai } from "./notation.js";

/** The page's tabs, in order. */
export const TABS = ["play", "analysis", "pgn", "editor", "learn"];

/**
 * The board shows where the next game starts (the setup's game and start position): after
 * choosing a game, and on "New game", with no result, count or moves left from before.
 */
function showSetupStart() {
  const S = store.state;
  if (S.playing && !S.result) return;
  cancelAnnotate();
  const o = readSetup();
  const v = variantInfo(S, o.variant);
  let line;
  try {
    line = readLine(S, v.name, o.fen || v.startFen, [], o.counting);
  } catch (e) {
    line = readLine(S, v.name, v.startFen, [], o.counting);
    say(() => t("say.notAStart", { game: v.title || TITLES[v.name] || v.name, error: refusalText(e) }));
  }
  $("promotion").classList.add("hidden");
  $("annotate-status").textContent = "";
  store.act("showLine", line, { orientation: o.color === "black" ? "black" : "white" });
}

/** Shows the tab `name` (the editor opens on it, and closes when another is chosen). */
export function selectTab(name) {
  store.act("selectTab", name);
}

export function wire() {
  const S = store.state;
  for (const tab of TABS) $(`tab-${tab}`).addEventListener("click", () => selectTab(tab));
  for (const b of document.querySelectorAll("[data-learn]")) b.addEventListener("click", () => store.act("selectLearnView", b.dataset.learn));
  wireEditor();
  wireMoveTools();
  $("nav-first").addEventListener("click", () => goTo(0));
  $("nav-prev").addEventListener("click", () => goTo(S.cursor - 1));
  $("nav-next").addEventListener("click", () => goTo(S.cursor + 1));
  $("nav-last").addEventListener("click", () => goTo(S.moves.length));
  $("btn-mainline").addEventListener("click", backToGame);
  $("btn-flip").addEventListener("click", () => store.act("flip"));
  $("level").addEventListener("change", () => { $("elo-label").classList.toggle("hidden", $("level").value !== "elo"); renderPace(); });
  $("tc").addEventListener("change", renderPace);
  $("pace").addEventListener("change", () => store.act("setPace", $("pace").value));
  $("analysis-multipv").addEventListener("change", () => store.act("setAnalysisLines", Number($("analysis-multipv").value)));
  $("analysis-depth-limit").addEventListener("change", () => store.act("setAnalysisDepth", Number($("analysis-depth-limit").value)));
  $("analysis-threat-toggle").addEventListener("change", () => store.act("setShowThreat", $("analysis-threat-toggle").checked));
  $("variant").addEventListener("change", () => { updateCountingChoice(); showSetupStart(); });
  $("counting").addEventListener("change", () => changeCounting($("counting").value));
  $("btn-count").addEventListener("click", () => playerCountAction("start"));
  $("btn-stop-count").addEventListener("click", () => playerCountAction("stop"));
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); startGame(readSetup()); });
  $("btn-takeback").addEventListener("click", takeback);
  $("btn-resign").addEventListener("click", askResign);
  $("btn-resign-yes").addEventListener("click", resign);
  $("btn-resign-no").addEventListener("click", closeResign);
  $("btn-draw").addEventListener("click", offerDraw);
  $("btn-new").addEventListener("click", () => {
    if (S.playing && !S.result) finishGame(S.game.human === "white" ? "0-1" : "1-0", "Abandoned");
    showSetupStart();
    selectTab("play");
    say(() => t("say.chooseNext"));
  });
  $("btn-analyse-game").addEventListener("click", () => {
    if (S.playing && !S.result) {
      // Leave the game unfinished: no result, the clocks stop, the board is free.
      S.engine.cancelAll();
      say(() => t("say.leftGame"));
    }
    store.act("leaveGame");
    selectTab("analysis");
    startAnalysis();
  });
  $("btn-analysis").addEventListener("click", () => (S.analysing ? stopAnalysis(true) : startAnalysis()));
  $("eval-graph").addEventListener("click", (e) => {
    const rect = $("eval-graph").getBoundingClientRect();
    const x = (e.clientX - rect.left) / rect.width;
    goTo(Math.round(x * S.moves.length));
  });
  $("btn-annotate").addEventListener("click", annotate);
  $("btn-import").addEventListener("click", importPgn);
  $("pgn-file").addEventListener("change", async () => {
    const f = $("pgn-file").files[0];
    if (!f) return;
    $("pgn-in").value = await f.text();
    importPgn();
  });
  $("btn-copy-pgn").addEventListener("click", () => copyText(pgnText(S), "pgn.what.pgn"));
  $("btn-download-pgn").addEventListener("click", download);
  $("pgn-notation").addEventListener("change", () => store.act("setPgnNotation", $("pgn-notation").value));
  $("btn-copy-link").addEventListener("click", () => {
    const link = gameLink();
    history.replaceState(null, "", link);
    copyText(link, "pgn.what.link");
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    $("move-error").textContent = "";
    if (!text) return;
    // Refused (not your move, or no legal move): said, and selected in the box, so the
    // next move typed replaces it rather than being added to it.
    if (!canMoveNow()) { $("move-error").textContent = t("input.notYourMove"); input.select(); return; }
    const st = stateAt(S, S.cursor);
    let uci = st.legal.find((m) => m.uci === text || m.uci === text.toLowerCase())?.uci;
    // Thai notation (a Thai letter in it) is matched against the rules' Thai SAN.
    if (!uci && /[\u0E00-\u0E7F]/.test(text)) uci = uciFromThai(S.cursor, text);
    let refused = null;
    if (!uci) {
      try { uci = S.rules.uciFromSan(S.variant, st.fen, text); } catch (err) { uci = null; refused = err; }
    }
    if (!uci || !st.legal.some((m) => m.uci === uci)) {
      // A move that fits several (Rd1 with two rooks) is said so; any other, as not legal.
      $("move-error").textContent = refused && refused.code === "moveAmbiguous" ? refusalText(refused) : t("input.illegal", { text });
      input.select();
      return;
    }
    input.value = "";
    userMove(uci);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const k = e.key;
    if (k === "ArrowLeft") goTo(S.cursor - 1);
    else if (k === "ArrowRight") goTo(S.cursor + 1);
    else if (k === "Home") goTo(0);
    else if (k === "End") goTo(S.moves.length);
    else if (k === "f") store.act("flip");
    else if (k === "s") sounds.setMuted(!sounds.muted);
    else if (k === "Escape") {
      if (!$("promotion").classList.contains("hidden")) { $("promotion").classList.add("hidden"); board.redraw(); }
      board.select(null);
      if (S.resignAsked) closeResign();
    }
    else return;
    e.preventDefault();
  });
}
