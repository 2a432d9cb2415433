#!/usr/bin/env node
/*
 * Writes the counting trainer's positions (web/src/page/learn/trainer-positions.json)
 * from real games: PGN files read by Khun's own rules (khun.js's loadRules, so every
 * game of every variant, SAN or UCI, is read as the page reads it):
 *   node web/make-trainer.js [--per-file N] OUT.json FILE.pgn...   (after web/build.sh: web/dist/khun.js)
 *
 * It walks each game's main line, one move at a time (the FEN carries the count), and
 * keeps the positions where the count is the question:
 * - `start`: the move after which a count starts (the last pawn captured or promoted, a
 *   side bared, in the Cambodian rule a side down to its king and two men);
 * - `bare`: a capture or promotion that leaves a side with its king alone while a count
 *   runs (the piece's honour replaces the board's);
 * - `capture`: any other capture while a count runs (the count goes on, never recomputed);
 * - `promotion`: a promotion while pawns stay (no count yet) or while a count runs;
 * - `running`: a position inside a running count (its middle, and the mating side's last
 *   move before it runs out).
 * A position is kept with the move that follows it (none for `running`); the page asks
 * the rules every answer (web/src/page/learn/trainer.js), so this file holds no answer.
 * At most PER_GAME positions a game, so that no game fills the set; the output is in the
 * games' order, the same for the same input.
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
"use strict";
const fs = require("fs");
const path = require("path");

const DIST = process.env.KHUN_WEB_DIST || path.join(__dirname, "dist");
/** Positions kept from one game at most (why: spread the set over many games). */
const PER_GAME = 3;
/** The order a game's positions are kept in when it has more than PER_GAME (the rarer first). */
const PRIORITY = ["bare", "start", "capture", "running", "promotion"];
/** At most this many of a kind from one game (why: promotions with pawns left are common, and alike). */
const PER_KIND = { promotion: 1, running: 2, capture: 2 };
/** At most this many promotions from one file (why: with pawns left they all ask the same). */
const PROMOTIONS_PER_FILE = 12;

/** Unpromoted pawns on the board (a promoted pawn is written as a met). */
function pawns(fen) {
  return (fen.split(" ")[0].replace(/\[.*\]/, "").match(/[pP]/g) || []).length;
}

/** Men on the board of each side, kings included: {white, black}. */
function men(fen) {
  const board = fen.split(" ")[0].replace(/\[.*\]/, "");
  return { white: (board.match(/[A-Z]/g) || []).length, black: (board.match(/[a-z]/g) || []).length };
}

/** The positions of one game worth a question, each {event, fen, move, san, ply}. */
function gamePositions(rules, game) {
  const found = [];
  let fen = game.fen;
  let st = rules.state(game.variant, fen, []);
  const runs = []; // [{from, to}] plies where a count ran
  const fens = [fen];
  for (let i = 0; i < game.moves.length && !st.end; i++) {
    const move = game.moves[i];
    const after = rules.state(game.variant, fen, [move]);
    const san = after.sans[0];
    const next = after.fen;
    const capture = men(next).white + men(next).black < men(fen).white + men(fen).black;
    const promotion = st.legal.some((l) => l.uci === move && l.promotion);
    const mb = men(fen);
    const ma = men(next);
    const bared = (ma.white === 1 && mb.white > 1) || (ma.black === 1 && mb.black > 1);
    let event = null;
    if (!after.end) {
      if (!st.count && after.count) event = "start";
      else if (st.count && bared) event = "bare";
      else if (st.count && capture) event = "capture";
      else if (promotion && (st.count || pawns(next) > 0)) event = "promotion";
    }
    if (event) found.push({ event, fen, move, san, ply: i });
    if (st.count) {
      const run = runs[runs.length - 1];
      if (run && run.to === i - 1) run.to = i;
      else runs.push({ from: i, to: i });
    }
    fen = next;
    st = after;
    fens.push(fen);
  }
  // Inside each count: its middle, and the mating side's last move before it runs out
  // (where the game went on that long).
  for (const run of runs) {
    if (run.to - run.from < 4) continue;
    const mid = Math.floor((run.from + run.to) / 2);
    const at = (ply) => rules.state(game.variant, fens[ply], []);
    const s = at(mid);
    if (s.count && !s.end && s.count.movesLeft) found.push({ event: "running", fen: fens[mid], move: null, san: null, ply: mid });
    for (let ply = run.to; ply > mid; ply--) {
      const last = at(ply);
      if (last.count && !last.end && last.count.movesLeft === 1 && last.turn === last.count.mating) {
        found.push({ event: "running", fen: fens[ply], move: null, san: null, ply });
        break;
      }
    }
  }
  return found;
}

async function main() {
  const args = process.argv.slice(2);
  // --per-file N: at most N positions from one file (its first games'), so that a large
  // self-play file does not crowd out the rest.
  let perFile = Infinity;
  const at = args.indexOf("--per-file");
  if (at >= 0) {
    perFile = Number(args[at + 1]);
    args.splice(at, 2);
  }
  const [out, ...files] = args;
  if (!out || !files.length || !(perFile > 0)) {
    console.error("usage: node web/make-trainer.js [--per-file N] OUT.json FILE.pgn...");
    process.exit(2);
  }
  const Khun = require(path.join(DIST, "khun.js"));
  const rules = await Khun.loadRules(fs.readFileSync(path.join(DIST, "khun.wasm")));
  const positions = [];
  const seen = new Set();
  for (const file of files) {
    const games = rules.readPgn(fs.readFileSync(file, "utf8"));
    let kept = 0;
    let promotions = 0;
    games.forEach((game, g) => {
      if (game.error || kept >= perFile) return; // a game the rules refuse (said by the count below)
      const found = gamePositions(rules, game)
        .filter((p) => !seen.has(`${game.variant}|${p.fen}|${p.move}`))
        .filter((p) => p.event !== "promotion" || promotions < PROMOTIONS_PER_FILE)
        .filter((p, i, all) => all.slice(0, i).filter((q) => q.event === p.event).length < (PER_KIND[p.event] || PER_GAME))
        .sort((a, b) => PRIORITY.indexOf(a.event) - PRIORITY.indexOf(b.event) || a.ply - b.ply)
        .slice(0, PER_GAME)
        .sort((a, b) => a.ply - b.ply);
      for (const p of found.slice(0, perFile - kept)) {
        seen.add(`${game.variant}|${p.fen}|${p.move}`);
        if (p.event === "promotion") promotions++;
        const entry = { variant: game.variant, fen: p.fen, event: p.event, source: `${path.basename(file)}#${g + 1}`, ply: p.ply };
        if (p.move) Object.assign(entry, { move: p.move, san: p.san });
        positions.push(entry);
        kept++;
      }
    });
    console.error(`${file}: ${games.length} games, ${games.filter((g) => g.error).length} refused, ${kept} positions`);
  }
  const tally = {};
  for (const p of positions) tally[`${p.variant} ${p.event}`] = (tally[`${p.variant} ${p.event}`] || 0) + 1;
  console.error(`${positions.length} positions:`, JSON.stringify(tally));
  fs.writeFileSync(out, `[\n${positions.map((p) => JSON.stringify(p)).join(",\n")}\n]\n`);
}

main().catch((e) => {
  console.error(e.stack || e.message);
  process.exit(1);
});
