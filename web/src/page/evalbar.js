// The evaluation bar beside the board: White's expected score, and the score in words.
// Khun's web page. GPL-3.0-or-later, like the project.

import { $ } from "./util.js";
import { t } from "./i18n.js";

export function setEvalBar(whiteExp, text) {
  const pct = Math.max(0, Math.min(100, whiteExp * 100));
  $("eval-fill").style.height = `${pct}%`;
  // The bar is narrow: one decimal ("+0.3"), mates as they are ("#14").
  $("eval-text").textContent = /^[+-]\d+\.\d\d$/.test(text) ? text.slice(0, -1) : text;
  $("eval-bar").setAttribute("aria-valuenow", pct.toFixed(0));
  $("eval-bar").setAttribute("aria-valuetext", t("eval.valueText", { score: text, percent: pct.toFixed(0) }));
}
