// web/write-sw.js, which writes the service worker's list and version into a build:
// under node, on a made-up build, no wasm build needed.
//   node --test web/tests/offline.test.js
// The service worker itself, in Chromium: web/tests/test_offline.py.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const { execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const vm = require("vm");

const WRITE_SW = path.join(__dirname, "..", "write-sw.js");

/** A made-up build: each file's text is its name. */
function build(files) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "khun-sw-"));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dist, f)), { recursive: true });
    fs.writeFileSync(path.join(dist, f), f);
  }
  fs.writeFileSync(path.join(dist, "package.json"), "{}\n"); // node reads it for --check

  return dist;
}

/** Runs write-sw.js on `dist`: the BUILD it wrote into sw.js. */
function written(dist) {
  execFileSync(process.execPath, [WRITE_SW, dist], { stdio: "pipe" });
  const source = fs.readFileSync(path.join(dist, "sw.js"), "utf8");
  execFileSync(process.execPath, ["--check", path.join(dist, "sw.js")]); // it parses
  const at = source.indexOf("const BUILD = ") + "const BUILD = ".length;
  return JSON.parse(source.slice(at, source.indexOf(";\n", at)));
}

const FILES = ["index.html", "manifest.webmanifest", "khun.js", "khun.worker.js", "khun.wasm",
  "khun-nosimd.wasm", "khun-uci.js", "stockfish.js", "stockfish.worker.js", "package.json", "README.md",
  "LICENSE", "page/main.js", "page/style.css", "page/ART.md", "page/pieces/khun_w.svg",
  "page/pieces/LICENSE", "page/vendor/chessgroundx.js", "page/vendor/chessgroundx.LICENSE",
  "page/icons/khun-192.png", "page/table.worker.js"];

test("the list: what the page loads or links to, and the two wasm flavours apart", () => {
  const dist = build(FILES);
  try {
    const b = written(dist);
    assert.deepStrictEqual(b.files, ["index.html", "khun.js", "khun.worker.js", "manifest.webmanifest",
      "page/ART.md", "page/main.js", "page/pieces/LICENSE", "page/pieces/khun_w.svg", "page/style.css",
      "page/table.worker.js", "page/vendor/chessgroundx.js"]);
    assert.deepStrictEqual(b.wasm, { simd: "khun.wasm", nosimd: "khun-nosimd.wasm" });
    assert.match(b.version, /^[0-9a-f]{16}$/);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

test("the version: the same for the same files, another when any file changes", () => {
  const dist = build(FILES);
  try {
    const first = written(dist).version;
    assert.strictEqual(written(dist).version, first, "a build that changed nothing");
    fs.appendFileSync(path.join(dist, "khun-nosimd.wasm"), "x");
    const second = written(dist).version;
    assert.notStrictEqual(second, first, "the wasm without SIMD changed");
    fs.appendFileSync(path.join(dist, "page/style.css"), "x");
    assert.notStrictEqual(written(dist).version, second, "a page file changed");
    // Files the service worker does not keep do not make a new version.
    const third = written(dist).version;
    fs.appendFileSync(path.join(dist, "stockfish.js"), "x");
    fs.appendFileSync(path.join(dist, "page/icons/khun-192.png"), "x");
    assert.strictEqual(written(dist).version, third);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

/**
 * Runs `dist`'s sw.js in a made-up service worker scope (khun.js from web/src, the
 * browser's WebAssembly or one without SIMD) through its install: the files it caches.
 */
async function installed(dist, simd) {
  const put = [];
  const asked = [];
  const scope = {
    registration: { scope: "https://khun.example/" },
    location: { href: "https://khun.example/sw.js" },
    TextEncoder, TextDecoder, URL, console,
    WebAssembly: { ...WebAssembly, validate: simd ? WebAssembly.validate : () => false },
    listeners: {},
    addEventListener(type, fn) { this.listeners[type] = fn; },
    Request: class { constructor(url, init) { this.url = url; this.cache = init.cache; } },
    fetch: async (request) => { asked.push(request.cache); return { ok: true, status: 200 }; },
    caches: { open: async () => ({ put: async (file) => put.push(file) }) },
  };
  scope.self = scope;
  scope.importScripts = (file) => {
    assert.strictEqual(file, "khun.js");
    vm.runInContext(fs.readFileSync(path.join(__dirname, "..", "src", "khun.js"), "utf8"), scope);
  };
  vm.createContext(scope);
  vm.runInContext(fs.readFileSync(path.join(dist, "sw.js"), "utf8"), scope);
  let done;
  scope.listeners.install({ waitUntil: (promise) => (done = promise) });
  await done;
  assert.ok(asked.every((mode) => mode === "no-cache"), "every file asked for afresh");
  return put.sort();
}

test("the install caches the build's files and the one wasm flavour the browser runs", async () => {
  const dist = build(FILES);
  try {
    const { files } = written(dist);
    assert.deepStrictEqual(await installed(dist, true), [...files, "khun.wasm"].sort());
    assert.deepStrictEqual(await installed(dist, false), [...files, "khun-nosimd.wasm"].sort());
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
});
