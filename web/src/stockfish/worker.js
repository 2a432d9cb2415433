/*
 * The worker behind stockfish.js (the Fairy-Stockfish module shape): web/build.sh
 * copies it to web/dist/stockfish.worker.js, the file name a board written for
 * Fairy-Stockfish's wasm build loads. It loads khun.js and khun.wasm, the same files
 * the page and khun.worker.js load, from where stockfish.js says (beside it, or the
 * board's `locateFile`). Runs as a Web Worker, or as a worker thread under node.
 *
 * Messages in: first {khun: "start", script, wasm, wasmNoSimd} (khun.js, khun.wasm and
 * khun-nosimd.wasm: URLs, or paths under node), then UCI text (one or more lines). Out:
 * each output line as a string; {khun: "ready"} once the engine runs, {khun: "failed",
 * message} if it cannot start, {khun: "quit"} before it ends.
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
/* global Khun, importScripts */
(function () {
  "use strict";
  const inNode = typeof importScripts !== "function" && typeof require === "function";
  const port = inNode ? require("worker_threads").parentPort : self;

  // The games Khun plays, by the names Fairy-Stockfish gives them.
  const GAMES = ["makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok", "sittuyin"];
  // Options a Fairy-Stockfish board sets for that engine: one search thread here, and
  // the network is built in (a board turns NNUE off where it has no file to give).
  const IGNORED = /^\s*setoption\s+name\s+(threads|evalfile|use\s+nnue)(\s+value\b.*)?\s*$/i;

  function post(message) {
    port.postMessage(message);
  }

  /** An output line, errors in Fairy-Stockfish's form ("info string ERROR: ..."). */
  function out(line) {
    const error = /^info string error: /.exec(line);
    post(error ? "info string ERROR: " + line.slice(error[0].length) : line);
  }

  /**
   * A variants file (Fairy-Stockfish's variants.ini: `[name]` or `[name:parent]`
   * sections of `key = value` lines, `#` and `;` comments): each section named for
   * a game Khun plays is taken, with Khun's rules for it; the others are refused,
   * all named on one line.
   */
  function variantsFile(text, command) {
    const refused = [];
    for (const raw of text.split("\n")) {
      const section = /^\[([^\]]*)\]/.exec(raw.replace(/\r$/, ""));
      if (!section) continue;
      const [name, parent] = section[1].split(":").map((s) => s.trim());
      if (!GAMES.includes(name)) refused.push(parent ? `'${name}' (from ${parent})` : `'${name}'`);
    }
    if (refused.length === 0) return;
    const which = refused.length === 1 ? `variant ${refused[0]}` : `variants ${refused.join(", ")}`;
    out(
      `info string ERROR: ${command}: Khun does not play ${which}` +
        `${command === "load" ? "; not loaded" : ""} (it plays ${GAMES.join(", ")})`
    );
  }

  /** `load PATH` / `check PATH`: a file under node; a page has none. */
  function variantsPath(command, path) {
    if (!path) return;
    if (!inNode) {
      out(
        `info string ERROR: ${command}: no files here (${path}); ` +
          `send the variants inline: ${command} <<EOF, its lines, EOF`
      );
      return;
    }
    let text;
    try {
      text = require("fs").readFileSync(path, "utf8");
    } catch (error) {
      out(`info string ERROR: ${command}: cannot read ${path}: ${error.message}`);
      return;
    }
    variantsFile(text, command);
  }

  let engine = null;
  const early = []; // lines that came while khun.wasm was loading
  let heredoc = null; // {command, marker, lines} while a here-doc is read

  function line(text) {
    if (heredoc) {
      if (text.replace(/\r$/, "") === heredoc.marker) {
        variantsFile(heredoc.lines.join("\n"), heredoc.command);
        heredoc = null;
      } else {
        heredoc.lines.push(text);
      }
      return;
    }
    const load = /^\s*(load|check)\b\s*(.*?)\s*$/.exec(text);
    if (load) {
      const here = /^<<\s*(\S*)/.exec(load[2]);
      if (here) heredoc = { command: load[1], marker: here[1], lines: [] };
      else variantsPath(load[1], load[2]);
      return;
    }
    if (IGNORED.test(text)) return;
    if (text.trim()) engine.send(text);
  }

  function received(data) {
    if (data && typeof data === "object") {
      if (data.khun === "start") start(data);
      return;
    }
    for (const text of String(data).split(/\r?\n/)) {
      if (engine) line(text);
      else early.push(text);
    }
  }

  /** khun.js: a global in a Web Worker (importScripts), the module's exports under node. */
  function loader(script) {
    if (inNode) return require(script);
    importScripts(script);
    return Khun;
  }

  function start({ script, wasm, wasmNoSimd }) {
    let khun;
    try {
      khun = loader(script);
    } catch (error) {
      post({ khun: "failed", message: `cannot load ${script}: ${error.message}` });
      return;
    }
    khun
      .compile(khun.defaultFile() === "khun.wasm" ? wasm : wasmNoSimd)
      .then((module) => khun.createEngine({ wasm: module, onLine: out }))
      .then(
        (created) => {
          engine = created;
          engine.onQuit = () => {
            post({ khun: "quit" });
            if (inNode) process.exit(0);
            else self.close();
          };
          post({ khun: "ready" });
          for (const text of early.splice(0)) line(text);
        },
        (error) => post({ khun: "failed", message: error.message })
      );
  }

  if (inNode) port.on("message", received);
  else self.onmessage = (event) => received(event.data);
})();
