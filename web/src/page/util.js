// Small helpers of the page, with no state: elements by id, words, the announcement line.
// Khun's web page. GPL-3.0-or-later, like the project.

export const $ = (id) => document.getElementById(id);
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
export const other = (c) => (c === "white" ? "black" : "white");

export const TITLES = {
  makruk: "Makruk", cambodian: "Cambodian (Ouk Chatrang)", karouk: "Kar Ouk", makpong: "Makpong",
  asean: "ASEAN", "ai-wok": "Ai-wok",
};

/** What just happened ("Khun played Se2"), read out by screen readers; #status says whose move. */
export function say(text) {
  $("announce").textContent = text;
}
