// The Fairy-Stockfish module shape (web/dist/stockfish.js) under node, as that
// package's own uci.js runs it: require, Stockfish(), postMessage and listeners.
//   node --test web/tests/          (after web/build.sh; KHUN_WEB_DIST picks the build)
// The same module in Chromium, as pychess.org drives it: web/tests/test_boards.py.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");

const dist = process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist");
const Stockfish = require(path.join(dist, "stockfish.js"));

/** The module's lines, with `until(pattern)` to wait for one. */
async function started() {
  const engine = await Stockfish();
  const lines = [];
  const waiters = [];
  engine.addMessageListener((line) => {
    lines.push(line);
    for (const w of waiters.splice(0)) w();
  });
  async function until(pattern, from = 0, timeoutMs = 20000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = lines.findIndex((l, k) => k >= from && pattern.test(l));
      if (i >= 0) return i;
      if (Date.now() > deadline) throw new Error(`no line matching ${pattern} in:\n${lines.join("\n")}`);
      await new Promise((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return { engine, lines, until };
}

test("Stockfish() resolves to the engine; its first line is the one Fairy-Stockfish boards wait for", async () => {
  const { engine, lines, until } = await started();
  assert.strictEqual(typeof Stockfish, "function");
  for (const name of ["postMessage", "addMessageListener", "removeMessageListener", "terminate"]) {
    assert.strictEqual(typeof engine[name], "function", name);
  }
  await until(/^Fairy-Stockfish/);
  assert.match(lines[0], /^Fairy-Stockfish .*Khun/);
  engine.postMessage("uci");
  await until(/^uciok$/);
  assert.ok(lines.includes("id name Khun " + require(path.join(dist, "package.json")).version));
  engine.postMessage("position startpos moves e3e4");
  engine.postMessage("go depth 3");
  const best = await until(/^bestmove /);
  assert.match(lines[best], /^bestmove [a-h][1-8][a-h][1-8]/);
  engine.terminate();
});

test("load: the games Khun plays are taken, any other refused with info string ERROR", async () => {
  const { engine, lines, until } = await started();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "khun-variants-")), "variants.ini");
  fs.writeFileSync(file, "[cambodian:makruk]\n[xiangqihouse:xiangqi]\npieceDrops = true\n");
  engine.postMessage("load " + file);
  engine.postMessage("load <<END\n# a comment\n[makpong:makruk]\n[sittuyin]\n[shinobi:crazyhouse]\nEND");
  engine.postMessage("setoption name Threads value 2");
  engine.postMessage("setoption name EvalFile value makruk-0123456789ab.nnue");
  engine.postMessage("setoption name NoSuchOption value 1");
  engine.postMessage("isready");
  const ready = await until(/^readyok$/);
  const errors = lines.slice(0, ready).filter((l) => l.startsWith("info string ERROR: "));
  assert.strictEqual(errors.length, 3, errors.join("\n"));
  assert.match(errors[0], /^info string ERROR: load: Khun does not play variant 'xiangqihouse' \(from xiangqi\); not loaded/);
  assert.match(errors[1], /^info string ERROR: load: Khun does not play variant 'shinobi' \(from crazyhouse\); not loaded/);
  assert.doesNotMatch(errors.join("\n"), /'(cambodian|makpong|sittuyin)'/);
  assert.match(errors[1], /\(it plays makruk, cambodian, karouk, makpong, asean, ai-wok, sittuyin\)$/);
  assert.match(errors[2], /unknown option 'NoSuchOption'/);
  // quit ends the worker: node is not held open by it.
  engine.postMessage("quit");
  fs.rmSync(path.dirname(file), { recursive: true });
});
