#!/usr/bin/env node
/*
 * Writes DIST/sw.js, the page's service worker (web/src/sw.js), with what it precaches:
 *   node web/write-sw.js web/dist          (web/build.sh runs it last, --page too)
 *
 * The list: what the page loads or links to at run time (index.html, the manifest,
 * khun.js, khun.worker.js, every file under page/ but the install icons, which the
 * browser fetches for the manifest by itself, and the board's licence), and the two
 * wasm flavours, of which the service worker caches the one the browser runs. The version: a hash of all of them
 * and of the service worker's own source, so a build that changes any file gives a new
 * sw.js (which is how a browser notices a new build: it compares sw.js byte for byte)
 * and a build that changes nothing gives the same one (no update for nothing).
 *
 * Copyright the Khun developers; GPL-3.0-or-later.
 */
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");

const ROOT_FILES = ["index.html", "manifest.webmanifest", "khun.js", "khun.worker.js"];
const WASM = { simd: "khun.wasm", nosimd: "khun-nosimd.wasm" };
// Neither loaded nor linked by the page: the install icons (the browser fetches them for
// the manifest by itself) and the board's licence (page/vendor/chessgroundx.LICENSE).
const LEFT_OUT = /^page\/icons\/|^page\/vendor\/.*\.LICENSE$/;
const PLACEHOLDER = "const BUILD = null; // web/write-sw.js writes the build here";

function filesUnder(dist, dir) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dist, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(dist, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function main() {
  const dist = path.resolve(process.argv[2] || path.join(__dirname, "dist"));
  const template = fs.readFileSync(path.join(__dirname, "src", "sw.js"), "utf8");
  if (!template.includes(PLACEHOLDER)) throw new Error("web/src/sw.js has no build placeholder");
  const exists = (f) => fs.existsSync(path.join(dist, f));
  const missing = [...ROOT_FILES, ...Object.values(WASM)].filter((f) => !exists(f));
  if (missing.length) console.error(`web/write-sw.js: not in ${dist}, left out: ${missing.join(" ")}`);
  const files = [...ROOT_FILES.filter(exists), ...filesUnder(dist, "page").filter((f) => !LEFT_OUT.test(f))].sort();
  const wasm = Object.fromEntries(Object.entries(WASM).filter(([, f]) => exists(f)));

  const hash = crypto.createHash("sha256").update(template);
  let bytes = 0;
  for (const f of [...files, ...Object.values(wasm)]) {
    const content = fs.readFileSync(path.join(dist, f));
    if (files.includes(f)) bytes += content.length;
    hash.update(`${f}\0${crypto.createHash("sha256").update(content).digest("hex")}\n`);
  }
  const build = { version: hash.digest("hex").slice(0, 16), files, wasm };
  const source = template.replace(PLACEHOLDER, `const BUILD = ${JSON.stringify(build, null, 2)};`);
  fs.writeFileSync(path.join(dist, "sw.js"), source);
  console.log(`sw.js: version ${build.version}, ${files.length} files (${bytes} B) and ${Object.values(wasm).join(" or ")}`);
}

main();
