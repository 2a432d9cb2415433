// The puzzles' file (web/src/page/puzzle-file.js, web/make-puzzles.js) under node: the
// reader keeps the good lines and names the bad ones, the writer and the reader agree,
// the first ratings, the build script (fixed ids, the rules' check, its refusals), and
// the shipped file itself: read whole, every line replayed by the rules.
//   node --test web/tests/puzzle-file.test.js     (the rules from web/dist: web/build.sh)
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { importPage } = require("./page-modules.js");

const WEB = path.join(__dirname, "..");
const PAGE = path.join(WEB, "src", "page");
const SHIPPED = path.join(PAGE, "puzzles.tsv");
const SAMPLE = path.join(WEB, "puzzles", "sample.jsonl");
const dist = process.env.KHUN_WEB_DIST || path.join(WEB, "dist");

/** puzzle-file.js, from a copy of the page (page-modules.js). */
async function puzzleFile() {
  return (await importPage(["puzzle-file.js"], "khun-puzzle-file-"))["puzzle-file.js"];
}

const HEAD = "khun-puzzles 1\nid\tvariant\tfen\tmoves\ttype\ttheme\trating\tsource\tgame\tply\n";
const GOOD = "abc123\tmakruk\t8/8/6R1/P1P1N3/5K2/8/7k/8 w - - 15 65\te5f3 h2h1 g6g1\tmate\tmate\t1200\tKhun self-play\t6\t128";

