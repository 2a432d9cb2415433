// The Play tab's setup as the player chose it: the game, side, level, time control, start
// position and counting (the form's fields, read when a game starts), and Khun's pace
// (the state's `pace`, kept across reloads).
// Khun's web page. GPL-3.0-or-later, like the project.

import { $ } from "./util.js";
import { store } from "./store.js";
import { paceOf } from "./pace.js";
import { keepSetting } from "./keep.js";
import { t } from "./i18n.js";

export function readSetup() {
  return {
    variant: $("variant").value,
    color: $("color").value,
    level: $("level").value,
    elo: Number($("elo").value),
    tc: $("tc").value,
    fen: $("fen-input").value.trim(),
    counting: $("counting").value,
    pace: paceOf(store.state.pace, $("level").value),
  };
}

/** The time control `tc` chosen, added to the choices where it is not one of them (a link's). */
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
 * "Khun's pace": the player's choice, or the level's default where none was made; with
 * "N seconds a move" it does not apply (Khun takes its N seconds), and says so.
 */
export function renderPace() {
  const select = $("pace");
  select.value = paceOf(store.state.pace, $("level").value);
  const moveTime = /^mt/.test($("tc").value);
  select.disabled = moveTime;
  select.title = t(moveTime ? "setup.paceMoveTime" : "setup.paceTitle");
}

// The pace chosen is kept across reloads (a link's is for this page only).
store.on("setPace", (pace, keep = true) => {
  if (keep) keepSetting("pace", store.state.pace);
});
