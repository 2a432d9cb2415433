// A "win in N" puzzle (type `win`: a line the rules end as the solver's win other than
// by mate, Kar Ouk's winning check) through the puzzles' file (web/src/page/puzzle-file.js)
// and its build script (web/make-puzzles.js): read, asked whole, replayed by the rules,
// a line the rules do not end as the solver's win refused; the shipped file's wins.
//   node --test web/tests/puzzle-file-win.test.js     (the rules from web/dist: web/build.sh)
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { importPage } = require("./page-modules.js");

const WEB = path.join(__dirname, "..");
const SHIPPED = path.join(WEB, "src", "page", "puzzles.tsv");
const dist = process.env.KHUN_WEB_DIST || path.join(WEB, "dist");
const haveRules = fs.existsSync(path.join(dist, "khun.js"));

async function puzzleFile() {
  return (await importPage(["puzzle-file.js"], "khun-puzzle-file-win-"))["puzzle-file.js"];
}

// Kar Ouk, Black to move: f3=M Mf7 Mg2+ gives the first check, which wins (Khun's
// self-play, game 3; proven a win in 2 against every defence, src/puzzles/prove.rs).
const FEN = "4M3/8/8/4n1p1/1m3pPp/7P/3m1k2/7K b - - 1+1 1 78";
const LINE = ["f4f3m", "e8f7", "f3g2"];
const JSON_LINE = { fen: FEN, variant: "karouk", moves: LINE, type: "win", theme: "win in 2", difficulty: 2, game: 3, ply: 155, eval: "#2" };
const ROW = `win222\tkarouk\t${FEN}\t${LINE.join(" ")}\twin\twin\t1200\tKhun self-play\t3\t155\t`;

test("a win's line is read, asked whole and written back; a win's line must end with the solver's move", async () => {
  const { readPuzzles, writePuzzles, askedPlies, solverMoves, endsTheGame, COLUMNS } = await puzzleFile();
  const head = `khun-puzzles 1\n${COLUMNS.join("\t")}\n`;
  const bad = [
    ROW.replace("f4f3m e8f7 f3g2", "f4f3m e8f7"), // the defender's move last
    ROW.replace("\twin\twin\t", "\twin\tmate\t"), // a win's type with a mate's theme
    ROW.replace("\twin\twin\t", "\tmate\twin\t"), // and the other way round
  ];
  const { puzzles, errors } = readPuzzles(`${head}${ROW}\n${bad.join("\n")}\n`);
  assert.deepStrictEqual(puzzles, [{
    id: "win222", variant: "karouk", fen: FEN, moves: LINE, type: "win", theme: "win",
    rating: 1200, source: "Khun self-play", game: 3, ply: 155, countStarted: null,
  }]);
  assert.deepStrictEqual(errors.map((e) => e.split(":")[0]), ["line 4", "line 5", "line 6"]);
  assert.match(errors[0], /a win's line of 2 moves/);
  assert.match(errors[1], /type win with theme mate/);
  assert.match(errors[2], /type mate with theme win/);
  assert.strictEqual(askedPlies(puzzles[0]), 3, "the whole line is asked, as a mate's");
  assert.strictEqual(solverMoves(puzzles[0]), 2);
  assert.ok(endsTheGame(puzzles[0]));
  assert.strictEqual(writePuzzles(puzzles), `${head}${ROW}\n`);
});

test("a win's theme and first rating: as a mate's of the same length", async () => {
  const { themeCode, initialRating } = await puzzleFile();
  assert.strictEqual(themeCode("win", "win in 2"), "win");
  assert.strictEqual(themeCode("win", "Win in 12"), "win");
  assert.strictEqual(themeCode("win", "mate in 2"), null);
  assert.strictEqual(themeCode("win", "win"), null);
  assert.strictEqual(initialRating("win", 2), initialRating("mate", 2));
});

/** make-puzzles.js on `lines` (JSON objects): {status, stdout, stderr, out}. */
function build(lines) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-puzzles-win-"));
  const input = path.join(dir, "in.jsonl");
  const out = path.join(dir, "puzzles.tsv");
  fs.writeFileSync(input, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  const run = spawnSync("node", [path.join(WEB, "make-puzzles.js"), "-o", out, `${input}=Khun self-play`], { encoding: "utf8" });
  return { ...run, out };
}

test("make-puzzles.js replays a win's line: kept where the rules end it as the solver's win", { skip: !haveRules && "no web/dist/khun.js" }, () => {
  const run = build([JSON_LINE]);
  assert.strictEqual(run.status, 0, run.stderr);
  assert.match(run.stdout, /1 puzzles \(karouk 1; win 1; win 1\)/);
  const row = fs.readFileSync(run.out, "utf8").trim().split("\n")[2].split("\t");
  assert.deepStrictEqual(row.slice(1, 7), ["karouk", FEN, LINE.join(" "), "win", "win", "1200"]);
});

test("make-puzzles.js refuses a win's line the rules do not end as the solver's win, and writes nothing", { skip: !haveRules && "no web/dist/khun.js" }, () => {
  const cases = [
    // Two moves: the game goes on after the defender's reply.
    [{ ...JSON_LINE, moves: LINE.slice(0, 2) }, /line 1: the line does not end in the solver's win/],
    // One move: the promotion gives no check, the game goes on.
    [{ ...JSON_LINE, moves: LINE.slice(0, 1), theme: "win in 1" }, /line 1: the line does not end in the solver's win/],
    // A win's theme the page has no words for.
    [{ ...JSON_LINE, theme: "win by check" }, /line 1: theme 'win by check' of type win/],
  ];
  for (const [line, why] of cases) {
    const run = build([line]);
    assert.strictEqual(run.status, 2, run.stderr);
    assert.match(run.stderr, why);
    assert.ok(!fs.existsSync(run.out), "nothing written");
  }
});

test("the shipped file's wins: each line ends as the rules' win of the solver, none before", { skip: !haveRules && "no web/dist/khun.js" }, async () => {
  const { readPuzzles } = await puzzleFile();
  const { puzzles, errors } = readPuzzles(fs.readFileSync(SHIPPED, "utf8"));
  assert.deepStrictEqual(errors, []);
  const wins = puzzles.filter((p) => p.type === "win");
  // web/puzzles/selfplay-karouk-wins.jsonl (lab/log/2026-12-07-puzzle-prover.md).
  assert.ok(wins.length >= 40, `${wins.length} wins`);
  const rules = await require(path.join(dist, "khun.js")).loadRules();
  const kinds = {};
  for (const p of wins) {
    const solver = rules.state(p.variant, p.fen, []).turn;
    for (let i = 0; i < p.moves.length; i++) assert.ok(!rules.state(p.variant, p.fen, p.moves.slice(0, i)).end, `${p.id}: over before move ${i + 1}`);
    const end = rules.state(p.variant, p.fen, p.moves).end;
    assert.ok(end, `${p.id}: the line ends the game`);
    assert.strictEqual(end.winner, solver, p.id);
    kinds[end.kind] = (kinds[end.kind] || 0) + 1;
  }
  // None is a mate (the finder names a mate a mate): these are the wins a mate's check would refuse.
  assert.ok(!kinds.checkmate, JSON.stringify(kinds));
});
