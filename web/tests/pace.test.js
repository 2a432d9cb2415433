// Khun's pace (web/src/page/pace.js) under node: the think times by level, clock and
// move, and the `go` line each pace sends.
//   node --test web/tests/pace.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const PAGE = path.join(__dirname, "..", "src", "page");

/** pace.js, imported from a copy (an ES module: node reads it so under a package.json that says so). */
async function pace() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-pace-"));
  fs.copyFileSync(path.join(PAGE, "pace.js"), path.join(dir, "pace.js"));
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  try {
    return await import(pathToFileURL(path.join(dir, "pace.js")).href);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const MIN = 60000;
const BLITZ = { base: 5 * MIN, inc: 3000 };

/** The mean think over `n` moves drawn evenly through the variation. */
function meanThink(p, facts, n = 101) {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += p.humanThinkMs({ ...facts, random: i / (n - 1) });
  return sum / n;
}

test("human-like pace by default below full strength, the whole clock at full strength", async () => {
  const p = await pace();
  for (const level of ["-20", "-10", "0", "1", "3", "6", "10", "elo"]) assert.strictEqual(p.defaultPace(level), "human", level);
  assert.strictEqual(p.defaultPace("20"), "clock");
  assert.strictEqual(p.defaultPace(20), "clock");
  assert.strictEqual(p.paceOf(null, "1"), "human");
  assert.strictEqual(p.paceOf("instant", "20"), "instant");
  assert.strictEqual(p.paceOf("clock", "-20"), "clock");
  assert.strictEqual(p.paceOf("fast", "20"), "clock", "an unknown pace is the level's default");
});

test("a weaker level thinks less: a beginner about 2 s, a club player about 5, a master 8 in a 5+3 middlegame", async () => {
  const p = await pace();
  const middlegame = { ...BLITZ, left: 4 * MIN, moveNumber: 15, legal: 30 };
  const at = (elo) => meanThink(p, { ...middlegame, elo });
  const [beginner, club, master, full] = [at(672), at(1548), at(2551), at(null)];
  assert.ok(beginner < club && club < master && master < full, `${beginner} ${club} ${master} ${full}`);
  // The budget at 5+3 is 9 s a move, the middlegame 1.25 times it.
  assert.ok(beginner > 1500 && beginner < 3000, `level -20: ${beginner} ms`);
  assert.ok(club > 3500 && club < 6000, `level 1: ${club} ms`);
  assert.ok(master > 6500 && master < 9500, `level 10: ${master} ms`);
  // A beginner takes well under half a master's time.
  assert.ok(beginner < master * 0.4);
});

test("the time control sets the budget: longer at 15+10, shorter at 1+0", async () => {
  const p = await pace();
  const facts = { elo: 1548, moveNumber: 15, legal: 22 };
  const blitz = meanThink(p, { ...facts, ...BLITZ, left: 4 * MIN });
  const rapid = meanThink(p, { ...facts, base: 15 * MIN, inc: 10000, left: 12 * MIN });
  const bullet = meanThink(p, { ...facts, base: MIN, inc: 0, left: 50000 });
  assert.ok(bullet < blitz && blitz < rapid, `${bullet} ${blitz} ${rapid}`);
  assert.ok(bullet < 1500, `1+0: ${bullet} ms`);
});

test("quick in the opening, longest in the middlegame, quicker again in the ending", async () => {
  const p = await pace();
  const at = (moveNumber) => p.humanThinkMs({ ...BLITZ, elo: 1548, left: 4 * MIN, moveNumber, legal: 22, random: 0.5 });
  assert.ok(at(1) < at(6) && at(6) < at(15), `${at(1)} ${at(6)} ${at(15)}`);
  assert.ok(at(40) < at(15));
  assert.ok(at(1) <= 0.3 * at(15) + 1);
});

test("a forced move or a recapture is quick; many moves to choose from take longer", async () => {
  const p = await pace();
  const base = { ...BLITZ, elo: 2551, left: 4 * MIN, moveNumber: 15, legal: 30, random: 0.5 };
  const normal = p.humanThinkMs(base);
  const forced = p.humanThinkMs({ ...base, legal: 1 });
  assert.ok(forced >= 500 && forced <= 1200, `forced: ${forced}`);
  assert.ok(forced < normal / 5);
  assert.ok(p.humanThinkMs({ ...base, recapture: true }) < normal * 0.4);
  assert.ok(p.humanThinkMs({ ...base, check: true }) < normal);
  assert.ok(p.humanThinkMs({ ...base, legal: 40 }) > normal);
  assert.ok(p.humanThinkMs({ ...base, legal: 6 }) < normal);
});

test("each move varies, within 0.55 to 1.45 times the plan", async () => {
  const p = await pace();
  const base = { ...BLITZ, elo: 1548, left: 4 * MIN, moveNumber: 15, legal: 22 };
  const low = p.humanThinkMs({ ...base, random: 0 });
  const mid = p.humanThinkMs({ ...base, random: 0.5 });
  const high = p.humanThinkMs({ ...base, random: 1 });
  assert.ok(Math.abs(low / mid - 0.55) < 0.01 && Math.abs(high / mid - 1.45) < 0.01, `${low} ${mid} ${high}`);
});

test("never more than a sane share of the clock: a low clock makes every move quick", async () => {
  const p = await pace();
  for (const left of [600000, 240000, 60000, 20000, 5000, 2000, 1000, 500, 0]) {
    for (const inc of [0, 3000, 10000]) {
      for (const elo of [672, 1548, null]) {
        for (const random of [0, 0.5, 1]) {
          const ms = p.humanThinkMs({ base: 15 * MIN, inc, elo, left, moveNumber: 20, legal: 40, random });
          assert.ok(ms <= left / 15 + 0.75 * inc + 1, `${ms} ms with ${left} left, +${inc}`);
          assert.ok(ms <= Math.max(0, (left - p.RESERVE_MS) / 3) + 1, `${ms} ms with ${left} left, +${inc}`);
          assert.ok(ms >= 0);
        }
      }
    }
  }
  // A clock below the reserve: no think at all, the search's floor only.
  assert.strictEqual(p.humanThinkMs({ ...BLITZ, left: 900, elo: 1548, moveNumber: 20, legal: 22 }), 0);
  // A forced move at a low clock is quick too.
  assert.ok(p.humanThinkMs({ ...BLITZ, left: 4000, elo: 1548, legal: 1, random: 1 }) <= 1000);
});

test("whole games keep a player's reserve: the clock never runs low, whatever the level", async () => {
  const p = await pace();
  // 80 moves of a middlegame's choice (30 legal moves), the variation drawn evenly, and
  // 100 ms a move for the way to the board on top of each think.
  const play = (base, inc, elo, moves = 80, overhead = 100) => {
    let left = base;
    let lowest = left;
    for (let move = 1; move <= moves; move++) {
      const ms = p.humanThinkMs({ base, inc, elo, left, moveNumber: move, legal: 30, random: (move * 0.618) % 1 });
      left = left - ms - overhead + inc;
      lowest = Math.min(lowest, left);
    }
    return lowest;
  };
  for (const [base, inc] of [[3 * MIN, 2000], [5 * MIN, 3000], [15 * MIN, 10000]]) {
    for (const elo of [672, 1548, 2551, null]) {
      const lowest = play(base, inc, elo);
      assert.ok(lowest > base / 10, `${base / MIN}+${inc / 1000} at ${elo}: the clock fell to ${lowest} ms`);
    }
  }
  // The beginner never even dips below its start at 5+3: the increment pays for its moves.
  assert.ok(play(5 * MIN, 3000, 672) >= 5 * MIN);
  // Sudden death, 60 moves at 1+0 with 50 ms a move on top: still on the clock.
  for (const elo of [672, 1548, null]) assert.ok(play(MIN, 0, elo, 60, 50) > 0, `1+0 at ${elo}`);
});

test("thinkPlan: each pace's go line and wait", async () => {
  const p = await pace();
  const game = { elo: 672, base: 5 * MIN, inc: 3000, side: "black" };
  const clock = { white: 290000, black: 280000 };
  const facts = { moveNumber: 12, legal: 22, random: 0.5 };
  assert.deepStrictEqual(p.thinkPlan({ ...game, pace: "clock" }, clock, facts),
    { go: "go wtime 290000 btime 280000 winc 3000 binc 3000", waitMs: 0 });
  assert.deepStrictEqual(p.thinkPlan({ ...game, pace: "instant" }, clock, facts), { go: "go movetime 200", waitMs: 0 });
  const human = p.thinkPlan({ ...game, pace: "human" }, clock, facts);
  const think = p.humanThinkMs({ ...facts, elo: 672, base: game.base, inc: 3000, left: 280000 });
  assert.deepStrictEqual(human, { go: `go movetime ${think}`, waitMs: think });
  // "N seconds a move": the pace does not apply.
  for (const pace of p.PACES) {
    assert.deepStrictEqual(p.thinkPlan({ pace, movetime: 3000, side: "black" }, null, facts), { go: "go movetime 3000", waitMs: 0 });
  }
  // Instant and human-like at a clock of 1.2 s: a search of at least 1 ms, within the cap.
  const low = { white: 290000, black: 1200 };
  assert.deepStrictEqual(p.thinkPlan({ ...game, pace: "instant" }, low, facts), { go: "go movetime 67", waitMs: 0 });
  const h = p.thinkPlan({ ...game, pace: "human" }, low, facts);
  assert.ok(h.waitMs <= 67 && /^go movetime \d+$/.test(h.go), JSON.stringify(h));
  const none = p.thinkPlan({ ...game, pace: "human" }, { white: 1, black: 500 }, facts);
  assert.deepStrictEqual(none, { go: "go movetime 1", waitMs: 0 });
});
