// The lines the engine gets before each search: its variant, the position, the players'
// count (`CountStarted`), sent only where the worker holds something else; and a FEN
// searched on its own (the analysis's threat).
// Khun's web page. GPL-3.0-or-later, like the project.

import { store } from "./store.js";
import { countStartedAt } from "./position.js";

/**
 * The lines before a search at `ply` of the line on the board, made when the search
 * starts (it may wait in the engine's queue). Under players' counting the count goes
 * after `position` (`CountStarted` is checked against the game the engine holds); a
 * value held from before is cleared first, since `position` is refused where it does
 * not fit the new game.
 */
export function setupLines(ply) {
  const s = store.state;
  const variant = s.variant;
  const moves = s.moves.slice(0, ply);
  const position = `position fen ${s.startFen}` + (moves.length ? ` moves ${moves.join(" ")}` : "");
  return () => {
    const lines = [];
    const countStarted = countStartedAt(store.state, ply);
    if (store.state.engineCountStarted !== 0) lines.push("setoption name CountStarted value 0");
    if (store.state.engineVariant !== variant) lines.push(`setoption name UCI_Variant value ${variant}`);
    lines.push(position);
    if (countStarted !== 0) lines.push(`setoption name CountStarted value ${countStarted}`);
    store.act("engineSynced", variant, countStarted);
    return lines;
  };
}

/**
 * The lines before a search of `fen` on its own (no moves, no players' count: the
 * analysis's threat), in the line's variant.
 */
export function fenLines(fen) {
  const variant = store.state.variant;
  return () => {
    const lines = [];
    if (store.state.engineCountStarted !== 0) lines.push("setoption name CountStarted value 0");
    if (store.state.engineVariant !== variant) lines.push(`setoption name UCI_Variant value ${variant}`);
    lines.push(`position fen ${fen}`);
    store.act("engineSynced", variant, 0);
    return lines;
  };
}
