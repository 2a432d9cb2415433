// Khun's levels: `Skill Level` with its measured Elo, or `UCI_LimitStrength` with
// `UCI_Elo`; the options each sends and its name in the PGN.
// Khun's web page. GPL-3.0-or-later, like the project.

/** Skill Level -> its measured Elo (lab/: the levels' calibration). */
export const LEVELS = { "-20": 672, "-10": 1054, 0: 1306, 1: 1548, 3: 1814, 6: 2205, 10: 2551 };

export const clampElo = (elo) => Math.max(672, Math.min(2551, Math.round(elo) || 1500));

export function levelLines(level, elo) {
  if (level === "elo") {
    return ["setoption name Skill Level value 20", "setoption name UCI_LimitStrength value true", `setoption name UCI_Elo value ${clampElo(elo)}`];
  }
  return ["setoption name UCI_LimitStrength value false", `setoption name Skill Level value ${level}`];
}

/** The Elo a level plays at (null: full strength, unmeasured). */
export function strengthElo(level, elo) {
  if (level === "elo") return clampElo(elo);
  return LEVELS[level] ?? null;
}

/** The level in the PGN's English ("level 1, ≈ 1548 Elo"); words.js's shownLevelLabel in the page's language. */
export function levelLabel(level, elo) {
  if (level === "elo") return `Elo ${clampElo(elo)}`;
  if (String(level) === "20") return "full strength";
  return `level ${level}, ≈ ${LEVELS[level]} Elo`;
}
