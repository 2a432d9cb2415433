// What the page keeps in the browser's storage (localStorage, this page's origin only):
// the line on the board (a game against Khun in progress, with its clocks), the last
// finished games to review, the mute switch and the settings (Khun's pace, the
// analysis's lines, depth and threat). Nothing leaves the browser. Storage
// that is full or switched off is ignored: the page works without it.
// Khun's web page. GPL-3.0-or-later, like the project.

export const CURRENT_KEY = "khun.current.v1";
export const FINISHED_KEY = "khun.finished.v1";
/** The settings kept: Khun's pace, the analysis's lines, depth and threat. */
export const SETTINGS_KEY = "khun.settings.v1";
/** How many finished games are kept to review. */
export const FINISHED_KEPT = 10;

export function loadValue(key) {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function saveValue(key, value) {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // full or switched off: not kept
  }
}

/** The finished games, newest first: [{variant, fen, moves, counting, countActions, tags, result, reason, date}]. */
export function finishedGames() {
  const list = loadValue(FINISHED_KEY);
  return Array.isArray(list) ? list.filter((g) => g && Array.isArray(g.moves) && typeof g.variant === "string") : [];
}

export function addFinishedGame(record) {
  saveValue(FINISHED_KEY, [record, ...finishedGames()].slice(0, FINISHED_KEPT));
}

/** The settings kept: {pace, analysisLines, analysisDepth, showThreat}, each where it was set. */
export function keptSettings() {
  const kept = loadValue(SETTINGS_KEY);
  return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
}

export function keepSetting(name, value) {
  saveValue(SETTINGS_KEY, { ...keptSettings(), [name]: value });
}
