"""The engine as other boards load it, in Chromium: the Fairy-Stockfish module shape
(web/dist/stockfish.js, driven as pychess.org drives Fairy-Stockfish's wasm build) and
the plain Web Worker (web/dist/khun.worker.js, as lichess-style boards run stockfish.js),
each through a game and an analysis. web/README.md, "Other boards".

    KHUN_WEB_DIST=web/dist pytest web/tests/test_boards.py     (after web/build.sh)

KHUN_WEB_DIST: the built directory (default web/dist). KHUN_CHROMIUM: the browser.
"""

import http.server
import os
import pathlib
import re
import urllib.parse

import pytest

from pagekit import WEB, serve

# pychess.org's pattern for an analysis line (client/analysis/analysisCtrl.ts, EVAL_REGEX).
PYCHESS_EVAL = re.compile(
    r"^info depth (\d+) seldepth \d+ multipv (\d+) score (cp|mate) ([-\d]+) "
    r"(?:(upper|lower)bound )?nodes (\d+) nps \S+ (?:hashfull \d+ )?(?:tbhits \d+ )?"
    r"time (\S+) pv (.+)")

# A variants file as pychess sends it: a section for a game Khun plays, one for a
# game it does not.
VARIANTS_INI = """# variants as a board sends them
[makruk]
countingRule = makruk

[makrukhouse:makruk]
pieceDrops = true
capturesToHand = true
"""

# The page the tests run in: the rules (to check each bestmove) and the module,
# loaded as pychess loads it; `log` keeps lines, `until` waits for one.
BOARD_HTML = """<!doctype html>
<meta charset="utf-8"><title>boards</title>
<script src="khun.js"></script>
<script src="stockfish.js"></script>
<script>
function recorder() {
  const log = [];
  const waiting = [];
  return {
    log,
    push(line) { log.push(line); for (const w of waiting.splice(0)) w(); },
    // The index of the first line from `from` on that matches `pattern`.
    async until(pattern, from = 0, timeoutMs = 30000) {
      const end = performance.now() + timeoutMs;
      for (;;) {
        const i = log.findIndex((l, k) => k >= from && pattern.test(l));
        if (i >= 0) return i;
        if (performance.now() > end) throw new Error(`no ${pattern} in:\\n` + log.slice(from).join("\\n"));
        await new Promise((r) => { waiting.push(r); setTimeout(r, 50); });
      }
    },
  };
}
// The longest the page's own thread waited for a turn over `ms` (the board stays
// responsive while the engine searches).
async function longestStall(ms) {
  let worst = 0, last = performance.now();
  const end = last + ms;
  while (performance.now() < end) {
    await new Promise((r) => setTimeout(r, 0));
    const t = performance.now();
    worst = Math.max(worst, t - last);
    last = t;
  }
  return worst;
}
</script>
"""

