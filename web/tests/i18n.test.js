// The page's two languages (web/src/page/i18n.js), under node: no build needed.
//   node --test web/tests/i18n.test.js
//   I18N_WRITE=1 node --test web/tests/i18n.test.js   (rewrites I18N.md's strings table)
// The English and Thai tables have the same keys and parameters; every key the page
// names exists; every Thai string is made of the words I18N.md cites a source for; and
// I18N.md's strings table is the Thai table as it is.
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const { importPage } = require("./page-modules.js");
const path = require("path");

const PAGE = path.join(__dirname, "..", "src", "page");
const GLOSSARY = path.join(PAGE, "I18N.md");
const THAI_LETTERS = /[\u0E00-\u0E4F\u0E5A-\u0E7F]+/g; // Thai script without its digits ๐-๙
/** The parts' words files at the page's top (i18n.js's addWords): the rules guide's, the puzzles'; learn/'s are found by partWordFiles. */
const WORDS_FILES = ["guideWords.js", "puzzle-words.js"];
const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * The tables, imported from a copy of the page's modules: they are ES modules, which
 * node reads as such only under a package.json that says so.
 */
async function tables() {
  const m = await importPage(["i18n.js", ...WORDS_FILES, ...partWordFiles()], "khun-i18n-");
  return m["i18n.js"].STRINGS;
}

/** The parts' words files, by their path under page/ (learn/trainer-words.js, ...). */
function partWordFiles() {
  const dir = path.join(PAGE, "learn");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith("-words.js")).map((f) => `learn/${f}`) : [];
}

/** The page's modules' sources, its parts' (learn/) included. */
function pageSources() {
  const top = fs.readdirSync(PAGE).filter((f) => f.endsWith(".js") && f !== "i18n.js");
  const learn = fs.existsSync(path.join(PAGE, "learn")) ? fs.readdirSync(path.join(PAGE, "learn")).filter((f) => f.endsWith(".js") && !f.endsWith("-words.js")).map((f) => `learn/${f}`) : [];
  return [...top, ...learn].map((f) => fs.readFileSync(path.join(PAGE, f), "utf8"));
}

/** The Thai words I18N.md cites: the first cell of each row of its two word tables. */
function glossaryWords() {
  const text = fs.readFileSync(GLOSSARY, "utf8");
  const words = new Set();
  let inTable = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("## ")) inTable = line === "## Terms of the game" || line === "## The other words";
    const cell = inTable && /^\| ([^|]+) \|/.exec(line);
    if (cell && /^[\u0E00-\u0E7F]+$/.test(cell[1].trim())) words.add(cell[1].trim());
  }
  return words;
}

/** `run` (Thai letters) as glossary words, fewest first; null where the words do not make it. */
function segment(run, words) {
  const best = [[]];
  for (let i = 0; i < run.length; i++) {
    if (!best[i]) continue;
    for (let j = i + 1; j <= run.length; j++) {
      if (words.has(run.slice(i, j)) && (!best[j] || best[i].length + 1 < best[j].length)) best[j] = [...best[i], run.slice(i, j)];
    }
  }
  return best[run.length] || null;
}

const placeholders = (s) => new Set([...s.matchAll(PLACEHOLDER)].map((m) => m[1]));

/** I18N.md's strings table for the Thai table. */
function stringsTable(th, words) {
  const cell = (s) => s.replace(/\|/g, "\\|");
  const rows = ["| key | Thai | words | |", "|---|---|---|---|"];
  for (const [key, text] of Object.entries(th)) {
    const runs = (text.replace(PLACEHOLDER, " ").match(THAI_LETTERS) || []).map((r) => segment(r, words) || [r]);
    if (!runs.length) continue; // no Thai word in it (SAN, PGN, a parameter)
    const split = runs.map((r) => r.join("·")).join(" ");
    const kind = runs.length === 1 && runs[0].length === 1 && text.replace(PLACEHOLDER, "").trim() === runs[0][0] ? "as is" : "composed";
    rows.push(`| \`${key}\` | ${cell(text)} | ${cell(split)} | ${kind} |`);
  }
  return rows.join("\n");
}

