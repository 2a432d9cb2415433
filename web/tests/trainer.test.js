// The counting trainer's questions (web/src/page/learn/trainer-questions.js) under node,
// on RULES.md's own examples, with the rules from khun.js (after web/build.sh; KHUN_WEB_DIST
// picks the build), and its actions (learn/trainer-actions.js):
//   node --test web/tests/trainer.test.js
// Every shipped position is checked against pyffish in Chromium (web/tests/test_trainer.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const dist = process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist");
const LEARN = path.join(__dirname, "..", "src", "page", "learn");

/** A learn/ module, imported from a copy (ES modules: node reads them so under a package.json that says so). */
async function learn(file) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-trainer-"));
  fs.copyFileSync(path.join(LEARN, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  try {
    return await import(pathToFileURL(path.join(dir, file)).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function rules() {
  const Khun = require(path.join(dist, "khun.js"));
  return Khun.loadRules(fs.readFileSync(path.join(dist, "khun.wasm")));
}

const byKind = (qs) => Object.fromEntries(qs.map((q) => [`${q.kind}@${q.at}`, q.expected]));

test("RULES.md's examples: K+R v K at count 6 of 32, and K+2R+N v K after the last capture", { skip: !fs.existsSync(path.join(dist, "khun.js")) }, async () => {
  const q = await learn("trainer-questions.js");
  const r = await rules();
  const makruk = r.variants().find((v) => v.name === "makruk");
  // "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1 (bare king, rook: limit 32 plies, count at 6)": White has 13
  // moves, moves 2 to 14 of the record.
  const rook = byKind(q.questionsFor(r, makruk, { variant: "makruk", fen: "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1", event: "running" }));
  assert.deepStrictEqual(rook, { "honour@before": "piece", "counting@before": "black", "movesLeft@before": 13, "lastMove@before": 14 });
  // "K+2R+N v K gives 8 - 5 = 3 moves": White's rook takes Black's last man, the board's honour is replaced.
  const p = { variant: "makruk", fen: "4k3/8/8/8/8/8/r7/R2RK1N1 w - 128 10 30", move: "a1a2", san: "Rxa2", event: "bare" };
  const two = byKind(q.questionsFor(r, makruk, p));
  assert.strictEqual(two["honour@before"], "board");
  assert.strictEqual(two["after@before"], "replaced");
  assert.strictEqual(two["counting@after"], "black");
  assert.strictEqual(two["movesLeft@after"], 3);
  // The players' convention there: the board's honour is makruk's 64, and the counting side's mate a draw.
  assert.strictEqual(two["playersMayStart@before"], "yes");
  assert.strictEqual(two["playersLength@before"], 64);
  assert.strictEqual(two["playersMate@before"], "draw");
  // With a pawn on the board: no count, and none to start.
  const pawn = byKind(q.questionsFor(r, makruk, { variant: "makruk", fen: "4k3/8/8/p7/8/8/8/R3K3 w - - 0 30", event: "running" }));
  assert.deepStrictEqual(pawn, { "honour@before": "none", "playersMayStart@before": "no" });
});

test("answers read as the player types them: Thai digits, spaces; a wrong one is wrong", async () => {
  const q = await learn("trainer-questions.js");
  const number = { kind: "movesLeft", expected: 13 };
  assert.ok(q.isRight(number, "13") && q.isRight(number, " ๑๓ ") && !q.isRight(number, "12") && !q.isRight(number, "") && !q.isRight(number, "1 3"));
  const choice = { kind: "honour", expected: "piece", choices: ["board", "piece", "none"] };
  assert.ok(q.isRight(choice, "piece") && !q.isRight(choice, "board"));
  // The record's move number of a side's k-th move from a position.
  assert.strictEqual(q.moveNumberOf("8/8/8/4k3/8/8/7R/3K4 b - 32 6 1", "white", 13), 14); // Black to move at move 1: White's first move is move 2
  assert.strictEqual(q.moveNumberOf("8/8/8/4k3/8/8/7R/3K4 w - 32 6 7", "black", 1), 7);
  assert.strictEqual(q.moveNumberOf("8/8/8/4k3/8/8/7R/3K4 b - 32 6 7", "white", 1), 8);
});

test("the trainer's actions: one answer a question, the score by kind, a kept score read with care", async () => {
  const { trainerState, TRAINER_ACTIONS: A } = await learn("trainer-actions.js");
  const s = { trainer: trainerState() };
  A.trainerLoaded(s, [{ fen: "a" }, { fen: "b" }], [1, 0]);
  A.trainerAnswer(s, "piece", true, "honour");
  A.trainerAnswer(s, "board", false, "honour"); // a second answer to the same question: nothing
  assert.deepStrictEqual(s.trainer.score, { right: 1, asked: 1, byKind: { honour: { right: 1, asked: 1 } } });
  A.trainerNext(s, false);
  assert.deepStrictEqual([s.trainer.at, s.trainer.step, s.trainer.answer], [0, 1, null]);
  A.trainerAnswer(s, "3", false, "movesLeft");
  A.trainerNext(s, true);
  assert.deepStrictEqual([s.trainer.at, s.trainer.step], [1, 0]);
  A.trainerNext(s, true); // round again
  assert.strictEqual(s.trainer.at, 0);
  A.trainerScoreKept(s, { right: 9, asked: 4, byKind: { honour: { right: -1, asked: "x" } } });
  assert.deepStrictEqual(s.trainer.score, { right: 4, asked: 4, byKind: { honour: { right: 0, asked: 0 } } });
  A.trainerScoreKept(s, "nonsense"); // left as it was
  assert.strictEqual(s.trainer.score.asked, 4);
});
