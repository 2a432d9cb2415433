// The page's sounds, made with WebAudio (no sound files): a move, a capture, a check and
// the game's end. The mute switch is kept in the browser's storage. Where the browser
// has no WebAudio, or no sound device (a headless browser), nothing is heard and
// nothing fails: the page still records what it would have played (#btn-sound's
// data-last and data-played, for tests).
// Khun's web page. GPL-3.0-or-later, like the project.

import { loadValue, saveValue } from "./keep.js";
import { t, onLanguageChange } from "./i18n.js";

const MUTED_KEY = "khun.muted";

// Each sound: notes of [start s, frequency Hz, length s, peak gain, wave].
const SOUNDS = {
  move: [[0, 520, 0.07, 0.22, "triangle"]],
  capture: [[0, 300, 0.09, 0.3, "square"], [0.045, 200, 0.11, 0.25, "triangle"]],
  check: [[0, 880, 0.09, 0.18, "sine"], [0.1, 1175, 0.12, 0.18, "sine"]],
  end: [[0, 523, 0.16, 0.2, "sine"], [0.16, 659, 0.16, 0.2, "sine"], [0.32, 784, 0.34, 0.2, "sine"]],
};

const NS = "http://www.w3.org/2000/svg";

/** A loudspeaker drawn in SVG (emoji fonts are not everywhere): with waves, or crossed out. */
function speakerIcon(muted) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "1.1em");
  svg.setAttribute("height", "1.1em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "icon");
  const add = (name, attrs) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
  };
  add("path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" });
  const line = { fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" };
  if (muted) {
    add("path", { d: "M16 9l6 6M22 9l-6 6", ...line });
  } else {
    add("path", { d: "M15.5 8.5a5 5 0 0 1 0 7", ...line });
    add("path", { d: "M18.5 5.5a9 9 0 0 1 0 13", ...line });
  }
  return svg;
}

export class Sounds {
  /** button: the mute switch (aria-pressed="true" while muted). */
  constructor(button) {
    this.button = button;
    this.ctx = null;
    this.failed = false;
    this.played = 0;
    this.muted = loadValue(MUTED_KEY) === true;
    button.addEventListener("click", () => this.setMuted(!this.muted));
    onLanguageChange(() => this.show());
    this.show();
  }

  setMuted(muted) {
    this.muted = muted;
    saveValue(MUTED_KEY, muted);
    this.show();
  }

  show() {
    const b = this.button;
    b.replaceChildren(speakerIcon(this.muted));
    b.setAttribute("aria-pressed", String(this.muted));
    b.setAttribute("aria-label", t(this.muted ? "sound.offLabel" : "sound.onLabel"));
    b.title = t(this.muted ? "sound.offTitle" : "sound.onTitle");
  }

  context() {
    if (this.ctx || this.failed) return this.ctx;
    try {
      const AC = window.AudioContext || window.webkitAudioContext;
      this.ctx = AC ? new AC() : null;
    } catch {
      this.ctx = null;
    }
    if (!this.ctx) this.failed = true;
    return this.ctx;
  }

  /** Plays "move", "capture", "check" or "end" unless muted. */
  play(kind) {
    if (this.muted || !SOUNDS[kind]) return;
    this.played++;
    this.button.dataset.last = kind;
    this.button.dataset.played = String(this.played);
    const ctx = this.context();
    if (!ctx) return;
    try {
      if (ctx.state === "suspended") ctx.resume().catch(() => {});
      const t0 = ctx.currentTime + 0.01;
      for (const [at, freq, len, peak, wave] of SOUNDS[kind]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = wave;
        osc.frequency.setValueAtTime(freq, t0 + at);
        gain.gain.setValueAtTime(0.0001, t0 + at);
        gain.gain.exponentialRampToValueAtTime(peak, t0 + at + 0.008);
        gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
        osc.connect(gain).connect(ctx.destination);
        osc.start(t0 + at);
        osc.stop(t0 + at + len + 0.02);
      }
    } catch {
      // No sound device, or the browser refused: the page goes on silently.
    }
  }
}