# Plays `plies` moves by `go movetime`, each bestmove checked against Khun's rules,
# then analyses the position: `go infinite`, the page's thread timed, `stop`.
# `send(text)` posts to the engine; `rec` is the recorder its lines go to.
GAME_AND_ANALYSIS = """async ({send, rec, plies}) => {
  const rules = await Khun.loadRules();
  const moves = [];
  send("ucinewgame");
  for (let ply = 0; ply < plies; ply++) {
    const legal = rules.state("makruk", "startpos", moves).legal.map((m) => m.uci);
    const from = rec.log.length;
    send("position startpos" + (moves.length ? " moves " + moves.join(" ") : ""));
    send("go movetime 150");
    const i = await rec.until(/^bestmove /, from);
    const best = rec.log[i].split(" ")[1];
    if (!legal.includes(best)) throw new Error(`bestmove ${best} is not legal after ${moves.join(" ")}`);
    moves.push(best);
  }
  const from = rec.log.length;
  send("position startpos moves " + moves.join(" "));
  send("go infinite");
  await rec.until(/^info depth 5 /, from);
  const stall = await longestStall(600);
  const stopAt = performance.now();
  send("stop");
  send("isready");
  const bestAt = await rec.until(/^bestmove /, from);
  const stopMs = performance.now() - stopAt;
  const ready = await rec.until(/^readyok$/, from);
  const infos = rec.log.slice(from, bestAt).filter((l) => l.startsWith("info depth"));
  return {moves, stall, stopMs, infos, best: rec.log[bestAt], readyBeforeBest: ready < bestAt};
}"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".wasm": "application/wasm"}
    isolated = False

    def end_headers(self):
        if self.isolated:
            # The headers pychess.org serves every file with (its Fairy-Stockfish needs
            # them); a worker's script then needs them too.
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def translate_path(self, path):
        # /engine/...: the same files under another folder (a board's own static/).
        if path.startswith("/engine/"):
            path = path[len("/engine"):]
        return super().translate_path(path)

    def do_GET(self):
        if urllib.parse.urlparse(self.path).path != "/boards.html":
            return super().do_GET()
        body = BOARD_HTML.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class _Isolated(_Handler):
    isolated = True


@pytest.fixture(scope="module")
def server():
    """Two servers of web/dist: a plain one, and one with pychess.org's headers."""
    dist = pathlib.Path(os.environ.get("KHUN_WEB_DIST", WEB / "dist")).resolve()
    for f in ("khun.js", "khun.wasm", "khun.worker.js", "stockfish.js", "stockfish.worker.js"):
        assert (dist / f).exists(), f"no {f} in {dist}: run web/build.sh"
    servers = {name: serve(dist, handler) for name, handler in (("plain", _Handler), ("isolated", _Isolated))}
    yield {name: url for name, (_, url) in servers.items()}
    for httpd, _ in servers.values():
        httpd.shutdown()


# The browser: conftest.py's, one for the whole run (Playwright drives one per thread).


@pytest.fixture
def page(browser, server):
    ctx = browser.new_context()
    pg = ctx.new_page()
    pg.errors = []
    pg.dialogs = []
    pg.requests = []  # the paths asked for, the workers' included
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    ctx.on("request", lambda r: pg.requests.append(urllib.parse.urlparse(r.url).path))

    def dialog(d):
        pg.dialogs.append(d.message)
        d.dismiss()

    pg.on("dialog", dialog)
    pg.server = server
    yield pg
    ctx.close()


def _open(pg, isolated=False):
    pg.goto(pg.server["isolated" if isolated else "plain"] + "/boards.html")
    pg.wait_for_function("typeof Stockfish === 'function' && typeof Khun === 'object'")


def _game_checks(result, plies):
    assert len(result["moves"]) == plies
    assert result["infos"], "no info lines in the analysis"
    for line in result["infos"]:
        assert PYCHESS_EVAL.match(line), f"pychess would not read: {line}"
    assert max(int(PYCHESS_EVAL.match(l).group(1)) for l in result["infos"]) >= 5
    assert result["best"].startswith("bestmove ")
    # The page's thread is not held by the search (the engine is in a worker), and
    # `stop` ends it within one slice; bounds wide enough for a loaded machine.
    assert result["stall"] < 150, f"the page waited {result['stall']:.0f} ms for a turn"
    assert result["stopMs"] < 1000, f"bestmove came {result['stopMs']:.0f} ms after stop"


