// Khun's web page: play against Khun, analyse, import and export PGN, review a game.
// The rules come from khun.js (window.Khun.loadRules(), synchronous once loaded); the
// engine runs in khun.worker.js (see web/API-DRAFT.md). Nothing here talks to anything
// but the page's own files. This file starts the page; README.md maps the others.
// Khun's web page. GPL-3.0-or-later, like the project.

import { Engine } from "./engine.js";
import { CURRENT_KEY, loadValue, saveValue, addFinishedGame, keptSettings } from "./keep.js";
import { $, TITLES, say } from "./util.js";
import { store } from "./store.js";
import { variantInfo, stateAt, readLine, playersCountable } from "./position.js";
import { TableVerdicts } from "./tables.js";
import { updateCountingChoice, syncCountingSetting } from "./count.js";
import { render } from "./view.js";
import { board } from "./moves.js";
import { startClockTicker } from "./clock.js";
import { startGame } from "./play.js";
import { startAnalysis, followPosition } from "./analysis.js";
import { persist, restore, renderRecent } from "./persist.js";
import { localDate } from "./record.js";
import { wire, selectTab } from "./controls.js";
import { readSetup, ensureTcOption } from "./setup.js";
import { PACES } from "./pace.js";
import { t, startLanguage, onLanguageChange, showText, refusalText } from "./i18n.js";
import { notation, setNotation } from "./notation.js";

async function main() {
  // The page's words first (the browser's language, or the one chosen before).
  startLanguage();
  wireLanguage();
  startClockTicker();
  wire();
  if (!window.Khun || !window.Khun.loadRules) {
    showText($("engine-status"), () => t("engine.missing"));
    return;
  }
  // The engine first: its worker fetches and compiles its WebAssembly on its own thread
  // while this one loads the rules; the page says ready once the engine answered and the
  // page has started (its first position drawn), whatever happened on the way.
  let pageReady;
  const pageStarted = new Promise((resolve) => { pageReady = resolve; });
  const engine = new Engine("khun.worker.js");
  engine.listeners.push((line) => {
    // The worker's own failures ("error ..." from onerror) and the engine's ("info string error: ...").
    if (line.startsWith("error ")) showText($("engine-status"), () => t("engine.failed", { error: line.slice(6) }));
    else if (line.startsWith("info string error")) say(() => t("say.engineError", { error: line.slice(12) }));
  });
  engine.enqueue(async () => {
    await engine.init();
    await pageStarted;
    showText($("engine-status"), () => t("engine.ready", { name: engine.name }));
    $("engine-status").dataset.ready = "1";
  }, false);
  let rules;
  try {
    rules = await window.Khun.loadRules();
  } catch (e) {
    showText($("engine-status"), () => t("engine.rulesFailed", { error: e.message }));
    return;
  }
  try {
    // The page drawn after each action, kept across reloads, and analysed where it shows a new position.
    store.subscribe(render);
    store.subscribe(persist);
    store.subscribe(followPosition);
    // The settings kept from before (Khun's pace, the analysis's).
    store.act("settingsKept", keptSettings());
    const tables = new TableVerdicts(() => store.act("tableAnswered"));
    store.act("started", { rules, engine, tables, variants: rules.variants() });
    startPage();
  } finally {
    pageReady();
  }
}

