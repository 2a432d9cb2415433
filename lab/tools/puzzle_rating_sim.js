#!/usr/bin/env node
/*
 * The page's puzzle rating (web/src/page/puzzle-state.js, glicko2.js) on simulated
 * players: a player of fixed strength solves puzzles chosen as the page chooses them
 * (nextPuzzle: one of the five nearest the rating, not played before), each solved with
 * the Elo chance 1 / (1 + 10^((puzzle - strength) / 400)), each result put in by the
 * page's own actions. Prints the rating's mean, spread and deviation after 10, 25, 50
 * and 100 puzzles over 200 players of each strength.
 *   node lab/tools/puzzle_rating_sim.js
 * The pool: 1200 puzzles whose first ratings are make-puzzles.js's (difficulty 1-5 by
 * the four types, evenly). A fixed seed: the same numbers each run.
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const PAGE = path.join(__dirname, "..", "..", "web", "src", "page");

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-rating-sim-"));
  for (const f of ["puzzle-state.js", "glicko2.js", "puzzle-file.js"]) fs.copyFileSync(path.join(PAGE, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  let state;
  let file;
  try {
    state = await import(pathToFileURL(path.join(dir, "puzzle-state.js")).href);
    file = await import(pathToFileURL(path.join(dir, "puzzle-file.js")).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { PUZZLE_ACTIONS, puzzleState, nextPuzzle } = state;
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const firsts = [];
  for (const d of [1, 2, 3, 4, 5]) for (const type of file.TYPES) firsts.push(file.initialRating(type, d));
  const puzzles = Array.from({ length: 1200 }, (_, i) => ({ id: `p${i}`, variant: "makruk", type: "mate", theme: "mate", moves: ["a1a2"], rating: firsts[i % firsts.length] }));
  const marks = [10, 25, 50, 100];
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const sd = (a) => Math.sqrt(mean(a.map((x) => (x - mean(a)) ** 2)));
  for (const strength of [1100, 1500, 1900]) {
    const at = new Map(marks.map((n) => [n, { rating: [], deviation: [] }]));
    for (let run = 0; run < 200; run++) {
      const s = { puzzles: { ...puzzleState(), file: { puzzles, errors: [] } } };
      for (let n = 1; n <= 100; n++) {
        const p = nextPuzzle(s, rnd());
        PUZZLE_ACTIONS.puzzleStart(s, p.id, "white");
        if (rnd() < 1 / (1 + 10 ** ((p.rating - strength) / 400))) PUZZLE_ACTIONS.puzzleMoveRight(s, true);
        else PUZZLE_ACTIONS.puzzleMoveWrong(s);
        if (at.has(n)) {
          at.get(n).rating.push(s.puzzles.player.rating);
          at.get(n).deviation.push(s.puzzles.player.deviation);
        }
      }
    }
    console.log(`strength ${strength}: ` + marks.map((n) => {
      const { rating, deviation } = at.get(n);
      return `after ${n}: ${mean(rating).toFixed(0)} ± ${sd(rating).toFixed(0)} (deviation ${mean(deviation).toFixed(0)})`;
    }).join("; "));
  }
}

main();