def test_stockfish_module_as_pychess_drives_it(page):
    """The Stockfish() module through pychess's steps: its loader, the first line,
    `load <<MARKER` with the file's lines from its window.prompt queue, `uci`, its
    options, a game and an analysis; a rule check; listeners removed; terminate."""
    _open(page)
    assert page.evaluate("crossOriginIsolated") is False  # no SharedArrayBuffer needed
    out = page.evaluate("""async (ini) => {
      // templates/analysis.html: Stockfish().then(fsf => { addMessageListener; window.fsf })
      const rec = recorder();
      window.rec = rec;
      const engine = await new Promise((resolve) => Stockfish().then((fsf) => {
        fsf.addMessageListener((line) => rec.push(line));
        window.fsf = fsf;
        resolve(fsf);
      }));
      await rec.until(/^Fairy-Stockfish/);
      const banner = rec.log[0];
      // analysisCtrl.loadVariantsIntoFsfEngine: the file through a prompt queue.
      const marker = "PYCHESS_VARIANTS_INI_EOF_" + Date.now();
      const queue = [...ini.split("\\n"), marker];
      const originalPrompt = window.prompt;
      window.prompt = () => { const l = queue.shift(); return l === undefined ? "" : l; };
      engine.postMessage("load <<" + marker);
      engine.postMessage("uci");
      const uciok = await rec.until(/^uciok$/);
      window.prompt = originalPrompt;  // restoreFsfPrompt, on uciok
      const variantLine = rec.log.find((l) => l.startsWith("option name UCI_Variant"));
      // engineGo's options, then its position and go.
      const from = rec.log.length;
      for (const o of ["UCI_Variant value makruk", "Use NNUE value false", "Hash value 16",
                       "Threads value 3", "MultiPV value 1"]) {
        engine.postMessage("setoption name " + o);
      }
      engine.postMessage("isready");
      await rec.until(/^readyok$/, from);
      const optionLines = rec.log.slice(from);
      return {banner, queueLeft: queue.length, head: rec.log.slice(0, uciok + 1),
              variantLine, optionLines};
    }""", VARIANTS_INI)
    assert out["banner"].startswith("Fairy-Stockfish")
    assert "Khun" in out["banner"]
    assert out["queueLeft"] == 0, "the variants file was not read up to its marker"
    errors = [l for l in out["head"] if l.startswith("info string ERROR: ")]
    assert len(errors) == 1, errors
    assert "variant 'makrukhouse' (from makruk); not loaded" in errors[0]
    assert "'makruk'" not in errors[0]
    assert out["head"].index(errors[0]) < out["head"].index("uciok")
    assert "id name Khun" in "\n".join(out["head"])
    assert " var makruk" in out["variantLine"]
    assert out["optionLines"] == ["readyok"], out["optionLines"]

    result = page.evaluate(
        f"(plies) => ({GAME_AND_ANALYSIS})({{send: (t) => fsf.postMessage(t), rec, plies}})", 6)
    _game_checks(result, 6)

    # fairyStockfish.ts checkRulesWithFsfWasm: `check <<MARKER`, then isready.
    checked = page.evaluate("""async () => {
      const lines = [];
      const listener = (l) => lines.push(l);
      fsf.addMessageListener(listener);
      const queue = ["[mymakruk:makruk]", "pieceToCharTable = -", "CHECK_EOF"];
      const originalPrompt = window.prompt;
      window.prompt = () => queue.shift() ?? "";
      fsf.postMessage("check <<CHECK_EOF");
      fsf.postMessage("isready");
      window.prompt = originalPrompt;
      while (!lines.includes("readyok")) await new Promise((r) => setTimeout(r, 20));
      fsf.removeMessageListener(listener);
      const after = lines.length;
      const from = rec.log.length;
      fsf.postMessage("isready");
      await rec.until(/^readyok$/, from);
      return {lines, heardAfterRemoval: lines.length - after};
    }""")
    assert checked["lines"][-1] == "readyok"
    diagnostics = [l for l in checked["lines"] if l != "readyok"]
    assert diagnostics == ["info string ERROR: check: Khun does not play variant 'mymakruk' (from makruk) "
                           "(it plays makruk, cambodian, karouk, makpong, asean, ai-wok, sittuyin)"], diagnostics
    assert checked["heardAfterRemoval"] == 0

    ended = page.evaluate("""async () => {
      const n = rec.log.length;
      fsf.terminate();
      fsf.postMessage("isready");
      await new Promise((r) => setTimeout(r, 300));
      return rec.log.length - n;
    }""")
    assert ended == 0
    assert not page.errors, page.errors
    assert not page.dialogs, f"the page showed dialogs: {page.dialogs}"
    # Each file once: the module's worker loads the page's khun.js and khun.wasm (there
    # is no stockfish.wasm), and the flavour without SIMD only where SIMD is missing.
    wasm = [r for r in page.requests if r.endswith(".wasm")]
    assert set(wasm) == {"/khun.wasm"}, page.requests
    assert "/stockfish.worker.js" in page.requests and "/khun.js" in page.requests


