// The page's store (web/src/page/store.js, actions.js) under node: the state changes only
// through named actions, listeners follow their action, the page is drawn once per
// outermost action and not for the quiet ones.
//   node --test web/tests/store.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { importPage } = require("./page-modules.js");

/** store.js and actions.js, from a copy of the page (page-modules.js). */
async function modules() {
  const m = await importPage(["store.js", "actions.js"], "khun-store-");
  return { store: m["store.js"], actions: m["actions.js"] };
}

test("the state is read-only outside actions, at any depth", async () => {
  const { store } = await modules();
  const s = store.createStore({ moves: ["e3e4"], game: { clock: { ms: 1 } } }, { push: (st, m) => st.moves.push(m) });
  assert.throws(() => { s.state.moves = []; }, TypeError);
  assert.throws(() => { s.state.moves.push("e6e5"); }, TypeError);
  assert.throws(() => { s.state.game.clock.ms = 0; }, TypeError);
  assert.throws(() => { delete s.state.game; }, TypeError);
  s.act("push", "e6e5");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "e6e5"]);
  assert.throws(() => s.act("nothing"), /no action named nothing/);
});

test("listeners follow their action; subscribers run once per outermost action, not for quiet ones", async () => {
  const { store } = await modules();
  const calls = [];
  const s = store.createStore({ n: 0, seen: 0 }, {
    add: (st, k) => { st.n += k; },
    see: (st) => { st.seen++; },
    both: (st) => { st.n++; },
  }, new Set(["see"]));
  s.subscribe(() => calls.push(`draw ${s.state.n}`));
  s.on("both", () => { calls.push("listener"); s.act("add", 10); });
  s.act("add", 1);
  s.act("see");
  s.act("both");
  assert.deepStrictEqual(calls, ["draw 1", "listener", "draw 12"]);
  assert.strictEqual(s.state.seen, 1);
});

test("the page's actions: a move in a line is a variation, kept in the tree, and the game comes back", async () => {
  const { store, actions } = await modules();
  const s = store.createStore(actions.initialState(), actions.ACTIONS, actions.QUIET_ACTIONS);
  const line = { variant: "makruk", startFen: "start", startPly: 0, moves: ["e3e4", "e6e5", "b1d2"], sans: ["e4", "e5", "Nd2"], counting: "automatic", countLog: [] };
  s.act("showLine", line, { result: { result: "1-0", reason: "White mates" } });
  assert.strictEqual(s.state.cursor, 3);
  assert.strictEqual(s.state.tags.Result, "1-0");
  s.act("goTo", 1);
  s.act("playMove", 1, "c6c5", "c5");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "c6c5"]);
  assert.deepStrictEqual(s.state.path.slice(), [0, 1]);
  assert.strictEqual(s.state.cursor, 2);
  // the game's own move again: its line, not a second copy of it
  s.act("goTo", 1);
  s.act("playMove", 1, "e6e5", "e5");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "e6e5", "b1d2"]);
  assert.strictEqual(s.state.tree.children[0].children.length, 2);
  s.act("selectNode", [0, 1]);
  s.act("playMove", 2, "b1d2", "Nd2");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "c6c5", "b1d2"]);
  s.act("backToGame");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "e6e5", "b1d2"]);
  assert.strictEqual(s.state.cursor, 1);
  assert.deepStrictEqual({ ...s.state.result }, { result: "1-0", reason: "White mates" });
  // a variation made the main line, then taken out
  s.act("selectNode", [0, 1]);
  s.act("promoteVariation", 2);
  assert.deepStrictEqual(s.state.path.slice(), [0, 0, 0]);
  assert.strictEqual(s.state.tree.children[0].children[0].uci, "c6c5");
  s.act("deleteFrom", 2);
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "e6e5", "b1d2"]);
  assert.strictEqual(s.state.tree.children[0].children.length, 1);
  // in a game against Khun the game is one line: a move cuts what came after
  s.act("startGame", line, { human: "white", startPly: 3, clock: null });
  s.act("playMove", 3, "g8e7", "Ne7");
  s.act("takeback", 3);
  s.act("playMove", 3, "b8d7", "Nd7");
  assert.strictEqual(s.state.tree.children[0].children[0].children[0].children.length, 1);
  // a new line leaves nothing of the game before it
  s.act("finishGame", "0-1", "Resignation");
  s.act("showLine", { ...line, moves: [], sans: [] });
  assert.strictEqual(s.state.result, null);
  assert.strictEqual(s.state.game, null);
  assert.strictEqual(s.state.playing, false);
  assert.strictEqual(s.state.tree.children.length, 0);
  assert.deepStrictEqual({ ...s.state.tags }, {});
});

test("a kept tree comes back with its variations, comments and count actions", async () => {
  const { store, actions } = await modules();
  const s = store.createStore(actions.initialState(), actions.ACTIONS, actions.QUIET_ACTIONS);
  const tree = { uci: null, children: [{ uci: "e3e4", san: "e4", nags: [1], comment: "best by test", count: [],
    children: [{ uci: "e6e5", san: "e5", count: ["start"], children: [] }, { uci: "c6c5", san: "c5", children: [] }] }] };
  s.act("showLine", { variant: "makruk", startFen: "start", startPly: 0, moves: ["e3e4", "e6e5"], sans: ["e4", "e5"],
    counting: "players", countLog: [], tree });
  assert.deepStrictEqual(s.state.tree.children[0].nags.slice(), [1]);
  assert.strictEqual(s.state.tree.children[0].comment, "best by test");
  assert.strictEqual(s.state.tree.children[0].children[1].san, "c5");
  assert.deepStrictEqual(s.state.countLog.map((a) => ({ ...a })), [{ ply: 2, action: "start" }]);
});
