// The puzzle finder and checker from JavaScript (rules.findPuzzles, rules.checkPuzzle):
// the library's one finder and checker (src/puzzles/), a synchronous search on the
// caller's thread. The same puzzles as the command line's and Python's
// (engine-tests/puzzles.rs, python/tests/test_puzzles.py), players' count acts among them.
//   node --test web/tests/puzzles.test.js   (after web/build.sh; KHUN_WEB_DIST picks the build)
// KHUN_NATIVE, a native `khun` binary, adds the check that `khun puzzles` agrees.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");

const dist = process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist");
const Khun = require(path.join(dist, "khun.js"));

// K+R v K: 1. Kb6 Kb8 2. Rh8#. With two mets more and 29 of 32 plies counted, no table
// holds it and only Kb6 mates in time (a count race judged by a second search).
const ROOK_MATE = "k7/7R/2K5/8/8/8/8/8 w - 32 0 1";
const RACE = "k7/7R/2K5/8/8/8/8/M6M w - 32 29 1";

test("a mate in two and a count race are found", async () => {
  const rules = await Khun.loadRules();
  const found = rules.findPuzzles({ positions: [ROOK_MATE, RACE], depth: 8 });
  assert.deepStrictEqual(found.puzzles.map((p) => [p.type, p.theme, p.moves.join(",")]), [
    ["mate", "mate in 2", "c6b6,a8b8,h7h8"],
    ["count", "win within the count", "c6b6,a8b8,h7h8"],
  ]);
  assert.match(found.puzzles[1].count, /without the count/);
  const game = rules.findPuzzles({ fen: ROOK_MATE, moves: ["c6b6", "a8b8", "h7h8"], depth: 8 });
  assert.deepStrictEqual(game.puzzles.map((p) => p.ply), [0, 2]);
  const [doc] = rules.findPuzzles({ positions: [ROOK_MATE], depth: 8, format: "pychess" }).puzzles;
  assert.strictEqual(doc.m, "c6b6,a8b8,h7h8");
  assert.strictEqual(doc.e, "#2");
});

test("the checker grades a claim and says why not", async () => {
  const rules = await Khun.loadRules();
  const good = rules.checkPuzzle({ fen: ROOK_MATE, solution: ["c6b6", "a8b8", "h7h8"], depth: 8 });
  assert.strictEqual(good.valid, true);
  assert.strictEqual(good.type, "mate");
  const wrong = rules.checkPuzzle({ fen: ROOK_MATE, solution: ["h7h8"], depth: 8 });
  assert.strictEqual(wrong.valid, false);
  assert.ok(wrong.reasons.some((r) => r.includes("not the best")), wrong.reasons.join("; "));
  assert.throws(() => rules.checkPuzzle({ fen: "not a fen", solution: [] }), (e) => e.code === "badPuzzleRequest");
});

test("the checker judges a players' count act", async () => {
  const rules = await Khun.loadRules();
  // K+R v K+M, Black's own count at 120 of 128 (counted since ply 280): the tables hold
  // it as it runs; a count started again from 1 gives White 64 moves, and loses.
  const fen = "8/8/8/8/3k4/2m5/8/R3K3 b - 128 0 200";
  const claim = (type) => rules.checkPuzzle({ fen, countStarted: 280, solution: ["d4c5"], type, depth: 8 });
  for (const type of ["count-keep", undefined]) {
    const keep = claim(type);
    assert.strictEqual(keep.valid, true, keep.reasons.join("; "));
    assert.deepStrictEqual([keep.type, keep.action], ["count-keep", "keep"]);
  }
  const stop = claim("count-stop");
  assert.strictEqual(stop.valid, false);
  assert.match(stop.reasons[0], /^the right act is count-keep \(keep counting\), not count-stop/);
  assert.throws(
    () => rules.checkPuzzle({ fen, solution: ["d4c5"], type: "count-keep", depth: 8 }),
    (e) => e.code === "badPuzzleRequest" && /automatic count/.test(e.message),
  );
});

test("khun puzzles finds the same race", { skip: !process.env.KHUN_NATIVE }, async () => {
  const rules = await Khun.loadRules();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-puzzles-"));
  const pgn = path.join(dir, "race.pgn");
  fs.writeFileSync(pgn, `[SetUp "1"]\n[FEN "${RACE}"]\n\n*\n`);
  const out = execFileSync(process.env.KHUN_NATIVE, ["puzzles", pgn, "--depth", "8", "--format", "json", "--jobs", "1"]).toString();
  fs.rmSync(dir, { recursive: true, force: true });
  const native = JSON.parse(out.trim());
  const [mine] = rules.findPuzzles({ positions: [RACE], depth: 8 }).puzzles;
  for (const key of ["fen", "moves", "type", "theme", "eval", "count"]) {
    assert.deepStrictEqual(native[key], mine[key], key);
  }
});
