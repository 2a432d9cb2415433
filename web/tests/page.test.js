// index.html's module preloads (web/src/index.html): under node, no build needed.
//   node --test web/tests/page.test.js
// The page's modules import one another in a graph four deep; index.html names every
// module with <link rel="modulepreload"> so the browser fetches them at once instead of
// level by level (a round trip each on a real network). This keeps that list whole.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const path = require("path");

const SRC = path.join(__dirname, "..", "src");

/** The page's modules, by their path under page/: its own and its parts' (learn/). */
function pageModules() {
  const dir = path.join(SRC, "page");
  const subdirs = ["learn"].filter((d) => fs.existsSync(path.join(dir, d)));
  return ["", ...subdirs].flatMap((d) => fs.readdirSync(path.join(dir, d))
    .filter((f) => f.endsWith(".js")).map((f) => (d ? `${d}/${f}` : f)));
}

test("index.html preloads every module of the page, and nothing else", () => {
  const html = fs.readFileSync(path.join(SRC, "index.html"), "utf8");
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort();
  // The modules index.html starts with a <script> of their own: the page (main.js), its
  // offline copy (offline.js, which imports only i18n.js, in main.js's graph) and the
  // keyboard's and screen reader's part (access.js, which imports tabs.js and focus.js).
  const entries = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
  assert.deepStrictEqual(entries, ["page/main.js", "page/offline.js", "page/access.js"]);
  const modules = pageModules()
    .filter((f) => !f.endsWith(".worker.js"))
    .map((f) => `page/${f}`)
    .filter((f) => !entries.includes(f));
  const expected = [...modules, "page/vendor/chessgroundx.js"].sort();
  assert.deepStrictEqual(preloaded, expected);
});

test("the page's modules import one another without a circle", () => {
  const dir = path.join(SRC, "page");
  const imports = new Map();
  for (const f of pageModules()) {
    const text = fs.readFileSync(path.join(dir, f), "utf8");
    // Each import by its path under page/ (`../store.js` from learn/ is `store.js`).
    imports.set(f, [...text.matchAll(/(?:from |import )"(\.\.?\/[\w./-]+)"/g)]
      .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(f), m[1]))));
  }
  const done = new Set();
  const onPath = [];
  const visit = (f) => {
    const at = onPath.indexOf(f);
    assert.strictEqual(at, -1, `a circle: ${[...onPath.slice(at), f].join(" -> ")}`);
    if (done.has(f)) return;
    onPath.push(f);
    for (const g of imports.get(f) || []) visit(g);
    onPath.pop();
    done.add(f);
  };
  for (const f of imports.keys()) visit(f);
  assert.ok(imports.get("main.js").includes("store.js"));
});
