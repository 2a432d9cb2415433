#!/usr/bin/env node
/*
 * The page's puzzles file from `khun puzzles --format json` output (JSON lines):
 *   node web/make-puzzles.js [-o web/src/page/puzzles.tsv] PUZZLES.jsonl[=SOURCE] ...
 *
 * Each input line is one puzzle (fen, variant, moves: the solution in UCI, solver's move
 * first, type, theme, difficulty, game, ply; the other fields are not shipped). SOURCE
 * names where the games came from (shown with each puzzle: "Khun self-play"); without
 * it, the input file's name. Each puzzle gets:
 * - a fixed id: the first 6 base-36 digits of SHA-256 of "variant|fen|moves", so the same
 *   puzzle has the same id in every build, and a puzzle mined twice is shipped once;
 * - a first rating from its difficulty and type (puzzle-file.js's initialRating);
 * - a theme code the page has words for (puzzle-file.js's themeCode).
 * Every line is replayed by the rules (web/dist/khun.js, from web/build.sh; KHUN_WEB_DIST
 * picks another build): each move legal, no end before the last, a mate's line ending in
 * the solver's mate, a win's (type `win`, "win in N") in an end the rules call the
 * solver's win. A line that fails any check stops the build with its line number:
 * nothing is written.
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const WEB = __dirname;
const ID_LENGTH = 6;

/** puzzle-file.js, an ES module, imported from a copy under a package.json that says so. */
async function puzzleFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-make-puzzles-"));
  fs.copyFileSync(path.join(WEB, "src", "page", "puzzle-file.js"), path.join(dir, "puzzle-file.js"));
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  try {
    return await import(pathToFileURL(path.join(dir, "puzzle-file.js")).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The puzzle's id: base 36 of its content's SHA-256, the first ID_LENGTH digits. */
function puzzleId(variant, fen, moves) {
  const hex = crypto.createHash("sha256").update(`${variant}|${fen}|${moves.join(" ")}`).digest("hex");
  return BigInt(`0x${hex}`).toString(36).padStart(ID_LENGTH, "0").slice(0, ID_LENGTH);
}

/**
 * Why the rules refuse `p`'s line, or null: a move not legal, the game over before the
 * last move, a mate's line not ending in the solver's mate, a count win's line ending
 * otherwise than in the solver's mate or the game going on, a win's line not ending in
 * the game over as the solver's win (the rules' end: its winner).
 */
function refusal(rules, p, countAct) {
  let st;
  // Under players' counting: the count before the puzzle, and the one its act leaves
  // (a start: the solver's move is counted 1; a stop: none), which the line is played under.
  const before = p.countStarted === null ? 0 : p.countStarted;
  let countStarted = before;
  try {
    st = rules.state(p.variant, p.fen, [], { countStarted: before });
    const act = countAct(p);
    if (act === "start" && !st.mayStartCount) return "the count may not start there";
    if (act === "stop" && !st.mayStopCount) return "the count may not stop there";
    if (act === "keep" && !st.mayStopCount) return "no count of the solver's runs there";
    if (act === "start") countStarted = gamePly(st.fen) + 1;
    if (act === "stop") countStarted = -1;
    st = rules.state(p.variant, p.fen, [], { countStarted });
  } catch (e) {
    return `the rules refuse the position: ${e.message}`;
  }
  const solver = st.turn;
  for (let i = 0; i < p.moves.length; i++) {
    if (st.end) return `the game is over (${st.end.reason}) before move ${i + 1}`;
    if (!st.legal.some((m) => m.uci === p.moves[i])) return `move ${i + 1}, ${p.moves[i]}, is not legal there`;
    st = rules.state(p.variant, p.fen, p.moves.slice(0, i + 1), { countStarted });
  }
  const mated = st.end && st.end.kind === "checkmate" && st.end.winner === solver;
  if (p.theme === "mate" && !mated) return "the line does not end in the solver's mate";
  // A count win's line stops at the mate, or earlier where the solver's moves stop being
  // the only ones in time (khun puzzles, by the tables): then the game must go on.
  if (p.theme === "countWin" && st.end && !mated) return `the count win's line ends in ${st.end.reason}, not the solver's mate`;
  const won = !!st.end && st.end.winner === solver;
  if (p.theme === "win" && !won) return "the line does not end in the solver's win";
  return null;
}

/** The game ply of a FEN: 2 x (move - 1), + 1 with Black to move. */
function gamePly(fen) {
  const f = fen.trim().split(/\s+/);
  return 2 * ((Number(f[f.length - 1]) || 1) - 1) + (f[1] === "b" ? 1 : 0);
}

function usage(message) {
  console.error(`web/make-puzzles.js: ${message}`);
  console.error("usage: node web/make-puzzles.js [-o OUT] PUZZLES.jsonl[=SOURCE] ...");
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  let out = path.join(WEB, "src", "page", "puzzles.tsv");
  const inputs = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-o") {
      if (!args[i + 1]) usage("-o needs a file");
      out = args[++i];
    } else if (args[i].startsWith("-")) usage(`unknown option ${args[i]}`);
    else inputs.push(args[i]);
  }
  if (!inputs.length) usage("no input file");
  const { initialRating, themeCode, writePuzzles, readPuzzles, countAct, TYPES, COUNT_ACT_TYPES } = await puzzleFile();
  const dist = process.env.KHUN_WEB_DIST || path.join(WEB, "dist");
  if (!fs.existsSync(path.join(dist, "khun.js"))) usage(`no ${path.join(dist, "khun.js")}: run web/build.sh first (the rules check every line)`);
  const rules = await require(path.join(dist, "khun.js")).loadRules();

  const puzzles = [];
  const byId = new Map();
  let duplicates = 0;
  for (const input of inputs) {
    const eq = input.lastIndexOf("=");
    const file = eq > 0 ? input.slice(0, eq) : input;
    const source = eq > 0 ? input.slice(eq + 1) : path.basename(file);
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      usage(`cannot read ${file}: ${e.message}`);
    }
    const fail = (n, why) => usage(`${file}, line ${n}: ${why}`);
    text.split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      let j;
      try {
        j = JSON.parse(line);
      } catch (e) {
        fail(i + 1, `not JSON: ${e.message}`);
      }
      if (typeof j.fen !== "string" || typeof j.variant !== "string") fail(i + 1, "no fen or variant");
      if (!Array.isArray(j.moves) || !j.moves.length || !j.moves.every((m) => typeof m === "string")) fail(i + 1, "moves: a list of UCI moves");
      const act = COUNT_ACT_TYPES.includes(j.type);
      if (!TYPES.includes(j.type) && !act) fail(i + 1, `type '${j.type}': one of ${[...TYPES, ...COUNT_ACT_TYPES].join(", ")}`);
      // Players' counting: the count before the puzzle (pyffish's count_started).
      const countStarted = j.counting === "players" ? j.count_started : null;
      if (countStarted !== null && !(Number.isInteger(countStarted) && countStarted !== 0 && countStarted >= -1)) fail(i + 1, `count_started '${j.count_started}'`);
      if (act && countStarted === null) fail(i + 1, `a ${j.type} puzzle without its players' count`);
      if (!Number.isInteger(j.difficulty) || j.difficulty < 1 || j.difficulty > 5) fail(i + 1, `difficulty '${j.difficulty}': 1 to 5`);
      const theme = themeCode(j.type, j.theme);
      if (!theme) fail(i + 1, `theme '${j.theme}' of type ${j.type}: no words for it on the page`);
      const type = act ? "count-act" : j.type;
      // why the count and the act in the id: the same position and line under another
      // count, or with another act, is another puzzle.
      const id = puzzleId(j.variant, j.fen, countStarted === null ? j.moves : [...j.moves, `count=${countStarted}`, theme]);
      const p = {
        id, variant: j.variant, fen: j.fen, moves: j.moves, type, theme,
        rating: initialRating(type, j.difficulty), source,
        game: Number.isInteger(j.game) ? j.game : null, ply: Number.isInteger(j.ply) ? j.ply : null,
        countStarted,
      };
      const why = refusal(rules, p, countAct);
      if (why) fail(i + 1, why);
      const before = byId.get(id);
      if (before) {
        if (before.fen !== p.fen || before.moves.join(" ") !== p.moves.join(" ")) fail(i + 1, `id ${id} is another puzzle's too: lengthen ID_LENGTH`);
        duplicates++;
        return;
      }
      byId.set(id, p);
      puzzles.push(p);
    });
  }
  const text = writePuzzles(puzzles);
  // What the page will read back: the same puzzles, none refused.
  const back = readPuzzles(text);
  if (back.errors.length || back.puzzles.length !== puzzles.length) usage(`the file written does not read back: ${back.errors.join("; ")}`);
  fs.writeFileSync(out, text);
  const count = (key) => Object.entries(puzzles.reduce((n, p) => ({ ...n, [p[key]]: (n[p[key]] || 0) + 1 }), {}))
    .map(([k, n]) => `${k} ${n}`).join(", ");
  console.log(`${out}: ${puzzles.length} puzzles (${count("variant")}; ${count("type")}; ${count("theme")}), ${duplicates} duplicates left out, ${Buffer.byteLength(text)} bytes`);
}

main().catch((e) => usage(e.message));