test("the reader takes the good lines and names each bad one by its line", async () => {
  const { readPuzzles } = await puzzleFile();
  const bad = [
    GOOD.replace("abc123", "ABC"), // not an id
    GOOD.replace("e5f3 h2h1 g6g1", "e5f3 h2h1"), // a mate's line must end with the solver's move
    GOOD.replace("\tmate\tmate\t", "\tmate\tbrilliant\t"),
    GOOD.replace("\tmate\tmate\t", "\tquiet\tmate\t"),
    GOOD.replace("e5f3", "Nf3"),
    GOOD.replace("1200", "twelve"),
    GOOD.split("\t").slice(0, 9).join("\t"),
    GOOD, // the same id again
  ];
  const { puzzles, errors } = readPuzzles(`${HEAD}${GOOD}\n\n${bad.join("\n")}\n`);
  assert.strictEqual(puzzles.length, 1);
  assert.deepStrictEqual(puzzles[0], {
    id: "abc123", variant: "makruk", fen: "8/8/6R1/P1P1N3/5K2/8/7k/8 w - - 15 65", moves: ["e5f3", "h2h1", "g6g1"],
    type: "mate", theme: "mate", rating: 1200, source: "Khun self-play", game: 6, ply: 128, countStarted: null,
  });
  assert.deepStrictEqual(errors.map((e) => e.split(":")[0]), [5, 6, 7, 8, 9, 10, 11, 12].map((n) => `line ${n}`));
  assert.match(errors[1], /a mate's line of 2 moves/);
  assert.match(errors[2], /theme 'brilliant'/);
  assert.match(errors[4], /move 'Nf3' is not UCI/);
  assert.match(errors[6], /9 columns, not 11/);
  assert.match(errors[7], /id abc123 twice/);
});

test("a count act's puzzle carries its players' count, and the act is its theme", async () => {
  const { readPuzzles, writePuzzles, countAct, askedPlies, COLUMNS } = await puzzleFile();
  const head = `khun-puzzles 1\n${COLUMNS.join("\t")}\n`;
  const keep = "k33p11\tmakruk\t8/8/8/8/3k4/2m5/8/R3K3 b - 128 0 200\td4e5\tcount-act\tcountKeep\t1700\tKhun self-play\t3\t40\t280";
  const stop = "st0p11\tmakruk\tk6m/2K5/8/8/8/8/8/2R5 w - 128 20 40\tc1a1\tcount-act\tcountStop\t1700\t\t\t\t79";
  const bad = [
    keep.replace("\t280", "\t"), // a count act without its count
    keep.replace("\t280", "\t0"), // 0 is the automatic count, not a players' one
    keep.replace("countKeep", "countHold"), // a count act's theme
    GOOD.replace("\tmate\tmate\t", "\tcount-act\tmate\t") + "\t-1",
  ];
  const { puzzles, errors } = readPuzzles(`${head}${keep}\n${stop}\n${bad.join("\n")}\n`);
  assert.deepStrictEqual(puzzles.map((p) => [p.id, p.countStarted, countAct(p), askedPlies(p)]), [["k33p11", 280, "keep", 0], ["st0p11", 79, "stop", 1]]);
  assert.deepStrictEqual(errors.map((e) => e.split(":")[0]), ["line 5", "line 6", "line 7", "line 8"]);
  assert.match(errors[0], /without its count/);
  assert.match(errors[1], /count '0'/);
  // Written back: the same lines.
  assert.strictEqual(writePuzzles(puzzles), `${head}${keep}\n${stop}\n`);
});

test("a file that is not one is refused whole", async () => {
  const { readPuzzles } = await puzzleFile();
  assert.throws(() => readPuzzles("<html>not found</html>"), /not a puzzles file/);
  assert.throws(() => readPuzzles("khun-puzzles 1\nid\tfen\n"), /second line is not the columns/);
  assert.deepStrictEqual(readPuzzles(HEAD), { puzzles: [], errors: [] });
});

test("what the writer writes the reader reads back, a source's tab or newline made a space", async () => {
  const { readPuzzles, writePuzzles } = await puzzleFile();
  const { puzzles } = readPuzzles(`${HEAD}${GOOD}\n`);
  const odd = { ...puzzles[0], id: "odd999", source: "a\tb\nc", game: null, ply: null };
  const back = readPuzzles(writePuzzles([puzzles[0], odd]));
  assert.deepStrictEqual(back.errors, []);
  assert.deepStrictEqual(back.puzzles, [puzzles[0], { ...odd, source: "a b c" }]);
});

test("first ratings rise with the difficulty and with a task that does not say where the line ends", async () => {
  const { initialRating, themeCode } = await puzzleFile();
  assert.strictEqual(initialRating("mate", 1), 1000);
  assert.strictEqual(initialRating("mate", 5), 1800);
  assert.strictEqual(initialRating("winning", 1), 1200);
  assert.strictEqual(initialRating("defensive", 3), 1700);
  assert.strictEqual(initialRating("count", 5), 2200);
  assert.strictEqual(initialRating("mate", 9), 1800, "difficulty capped at 5");
  assert.strictEqual(themeCode("mate", "mate in 3"), "mate");
  assert.strictEqual(themeCode("winning", "only move"), "onlyMove");
  assert.strictEqual(themeCode("count", "win within the count"), "countWin");
  assert.strictEqual(themeCode("count", "hold out the count"), "countHold");
  assert.strictEqual(themeCode("defensive", "anything"), "saving");
  assert.strictEqual(themeCode("count", "something new"), null);
});

test("a mate's and a count race's whole line is asked, of the others only the first move (the one proved the only one)", async () => {
  const { askedPlies, solverMoves } = await puzzleFile();
  const line = ["a8a1", "c6b8", "a1a2", "e2d1", "a2a7"];
  assert.strictEqual(askedPlies({ theme: "mate", moves: line }), 5);
  assert.strictEqual(solverMoves({ theme: "mate", moves: line }), 3);
  // A race's line holds only the solver's only moves (khun puzzles cuts it by the tables).
  for (const theme of ["countWin", "countHold"]) assert.strictEqual(askedPlies({ theme, moves: line }), 5, theme);
  for (const theme of ["onlyMove", "saving"]) assert.strictEqual(askedPlies({ theme, moves: line }), 1, theme);
});

const haveRules = fs.existsSync(path.join(dist, "khun.js"));

test("make-puzzles.js builds the sample: the same puzzles, the same ids, each once", { skip: !haveRules && "no web/dist/khun.js" }, () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "khun-puzzles-")), "puzzles.tsv");
  const said = execFileSync("node", [path.join(WEB, "make-puzzles.js"), "-o", out, `${SAMPLE}=Khun self-play`], { encoding: "utf8" });
  assert.match(said, /21 puzzles \(makruk 21; mate 17, winning 4;/);
  const first = fs.readFileSync(out, "utf8");
  // Twice the same input: each puzzle once, the same file.
  const again = execFileSync("node", [path.join(WEB, "make-puzzles.js"), "-o", out, `${SAMPLE}=Khun self-play`, `${SAMPLE}=Khun self-play`], { encoding: "utf8" });
  assert.match(again, /21 puzzles .* 21 duplicates left out/);
  assert.strictEqual(fs.readFileSync(out, "utf8"), first);
});

