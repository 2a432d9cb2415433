// The puzzles' state (web/src/page/puzzle-state.js) through the page's store under node:
// a result goes into the rating once, a puzzle played before is not rated again, the
// kept record is taken only where sound, the next puzzle is near the rating, follows the
// filters and is not one played, and the player may move only on the solver's turn.
//   node --test web/tests/puzzle-state.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { importPage } = require("./page-modules.js");

/** The store with the page's actions, from a copy of the page (page-modules.js). */
async function modules() {
  const m = await importPage(["store.js", "actions.js", "puzzle-state.js", "glicko2.js"], "khun-puzzle-state-");
  return { store: m["store.js"], actions: m["actions.js"], state: m["puzzle-state.js"], glicko2: m["glicko2.js"] };
}

const puzzle = (id, rating, type = "mate", variant = "makruk") => ({
  id, variant, fen: "8/8/8/8/8/8/8/8 w - - 0 1", moves: ["a1a2", "a7a6", "a2a3"], type, theme: type === "mate" ? "mate" : "onlyMove",
  rating, source: "test", game: null, ply: null,
});
const FILE = { puzzles: [puzzle("p1000", 1000), puzzle("p1200", 1200), puzzle("p1400", 1400), puzzle("p1500", 1500),
  puzzle("p1600", 1600), puzzle("p1800", 1800), puzzle("w2000", 2000, "winning"), puzzle("c1500", 1500, "mate", "cambodian")], errors: [] };

async function fresh() {
  const m = await modules();
  const s = m.store.createStore(m.actions.initialState(), m.actions.ACTIONS, m.actions.QUIET_ACTIONS);
  s.act("puzzlesLoaded", FILE);
  return { ...m, s };
}

test("a solved puzzle is rated once as a win against its rating, by Glicko-2", async () => {
  const { s, glicko2, state } = await fresh();
  s.act("puzzleStart", "p1400", "white");
  s.act("puzzleMoveRight", false);
  assert.ok(state.puzzleBlocksMove(s.state), "the reply to come");
  s.act("puzzleReplied");
  s.act("puzzleMoveRight", true);
  const want = glicko2.rate(glicko2.NEW_PLAYER, [{ rating: 1400, deviation: state.PUZZLE_DEVIATION, score: 1 }]);
  assert.deepStrictEqual({ ...s.state.puzzles.player }, want);
  assert.strictEqual(s.state.puzzles.current.status, "solved");
  assert.strictEqual(s.state.puzzles.current.change, want.rating - 1500);
  assert.deepStrictEqual(s.state.puzzles.history.map((h) => [h.id, h.win]), [["p1400", true]]);
});

test("a wrong move, a hint or the solution fail the puzzle once; solving it after changes nothing", async () => {
  for (const fail of [["puzzleMoveWrong"], ["puzzleHint"], ["puzzleShowSolution"]]) {
    const { s, glicko2, state } = await fresh();
    s.act("puzzleStart", "p1400", "white");
    s.act(...fail);
    const lost = glicko2.rate(glicko2.NEW_PLAYER, [{ rating: 1400, deviation: state.PUZZLE_DEVIATION, score: 0 }]);
    assert.deepStrictEqual({ ...s.state.puzzles.player }, lost, fail[0]);
    if (fail[0] === "puzzleMoveWrong") s.act("puzzleTakenBack");
    if (fail[0] !== "puzzleShowSolution") {
      s.act("puzzleHint");
      s.act("puzzleMoveRight", true);
      assert.strictEqual(s.state.puzzles.current.status, "solved");
      assert.ok(s.state.puzzles.current.failed);
    }
    assert.deepStrictEqual({ ...s.state.puzzles.player }, lost, `${fail[0]}: rated once`);
    assert.deepStrictEqual(s.state.puzzles.history.map((h) => [h.id, h.win]), [["p1400", false]]);
  }
});

test("a puzzle played before is not rated again", async () => {
  const { s } = await fresh();
  s.act("puzzleStart", "p1400", "white");
  s.act("puzzleMoveWrong");
  const after = { ...s.state.puzzles.player };
  s.act("puzzleStart", "p1400", "white");
  s.act("puzzleMoveRight", true);
  assert.deepStrictEqual({ ...s.state.puzzles.player }, after);
  assert.strictEqual(s.state.puzzles.current.change, null);
  assert.strictEqual(s.state.puzzles.history.length, 1);
});

