// The page's store (web/src/page/store.js, actions.js) under node: the state changes only
// through named actions, listeners follow their action, the page is drawn once per
// outermost action and not for the quiet ones.
//   node --test web/tests/store.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const PAGE = path.join(__dirname, "..", "src", "page");

/** store.js and actions.js, imported from a copy (ES modules: node reads them so under a package.json that says so). */
async function modules() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "khun-store-"));
  for (const f of ["store.js", "actions.js", "pace.js"]) fs.copyFileSync(path.join(PAGE, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  try {
    return {
      store: await import(pathToFileURL(path.join(dir, "store.js")).href),
      actions: await import(pathToFileURL(path.join(dir, "actions.js")).href),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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

test("the page's actions: a move cuts the line after it, a variation comes back to its game", async () => {
  const { store, actions } = await modules();
  const s = store.createStore(actions.initialState(), actions.ACTIONS, actions.QUIET_ACTIONS);
  const line = { variant: "makruk", startFen: "start", startPly: 0, moves: ["e3e4", "e6e5", "b1d2"], sans: ["e4", "e5", "Nd2"], counting: "automatic", countLog: [] };
  s.act("showLine", line, { result: { result: "1-0", reason: "White mates" } });
  assert.strictEqual(s.state.cursor, 3);
  assert.strictEqual(s.state.tags.Result, "1-0");
  s.act("goTo", 1);
  s.act("enterVariation");
  s.act("setResult", null);
  s.act("playMove", 1, "c6c5", "c5");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "c6c5"]);
  assert.strictEqual(s.state.cursor, 2);
  assert.strictEqual(s.state.result, null);
  s.act("backToGame");
  assert.deepStrictEqual(s.state.moves.slice(), ["e3e4", "e6e5", "b1d2"]);
  assert.strictEqual(s.state.cursor, 1);
  assert.deepStrictEqual({ ...s.state.result }, { result: "1-0", reason: "White mates" });
  // A new line leaves nothing of the game before it.
  s.act("startGame", line, { human: "white", startPly: 3, clock: null });
  s.act("finishGame", "0-1", "Resignation");
  s.act("showLine", { ...line, moves: [], sans: [] });
  assert.strictEqual(s.state.result, null);
  assert.strictEqual(s.state.game, null);
  assert.strictEqual(s.state.playing, false);
  assert.deepStrictEqual({ ...s.state.tags }, {});
});
