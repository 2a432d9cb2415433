/*
 * Khun as a Web Worker, as the stockfish.js family of engines are run:
 *   const engine = new Worker("khun.worker.js");
 *   engine.onmessage = (e) => console.log(e.data);   // one UCI line per message
 *   engine.postMessage("uci");                        // one or more lines per message
 * `stop` and `isready` are answered while a search runs; no SharedArrayBuffer or
 * cross-origin isolation is needed. khun.js and khun.wasm lie beside this file.
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
/* global Khun, importScripts */
importScripts("khun.js");

// Lines that arrive while khun.wasm is still loading wait for it.
const early = [];
let engine = null;

self.onmessage = (event) => {
  const text = typeof event.data === "string" ? event.data : String(event.data);
  if (engine) engine.send(text);
  else early.push(text);
};

Khun.createEngine({ onLine: (line) => self.postMessage(line) }).then(
  (created) => {
    engine = created;
    engine.onQuit = () => self.close();
    for (const text of early.splice(0)) engine.send(text);
  },
  (error) => self.postMessage(`info string error: cannot start the engine: ${error.message}`)
);
