// The puzzles' file the page ships (page/puzzles.tsv), written by web/make-puzzles.js from
// `khun puzzles --format json` output and read by the page: its columns, its reader (each
// line checked, a bad one refused with its line number, the good ones kept), its writer,
// and a puzzle's first rating from its difficulty and type. No page state: the page's
// puzzles.js and the build script import it, web/tests/puzzle-file.test.js tests it.
// Khun's web page. GPL-3.0-or-later, like the project.

/** The file's first line: its format and version. */
export const MAGIC = "khun-puzzles 1";
/** The columns, tab-separated, named on the file's second line. */
export const COLUMNS = ["id", "variant", "fen", "moves", "type", "theme", "rating", "source", "game", "ply", "count"];
/** The columns of files written before the `count` column (read as the automatic count). */
const COLUMNS_BEFORE_COUNT = COLUMNS.slice(0, 10);
/**
 * The puzzles' types (`khun puzzles`' `type`); `win` is a forced line the rules end as
 * the solver's win other than by mate (Kar Ouk's winning check: the finder names a line
 * by its end, never by the variant); `count-act` is its three players' count
 * decisions (count-start, count-stop, count-keep) as one: the theme says which act is
 * right, and the page does not tell a stop from a keep before the answer.
 */
export const TYPES = ["mate", "win", "winning", "defensive", "count", "count-act"];
/** `khun puzzles`' types that the file writes as `count-act`. */
export const COUNT_ACT_TYPES = ["count-start", "count-stop", "count-keep"];
/**
 * The themes, each a code the page has words for: a mate (in as many moves as the
 * line's solver moves), a win the rules end otherwise (in as many), the only winning
 * move, the only saving move, a win within the count, the count held out.
 */
export const THEMES = ["mate", "win", "onlyMove", "saving", "countWin", "countHold", "countStart", "countStop", "countKeep"];

/** The act a count-act puzzle's theme asks for before its line: "start", "stop", "keep"; null for the others. */
export function countAct(puzzle) {
  return { countStart: "start", countStop: "stop", countKeep: "keep" }[puzzle.theme] || null;
}

const ID = /^[a-z0-9]{4,12}$/;
const UCI = /^(?:[a-l](?:1[0-2]|[1-9])|[A-Z]@)[a-l](?:1[0-2]|[1-9])[a-z]?$/;

/**
 * A puzzle's first rating, before any player has tried it: 1000 for a mate in 1, 200 more
 * for each solver's move of its line (its difficulty, 1 to 5), and more where the task
 * does not say where the line ends.
 * why: the sample's mates run 1 to 5 moves; lichess's mate-in-1s sit near 1000-1200 and
 * its long mates near 1800-2000. An only move with no mate in sight (winning), one that
 * only saves (defensive) or a count race (the tables' line, where the natural move fails)
 * is harder than a mate of the same length, which the task names. A win in N (Kar Ouk's
 * winning check) is rated as a mate in N: the task names its end and its length alike.
 */
export function initialRating(type, difficulty) {
  const d = Math.max(1, Math.min(5, Math.round(Number(difficulty)) || 1));
  const extra = { mate: 0, win: 0, winning: 200, defensive: 300, count: 400, "count-act": 300 }[type] || 0;
  return 1000 + 200 * (d - 1) + extra;
}

/** The theme's code for `khun puzzles`' theme in words and type; null where it has none. */
export function themeCode(type, theme) {
  const words = String(theme || "").trim().toLowerCase();
  if (type === "mate" && /^mate in [1-9][0-9]*$/.test(words)) return "mate";
  if (type === "win" && /^win in [1-9][0-9]*$/.test(words)) return "win";
  if (type === "winning") return "onlyMove";
  if (type === "defensive") return "saving";
  if (type === "count" && words === "win within the count") return "countWin";
  if (type === "count" && words === "hold out the count") return "countHold";
  if (type === "count-start" && words === "start the count") return "countStart";
  if (type === "count-stop" && words === "stop the count") return "countStop";
  if (type === "count-keep" && words === "keep counting") return "countKeep";
  return null;
}

/**
 * One line of the file read: a puzzle {id, variant, fen, moves: [UCI], type, theme,
 * rating, source, game, ply}. Throws an Error saying what is wrong (the caller adds the
 * line number).
 */
