// The clocks of a game against Khun: Fischer increments, the first move free, a flag
// that falls ends the game.
// Khun's web page. GPL-3.0-or-later, like the project.

import { $, other } from "./util.js";
import { t, sideName } from "./i18n.js";
import { store } from "./store.js";

export function parseTc(tc) {
  let m = /^mt(\d+(?:\.\d+)?)$/.exec(tc);
  if (m) return { movetime: Math.round(Number(m[1]) * 1000) };
  m = /^(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$/.exec(tc);
  if (m) return { base: Math.round(Number(m[1]) * 60000), inc: Math.round(Number(m[2]) * 1000) };
  return { base: 300000, inc: 3000 };
}

export function clockLeft(color) {
  const S = store.state;
  const c = S.game && S.game.clock;
  if (!c) return Infinity;
  return c.ms[color] - (c.mover === color && !S.result ? performance.now() - c.since : 0);
}

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = ms / 1000;
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${m}:${String(sec).padStart(2, "0")}`;
}

export function renderClocks() {
  const S = store.state;
  const c = S.game && S.game.clock;
  const top = S.orientation === "white" ? "black" : "white";
  const bottom = other(top);
  for (const [id, color] of [["clock-top", top], ["clock-bottom", bottom]]) {
    const e = $(id);
    if (!c) { e.textContent = ""; continue; }
    const left = clockLeft(color);
    e.textContent = fmtClock(left);
    e.classList.toggle("running", c.mover === color && !S.result);
    e.classList.toggle("low", left < 10000);
    e.setAttribute("aria-label", t("clock.of", { Side: sideName(color, true) }));
  }
}

/** Every tenth of a second: the clocks shown, and a flag fallen ends the game. */
export function startClockTicker() {
  setInterval(() => {
    const S = store.state;
    if (!S.game || !S.game.clock || S.result) return;
    renderClocks();
    const c = S.game.clock;
    if (S.playing && c.mover && clockLeft(c.mover) <= 0) {
      S.engine.cancelAll();
      store.act("finishGame", c.mover === "white" ? "0-1" : "1-0", "Time forfeit");
    }
  }, 100);
}
