// Small helpers of the page, with no state: elements by id, words, the announcement line.
// Khun's web page. GPL-3.0-or-later, like the project.

import { showText, variantTitle, t } from "./i18n.js";
import { announce } from "./announce.js"; // a11y hook: said together (page-a11y)

export const $ = (id) => document.getElementById(id);
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const other = (c) => (c === "white" ? "black" : "white");

/** The games' titles in the page's language ("Makruk", "หมากรุกไทย"). */
export const TITLES = new Proxy({}, { get: (_, name) => variantTitle(String(name)) });

/**
 * What just happened ("Khun played Se2"), read out by screen readers; #status says whose
 * move. `text`: a function of the page's language (said again in the other language after
 * a switch), or text as it is (a message from elsewhere).
 */
export function say(text) {
  announce($("announce"), text, showText, (first, second) => t("say.joined", { first, second })); // a11y hook (page-a11y)
}
