#!/usr/bin/env node
// How long the wasm engine takes to answer `isready` and `stop` while `go infinite`
// searches, seen from another process as a page sees its worker (messages from
// another thread): the engine is `node web/dist/khun-uci.js` on pipes.
//   node lab/tools/web_latency.js [TRIALS=20] [path/to/khun-uci.js]
// Each trial: a bench position, `go infinite`, `isready` after 300 ms, `stop` after
// 300 ms more; prints each latency, the median and the worst.
"use strict";
const path = require("path");
const fs = require("fs");
const { spawn } = require("child_process");
const root = path.join(__dirname, "..", "..");
const trials = Number(process.argv[2] || 20);
const engineJs = path.resolve(process.argv[3] || path.join(root, "web", "dist", "khun-uci.js"));
const fens = [...fs.readFileSync(path.join(root, "src", "bench.rs"), "utf8")
  .matchAll(/^\s*"([^"]+ [wb] [^"]+)",$/gm)].map((m) => m[1]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const child = spawn("node", [engineJs], { stdio: ["pipe", "pipe", "inherit"] });
  let buffered = "";
  let waiting = null;
  child.stdout.on("data", (chunk) => {
    const at = performance.now();
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (waiting && waiting.pattern.test(line)) {
        const w = waiting;
        waiting = null;
        w.resolve(at);
      }
    }
  });
  const send = (line) => child.stdin.write(line + "\n");
  const answer = (pattern) => new Promise((resolve) => (waiting = { pattern, resolve }));
  let got = answer(/^readyok$/);
  send("isready");
  await got;
  const ready = [];
  const stop = [];
  for (let i = 0; i < trials; i++) {
    send(`position fen ${fens[i % fens.length]}`);
    send("go infinite");
    await sleep(300);
    let asked = performance.now();
    got = answer(/^readyok$/);
    send("isready");
    ready.push((await got) - asked);
    await sleep(300);
    asked = performance.now();
    got = answer(/^bestmove /);
    send("stop");
    stop.push((await got) - asked);
  }
  const show = (name, xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(`${name}: median ${sorted[sorted.length >> 1].toFixed(1)} ms, worst ` +
      `${sorted[sorted.length - 1].toFixed(1)} ms over ${xs.length} (${xs.map((x) => x.toFixed(0)).join(" ")})`);
  };
  show("isready -> readyok", ready);
  show("stop -> bestmove", stop);
  send("quit");
}
main();
