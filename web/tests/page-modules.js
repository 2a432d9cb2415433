// The page's modules under node: a copy of web/src/page's modules (every .js and .json,
// its folders too, not vendor/) in a temporary folder under a package.json that makes
// them ES modules, as node reads them only so. One copy of the whole page, so a test
// need not list what a module imports, and a new part's file is in without an edit.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { pathToFileURL } = require("url");

const PAGE = path.join(__dirname, "..", "src", "page");

function copyTree(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== "vendor") copyTree(path.join(from, entry.name), path.join(to, entry.name));
    } else if (/\.(js|json)$/.test(entry.name)) {
      fs.copyFileSync(path.join(from, entry.name), path.join(to, entry.name));
    }
  }
}

/**
 * Imports `names` (paths under page/, "store.js", "learn/trainer-actions.js") from a fresh
 * copy of the page, in that order, and gives their modules by name; the copy is removed
 * once they are in.
 */
async function importPage(names, prefix = "khun-page-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  copyTree(PAGE, dir);
  fs.writeFileSync(path.join(dir, "package.json"), '{"type": "module"}\n');
  try {
    const modules = {};
    for (const name of names) modules[name] = await import(pathToFileURL(path.join(dir, name)).href);
    return modules;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { PAGE, importPage };