test("make-puzzles.js builds the shipped file from its listed inputs, byte for byte", { skip: !haveRules && "no web/dist/khun.js" }, () => {
  const inputs = fs.readFileSync(path.join(WEB, "puzzles", "sources.txt"), "utf8").split("\n")
    .filter((line) => line.trim() && !line.startsWith("#")).map((line) => path.join(WEB, "puzzles", line));
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "khun-puzzles-")), "puzzles.tsv");
  execFileSync("node", [path.join(WEB, "make-puzzles.js"), "-o", out, ...inputs], { encoding: "utf8" });
  assert.strictEqual(fs.readFileSync(out, "utf8"), fs.readFileSync(SHIPPED, "utf8"));
});

test("make-puzzles.js refuses a bad line with its number, and writes nothing", { skip: !haveRules && "no web/dist/khun.js" }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-puzzles-"));
  const out = path.join(dir, "puzzles.tsv");
  const lines = fs.readFileSync(SAMPLE, "utf8").trim().split("\n");
  const cases = [
    [JSON.stringify({ ...JSON.parse(lines[2]), moves: ["g3a4"] }), /line 3: move 1, g3a4, is not legal there/],
    [JSON.stringify({ ...JSON.parse(lines[0]), moves: JSON.parse(lines[0]).moves.slice(0, 3) }), /line 3: the line does not end in the solver's mate/],
    [JSON.stringify({ ...JSON.parse(lines[0]), type: "brilliancy" }), /line 3: type 'brilliancy'/],
    [JSON.stringify({ ...JSON.parse(lines[0]), difficulty: 0 }), /line 3: difficulty '0'/],
    ["{not json", /line 3: not JSON/],
  ];
  for (const [line, why] of cases) {
    const input = path.join(dir, "in.jsonl");
    fs.writeFileSync(input, `${lines[0]}\n${lines[1]}\n${line}\n`);
    const run = spawnSync("node", [path.join(WEB, "make-puzzles.js"), "-o", out, input], { encoding: "utf8" });
    assert.strictEqual(run.status, 2, run.stderr);
    assert.match(run.stderr, why);
    assert.ok(!fs.existsSync(out), "nothing written");
  }
});

test("the shipped file: read whole, every line replayed by the rules, every mate a mate", { skip: !haveRules && "no web/dist/khun.js" }, async () => {
  const { readPuzzles, solverMoves, countAct } = await puzzleFile();
  const { puzzles, errors } = readPuzzles(fs.readFileSync(SHIPPED, "utf8"));
  assert.deepStrictEqual(errors, []);
  assert.ok(puzzles.length >= 20, `${puzzles.length} puzzles`);
  const rules = await require(path.join(dist, "khun.js")).loadRules();
  // The count the line is played under: the automatic one, or the players' count the
  // puzzle's act leaves (a start: counted from the solver's move; a stop: none).
  const countOf = (p) => {
    const act = countAct(p);
    if (act) assert.ok(act === "start" ? rules.state(p.variant, p.fen, [], { countStarted: p.countStarted }).mayStartCount
      : rules.state(p.variant, p.fen, [], { countStarted: p.countStarted }).mayStopCount, `${p.id}: its act is allowed`);
    if (act === "stop") return -1;
    if (act === "start") {
      const f = p.fen.split(/\s+/);
      return 2 * (Number(f[f.length - 1]) - 1) + (f[1] === "b" ? 1 : 0) + 1;
    }
    return p.countStarted ?? 0;
  };
  const acts = { start: 0, stop: 0, keep: 0 };
  for (const p of puzzles) {
    const countStarted = countOf(p);
    if (countAct(p)) acts[countAct(p)]++;
    const solver = rules.state(p.variant, p.fen, [], { countStarted }).turn;
    const end = rules.state(p.variant, p.fen, p.moves, { countStarted });
    for (let i = 0; i < p.moves.length; i++) assert.ok(!rules.state(p.variant, p.fen, p.moves.slice(0, i), { countStarted }).end, `${p.id}: over before move ${i + 1}`);
    if (p.theme === "mate") {
      assert.strictEqual(end.end && end.end.kind, "checkmate", p.id);
      assert.strictEqual(end.end.winner, solver, p.id);
    }
    // A count win's line ends in the solver's mate, or goes on where its only moves end.
    if (p.theme === "countWin" && end.end) {
      assert.strictEqual(end.end.kind, "checkmate", p.id);
      assert.strictEqual(end.end.winner, solver, p.id);
    }
    assert.ok(solverMoves(p) >= 1);
  }
  // Players' count acts ship too (lab/log/2026-12-07-players-count-puzzles.md).
  assert.ok(acts.stop + acts.keep >= 20, JSON.stringify(acts));
});
