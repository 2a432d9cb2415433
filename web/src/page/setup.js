// The Play tab's setup as the player chose it: the game, side, level, time control, start
// position and counting (the form's fields, read when a game starts).
// Khun's web page. GPL-3.0-or-later, like the project.

import { $ } from "./util.js";

export function readSetup() {
  return {
    variant: $("variant").value,
    color: $("color").value,
    level: $("level").value,
    elo: Number($("elo").value),
    tc: $("tc").value,
    fen: $("fen-input").value.trim(),
    counting: $("counting").value,
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
