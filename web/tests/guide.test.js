// The rules guide's lessons (web/src/page/guideLessons.js) against the rules, under node
// (khun.js from web/dist, as engine.test.js loads it):
//   node --test web/tests/guide.test.js
// Every man of every game has a board the rules accept, legal moves there and, but for a
// pawn that promotes in place, a capture of the black horse; the Cambodian rights give
// their leaps; the worked examples' lines are legal and their steps say what their words
// claim (the count starting, the piece's honour's 3 moves, the count run out); each
// citation's passage is in docs/rules-sources.md (or README.md) and in ../shared's source.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const path = require("path");
const { importPage } = require("./page-modules.js");

const dist = process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist");
const REPO = path.join(__dirname, "..", "..");
const SHARED = path.join(REPO, "..", "shared");

async function setup(t) {
  if (!fs.existsSync(path.join(dist, "khun.js"))) return t.skip(`no khun.js in ${dist}: build with web/build.sh`);
  const Khun = require(path.join(dist, "khun.js"));
  const rules = await Khun.loadRules();
  const lessons = (await importPage(["guideLessons.js"], "khun-guide-"))["guideLessons.js"];
  return { rules, lessons };
}

test("every man of every game has a board, legal moves and a capture", async (t) => {
  const s = await setup(t);
  if (!s) return;
  const { rules, lessons } = s;
  let boards = 0;
  for (const v of rules.variants()) {
    for (const { role } of v.pieces) {
      const b = lessons.manBoard(v, role);
      assert.ok(b, `${v.name} ${role}`);
      assert.deepStrictEqual(rules.checkFen(v.name, b.fen).problems, [], `${v.name} ${role}: ${b.fen}`);
      const st = rules.state(v.name, b.fen, []);
      const own = st.legal.filter((m) => m.from === b.square);
      assert.ok(own.length > 0, `${v.name} ${role}: no legal move`);
      const placed = b.fen.split(" ")[0];
      const captures = own.filter((m) => m.san.includes("x"));
      if (role === "pawn" && v.promotionIsAMove) assert.ok(own.some((m) => m.from === m.to), `${v.name}: no promotion in place`);
      else assert.ok(captures.length > 0, `${v.name} ${role}: nothing to capture on ${placed}`);
      boards++;
    }
  }
  assert.strictEqual(boards, 42);
});

test("the first-move rights give the Cambodian leaps, once", async (t) => {
  const s = await setup(t);
  if (!s) return;
  const { rules, lessons } = s;
  const cambodian = rules.variant("cambodian");
  assert.deepStrictEqual(lessons.firstMoveRights(cambodian), { K: { square: "d1", right: "D" }, M: { square: "e1", right: "E" } });
  assert.deepStrictEqual(lessons.firstMoveRights(rules.variant("makruk")), {});
  const king = lessons.manBoard(cambodian, "king");
  const leaps = rules.state("cambodian", king.fen, []).legal.map((m) => m.uci);
  assert.ok(leaps.includes("d1b2") && leaps.includes("d1f2"));
  const again = lessons.whiteAgain(rules, "cambodian", rules.state("cambodian", king.fen, ["d1f2"]).fen);
  assert.ok(!rules.state("cambodian", again, []).legal.some((m) => m.from === "f2" && Math.abs(m.to.charCodeAt(0) - 102) > 1));
  const met = lessons.manBoard(cambodian, "met");
  assert.ok(rules.state("cambodian", met.fen, []).legal.some((m) => m.uci === "e1e3"));
  // White to move again is refused where Black would be in check.
  assert.strictEqual(lessons.whiteAgain(rules, "makruk", "k7/R7/8/8/8/8/8/7K b - - 0 1"), null);
});