test("the English and Thai tables have the same keys and parameters", async () => {
  const { en, th } = await tables();
  assert.deepStrictEqual(Object.keys(th).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) {
    // Thai uses the English string's parameters; where the English is the rules' own
    // words passed through ("{text}"), the Thai says it again from the fields beside it.
    if (en[key] === "{text}") continue;
    const missing = [...placeholders(th[key])].filter((p) => !placeholders(en[key]).has(p));
    assert.deepStrictEqual(missing, [], `${key}: Thai parameters the English has not`);
  }
});

test("every key the page names is in the tables, and every key is named", async () => {
  const { en } = await tables();
  const sources = pageSources();
  sources.push(fs.readFileSync(path.join(PAGE, "..", "index.html"), "utf8"));
  const all = sources.join("\n");
  // Keys asked for: in t(...) (its ternaries too) and index.html's data-i18n attributes.
  const asked = new Set();
  for (const m of all.matchAll(/\bt\(([^()]*)\)|data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) {
    if (m[2]) asked.add(m[2]);
    for (const k of (m[1] || "").matchAll(/["']([a-zA-Z]+(?:\.[a-zA-Z0-9 -]+)+)["']/g)) asked.add(k[1]);
  }
  assert.ok(asked.size > 150, `keys found in the page's files: ${asked.size}`);
  for (const key of asked) assert.ok(key in en, `the page asks for ${key}, which the tables have not`);
  // Keys named anywhere in full (also handed on: copyText(text, "pgn.what.pgn")).
  const named = new Set([...all.matchAll(/["'`]([a-zA-Z]+(?:\.[a-zA-Z0-9 -]+)+)["'`]/g)].map((m) => m[1]));
  // Keys made from a value (`reason.${reason}`, `piece.${kind}`, ...) are used by prefix;
  // i18n.js makes some itself, and sideName's "side." / "Side." from a ternary.
  const withI18n = `${all}\n${fs.readFileSync(path.join(PAGE, "i18n.js"), "utf8")}`;
  const prefixes = [...withI18n.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z]+)*\.)\$\{/g)].map((m) => m[1]);
  prefixes.push("side.", "Side.");
  const unused = Object.keys(en).filter((k) => !named.has(k) && !prefixes.some((p) => k.startsWith(p)));
  assert.deepStrictEqual(unused, [], "keys no page file names");
});

test("every Thai string is made of the words I18N.md cites", async () => {
  const { th } = await tables();
  const words = glossaryWords();
  assert.ok(words.size > 100, `I18N.md's word tables read: ${words.size} words`);
  const unmade = [];
  for (const [key, text] of Object.entries(th)) {
    for (const run of text.replace(PLACEHOLDER, " ").match(THAI_LETTERS) || []) {
      if (!segment(run, words)) unmade.push(`${key}: ${run}`);
    }
  }
  assert.deepStrictEqual(unmade, [], "Thai that I18N.md's words do not make (add the word with its source, or reword)");
});

test("offline.js's notice, words of its own outside the tables, is made of I18N.md's words too", () => {
  const words = glossaryWords();
  const runs = fs.readFileSync(path.join(PAGE, "offline.js"), "utf8").match(THAI_LETTERS) || [];
  assert.ok(runs.length >= 2, "offline.js's Thai");
  assert.deepStrictEqual(runs.filter((run) => !segment(run, words)), [], "Thai that I18N.md's words do not make");
});

test("I18N.md's strings table is the Thai table", async () => {
  const { th } = await tables();
  const doc = fs.readFileSync(GLOSSARY, "utf8");
  const [start, end] = ["<!-- strings:start -->", "<!-- strings:end -->"];
  const want = `${start}\n${stringsTable(th, glossaryWords())}\n${end}`;
  const have = doc.slice(doc.indexOf(start), doc.indexOf(end) + end.length);
  if (process.env.I18N_WRITE) fs.writeFileSync(GLOSSARY, doc.replace(have, want));
  else assert.strictEqual(have, want, "I18N.md's strings table is stale: I18N_WRITE=1 node --test web/tests/i18n.test.js");
});

test("a side's name that starts a sentence has its capital", async () => {
  // `{side}` is sideName(color): "white"; `{Side}` sideName(color, true): "White". At a
  // sentence's start (the string's, or after ". ", ": ", "; ") the name is capitalised.
  const { en } = await tables();
  const lower = Object.entries(en).filter(([, text]) => /(^|[.:;!?]\s+)\{side\}/.test(text)).map(([key]) => key);
  assert.deepStrictEqual(lower, [], "strings that start a sentence with a lower-case side: use {Side}");
});
