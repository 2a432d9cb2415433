// Sittuyin's rules from JavaScript (khun.js's loadRules) against pyffish, under node:
//   node --test web/tests/sittuyin.test.js     (after web/build.sh; KHUN_WEB_DIST picks the build)
// The reference is what pyffish answered, recorded in engine-tests/data/ by
// generate_sittuyin.py (the Rust tests in engine-tests/sittuyin.rs read the same files):
// - sittuyin-legal.tsv: 412 positions of the set-up phase, of play and of endgames, with
//   their legal moves in UCI, SAN, LAN, Thai SAN and Thai LAN and how the game stands
//   (mate, stalemate, a draw to claim, material that cannot mate);
// - sittuyin-games.tsv: 160 random games, most from the start through the set-up phase,
//   with pyffish's FEN (the hands included) and how the game stands after every move.
// The rules' `end` is the game's end as Khun scores it: pyffish's mate and stalemate,
// its optional ends (the count, fifty moves, a king and a pawn that could only
// promote), and both sides unable to mate.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const path = require("path");

const dist = process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist");
const Khun = require(path.join(dist, "khun.js"));
const DATA = path.join(__dirname, "..", "..", "engine-tests", "data");
const V = "sittuyin";

/** The rows of a reference file: tab-separated fields, comments and blank lines left out. */
function rows(name) {
  return fs
    .readFileSync(path.join(DATA, name), "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => line.split("\t"));
}

/**
 * The end the rules must give a position pyffish flagged (generate_sittuyin.py): `n` no
 * legal move with `L` mated or `D` a draw, `o` a draw the side to move may claim, `W` /
 * `B` White / Black cannot mate. `null`: the game goes on.
 */
function expectedEnd(flags, turn) {
  if (flags.includes("n")) {
    if (flags.includes("L")) return { result: turn === "white" ? "0-1" : "1-0", reason: turn === "white" ? "Black mates" : "White mates" };
    return { result: "1/2-1/2", reason: "Stalemate" };
  }
  if (flags.includes("o")) return { result: "1/2-1/2", reason: ["Counting rule", "Fifty-move rule", "Only promotions left"] };
  if (flags.includes("W") && flags.includes("B")) return { result: "1/2-1/2", reason: "Insufficient material" };
  return null;
}

function checkEnd(state, flags, where) {
  const want = expectedEnd(flags, state.turn);
  if (want === null) {
    assert.strictEqual(state.end, null, `${where}: flags '${flags}'`);
    return;
  }
  assert.ok(state.end, `${where}: flags '${flags}', no end`);
  assert.strictEqual(state.end.result, want.result, where);
  if (Array.isArray(want.reason)) assert.ok(want.reason.includes(state.end.reason), `${where}: ${state.end.reason}`);
  else assert.strictEqual(state.end.reason, want.reason, where);
}

const NOTATIONS = ["san", "lan", "thaiSan", "thaiLan"];

test("sittuyin: the variants list names it, with its start and its drops", async () => {
  const rules = await Khun.loadRules();
  const entry = rules.variants().find((v) => v.name === V);
  assert.deepStrictEqual(
    { name: entry.name, startFen: entry.startFen, drops: entry.drops, hands: entry.hands, promotesTo: entry.promotesTo },
    {
      name: V,
      startFen: "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1",
      drops: true,
      hands: { white: ["K", "S", "S", "F", "R", "R", "N", "N"], black: ["K", "S", "S", "F", "R", "R", "N", "N"] },
      promotesTo: ["F"],
    },
  );
  assert.ok(rules.variants().filter((v) => v.name !== V).every((v) => v.drops === false));
  // pyffish's start_fen (its own order of the hand) reads as the same position.
  const start = rules.state(V, "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1");
  assert.strictEqual(start.fen, entry.startFen);
  assert.strictEqual(start.legal.length, 88); // pyffish: 88 drops
  assert.ok(start.legal.every((m) => m.from === null && m.drop === m.uci[0] && m.uci === `${m.drop}@${m.to}`));
});

test("sittuyin: 412 positions' legal moves in four notations, and their ends, equal pyffish's", async () => {
  const rules = await Khun.loadRules();
  let positions = 0;
  let moves = 0;
  let ended = 0;
  let drops = 0;
  let promotions = 0;
  for (const [fen, flags, ucis, ...notations] of rows("sittuyin-legal.tsv")) {
    const want = ucis.split(" ").filter(Boolean);
    const first = rules.state(V, fen);
    checkEnd(first, flags, fen);
    for (const [i, notation] of NOTATIONS.entries()) {
      const sans = notations[i].split("|").filter(Boolean);
      assert.strictEqual(sans.length, want.length, `${fen}: ${notation}`);
      if (first.end) {
        // An ended game lists no moves; pyffish still answers them one by one.
        want.forEach((uci, j) => assert.strictEqual(rules.san(V, fen, uci, notation), sans[j], `${fen} ${uci} ${notation}`));
        continue;
      }
      const s = notation === "san" ? first : rules.state(V, fen, [], { notation });
      const got = new Map(s.legal.map((m) => [m.uci, m.san]));
      assert.deepStrictEqual([...got.keys()].sort(), [...want].sort(), `${fen}: legal moves`);
      want.forEach((uci, j) => assert.strictEqual(got.get(uci), sans[j], `${fen} ${uci} ${notation}`));
    }
    // Every SAN reads back as its move.
    const sans = notations[0].split("|").filter(Boolean);
    want.forEach((uci, j) => assert.strictEqual(rules.uciFromSan(V, fen, sans[j]), uci, `${fen} ${sans[j]}`));
    positions += 1;
    moves += want.length;
    ended += first.end !== null;
    drops += want.filter((m) => m.includes("@")).length;
    promotions += want.filter((m) => m.length === 5 && !m.includes("@")).length;
  }
  console.log(`sittuyin: ${positions} positions, ${moves} moves (${drops} drops, ${promotions} promotions), ${ended} ended`);
  assert.ok(positions >= 400 && drops > 1000 && promotions > 50 && ended > 5);
});

test("sittuyin: 160 random games, every FEN after every move and every end equal pyffish's", async () => {
  const rules = await Khun.loadRules();
  const start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
  const seen = { games: 0, fromStart: 0, plies: 0, setUp: 0, play: 0, drops: 0, promotions: 0, ends: 0 };
  for (const [first, line, positions, last] of rows("sittuyin-games.tsv")) {
    const moves = line.split(" ").filter(Boolean);
    const after = positions.split("|").map((p) => {
      const at = p.lastIndexOf(":");
      return [p.slice(0, at), p.slice(at + 1)];
    });
    assert.strictEqual(after.length, moves.length);
    let fen = first;
    let ended = rules.state(V, fen).end !== null;
    moves.forEach((uci, i) => {
      const [wantFen, flags] = after[i];
      const where = `move ${i + 1} (${uci}) of the game from ${first}`;
      // pyffish steps from FEN to FEN (a FEN with a count running has no fifty-move
      // clock), so each move is played from the FEN before it, where that has not ended.
      if (!ended) {
        const s = rules.state(V, fen, [uci]);
        assert.strictEqual(s.fen, wantFen, where);
        assert.strictEqual(rules.uciFromSan(V, fen, s.sans[0]), uci, `${where}: ${s.sans[0]}`);
      } else {
        rules.san(V, fen, uci); // still a legal move there
      }
      const s = rules.state(V, wantFen);
      assert.strictEqual(s.fen, wantFen, where);
      checkEnd(s, flags, where);
      ended = s.end !== null;
      seen.plies += 1;
      seen[wantFen.includes("[]") ? "play" : "setUp"] += 1;
      seen.drops += uci.includes("@");
      seen.promotions += uci.length === 5 && !uci.includes("@");
      seen.ends += ended;
      fen = wantFen;
    });
    assert.strictEqual(fen, last);
    seen.games += 1;
    seen.fromStart += first === start;
  }
  console.log(`sittuyin: ${JSON.stringify(seen)}`);
  assert.ok(seen.games >= 150 && seen.fromStart >= 100 && seen.setUp > 1000 && seen.play > 1000 && seen.promotions > 0);
});
