// The line on the board as a record: what "Your last games" keeps and a reload brings
// back, with the players' names the PGN writes.
// Khun's web page. GPL-3.0-or-later, like the project.

import { playersCounting } from "./position.js";

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

/** The line on the board as loadGame takes it: {variant, fen, moves, counting, countActions, tags, result}. */
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
  return {
    variant: s.variant,
    fen: s.startFen,
    moves: s.moves.slice(),
    counting: playersCounting(s) ? "players" : "automatic",
    countActions: s.countLog.map((a) => ({ ply: a.ply, action: a.action })),
    tags,
    result: s.result ? s.result.result : "*",
  };
}