export function readPuzzleLine(line) {
  const cells = line.split("\t");
  if (cells.length !== COLUMNS.length && cells.length !== COLUMNS_BEFORE_COUNT.length) throw new Error(`${cells.length} columns, not ${COLUMNS.length}`);
  const [id, variant, fen, moveText, type, theme, ratingText, source, gameText, plyText, countText = ""] = cells;
  if (!ID.test(id)) throw new Error(`id '${id}': 4 to 12 lower-case letters and digits`);
  if (!/^[a-z][a-z-]*$/.test(variant)) throw new Error(`variant '${variant}'`);
  if (fen.trim().split(/\s+/).length < 4) throw new Error(`FEN '${fen}': too few fields`);
  const moves = moveText.split(" ").filter(Boolean);
  if (!moves.length) throw new Error("no moves");
  const bad = moves.find((m) => !UCI.test(m));
  if (bad !== undefined) throw new Error(`move '${bad}' is not UCI`);
  if (!TYPES.includes(type)) throw new Error(`type '${type}': one of ${TYPES.join(", ")}`);
  if (!THEMES.includes(theme)) throw new Error(`theme '${theme}': one of ${THEMES.join(", ")}`);
  // The solver's move comes first, and a mate's (a win's) line ends with the solver's mate (winning move).
  if (theme === "mate" && moves.length % 2 !== 1) throw new Error(`a mate's line of ${moves.length} moves (the solver's mate ends it)`);
  if (theme === "win" && moves.length % 2 !== 1) throw new Error(`a win's line of ${moves.length} moves (the solver's winning move ends it)`);
  if ((type === "win") !== (theme === "win")) throw new Error(`type ${type} with theme ${theme}`);
  const rating = Number(ratingText);
  if (!Number.isInteger(rating) || rating < 100 || rating > 4000) throw new Error(`rating '${ratingText}'`);
  const game = gameText === "" ? null : Number(gameText);
  const ply = plyText === "" ? null : Number(plyText);
  if (game !== null && !(Number.isInteger(game) && game > 0)) throw new Error(`game '${gameText}'`);
  if (ply !== null && !(Number.isInteger(ply) && ply >= 0)) throw new Error(`ply '${plyText}'`);
  // The count: pyffish's count_started under players' counting (-1: no count running,
  // N: one running since game ply N); empty: the automatic count.
  const countStarted = countText === "" ? null : Number(countText);
  if (countStarted !== null && !(Number.isInteger(countStarted) && (countStarted === -1 || countStarted >= 1))) throw new Error(`count '${countText}'`);
  if ((type === "count-act") !== ["countStart", "countStop", "countKeep"].includes(theme)) throw new Error(`type ${type} with theme ${theme}`);
  if (type === "count-act" && countStarted === null) throw new Error("a count act's puzzle without its count");
  return { id, variant, fen: fen.trim(), moves, type, theme, rating, source, game, ply, countStarted };
}

/**
 * The file read: {puzzles, errors} (errors: ["line N: why"], the lines refused; a
 * puzzle whose id came before is refused too). Throws where the file is not one (its
 * first lines), so nothing of it is taken.
 */
export function readPuzzles(text) {
  const lines = String(text).split("\n");
  if (lines[0].trim() !== MAGIC) throw new Error(`not a puzzles file: its first line is not '${MAGIC}'`);
  const header = (lines[1] || "").trim();
  if (header !== COLUMNS.join("\t") && header !== COLUMNS_BEFORE_COUNT.join("\t")) throw new Error(`its second line is not the columns (${COLUMNS.join(" ")})`);
  const puzzles = [];
  const errors = [];
  const seen = new Set();
  lines.slice(2).forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const p = readPuzzleLine(line.replace(/\r$/, ""));
      if (seen.has(p.id)) throw new Error(`id ${p.id} twice`);
      seen.add(p.id);
      puzzles.push(p);
    } catch (e) {
      errors.push(`line ${i + 3}: ${e.message}`);
    }
  });
  return { puzzles, errors };
}

/** The file's text for `puzzles` (as readPuzzles returns them). */
export function writePuzzles(puzzles) {
  const clean = (s) => String(s).replace(/[\t\n\r]/g, " ");
  const rows = puzzles.map((p) => [p.id, p.variant, p.fen, p.moves.join(" "), p.type, p.theme, p.rating,
    clean(p.source || ""), p.game ?? "", p.ply ?? "", p.countStarted ?? ""].map(clean).join("\t"));
  return `${[MAGIC, COLUMNS.join("\t"), ...rows].join("\n")}\n`;
}

/** Whether the solver is asked for a whole line that ends the game: a mate, a win in N. */
export function endsTheGame(puzzle) {
  return puzzle.theme === "mate" || puzzle.theme === "win";
}

/** Whether the puzzle is a count race: its line is the solver's only moves, by the tables. */
export function isCountRace(puzzle) {
  return puzzle.theme === "countWin" || puzzle.theme === "countHold";
}

/**
 * How many plies of the line the solver is asked to find (the replies between them played
 * by the page): a mate's or a win's whole line (its last move any move the rules end as
 * the solver's win); a count race's whole line, which `khun puzzles` stops where the
 * solver's move is no longer the only one the tables keep the race with; the first
 * move of the others, the one `khun puzzles` proves the only one (the rest of the line is
 * its search's, where other moves may win or hold as well).
 */
export function askedPlies(puzzle) {
  // A count act: the act is the answer; after a stop, the move it was for (a mate, say).
  const act = countAct(puzzle);
  if (act) return act === "stop" ? 1 : 0;
  return endsTheGame(puzzle) || isCountRace(puzzle) ? puzzle.moves.length : 1;
}

/** A mate's or a win's length in the solver's moves (a mate in N, a win in N); the solver's moves otherwise. */
export function solverMoves(puzzle) {
  return Math.ceil(puzzle.moves.length / 2);
}
