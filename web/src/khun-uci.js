#!/usr/bin/env node
/*
 * Khun's WebAssembly build as a UCI engine on stdin/stdout, for match runners
 * (cutechess-cli, makruk-match) and for measuring the browser build:
 *   node khun-uci.js              # UCI on stdin/stdout
 *   node khun-uci.js bench [D]    # one command, then quit (as `khun bench`)
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
"use strict";
const Khun = require("./khun.js");
const readline = require("readline");

async function main() {
  const engine = await Khun.createEngine({
    onLine: (line) => process.stdout.write(line + "\n"),
  });
  engine.onQuit = () => process.exit(0);
  const command = process.argv.slice(2).join(" ").trim();
  if (command) {
    engine.send(command);
    engine.send("quit");
    return;
  }
  const input = readline.createInterface({ input: process.stdin, terminal: false });
  input.on("line", (line) => engine.send(line));
  // The end of input means quit, as natively.
  input.on("close", () => engine.send("quit"));
}

main().catch((error) => {
  process.stderr.write(`khun-uci.js: ${error.stack || error}\n`);
  process.exit(1);
});