def test_stockfish_module_heredoc_by_messages_cross_origin_isolated(page):
    """Under pychess.org's headers (cross-origin isolated) the module works the same;
    a board that sends the file's lines as messages (no prompt queue) is read too,
    and no browser dialog opens."""
    _open(page, isolated=True)
    assert page.evaluate("crossOriginIsolated") is True
    out = page.evaluate("""async (ini) => {
      const rec = recorder();
      const fsf = await Stockfish();
      fsf.addMessageListener((l) => rec.push(l));
      await rec.until(/^Fairy-Stockfish/);
      fsf.postMessage("load <<EOF");
      for (const line of ini.split("\\n")) fsf.postMessage(line);
      fsf.postMessage("EOF");
      fsf.postMessage("load variants.ini");
      fsf.postMessage("setoption name UCI_Variant value cambodian");
      fsf.postMessage("position startpos");
      fsf.postMessage("go depth 4");
      const best = await rec.until(/^bestmove /);
      fsf.terminate();
      return {log: rec.log.slice(0, best + 1)};
    }""", VARIANTS_INI)
    log = out["log"]
    errors = [l for l in log if l.startswith("info string ERROR: ")]
    assert len(errors) == 2, errors
    assert "'makrukhouse'" in errors[0]
    assert "no files here" in errors[1]
    assert re.match(r"bestmove [a-h][1-8][a-h][1-8]", log[-1])
    assert not page.errors, page.errors
    assert not page.dialogs, page.dialogs


def test_stockfish_module_that_cannot_start_rejects(page):
    """A module whose wasm is missing rejects its promise with the reason."""
    _open(page)
    message = page.evaluate("""() => Stockfish({locateFile: (f, prefix) =>
        prefix + (f.endsWith(".wasm") ? "missing.wasm" : f)}).then(() => "resolved", (e) => e.message)""")
    assert "did not start" in message and "404" in message, message


def test_stockfish_module_locate_file(page):
    """`locateFile(file, prefix)` is asked for each of the module's files, as
    emscripten's is, and the engine runs from where it says: here the files served
    under another folder name (/engine/, the same directory), as a board's static/."""
    _open(page)
    out = page.evaluate("""async () => {
      const asked = [];
      const fsf = await Stockfish({locateFile: (file, prefix) => {
        asked.push([file, prefix]);
        return new URL("engine/" + file, location.href).href;
      }});
      const lines = [];
      fsf.addMessageListener((l) => lines.push(l));
      fsf.postMessage("position startpos");
      fsf.postMessage("go depth 3");
      while (!lines.some((l) => l.startsWith("bestmove"))) await new Promise((r) => setTimeout(r, 20));
      fsf.terminate();
      return {asked, best: lines.find((l) => l.startsWith("bestmove"))};
    }""")
    files = [f for f, _ in out["asked"]]
    assert files == ["stockfish.worker.js", "khun.js", "khun.wasm", "khun-nosimd.wasm"], files
    assert all(prefix == page.server["plain"] + "/" for _, prefix in out["asked"]), out["asked"]
    assert re.match(r"bestmove [a-h][1-8][a-h][1-8]", out["best"]), out["best"]
    loaded = {r for r in page.requests if r.startswith("/engine/")}
    assert loaded == {"/engine/stockfish.worker.js", "/engine/khun.js", "/engine/khun.wasm"}, page.requests
    assert not page.errors, page.errors


def test_plain_worker_as_lichess_style_boards_run_it(page):
    """khun.worker.js as a plain `new Worker(url)`: UCI lines in and out, a game and an
    analysis."""
    _open(page)
    result = page.evaluate(f"""async (plies) => {{
      const rec = recorder();
      const engine = new Worker("khun.worker.js");
      engine.onmessage = (event) => rec.push(event.data);
      engine.postMessage("uci");
      await rec.until(/^uciok$/);
      engine.postMessage("setoption name UCI_Variant value makruk");
      engine.postMessage("isready");
      await rec.until(/^readyok$/);
      const result = await ({GAME_AND_ANALYSIS})({{send: (t) => engine.postMessage(t), rec, plies}});
      engine.terminate();
      result.errors = rec.log.filter((l) => l.startsWith("info string error"));
      return result;
    }}""", 6)
    _game_checks(result, 6)
    assert result["errors"] == []
    assert not page.errors, page.errors
