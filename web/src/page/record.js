// The line on the board as a record: what "Your last games" keeps and a reload brings
// back, with the players' names the PGN writes.
// Khun's web page. GPL-3.0-or-later, like the project.

import { playersCounting } from "./position.js";
import { copyTree } from "./actions.js";

export function localDate() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The players' names as the PGN writes them: "You" and Khun's in a game against it, else the PGN's tags. */
export function playerNames(s) {
  if (s.game) {
    return {
      white: s.game.human === "white" ? "You" : s.game.engineName,
      black: s.game.human === "black" ? "You" : s.game.engineName,
    };
  }
  return { white: s.tags.White || "White", black: s.tags.Black || "Black" };
}

/**
 * The game on the board as loadGame takes it: {variant, fen, moves, counting,
 * countActions, tags, result, tree, path}: its main line's moves and count actions, the
 * whole tree (variations, comments, marks, clocks) and the line shown.
 */
export function lineRecord(s) {
  const tags = { ...s.tags };
  if (s.game) {
    // A game against Khun: its players by name, for the review and its PGN.
    const { white, black } = playerNames(s);
    const d = new Date();
    tags.White = white;
    tags.Black = black;
    tags.Event = tags.Event || "Game against Khun";
    tags.Site = tags.Site || "Khun web page";
    tags.Date = tags.Date || `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
  }
  if (s.result) { tags.Result = s.result.result; tags.Termination = s.result.reason; }
  const moves = [];
  const countActions = [];
  for (let node = s.tree, ply = 0; ; node = node.children[0], ply++) {
    for (const action of node.count) countActions.push({ ply, action });
    if (!node.children.length) break;
    moves.push(node.children[0].uci);
  }
  return {
    variant: s.variant,
    fen: s.startFen,
    moves,
    counting: playersCounting(s) ? "players" : "automatic",
    countActions,
    tags,
    result: s.result ? s.result.result : "*",
    tree: copyTree(s.tree),
    path: s.path.slice(),
  };
}