test("the kept record is taken only where it is sound", async () => {
  const { s } = await fresh();
  s.act("puzzleRecordKept", { player: { rating: 1720.5, deviation: 80, volatility: 0.059 },
    history: [{ id: "p1200", win: true, rating: 1720.5, change: 12, puzzleRating: 1200 }, { id: 5 }, null, { id: "x", win: "yes" }] });
  assert.deepStrictEqual({ ...s.state.puzzles.player }, { rating: 1720.5, deviation: 80, volatility: 0.059 });
  assert.deepStrictEqual(s.state.puzzles.history.map((h) => h.id), ["p1200"]);
  for (const bad of [null, "text", { player: { rating: "high" } }, { player: { rating: 1500, deviation: -1, volatility: 0.06 } }]) {
    s.act("puzzleRecordKept", bad);
    assert.strictEqual(s.state.puzzles.player.rating, 1720.5, JSON.stringify(bad));
  }
});

test("the next puzzle: one of the nearest the rating, through the filters, not one played", async () => {
  const { s, state } = await fresh();
  const picks = (n = 20) => new Set(Array.from({ length: n }, (_, i) => state.nextPuzzle(s.state, i / n).id));
  // At 1500: the five nearest (1500 twice, 1400, 1600, then 1200 or 1800 by id).
  assert.deepStrictEqual([...picks()].sort(), ["c1500", "p1200", "p1400", "p1500", "p1600"]);
  s.act("puzzleFilter", "variant", "makruk");
  s.act("puzzleFilter", "type", "mate");
  assert.deepStrictEqual([...picks()].sort(), ["p1200", "p1400", "p1500", "p1600", "p1800"]);
  s.act("puzzleFilter", "type", "winning");
  assert.deepStrictEqual([...picks()], ["w2000"]);
  // Played: not offered while any other is left; then offered again.
  s.act("puzzleStart", "w2000", "white");
  s.act("puzzleShowSolution");
  assert.strictEqual(state.nextPuzzle(s.state, 0).id, "w2000", "the one on the board, the only one, again");
  s.act("puzzleLeft");
  assert.strictEqual(state.nextPuzzle(s.state, 0).id, "w2000");
  s.act("puzzleFilter", "type", "mate");
  s.act("puzzleStart", "p1500", "white");
  s.act("puzzleShowSolution");
  assert.ok(!picks().has("p1500"));
  s.act("puzzleFilter", "variant", "sittuyin");
  assert.strictEqual(state.nextPuzzle(s.state, 0), null);
});

test("the player moves only at the line's end on the solver's turn, while the puzzle is on", async () => {
  const { s, state } = await fresh();
  assert.strictEqual(state.puzzleBlocksMove(s.state), false, "no puzzle");
  s.act("puzzleStart", "p1400", "white");
  assert.strictEqual(state.puzzleBlocksMove(s.state), false);
  s.act("puzzleMoveWrong");
  assert.strictEqual(state.puzzleBlocksMove(s.state), true, "a wrong move to take back");
  s.act("puzzleTakenBack");
  assert.strictEqual(state.puzzleBlocksMove(s.state), false);
  // A takeback come after the solution was shown leaves it shown.
  s.act("puzzleMoveWrong");
  s.act("puzzleShowSolution");
  s.act("puzzleTakenBack");
  assert.strictEqual(s.state.puzzles.current.status, "shown");
  s.act("puzzleStart", "p1200", "white");
  s.act("puzzleHint");
  assert.deepStrictEqual(state.puzzleArrows(s.state), [{ from: "a1", to: "a1", kind: "best" }]);
  s.act("puzzleHint");
  assert.deepStrictEqual(state.puzzleArrows(s.state), [{ from: "a1", to: "a2", kind: "best" }]);
  s.act("puzzleMoveRight", false);
  assert.strictEqual(state.puzzleBlocksMove(s.state), true, "the reply to come");
  assert.deepStrictEqual(state.puzzleArrows(s.state), []);
  s.act("puzzleShowSolution");
  assert.strictEqual(state.puzzleBlocksMove(s.state), false, "the board free after the solution");
  assert.strictEqual(state.puzzleOn(s.state), false);
});
