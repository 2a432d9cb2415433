// The npm package: `npm pack` of web/dist gives a tarball that installs into an empty
// project with no network (it has no dependencies), and what it installs runs: the
// `khun-uci` command (npx), the loader (`require("khun-makruk")`) and the
// Fairy-Stockfish module shape (`require("khun-makruk/stockfish.js")`).
//   node --test web/tests/          (after web/build.sh; needs npm)
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync, spawn } = require("child_process");

const dist = path.resolve(process.env.KHUN_WEB_DIST || path.join(__dirname, "..", "dist"));

/** Runs `command` in `cwd`, its UCI lines fed one by one; resolves at `last`. */
function uci(command, args, cwd, env, lines, last) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no ${last} within 60 s:\n${out}\n${err}`));
    }, 60000);
    child.stdout.on("data", (data) => {
      out += data;
      if (last.test(out)) {
        child.stdin.end(); // the end of input is quit
      }
    });
    child.stderr.on("data", (data) => (err += data));
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (last.test(out) && code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${out}\n${err}`));
    });
    for (const line of lines) child.stdin.write(line + "\n");
  });
}

test("npm pack of web/dist installs offline into an empty project, and npx khun-uci plays", async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "khun-package-"));
  try {
    // A cache of its own: nothing from an earlier install helps, nothing is left behind.
    const env = { ...process.env, npm_config_cache: path.join(tmp, "cache"), npm_config_update_notifier: "false" };
    const packed = JSON.parse(
      execFileSync("npm", ["pack", dist, "--json", "--pack-destination", tmp], { env, encoding: "utf8" })
    )[0];
    const names = packed.files.map((f) => f.path);
    for (const f of ["package.json", "khun.js", "khun.wasm", "khun-nosimd.wasm", "khun.worker.js",
      "khun-uci.js", "stockfish.js", "stockfish.worker.js", "README.md", "LICENSE", "index.html",
      "manifest.webmanifest", "sw.js", "page/main.js", "page/pieces/LICENSE"]) {
      assert.ok(names.includes(f), `${f} is not in the package: ${names.join(" ")}`);
    }
    // Each file once (the Fairy-Stockfish shape loads khun.wasm), and none of the
    // page's notes for developers (only page/ART.md, the art's credits it links to).
    assert.deepStrictEqual(names.filter((f) => f.endsWith(".wasm")).sort(), ["khun-nosimd.wasm", "khun.wasm"]);
    assert.deepStrictEqual(names.filter((f) => f.startsWith("page/") && f.endsWith(".md")), ["page/ART.md"]);
    const tarball = path.join(tmp, packed.filename);

    const project = path.join(tmp, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "try-khun", private: true }));
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], {
      cwd: project,
      env,
      stdio: "pipe",
    });

    const out = await uci("npx", ["--offline", "khun-uci"], project, env,
      ["uci", "isready", "position startpos moves e3e4", "go depth 3"], /^bestmove \S+/m);
    assert.match(out, /^id name Khun /m);
    assert.match(out, /^readyok$/m);
    assert.match(out, /^bestmove [a-h][1-8][a-h][1-8]/m);

    // The library, and the Fairy-Stockfish module shape, from the installed package.
    const script = `
      const Khun = require("khun-makruk");
      const Stockfish = require("khun-makruk/stockfish.js");
      Khun.loadRules().then(async (rules) => {
        const legal = rules.state("makruk", "startpos", ["e3e4"]).legal.map((m) => m.uci);
        const engine = await Stockfish();
        engine.addMessageListener((line) => {
          if (!line.startsWith("bestmove")) return;
          console.log(legal.includes(line.split(" ")[1]) ? "legal " + line : "illegal " + line);
          engine.postMessage("quit");
        });
        engine.postMessage("position startpos moves e3e4");
        engine.postMessage("go depth 3");
      });`;
    const library = execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8", timeout: 60000 });
    assert.match(library, /^legal bestmove /m);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
