// The setup and the controls: the Play tab's choices, the board at the next game's start,
// the tabs, and every button, form and key wired to what it does.
// Khun's web page. GPL-3.0-or-later, like the project.

import { pgnText } from "./review.js";
import { $, other, TITLES, say } from "./util.js";
import { S, variantInfo, stateAt, setLine } from "./state.js";
import { updateCountingChoice, playerCountAction, changeCounting } from "./count.js";
import { render } from "./view.js";
import { board, sounds, canMoveNow, userMove, backToGame, goTo } from "./moves.js";
import { clockStop } from "./clock.js";
import { startGame, finishGame, takeback, askResign, closeResign, resign, offerDraw } from "./play.js";
import { startAnalysis, analyse, stopAnalysis } from "./analysis.js";
import { cancelAnnotate, annotate } from "./annotate.js";
import { importPgn, download, copyText, positionLink } from "./pgn.js";
import { t } from "./i18n.js";
import { openEditor, closeEditor, wireEditor } from "./editor.js";
import { uciFromThai } from "./notation.js";

export function readSetup() {
  const level = $("level").value;
  return {
    variant: $("variant").value,
    color: $("color").value,
    level,
    elo: Number($("elo").value),
    tc: $("tc").value,
    fen: $("fen-input").value.trim(),
    counting: $("counting").value,
  };
}

export function ensureTcOption(tc) {
  if (![...$("tc").options].some((o) => o.value === tc)) {
    const o = document.createElement("option");
    o.value = tc;
    o.textContent = tc;
    $("tc").appendChild(o);
  }
  $("tc").value = tc;
}

/**
 * The board shows where the next game starts (the setup's game and start position): after
 * choosing a game, and on "New game", with no result, count or moves left from before.
 */
function showSetupStart() {
  if (S.playing && !S.result) return;
  cancelAnnotate();
  closeResign();
  const o = readSetup();
  const v = variantInfo(o.variant);
  S.game = null;
  S.playing = false;
  S.result = null;
  S.tags = {};
  try {
    setLine(v.name, o.fen || v.startFen, [], o.counting);
  } catch (e) {
    setLine(v.name, v.startFen, [], o.counting);
    say(() => t("say.notAStart", { game: v.title || TITLES[v.name] || v.name, error: e.message }));
  }
  S.orientation = o.color === "black" ? "black" : "white";
  $("promotion").classList.add("hidden");
  $("annotate-status").textContent = "";
  $("review-note").classList.add("hidden");
  render();
  if (S.analysing) analyse();
}

const TABS = ["play", "analysis", "pgn", "editor"];

export function selectTab(name) {
  const wasEditing = $("tab-editor").getAttribute("aria-selected") === "true";
  if (name === "editor" && wasEditing) return; // already there: the edits stay
  for (const tab of TABS) {
    $(`tab-${tab}`).setAttribute("aria-selected", String(tab === name));
    $(`panel-${tab}`).classList.toggle("hidden", tab !== name);
  }
  if (name === "editor") openEditor();
  else if (wasEditing) closeEditor();
}

export function wire() {
  for (const tab of TABS) $(`tab-${tab}`).addEventListener("click", () => selectTab(tab));
  wireEditor();
  $("nav-first").addEventListener("click", () => goTo(0));
  $("nav-prev").addEventListener("click", () => goTo(S.cursor - 1));
  $("nav-next").addEventListener("click", () => goTo(S.cursor + 1));
  $("nav-last").addEventListener("click", () => goTo(S.moves.length));
  $("btn-mainline").addEventListener("click", backToGame);
  $("btn-flip").addEventListener("click", () => { S.orientation = other(S.orientation); render(); });
  $("level").addEventListener("change", () => $("elo-label").classList.toggle("hidden", $("level").value !== "elo"));
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
    closeResign();
    if (S.playing && !S.result) {
      // Leave the game unfinished: no result, the clocks stop, the board is free.
      S.engine.cancelAll();
      clockStop();
      S.game.token++;
      S.playing = false;
      say(() => t("say.leftGame"));
    }
    S.playing = false;
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
  $("btn-copy-link").addEventListener("click", () => {
    const link = positionLink();
    history.replaceState(null, "", link);
    copyText(link, "pgn.what.link");
  });
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    $("move-error").textContent = "";
    if (!text) return;
    if (!canMoveNow()) { $("move-error").textContent = t("input.notYourMove"); return; }
    const st = stateAt(S.cursor);
    let uci = st.legal.find((m) => m.uci === text || m.uci === text.toLowerCase())?.uci;
    // Thai notation (a Thai letter in it) is matched against the rules' Thai SAN.
    if (!uci && /[\u0E00-\u0E7F]/.test(text)) uci = uciFromThai(S.cursor, text);
    if (!uci) {
      try { uci = S.rules.uciFromSan(S.variant, st.fen, text); } catch (err) { uci = null; }
    }
    if (!uci || !st.legal.some((m) => m.uci === uci)) { $("move-error").textContent = t("input.illegal", { text }); return; }
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
    else if (k === "f") { S.orientation = other(S.orientation); render(); }
    else if (k === "s") sounds.setMuted(!sounds.muted);
    else if (k === "Escape") {
      if (!$("promotion").classList.contains("hidden")) { $("promotion").classList.add("hidden"); board.redraw(); }
      board.select(null);
      closeResign();
    }
    else return;
    e.preventDefault();
  });
}
