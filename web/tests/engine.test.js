// The wasm engine and rules as a page or match runner meets them, under node:
//   node --test web/tests/          (after web/build.sh; KHUN_WEB_DIST picks the build)
// KHUN_NATIVE, a native `khun` binary, adds the check that both give the same bench.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const path = require("path");
const { execFileSync } = require("child_process");

const dist = process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist");
const Khun = require(path.join(dist, "khun.js"));

/** An engine whose lines are collected; `until(pattern)` waits for one. */
async function engine() {
  const lines = [];
  const waiters = [];
  const e = await Khun.createEngine({
    onLine: (line) => {
      lines.push({ line, at: performance.now() });
      for (const w of waiters.splice(0)) w();
    },
  });
  async function until(pattern, timeoutMs = 20000, from = 0) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = lines.slice(from).find((l) => pattern.test(l.line));
      if (found) return found;
      if (performance.now() > deadline) {
        throw new Error(`no line matching ${pattern} in:\n${lines.map((l) => l.line).join("\n")}`);
      }
      await new Promise((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return { e, lines, until };
}

test("uci lists the options a page can use, and not the native ones", async () => {
  const { e, lines, until } = await engine();
  e.send("uci");
  await until(/^uciok$/);
  const text = lines.map((l) => l.line).join("\n");
  for (const name of ["Hash", "MultiPV", "UCI_Variant", "Skill Level", "UCI_Elo", "UCI_ShowWDL", "Calibrated Score"]) {
    assert.match(text, new RegExp(`option name ${name} `));
  }
  for (const name of ["Threads", "EvalFile", "FiveManTables"]) {
    assert.doesNotMatch(text, new RegExp(`option name ${name} `));
  }
});

// why 1 s, not the 100 ms the worker is built for (measured: lab/log): a
// search that never pauses would not answer `isready` or `stop` at all; a bound this
// wide catches that without failing on a loaded machine.
test("stop and isready are answered while go infinite searches", async () => {
  const { e, lines, until } = await engine();
  e.send("position startpos moves e3e4 e6e5");
  e.send("go infinite");
  await until(/^info depth 6 /);
  const mark = lines.length;
  const asked = performance.now();
  e.send("isready");
  const ready = await until(/^readyok$/, 5000, mark);
  assert.ok(ready.at - asked < 1000, `readyok after ${ready.at - asked} ms`);
  await new Promise((r) => setTimeout(r, 200));
  const stopped = performance.now();
  e.send("stop");
  const best = await until(/^bestmove /, 5000, mark);
  assert.ok(best.at - stopped < 1000, `bestmove after ${best.at - stopped} ms`);
  console.log(`# readyok ${(ready.at - asked).toFixed(1)} ms, bestmove ${(best.at - stopped).toFixed(1)} ms after stop`);
  assert.match(best.line, /^bestmove [a-h][1-8][a-h][1-8]/);
  // The session goes on: a new position and search after the stop.
  const next = lines.length;
  e.send("position startpos");
  e.send("go depth 4");
  await until(/^bestmove [a-h][1-8][a-h][1-8]/, 20000, next);
});

test("bad input gets an info string error and the engine stays usable", async () => {
  const { e, lines, until } = await engine();
  const bad = [
    "garbage here",
    "position fen 8/8/8/8 w",
    "setoption name NoSuchOption value 3",
    "setoption name Skill Level value 99",
    "go depth x movetime 50",
    "position startpos moves e3e5",
  ];
  for (const line of bad) {
    const mark = lines.length;
    e.send(line);
    e.send("isready");
    await until(/^readyok$/, 5000, mark);
    const said = lines.slice(mark).map((l) => l.line);
    assert.ok(said.some((l) => l.startsWith("info string error: ")), `${line}: ${said.join(" | ")}`);
  }
  const mark = lines.length;
  e.send("position startpos moves e3e4");
  e.send("go depth 3");
  const best = await until(/^bestmove /, 20000, mark);
  assert.match(best.line, /^bestmove [a-h][1-8][a-h][1-8]/);
});

test("a refused position is not searched: go answers bestmove 0000", async () => {
  const { e, lines, until } = await engine();
  e.send("position startpos moves e3e4");
  // Black to move with the white king in check: pyffish's validate_fen accepts it.
  e.send("position fen 8/8/6s1/7K/1k6/4r3/8/8 b - - 0 1");
  const mark = lines.length;
  e.send("go depth 3");
  const best = await until(/^bestmove /, 20000, mark);
  assert.strictEqual(best.line, "bestmove 0000");
});

test("the rules: legal moves, SAN, the count, a game's end, PGN", async () => {
  const rules = await Khun.loadRules();
  assert.deepStrictEqual(rules.variants().map((v) => v.name), ["makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok", "sittuyin"]);
  const start = rules.state("makruk", "startpos");
  assert.strictEqual(start.legal.length, 23);
  const after = rules.state("makruk", "startpos", ["e3e4", "d6d5", "e4d5"]);
  assert.deepStrictEqual(after.sans, ["e4", "d5", "exd5"]);
  const counting = rules.state("makruk", "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1");
  assert.strictEqual(counting.count.honour, "piece");
  assert.strictEqual(counting.count.movesLeft, 13);
  const mate = rules.state("makruk", "7k/8/6K1/8/8/8/8/R7 w - 32 10 40", ["a1a8"]);
  assert.deepStrictEqual(mate.end, { result: "1-0", reason: "White mates", kind: "checkmate", winner: "white", matedBy: null });
  assert.throws(() => rules.state("makruk", "startpos", ["e2e4"]), /move 1/);
  assert.strictEqual(rules.san("makruk", "startpos", "b1d2"), "Nd2");
  const games = rules.readPgn('[White "A"]\n\n1. e4 d5 2. exd5 1-0\n');
  assert.deepStrictEqual(games[0].moves, ["e3e4", "d6d5", "e4d5"]);
  for (const v of rules.variants()) {
    assert.ok(rules.state(v.name, v.startFen).legal.length > 0, v.name);
  }
});

test("the rules for a page: refusals with codes, variant facts, the count worded, checkFen, the PGN tree", async () => {
  const rules = await Khun.loadRules();
  // A refusal: the English message, a code and its params.
  const refused = (f) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    assert.fail("not refused");
  };
  let e = refused(() => rules.state("makruk", "8/8/8/4k3/8/8/7R/8 b - - 0 1"));
  assert.strictEqual(e.message, "FEN: FEN position is impossible: White has 0 kings, not 1");
  assert.strictEqual(e.code, "kingCount");
  assert.deepStrictEqual(e.params, { side: "white", found: 0, expected: 1 });
  e = refused(() => rules.state("makruk", "startpos", ["e3e4", "e3e4"]));
  assert.strictEqual(e.code, "moveIllegal");
  assert.deepStrictEqual(e.params, { move: "e3e4", number: 2 });
  e = refused(() => rules.state("makruk", "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31", [], { countStarted: 70 }));
  assert.strictEqual(e.code, "countStartedBeyond");
  assert.match(e.message, /^countStarted 70/);
  // Each game's facts, from the rules' own variant data.
  const makruk = rules.variant("makruk");
  assert.deepStrictEqual(makruk.promotionSquares.white, ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6"]);
  assert.strictEqual(makruk.playersCounting, true);
  assert.strictEqual(makruk.hands, null);
  assert.strictEqual(rules.variant("asean").playersCounting, false);
  const sittuyin = rules.variant("sittuyin");
  assert.strictEqual(sittuyin.promotionIsAMove, true);
  assert.deepStrictEqual(sittuyin.hands.white, ["K", "S", "S", "F", "R", "R", "N", "N"]);
  assert.strictEqual(rules.variant("chess"), undefined);
  // An editor's K+R v K, limit 16, counter 12, White to move: Black counts, White
  // must mate within 3 moves (pyffish runs the count out after White's third).
  const c = rules.state("makruk", "4k3/8/8/8/3K4/8/8/R7 w - 16 12 1").count;
  assert.deepStrictEqual([c.honour, c.counting, c.mating, c.number, c.of, c.movesLeft, c.draw], ["piece", "black", "white", 6, 8, 3, false]);
  // Count fields no game reaches: the rules read them, an editor asks checkFen.
  assert.deepStrictEqual(rules.checkFen("makruk", "4k3/8/8/8/3K4/8/8/R7 w - 16 12 1"), { valid: true, problems: [] });
  const check = rules.checkFen("makruk", "8/8/8/4k3/8/8/7R/3K4 b - 200 300 1");
  assert.deepStrictEqual(check.problems.map((p) => p.code), ["countUnknownLimit", "countRunOut"]);
  assert.strictEqual(rules.checkFen("makruk", "8/8/8").problems[0].code, "fenRankCount");
  // The PGN tree, written back and read again alike; Thai notation both ways.
  const text = '[Event "t"]\n\n{start} 1. e4 $1 {[%clk 0:03:00] good} (1. c4 {fine} c5) d5 2. exd5 *\n';
  const [game] = rules.readPgn(text);
  assert.deepStrictEqual(game.comments, ["start"]);
  assert.deepStrictEqual(game.tree[0].nags, [1]);
  assert.strictEqual(game.tree[0].clockMs, 180000);
  assert.deepStrictEqual(game.tree[0].after, ["good"]);
  assert.deepStrictEqual(game.tree[0].variations[0].map((m) => m.san), ["c4", "c5"]);
  assert.deepStrictEqual(game.notes, []);
  for (const notation of ["san", "thaiSan"]) {
    const written = rules.writePgn({ fen: game.fen, tree: game.tree, comments: game.comments, notation });
    const [back] = rules.readPgn(written);
    assert.deepStrictEqual(back.tree, game.tree, written);
    assert.deepStrictEqual(back.comments, game.comments);
  }
  assert.deepStrictEqual(rules.readPgn("๑. จ๔ ง๕ ๒. จxง๕ *")[0].moves, ["e3e4", "d6d5", "e4d5"]);
  const [stopped] = rules.readPgn("1. e4 Xf5 *");
  assert.strictEqual(stopped.errorCode, "pgnMove");
  assert.strictEqual(stopped.errorParams.reason, "unknownPieceLetter");
});

// K+R+N v K+R: no pawn, so either side may start the board's honour under players'
// counting. Black to move at game ply 61 (move 31).
const PAWNLESS_BLACK = "4k3/8/8/3r4/8/8/3N4/R3K3 b - - 0 31";

test("players' counting: Khun, worse, starts the count before its bestmove; better and counting, it stops", async () => {
  const { e, lines, until } = await engine();
  e.send("uci");
  await until(/^uciok$/);
  assert.ok(lines.some((l) => /^option name CountStarted type spin default 0 /.test(l.line)),
    lines.map((l) => l.line).filter((l) => l.includes("CountStarted")).join("\n"));
  // Black (K+R) against K+R+N: the side at a disadvantage, to move, with no count running.
  let mark = lines.length;
  e.send(`position fen ${PAWNLESS_BLACK}`);
  e.send("setoption name CountStarted value -1");
  e.send("go depth 6");
  let best = await until(/^bestmove /, 30000, mark);
  let said = lines.slice(mark).map((l) => l.line);
  const start = said.indexOf("info string count start");
  assert.ok(start >= 0, said.join("\n"));
  assert.ok(start < said.indexOf(best.line), "count start comes before bestmove");
  assert.ok(!said.some((l) => l.startsWith("info string error")), said.join("\n"));
  assert.match(best.line, /^bestmove [a-h][1-8][a-h][1-8]/);
  // Black with the extra knight, counting since its turn now (N = 61 + 1): it stands
  // better, so it stops its count.
  mark = lines.length;
  e.send("setoption name CountStarted value 0");
  e.send("position fen 4k3/8/8/3r4/3n4/8/8/R3K3 b - - 0 31");
  e.send("setoption name CountStarted value 62");
  e.send("go depth 6");
  best = await until(/^bestmove /, 30000, mark);
  said = lines.slice(mark).map((l) => l.line);
  const stop = said.indexOf("info string count stop");
  assert.ok(stop >= 0 && stop < said.indexOf(best.line), said.join("\n"));
  // Under the automatic count (the default) Khun never speaks of the count.
  mark = lines.length;
  e.send("setoption name CountStarted value 0");
  e.send(`position fen ${PAWNLESS_BLACK}`);
  e.send("go depth 4");
  await until(/^bestmove /, 30000, mark);
  assert.ok(!lines.slice(mark).some((l) => /^info string count /.test(l.line)));
});

test("players' counting: a CountStarted that does not fit its game gets an info string error when they meet", async () => {
  const { e, lines, until } = await engine();
  const refused = async (setup, why) => {
    const mark = lines.length;
    for (const line of setup) e.send(line);
    e.send("go depth 1");
    await until(/^bestmove /, 20000, mark);
    const said = lines.slice(mark).map((l) => l.line);
    const error = said.find((l) => l.startsWith("info string error: "));
    assert.ok(error, `${setup.join(" / ")}: ${said.join(" | ")}`);
    assert.match(error, why);
  };
  // Game ply 61: 62 starts a count now, 70 would start one beyond the next ply; the
  // value is told of at the go that meets it, or at the position when it came first.
  await refused([`position fen ${PAWNLESS_BLACK}`, "setoption name CountStarted value 70"], /beyond the next ply/);
  await refused(["setoption name CountStarted value 70", `position fen ${PAWNLESS_BLACK}`], /beyond the next ply/);
  await refused(["setoption name CountStarted value -5"], /-5/);
  await refused(["position startpos moves e3e4", "setoption name CountStarted value 2"], /pawn/);
  await refused(["setoption name UCI_Variant value asean", "setoption name CountStarted value -1"], /count by hand/);
  // The last good state is kept and the engine plays on.
  const mark = lines.length;
  e.send("setoption name UCI_Variant value makruk");
  e.send(`position fen ${PAWNLESS_BLACK}`);
  e.send("setoption name CountStarted value 62");
  e.send("go depth 3");
  const best = await until(/^bestmove /, 20000, mark);
  assert.match(best.line, /^bestmove [a-h][1-8][a-h][1-8]/);
  assert.ok(!lines.slice(mark).some((l) => l.line.startsWith("info string error")),
    lines.slice(mark).map((l) => l.line).join("\n"));
});

test("the rules under players' counting: countStarted, who may start or stop, PGN both ways", async () => {
  const rules = await Khun.loadRules();
  const fen = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31";
  // Existing calls keep the automatic count.
  const auto = rules.state("makruk", fen);
  assert.strictEqual(auto.countStarted, 0);
  assert.strictEqual(auto.mayStartCount, false);
  const none = rules.state("makruk", fen, [], { countStarted: -1 });
  assert.strictEqual(none.count, null);
  assert.strictEqual(none.countStarted, -1);
  assert.strictEqual(none.mayStartCount, true);
  assert.strictEqual(none.mayStopCount, false);
  // Black starts at game ply 61 (countStarted 62); after its own third move, 3 of 64.
  const moves = ["a1a2", "d5d6", "a2a3", "d6d7", "a3a4", "d7d6"];
  const s = rules.state("makruk", fen, moves, { countStarted: 62 });
  assert.strictEqual(s.count.counting, "black");
  assert.strictEqual(s.count.number, 3);
  assert.strictEqual(s.count.of, 64);
  assert.strictEqual(rules.state("makruk", fen, moves.slice(0, 5), { countStarted: 62 }).mayStopCount, true);
  // Bad values: an Error with the rules' own message.
  assert.throws(() => rules.state("makruk", fen, [], { countStarted: 70 }), /^Error: countStarted 70: beyond the next ply/);
  assert.throws(() => rules.state("makruk", "startpos", [], { countStarted: 1 }), /pawn/);
  assert.throws(() => rules.state("asean", "startpos", [], { countStarted: -1 }), /does not count by hand/);
  assert.throws(() => rules.state("makruk", fen, [], { countStarted: 1.5 }), /the count.s value must be a whole number, not 1.5/);
  assert.throws(() => rules.state("makruk", fen, [], { countStarted: NaN }), /whole number/);
  // A players' game to PGN and back.
  const countActions = [{ ply: 1, action: "start" }, { ply: 5, action: "stop" }];
  const text = rules.writePgn({ variant: "makruk", fen, moves, tags: [["White", "A"]], countActions });
  assert.match(text, /\[Counting "players"\]/);
  assert.match(text.replace(/\s+/g, " "), /31\. Ra2 \{\[%count start\]\} 31\.\.\. Rd6 .*33\. Ra4 \{\[%count stop\]\} 33\.\.\. Rd6/);
  const [game] = rules.readPgn(text);
  assert.strictEqual(game.counting, "players");
  assert.deepStrictEqual(game.countActions, countActions);
  assert.strictEqual(game.countStarted, -1);
  assert.deepStrictEqual(game.moves, moves);
  assert.throws(() => rules.writePgn({ fen, moves, countActions: [{ ply: 2, action: "stop" }] }), /no count is running/);
});

test("bench gives the native build's node count", { skip: !process.env.KHUN_NATIVE }, () => {
  const nodes = (text) => text.match(/Nodes searched: (\d+)/)[1];
  const wasm = execFileSync("node", [path.join(dist, "khun-uci.js"), "bench"]).toString();
  const native = execFileSync(process.env.KHUN_NATIVE, ["bench"]).toString();
  assert.strictEqual(nodes(wasm), nodes(native));
});

test("a go sent as a stopped search answers is searched in full", async () => {
  // A `go` arriving while the stopped search is still returning once stopped the
  // next search at its first pause (a stale stop).
  const lines = [];
  let sentNext = false;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const e = await Khun.createEngine({
    onLine: (line) => {
      lines.push(line);
      if (line.startsWith("bestmove") && !sentNext) {
        sentNext = true;
        e.send("position startpos moves e3e4");
        e.send("go depth 9");
      } else if (line.startsWith("bestmove")) {
        done();
      }
    },
  });
  e.send("go infinite");
  await new Promise((r) => setTimeout(r, 300));
  e.send("stop");
  await finished;
  const after = lines.slice(lines.findIndex((l) => l.startsWith("bestmove")) + 1);
  assert.ok(after.some((l) => l.startsWith("info depth 9 ")), after.join("\n"));
});

test("go ponder waits for ponderhit, then plays on its clock", async () => {
  const { e, lines, until } = await engine();
  e.send("position startpos moves e3e4 e6e5");
  e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
  await until(/^info depth 5 /);
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(!lines.some((l) => l.line.startsWith("bestmove")), "answered while pondering");
  e.send("ponderhit");
  const best = await until(/^bestmove /, 5000);
  assert.match(best.line, /^bestmove [a-h][1-8][a-h][1-8]/);
});

test("random lines never trap the engine: every go answered once, the engine still plays", async () => {
  // On WebAssembly a panic aborts the instance (natively the session catches it), so
  // the words the protocol knows are thrown at it in random order, with random values.
  let seed = 0x4b48554e;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const pick = (xs) => xs[random(xs.length)];
  const words = ["uci", "isready", "ucinewgame", "position", "startpos", "fen", "moves", "go",
    "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "infinite",
    "ponder", "searchmoves", "stop", "ponderhit", "setoption", "name", "value", "Hash",
    "MultiPV", "Skill Level", "UCI_Elo", "UCI_LimitStrength", "UCI_Variant", "UCI_ShowWDL",
    "Calibrated Score", "Clear Hash", "d", "eval", "e3e4", "d6d5", "b1d2", "a1a8", "e3e5",
    "8/8/8/4k3/8/8/7R/3K4", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR", "w", "b", "-",
    "32", "6", "0", "1", "-5", "99999999999999999999", "true", "false", "makruk", "asean",
    "ai-wok", "karouk", "\u0000", "\u00ff\u00fe", "", "x".repeat(300)];
  const lines = [];
  const e = await Khun.createEngine({ onLine: (l) => lines.push(l) });
  let gos = 0;
  for (let i = 0; i < 1500; i++) {
    let line = Array.from({ length: 1 + random(8) }, () => pick(words)).join(" ");
    if (random(4) === 0) line = `go ${pick(["depth 2", "nodes 3000", "movetime 10", "wtime 50 btime 50"])}`;
    if (/^\s*go\b/.test(line)) {
      // A go without a limit would search until stop: bound it as a GUI would.
      if (!/\b(depth|nodes|movetime|wtime|btime)\b/.test(line) || /\binfinite\b|\bponder\b/.test(line)) {
        line = `${line} movetime 10`;
        e.send(line);
        e.send("stop");
      } else {
        e.send(line);
      }
      gos++;
    } else if (/^\s*(bench|quit)\b/.test(line)) {
      continue;
    } else {
      e.send(line);
    }
    if (i % 100 === 99) {
      e.send("stop");
      e.send("isready");
      const deadline = performance.now() + 30000;
      while (!lines.includes("readyok") && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 50));
      assert.ok(!lines.some((l) => /internal error/.test(l)), lines.filter((l) => /internal/.test(l)).join("\n"));
      lines.splice(0, lines.length, ...lines.filter((l) => l.startsWith("bestmove")));
    }
  }
  // Every go answered (a go stops the one before, which answers too).
  e.send("stop");
  e.send("position startpos moves e3e4");
  e.send("go depth 3");
  const deadline = performance.now() + 30000;
  while (performance.now() < deadline) {
    const answers = lines.filter((l) => l.startsWith("bestmove")).length;
    if (answers >= gos + 1) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const answers = lines.filter((l) => l.startsWith("bestmove"));
  assert.strictEqual(answers.length, gos + 1, `${gos + 1} go, ${answers.length} bestmove`);
  assert.match(answers[answers.length - 1], /^bestmove [a-h][1-8][a-h][1-8]/);
});
