/*
 * Khun for JavaScript: loads khun.wasm and gives
 *   - Khun.loadRules(source?)  -> the rules of makruk and its relatives (legal moves,
 *                                 drops, SAN, FEN, the count),
 *   - Khun.createEngine(opts)  -> a UCI engine fed line by line (what khun.worker.js
 *                                 and khun-uci.js run).
 * One file for a page (<script src="khun.js">: window.Khun), a worker
 * (importScripts("khun.js")) and node (require("./khun.js")). See web/README.md.
 *
 * The engine searches on the caller's only thread. So that `stop` and `isready`
 * are read while it searches, the search calls the host's `poll` every thousand
 * nodes; every `sliceMs` milliseconds this file suspends it there (binaryen's
 * asyncify unwinds the wasm stack into a buffer), lets the event loop deliver the
 * messages that came in, and resumes it (src/search/host.rs is the Rust side).
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory();
  } else {
    root.Khun = factory();
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  const isNode =
    typeof process !== "undefined" && !!(process.versions && process.versions.node);
  // Where this script was loaded from, so khun.wasm is found beside it.
  const scriptUrl =
    (typeof document !== "undefined" && document.currentScript && document.currentScript.src) ||
    (typeof self !== "undefined" && self.location && self.location.href) ||
    undefined;

  /** Milliseconds from a monotonic clock. */
  const now =
    typeof performance !== "undefined" && performance.now
      ? () => performance.now()
      : () => Date.now();

  // A module whose one function returns a v128: valid only where WebAssembly SIMD is.
  const SIMD_PROBE = new Uint8Array([
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b, 3, 2, 1, 0, 0x0a, 0x16, 1,
    0x14, 0, 0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0b,
  ]);

  /** khun.wasm (SIMD) where the engine has WebAssembly SIMD, else khun-nosimd.wasm. */
  function defaultFile() {
    return WebAssembly.validate(SIMD_PROBE) ? "khun.wasm" : "khun-nosimd.wasm";
  }

  /** Compiles khun.wasm: `source` is a URL, bytes, a compiled module, or beside this file. */
  async function compile(source) {
    if (source instanceof WebAssembly.Module) return source;
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
      return WebAssembly.compile(source);
    }
    if (isNode && (source === undefined || !/^(https?|file):/.test(String(source)))) {
      const fs = require("fs");
      const path = require("path");
      return WebAssembly.compile(fs.readFileSync(source || path.join(__dirname, defaultFile())));
    }
    const url = new URL(source || defaultFile(), scriptUrl || undefined);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  }

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  // Bytes for the suspended search's stack (asyncify); the search goes ~130 plies deep.
  const PAUSE_BUFFER_BYTES = 1 << 20;

  /** One instance of khun.wasm with its imports wired. */
  class Wasm {
    constructor() {
      this.onLine = () => {};
      this.events = 0; // bit 0: stop, bit 1: ponderhit (see src/search/host.rs)
      this.canPause = false;
      this.pausing = false;
      this.resuming = false;
      this.pauseIdle = false;
      this.lastPause = 0;
      this.sliceMs = 16;
    }

    async start(module) {
      const imports = {
        khun: {
          now_ms: now,
          line: (ptr, len) => this.onLine(this.text(ptr, len)),
          poll: (idle) => this.poll(idle),
        },
      };
      this.instance = await WebAssembly.instantiate(module, imports);
      this.exports = this.instance.exports;
      this.pauseBuffer = this.exports.khun_alloc(PAUSE_BUFFER_BYTES);
      return this;
    }

    bytes() {
      return new Uint8Array(this.exports.memory.buffer);
    }

    text(ptr, len) {
      return decoder.decode(this.bytes().subarray(ptr, ptr + len));
    }

    /** Copies `text` into the module's memory: [ptr, len]; free with khun_free. */
    put(text) {
      const bytes = encoder.encode(text);
      const ptr = this.exports.khun_alloc(bytes.length);
      this.bytes().set(bytes, ptr);
      return [ptr, bytes.length];
    }

    /** Reads and frees an answer (a 4-byte length, then UTF-8). */
    take(ptr) {
      const len = new DataView(this.exports.memory.buffer).getUint32(ptr, true);
      const text = this.text(ptr + 4, len);
      this.exports.khun_free(ptr, len + 4);
      return text;
    }

    /** The search's `poll`: suspends it when a slice is used up (or it only waits). */
    poll(idle) {
      if (this.resuming) {
        // Back from a pause: the call returns what came in meanwhile.
        this.exports.asyncify_stop_rewind();
        this.resuming = false;
      } else if (this.canPause && (idle || now() - this.lastPause >= this.sliceMs)) {
        const view = new DataView(this.exports.memory.buffer);
        view.setUint32(this.pauseBuffer, this.pauseBuffer + 8, true);
        view.setUint32(this.pauseBuffer + 4, this.pauseBuffer + PAUSE_BUFFER_BYTES, true);
        this.exports.asyncify_start_unwind(this.pauseBuffer);
        this.pausing = true;
        this.pauseIdle = !!idle;
        return 0;
      }
      const events = this.events;
      this.events = 0;
      return events;
    }

    /** Calls an export that may pause; `breathe` lets the event loop run meanwhile. */
    async call(name, args, breathe) {
      const exported = this.exports[name];
      this.canPause = true;
      this.lastPause = now();
      try {
        let result = exported(...args);
        while (this.pausing) {
          this.exports.asyncify_stop_unwind();
          this.pausing = false;
          await breathe(this.pauseIdle);
          this.lastPause = now();
          this.exports.asyncify_start_rewind(this.pauseBuffer);
          this.resuming = true;
          result = exported(...args);
        }
        return result;
      } finally {
        this.canPause = false;
        this.pausing = false;
        this.resuming = false;
      }
    }
  }

  /** Lets the event loop run: at once (a message channel, not clamped like timers). */
  function makeBreather() {
    if (isNode) {
      return (idle) => new Promise((resolve) => (idle ? setTimeout(resolve, 5) : setImmediate(resolve)));
    }
    const channel = new MessageChannel();
    const waiting = [];
    channel.port1.onmessage = () => waiting.shift()();
    return (idle) =>
      new Promise((resolve) => {
        if (idle) {
          setTimeout(resolve, 5);
        } else {
          waiting.push(resolve);
          channel.port2.postMessage(0);
        }
      });
  }

  /**
   * A UCI engine. `onLine(line)` receives each line it prints. `send(text)` takes one
   * or more lines. While a `go` searches: `stop` and `ponderhit` reach the search at
   * its next pause, `isready` is answered at once, a new `go` or `ucinewgame` stops it
   * first (as natively), and other commands wait for its `bestmove`.
   */
  async function createEngine({ wasm, onLine }) {
    const module = await compile(wasm);
    const breathe = makeBreather();
    const queue = [];
    let engine = null;
    let session = 0;
    let running = null; // the command being handled
    let pumping = false;
    let quit = false;
    const optionLines = []; // replayed into a fresh instance after a crash
    const headOf = (line) => line.trim().split(/\s+/)[0];
    const isGo = (line) => line !== null && headOf(line) === "go";

    async function fresh() {
      engine = await new Wasm().start(module);
      engine.onLine = (line) => onLine(line);
      session = engine.exports.khun_session_new();
    }
    await fresh();

    async function handle(line) {
      const wasm = engine;
      const [ptr, len] = wasm.put(line);
      try {
        return await wasm.call("khun_session_line", [session, ptr, len], breathe);
      } catch (error) {
        // A bug in the engine traps the instance: report it and start a new one
        // with the options set so far, so the GUI can go on.
        onLine(`info string error: internal error while handling '${line.slice(0, 40)}': ${error.message}`);
        if (isGo(line)) onLine("bestmove 0000");
        await fresh();
        for (const option of optionLines) {
          const [p, l] = engine.put(option);
          await engine.call("khun_session_line", [session, p, l], breathe);
        }
        return 1;
      } finally {
        // A trapped instance was replaced; its memory goes with it.
        if (wasm === engine) wasm.exports.khun_free(ptr, len);
      }
    }


    // While a `go` searches, the lines behind it that act on a running search act now,
    // as natively (where `go` returns at once and the loop reads on): `stop` and
    // `ponderhit` reach the search at its next pause, `isready` is answered. A later
    // `go`, `ucinewgame` or `quit` stops it (natively they stop a running search
    // first), and what comes after one of those belongs to the next command.
    function deliverToSearch() {
      for (let i = 0; i < queue.length; ) {
        const head = headOf(queue[i]);
        if (head === "go" || head === "ucinewgame" || head === "quit") {
          engine.events |= 1;
          return;
        }
        if (head === "stop" || head === "ponderhit" || head === "isready") {
          queue.splice(i, 1);
          if (head === "stop") engine.events |= 1;
          else if (head === "ponderhit") engine.events |= 2;
          else onLine("readyok");
        } else {
          i++;
        }
      }
    }

    async function pump() {
      if (pumping) return;
      pumping = true;
      while (queue.length && !quit) {
        const line = queue.shift();
        running = line;
        // A `stop` meant for a search that ended before it was read must not stop
        // the next one.
        engine.events = 0;
        if (isGo(line)) deliverToSearch();
        if (headOf(line) === "setoption") optionLines.push(line);
        const more = await handle(line);
        running = null;
        if (!more) quit = true;
      }
      pumping = false;
      if (quit && api.onQuit) api.onQuit();
    }

    function sendLine(line) {
      queue.push(line);
      if (isGo(running)) deliverToSearch();
      pump();
    }

    const api = {
      send(text) {
        for (const line of String(text).split(/\r?\n/)) {
          if (line.length) sendLine(line);
        }
      },
      /** True while a command (a search, a bench) is being handled. */
      get busy() {
        return pumping;
      },
      onQuit: null,
    };
    return api;
  }

  /** The rules, synchronous once loaded (see web/README.md for every answer's fields). */
  async function loadRules(source) {
    const wasm = await new Wasm().start(await compile(source));
    // The endgame tables the `table` requests build, kept for the next request.
    const tables = wasm.exports.khun_rules_new();
    function ask(request) {
      const [ptr, len] = wasm.put(JSON.stringify(request));
      let reply;
      try {
        reply = JSON.parse(wasm.take(wasm.exports.khun_rules(tables, ptr, len)));
      } finally {
        wasm.exports.khun_free(ptr, len);
      }
      if ("error" in reply) {
        // The English reason, and what a page words it by in its own language: a stable
        // code and the values it names (src/rules_api/refusal.rs lists them).
        const error = new Error(reply.error);
        error.code = reply.code || "refused";
        error.params = reply.params || {};
        throw error;
      }
      return reply.ok;
    }
    let variantList = null;
    return {
      // Any question the rules answer, as typed in src/rules_api/questions.rs: the
      // functions below are named forms of it.
      ask,
      variants: () => ask({ op: "variants" }),
      // options: {table, countStarted, notation} (countStarted: pyffish's count_started, 0
      // automatic, -1 players' counting with no count running, N a count running since game
      // ply N; notation: "san", the default, "lan", "thaiSan" or "thaiLan").
      state: (variant, fen, moves = [], options = {}) => {
        const request = { op: "state", variant, fen, moves, table: !!options.table };
        // Sent only when asked, so an answer without it is what it always was.
        if (options.notation !== undefined && options.notation !== null) request.notation = options.notation;
        const n = options.countStarted;
        if (n !== undefined && n !== null) {
          // NaN and Infinity would turn into null in JSON: send them as text, so the
          // rules refuse them with their own message.
          request.countStarted = typeof n === "number" && Number.isFinite(n) ? n : String(n);
        }
        return ask(request);
      },
      san: (variant, fen, uci, notation) => ask(notation ? { op: "san", variant, fen, uci, notation } : { op: "san", variant, fen, uci }),
      uciFromSan: (variant, fen, san) => ask({ op: "uciFromSan", variant, fen, san }),
      // Each game: {tags, variant, fen, moves, sans, result, end, error, errorCode,
      // errorParams, counting, countActions, countStarted, comments, tree, notes}; tree:
      // [{uci, san, nags, before, after, clockMs, drawOffer, variations: [[node, ...]]}].
      readPgn: (text) => ask({ op: "readPgn", text }),
      // game: {variant, fen, moves, tags: [[name, value], ...], result, counting,
      // countActions, tree, comments, notation: "san" | "thaiSan"}; `tree` as readPgn
      // answers it (a node's move by `uci`, or `san`).
      writePgn: (game = {}) => ask({ ...game, op: "writePgn" }),
      // {valid, problems: [{error, code, params}]}: whether a FEN could arise in a game
      // (an editor's check): its refusal, or what its count fields cannot be.
      checkFen: (variant, fen) => ask({ op: "checkFen", variant, fen }),
      // The puzzle finder (src/puzzles/), a search on this thread: request {pgn} (every
      // position of its games), {positions: [fen, ...]} or {fen, moves} (a game), with
      // {variant, countStarted, depth (8), nodes, format: "json" | "pychess"}; answers
      // {puzzles: [{fen, variant, bm, moves, type, theme, eval, second, depth,
      // difficulty, count, game, ply}], tally, errors}.
      findPuzzles: (request = {}) => ask({ ...request, op: "findPuzzles" }),
      // The puzzle checker: {fen, moves (before the puzzle), solution: [uci, ...], type,
      // variant, countStarted, depth, nodes}; answers {valid, reasons, type, theme,
      // puzzle, bestMove, eval, second, depth}, and action (start, stop, keep) for a
      // players' count act: under players' counting type may be count-start,
      // count-stop or count-keep (solution: the moves after the act); no type, no act.
      checkPuzzle: (request = {}) => ask({ ...request, op: "checkPuzzle" }),
      // One game's facts (an entry of variants()), or undefined.
      variant: (name) => {
        variantList = variantList || ask({ op: "variants" });
        return variantList.find((v) => v.name === name);
      },
    };
  }

  return { compile, createEngine, defaultFile, loadRules };
});