/** The page's first position (a link's, the one kept from before, or the game's start), drawn. */
function startPage() {
  const S = store.state;
  const sel = $("variant");
  for (const v of S.variants) {
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.title || TITLES[v.name] || v.name;
    sel.appendChild(o);
  }

  const q = new URLSearchParams(location.search);
  // What was on the board before a reload (read before anything renders and saves).
  const saved = loadValue(CURRENT_KEY);
  const vname = S.variants.some((v) => v.name === q.get("variant")) ? q.get("variant") : "makruk";
  sel.value = vname;
  const fen = q.get("fen") || variantInfo(S, vname).startFen;
  const moves = (q.get("moves") || "").split(/[\s,]+/).filter(Boolean);
  if (q.get("fen")) $("fen-input").value = q.get("fen");
  if (q.get("color")) $("color").value = q.get("color");
  updateCountingChoice();
  const counting = q.get("counting") === "players" && playersCountable(S, vname) ? "players" : "automatic";
  // The players' count actions (`count=0:start,4:stop`: the ply each comes before, and
  // what it does), as pgn.js's gameLink writes them; the rules check them with the line.
  const countLog = (q.get("count") || "").split(",").filter(Boolean).map((a) => {
    const [ply, action] = a.split(":");
    return { ply: Number(ply), action };
  }).filter((a) => Number.isInteger(a.ply) && a.ply >= 0 && (a.action === "start" || a.action === "stop"));
  $("counting").value = counting;
  if (q.get("level")) $("level").value = q.get("level");
  if (q.get("elo")) { $("level").value = "elo"; $("elo").value = q.get("elo"); $("elo-label").classList.remove("hidden"); }
  if (q.get("tc")) ensureTcOption(q.get("tc"));
  // A link's pace is for this page only (not kept).
  if (PACES.includes(q.get("pace"))) store.act("setPace", q.get("pace"), false);
  // A link says what to show; without one the board comes back as it was. A game in
  // progress that a link replaces is kept among the last games, unfinished.
  const linked = [...q.keys()].length > 0;
  if (!linked && saved) {
    try {
      if (restore(saved)) { finishMain(); return; }
    } catch (e) {
      saveValue(CURRENT_KEY, null);
      say(() => t("say.notBroughtBack", { error: refusalText(e) }));
    }
  } else if (linked && saved && saved.game && Array.isArray(saved.moves) && saved.moves.length) {
    addFinishedGame({ ...saved, game: undefined, date: localDate(),
      tags: { White: saved.game.human === "white" ? "You" : "Khun", Black: saved.game.human === "black" ? "You" : "Khun", Result: "*", Termination: "Left unfinished" } });
  }
  let line;
  try {
    line = readLine(S, vname, fen, moves, counting, countLog);
  } catch (e) {
    say(() => t("say.badLink", { error: refusalText(e) }));
    line = readLine(S, vname, variantInfo(S, vname).startFen, [], counting);
  }
  const mode = q.get("mode");
  if (mode === "play") {
    startGame(readSetup(), line.moves);
  } else {
    const ply = q.get("ply");
    store.act("showLine", line, {
      cursor: ply ? Number(ply) || 0 : undefined,
      orientation: q.get("flip") === "1" || q.get("orientation") === "black" ? "black" : "white",
      result: line.end ? { result: line.end.result, reason: line.end.reason } : null,
    });
    if (mode === "analysis") { selectTab("analysis"); startAnalysis(); }
  }
  // The link is read: a reload now brings back the board as it is then, not the link.
  if (linked) history.replaceState(null, "", location.pathname + location.hash);
  finishMain();
}

/**
 * The language switch (EN / ไทย) and the notation setting: a switch of language writes the
 * page again in it (the game's names, the options, the move list in the notation that
 * follows the language until the player chooses one).
 */
function wireLanguage() {
  const select = $("notation");
  if (select) {
    select.value = notation();
    select.addEventListener("change", () => { setNotation(select.value); render(); });
  }
  onLanguageChange(() => {
    if (select) select.value = notation();
    for (const o of $("variant").options) o.textContent = TITLES[o.value];
    render();
  });
}

/** The end of the start, the page drawn. */
function finishMain() {
  renderRecent();
  syncCountingSetting();
  // The clocks as they stand when the page is left (each action keeps the rest).
  window.addEventListener("pagehide", persist);
  // For tests and the curious: the page's state (read-only: it changes through store.act).
  window.khunPage = { state: store.state, store, stateAt: (ply) => stateAt(store.state, ply), board };
}

main();
