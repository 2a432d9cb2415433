/*
 * Khun in the shape of Fairy-Stockfish's WebAssembly module (the npm package
 * fairy-stockfish-nnue.wasm), for boards written for it (pychess.org's analysis):
 *
 *   <script src="stockfish.js"></script>            // or require("./stockfish.js")
 *   Stockfish().then((engine) => {
 *     engine.addMessageListener((line) => ...);     // one output line per call
 *     engine.postMessage("uci");                    // one command per call (or several lines)
 *   });
 *
 * That package's stockfish.js (this factory) and stockfish.worker.js (the engine, run in
 * a Web Worker, or a worker thread under node), which loads khun.js and khun.wasm (or
 * khun-nosimd.wasm where WebAssembly SIMD is missing) from beside it: one copy of each
 * for the page and this module alike, no stockfish.wasm. The search runs in the worker,
 * so the page never waits on it; no SharedArrayBuffer or cross-origin isolation is
 * needed.
 *
 * What a Fairy-Stockfish board relies on, and Khun does here:
 *   - the first line, after the promise resolves, starts with "Fairy-Stockfish" (the
 *     line such boards wait for before they send `load` and `uci`): it says that this
 *     is Khun, in that module's shape; `id name` says Khun and its version.
 *   - `load <<MARKER` / `check <<MARKER`, a variants file (variants.ini) up to MARKER:
 *     its lines come from window.prompt where the board replaced it (as Fairy-Stockfish's
 *     stdin does), else from the next postMessage lines. Sections named for a game Khun
 *     plays (makruk, cambodian, karouk, makpong, asean, ai-wok) are taken (Khun's own
 *     rules); any other gets "info string ERROR: ..." and is not loaded.
 *   - Khun's error lines are written "info string ERROR: ..." as Fairy-Stockfish writes
 *     them; the worker dying gives one that says "terminated".
 *   - `Threads`, `EvalFile` and `Use NNUE` are taken and ignored: one search thread, the
 *     network built in (a board sets NNUE off where it has no Fairy-Stockfish network
 *     file to give); `FS.writeFile` (a network file for Fairy-Stockfish) is ignored too.
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory();
  } else {
    root.Stockfish = factory();
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  const isNode =
    typeof process !== "undefined" &&
    !!(process.versions && process.versions.node) &&
    typeof window === "undefined";
  // Where this script was loaded from: the worker and the wasm lie beside it.
  const scriptUrl =
    (typeof document !== "undefined" && document.currentScript && document.currentScript.src) ||
    (typeof self !== "undefined" && self.location && self.location.href) ||
    undefined;

  const BANNER =
    "Fairy-Stockfish compatible module: Khun, a makruk engine (WebAssembly), by the Khun developers";

  /** Whether `fn` is the browser's own (a dialog), not a board's replacement. */
  function isNativeFunction(fn) {
    return /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn));
  }

  /**
   * The lines of a here-doc up to `marker`, read as Fairy-Stockfish's stdin reads them
   * in a page: from window.prompt, where a board has replaced it with its queue. Null
   * where there is no such prompt (the lines then come with the next messages).
   */
  function promptedLines(marker) {
    if (typeof window === "undefined" || typeof window.prompt !== "function") return null;
    if (isNativeFunction(window.prompt)) return null;
    const lines = [];
    let empty = 0;
    for (;;) {
      const got = window.prompt("Input: ");
      if (got === null || got === undefined) break; // the end of input
      const line = String(got).replace(/\r$/, "");
      if (line === marker) break;
      // A queue that ran out answers "" for ever: a file does not end in 10 000 of them.
      empty = line === "" ? empty + 1 : 0;
      if (empty >= 10000) break;
      lines.push(line);
    }
    return lines;
  }

  function locate(options, file) {
    if (typeof options.locateFile === "function") {
      const prefix = scriptUrl ? scriptUrl.slice(0, scriptUrl.lastIndexOf("/") + 1) : "";
      return options.locateFile(file, prefix);
    }
    if (isNode) return require("path").join(__dirname, file);
    return new URL(file, scriptUrl || undefined).href;
  }

  /**
   * Starts the engine. `options.locateFile(file, prefix)` may say where
   * stockfish.worker.js, khun.js, khun.wasm and khun-nosimd.wasm are (as emscripten's
   * `locateFile`, which that package asks for stockfish.worker.js and stockfish.wasm).
   * Resolves to the engine once its wasm is running.
   */
  function Stockfish(options) {
    options = options || {};
    return new Promise((resolve, reject) => {
      const listeners = [];
      let worker;
      let started = false;
      let bannered = false;
      let ended = false;

      function emit(line) {
        if (listeners.length === 0) {
          console.log(line); // as Fairy-Stockfish's module does
          return;
        }
        for (const listener of listeners.slice()) listener(line);
      }
      function banner() {
        if (bannered || ended) return;
        bannered = true;
        emit(BANNER);
      }
      function send(message) {
        if (!ended) worker.postMessage(message);
      }
      function died(reason) {
        if (ended) return;
        ended = true;
        if (!started) {
          reject(new Error(`Khun's engine did not start: ${reason}`));
          return;
        }
        emit(`info string ERROR: Khun's engine terminated: ${reason}`);
      }
      function received(data) {
        if (typeof data === "string") {
          banner();
          emit(data);
        } else if (data && data.khun === "ready") {
          started = true;
          resolve(engine);
          // After the board's `then` has added its listener, as Fairy-Stockfish's
          // first line comes after its module resolves.
          setTimeout(banner, 0);
        } else if (data && data.khun === "failed") {
          died(data.message);
          if (worker) worker.terminate();
        } else if (data && data.khun === "quit") {
          ended = true;
        }
      }

      const engine = {
        /** One UCI command (or several lines); the here-doc of `load <<M` as above. */
        postMessage(text) {
          text = String(text);
          const heredoc = /^\s*(?:load|check)\s+<<\s*(\S*)/.exec(text);
          if (heredoc && !text.includes("\n")) {
            const lines = promptedLines(heredoc[1]);
            if (lines !== null) text = [text, ...lines, heredoc[1]].join("\n");
          }
          send(text);
        },
        addMessageListener(listener) {
          listeners.push(listener);
        },
        removeMessageListener(listener) {
          const i = listeners.indexOf(listener);
          if (i >= 0) listeners.splice(i, 1);
        },
        /** Ends the engine (its worker) at once. */
        terminate() {
          if (ended) return;
          ended = true;
          worker.terminate();
        },
        // Where a board writes a network file for Fairy-Stockfish: Khun's is built in.
        FS: { writeFile() {} },
      };

      try {
        const workerFile = locate(options, "stockfish.worker.js");
        // The worker loads the loader and picks the flavour its engine can run.
        const start = {
          khun: "start",
          script: locate(options, "khun.js"),
          wasm: locate(options, "khun.wasm"),
          wasmNoSimd: locate(options, "khun-nosimd.wasm"),
        };
        if (isNode) {
          const { Worker } = require("worker_threads");
          worker = new Worker(workerFile);
          worker.on("message", received);
          worker.on("error", (error) => died(error.message));
          worker.on("exit", () => {
            if (!ended) died("its worker exited");
          });
        } else {
          worker = new Worker(workerFile);
          worker.onmessage = (event) => received(event.data);
          worker.onerror = (event) => {
            event.preventDefault();
            died(event.message || `cannot run ${workerFile}`);
          };
        }
        worker.postMessage(start);
      } catch (error) {
        ended = true;
        reject(error);
      }
    });
  }

  return Stockfish;
});