test("the relatives' probes: makpong's king stays in check, Kar Ouk's check wins", async (t) => {
  const s = await setup(t);
  if (!s) return;
  const { rules, lessons } = s;
  const got = Object.fromEntries(rules.variants().map((v) => [v.name, lessons.probeFacts(rules, v)]));
  for (const [name, f] of Object.entries(got)) {
    assert.strictEqual(f.kingStepsOutOfCheck, name !== "makpong", name);
    assert.strictEqual(f.checkWins, name === "karouk", name);
  }
});

test("the worked examples are legal lines whose steps say what their words claim", async (t) => {
  const s = await setup(t);
  if (!s) return;
  const { rules, lessons } = s;
  const at = (id, ply) => {
    const ex = lessons.COUNT_EXAMPLES.find((e) => e.id === id);
    return lessons.exampleState(rules, ex, ply);
  };
  for (const ex of lessons.COUNT_EXAMPLES) {
    const end = lessons.exampleState(rules, ex, ex.moves.length); // throws on an illegal move
    assert.ok(ex.steps.every((st) => st.ply <= ex.moves.length), ex.id);
    assert.ok(end.fen, ex.id);
  }
  assert.strictEqual(at("honours", 0).count, null); // a pawn on the board
  assert.deepStrictEqual([at("honours", 1).count.honour, at("honours", 1).count.counting, at("honours", 1).count.of], ["board", "black", 64]);
  assert.strictEqual(at("honours", 2).count.number, 1);
  const piece = at("honours", 5).count;
  assert.deepStrictEqual([piece.honour, piece.of, piece.number, piece.movesLeft], ["piece", 8, 5, 3]); // 8 - 5 = 3
  assert.strictEqual(at("honours", 8).count.limit, 16); // the bare king took a boat: no recount
  assert.strictEqual(at("honours", 12).end.kind, "count_exceeded");
  assert.strictEqual(at("promotion", 0).count, null);
  assert.strictEqual(at("promotion", 1).count.honour, "board");
  assert.strictEqual(at("cambodian", 0).count, null); // king and three men
  assert.deepStrictEqual([at("cambodian", 1).count.honour, at("cambodian", 1).count.of], ["board", 63]);
  const cambodian = at("cambodian", 9).count;
  assert.deepStrictEqual([cambodian.honour, cambodian.of, cambodian.number, cambodian.movesLeft], ["piece", 15, 4, 11]);
  assert.strictEqual(at("cambodian", 10).count.number, 5);
  assert.strictEqual(at("players", 1).countingSide, "black");
  assert.strictEqual(at("players", 5).count, null);
  assert.ok(at("players", 5).mayStartCount);
  assert.strictEqual(at("players", 8).count.number, 1); // started again from 1
  assert.strictEqual(at("players", 9).count.honour, "piece");
});

test("every citation's passage is kept in the repository and in its source", async (t) => {
  const s = await setup(t);
  if (!s) return;
  const { lessons } = s;
  const normal = (x) => x.replace(/^\s*>\s?/gm, "").replace(/\s+/g, " ").trim();
  const kept = fs.readFileSync(path.join(REPO, "docs", "rules-sources.md"), "utf8");
  for (const [id, c] of Object.entries(lessons.CITATIONS)) {
    const quote = normal(c.quote);
    if (c.source === "README.md") {
      assert.ok(normal(fs.readFileSync(path.join(REPO, "README.md"), "utf8")).includes(quote), id);
      continue;
    }
    assert.ok(kept.includes(`## ${c.source}`), `${id}: no section for ${c.source}`);
    assert.ok(normal(kept).includes(quote), `${id}: not quoted in docs/rules-sources.md`);
    const original = path.join(SHARED, c.source);
    if (fs.existsSync(original)) assert.ok(normal(fs.readFileSync(original, "utf8")).includes(quote), `${id}: not in ${c.source}`);
  }
  for (const ids of Object.values(lessons.MAN_CITES)) for (const id of ids) assert.ok(lessons.CITATIONS[id], id);
  for (const ex of lessons.COUNT_EXAMPLES) for (const st of ex.steps) for (const id of st.cites) assert.ok(lessons.CITATIONS[id], id);
});
