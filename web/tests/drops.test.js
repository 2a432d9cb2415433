// The page's reading of hands and drops (web/src/page/drops.js), under node: no build needed.
//   node --test web/tests/drops.test.js
// What a sittuyin FEN's hand holds, the squares a move touches (a drop has none it
// leaves, a promotion in place one), and where a man may be predropped in the set-up.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const PAGE = path.join(__dirname, "..", "src", "page");
const START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1";

/** drops.js, imported from a copy beside a package.json that makes it an ES module for node. */
async function drops() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-drops-"));
  fs.copyFileSync(path.join(PAGE, "drops.js"), path.join(dir, "drops.js"));
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  try {
    return await import(pathToFileURL(path.join(dir, "drops.js")).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a hand as the FEN writes it: each side's men in order, with their counts", async () => {
  const { handOf, handSize, boardPart } = await drops();
  assert.deepStrictEqual(handOf(START), {
    white: [{ letter: "K", count: 1 }, { letter: "S", count: 2 }, { letter: "F", count: 1 }, { letter: "R", count: 2 }, { letter: "N", count: 2 }],
    black: [{ letter: "K", count: 1 }, { letter: "S", count: 2 }, { letter: "F", count: 1 }, { letter: "R", count: 2 }, { letter: "N", count: 2 }],
  });
  assert.strictEqual(handSize(handOf(START)), 16);
  assert.deepStrictEqual(handOf("3r4/8/s3pppp/pppp4/4PPPP/PPPP4/3K4/6N1[SSFRRNksfrnn] w - - 0 3").black,
    [{ letter: "K", count: 1 }, { letter: "S", count: 1 }, { letter: "F", count: 1 }, { letter: "R", count: 1 }, { letter: "N", count: 2 }]);
  // set-up done: an empty hand; makruk: none at all
  assert.deepStrictEqual(handOf("4k3/8/4F3/8/8/8/8/R3K3[] b - 32 0 1"), { white: [], black: [] });
  assert.strictEqual(handSize(handOf("4k3/8/4F3/8/8/8/8/R3K3[] b - 32 0 1")), 0);
  assert.strictEqual(handOf("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"), null);
  assert.strictEqual(boardPart(START), "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8");
  assert.strictEqual(boardPart("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR");
});

test("the squares of a move: a drop, a promotion in place, with a step, a plain move", async () => {
  const { moveSquares, markedSquares } = await drops();
  assert.deepStrictEqual(moveSquares("R@a1"), { from: null, to: "a1", drop: "R", promotion: null });
  assert.deepStrictEqual(moveSquares("d5d5f"), { from: "d5", to: "d5", drop: null, promotion: "f" });
  assert.deepStrictEqual(moveSquares("d5e6f"), { from: "d5", to: "e6", drop: null, promotion: "f" });
  assert.deepStrictEqual(moveSquares("e3e4"), { from: "e3", to: "e4", drop: null, promotion: null });
  assert.deepStrictEqual(markedSquares("R@a1"), ["a1"]);
  assert.deepStrictEqual(markedSquares("d5d5f"), ["d5"]);
  assert.deepStrictEqual(markedSquares("d5e6f"), ["d5", "e6"]);
  assert.strictEqual(markedSquares(null), null);
});

test("where a man may be predropped: its side's first three ranks, a rook its first, empty squares", async () => {
  const { setUpSquares } = await drops();
  const taken = new Set(["a3", "b3", "c3", "d3", "a1"]);
  const occupied = (sq) => taken.has(sq);
  assert.deepStrictEqual(setUpSquares("R", true, occupied), ["b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
  const knight = setUpSquares("n", false, () => false);
  assert.strictEqual(knight.length, 24);
  assert.ok(knight.every((sq) => ["8", "7", "6"].includes(sq[1])), knight.join(" "));
  assert.deepStrictEqual(setUpSquares("r", false, () => false), ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]);
  const king = setUpSquares("K", true, occupied);
  assert.ok(!king.includes("a3") && !king.includes("a1") && king.includes("e3") && king.length === 19, king.join(" "));
});
