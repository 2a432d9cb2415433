// Reachable by everyone: the tabs as a tablist moved by the keys (tabs.js), the focus
// kept where a player expects it after each action (focus.js), and the board kept in view
// when an action elsewhere on the page shows it anew (a PGN imported, "Analyse from
// here"). A module of its own, started by index.html after main.js, with no page state:
// it only names the page's elements. (The moves said aloud: announce.js, from util.js's say.)
// Khun's web page. GPL-3.0-or-later, like the project.

import { wireTablist } from "./tabs.js";
import { keepFocus } from "./focus.js";

const $ = (id) => document.getElementById(id);

/** Scrolls the board (with the names above and below it) into view where it is not. */
export function keepBoardInView() {
  const col = $("board-col");
  if (!col) return;
  const r = col.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) col.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "nearest" });
}

function wireAccess() {
  const list = document.querySelector('#side [role="tablist"]');
  // A tab shown by another action (Import, "Analyse from here", "Analyse this game"): the
  // board comes back into view; a phone scrolled down to the button would show only the
  // tabs' panel, the board above the screen.
  if (list) wireTablist(list, (tab, byTablist) => { if (!byTablist) keepBoardInView(); });

  const selectedTab = () => (list ? list.querySelector('[aria-selected="true"]') : null);
  keepFocus(document.body, [
    // A promotion chosen or cancelled: back to the board.
    { within: "#promotion", to: () => ["#board"] },
    // Resign answered: "No" (or Escape) back to Resign; "Yes" ends the game: New game.
    { within: "#resign-confirm", to: () => ["#btn-resign", "#btn-new"] },
    // The game started: the move box for a player at the keyboard, else the board.
    { within: "#setup", to: (_, how) => (how === "key" ? ["#move-input", "#board"] : ["#board"]) },
    // Take back, Offer a draw (then disabled): the control beside; New game: its setup.
    { within: "#game-controls", to: () => ["nearest", "#start-game", "#board"] },
    // The move list is made anew after each move: the move shown, or the same move.
    { within: "#movelist", key: (el) => el.dataset.ply,
      to: (ply) => ["#movelist button.current", `#movelist button[data-ply="${ply}"]`, "#board"] },
    // The editor's palette is made anew after a choice: the same piece.
    { within: "#editor-palette", key: (el) => el.dataset.piece,
      to: (piece) => [`#editor-palette button[data-piece="${CSS.escape(piece || "")}"]`] },
    // Sittuyin's men in hand: the same man, else the board.
    { within: ".hand", key: (el) => `#${el.closest(".hand").id} button[data-letter="${CSS.escape(el.dataset.letter || "")}"]`,
      to: (sel) => [sel, "#board"] },
    // "Play from here": the game's setup, to start it.
    { within: "#btn-editor-play", to: () => ["#start-game"] },
    // The move buttons at the first or last position: the one beside that still goes.
    { within: ".toolbar", key: (el) => el.id,
      to: (id) => (["nav-first", "nav-prev"].includes(id) ? ["#nav-next", "#nav-last"] : ["#nav-prev", "#nav-first"]).concat(["nearest", "#board"]) },
    { within: "#count-controls", to: () => ["nearest", "#board"] },
    // A game reviewed, imported, analysed from the editor, "Back to the game": the board.
    { within: "#recent, #panel-pgn, #panel-editor, #btn-mainline", to: () => ["#board"] },
  ], () => [selectedTab(), "#board"]);
}

wireAccess();
