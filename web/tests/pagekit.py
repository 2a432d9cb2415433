"""The page's test harness, shared by the browser tests (web/tests/test_*.py, whose
fixtures are in conftest.py) and web/tests/screenshots.py: the directory served, the
HTTP server, and `Page`, one page of the app driven as a player drives it.

KHUN_WEB_DIST: the directory to serve (default web/dist, as web/build.sh makes it).
    Where it has no index.html yet, a copy of it with web/src/index.html and web/src/page/
    laid over it is served. KHUN_WEB_DIST=mock serves the page with the stand-in engine
    of web/tests/mock/ (for working on the page without a wasm build).
KHUN_CHROMIUM: the browser (default /usr/bin/chromium).
"""

import email.utils
import functools
import gzip
import http.server
import io
import os
import pathlib
import shutil
import socket
import threading
import urllib.parse

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

WEB = pathlib.Path(__file__).resolve().parent.parent
REPO = WEB.parent
CHROMIUM = os.environ.get("KHUN_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


def _page_dir(tmp_root):
    dist = os.environ.get("KHUN_WEB_DIST", str(WEB / "dist"))
    if dist == "mock":
        out = pathlib.Path(tmp_root) / "dist"
        out.mkdir()
        for f in ("khun.js", "khun.worker.js"):
            shutil.copy(WEB / "tests" / "mock" / f, out / f)
    else:
        d = pathlib.Path(dist)
        if not d.is_absolute():
            d = (pathlib.Path.cwd() / d) if (pathlib.Path.cwd() / d).exists() else REPO / dist
        if not (d / "khun.js").exists():
            pytest.skip(f"no khun.js in {d}: build with web/build.sh, or set KHUN_WEB_DIST=mock")
        if (d / "index.html").exists():
            return d
        out = pathlib.Path(tmp_root) / "dist"
        shutil.copytree(d, out)
    shutil.copy(WEB / "src" / "index.html", out / "index.html")
    if (out / "page").exists():
        shutil.rmtree(out / "page")
    shutil.copytree(WEB / "src" / "page", out / "page")
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".svg": "image/svg+xml",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass


class Gzipping(_Quiet):
    """Answers as a server that compresses does (nginx's `gzip on`, Caddy's `encode`):
    every file but a PNG gzip-compressed (level 9) where the request accepts gzip, with
    Last-Modified and the 304 answer to If-Modified-Since, as the plain server."""

    _cache = {}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlparse(self.path).path.endswith("/"):
                return super().send_head()  # the redirect to the folder's slash
            path = os.path.join(path, "index.html")
        if ("gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path)
                or path.endswith(".png")):
            return super().send_head()
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if mtime <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError):
                pass
        key = (path, mtime)
        if key not in self._cache:
            with open(path, "rb") as f:
                self._cache[key] = gzip.compress(f.read(), 9)
        body = self._cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return io.BytesIO(body)


class _CountingWriter:
    def __init__(self, raw, handler):
        self._raw = raw
        self._handler = handler

    def write(self, data):
        self._handler.sent_bytes += len(data)
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


def counting(handler, log):
    """`handler` that also appends (path, status, bytes sent, headers included) to `log`
    for each request it answers: what the browser fetched, measured at the server."""

    class Counting(handler):
        def setup(self):
            super().setup()
            self.sent_bytes = 0
            self.wfile = _CountingWriter(self.wfile, self)

        def log_request(self, code="-", size="-"):
            try:
                self.status = int(code)
            except (TypeError, ValueError):
                self.status = code

        def handle_one_request(self):
            self.sent_bytes = 0
            self.status = None
            super().handle_one_request()
            if self.status is not None:
                log.append((urllib.parse.urlparse(self.path).path, self.status, self.sent_bytes))

    return Counting


def serve(root, handler=None):
    """Serves `root` over HTTP on 127.0.0.1 in a thread (with `handler`, a
    SimpleHTTPRequestHandler class; the quiet one by default): (server, its base URL)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler or _Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{port}"


class LocaleBrowser:
    """The browser as Page uses it, its contexts in one language ("th-TH", "en-US")."""

    def __init__(self, browser, locale):
        self.browser = browser
        self.locale = locale

    def new_context(self, **kw):
        return self.browser.new_context(locale=self.locale, **kw)


class Page:
    """One page of the app, with its script errors and every request it made."""

    def __init__(self, browser, server, viewport=(1280, 900), **context):
        """`context`: more of the browser context's options (a phone's `has_touch`,
        `is_mobile`)."""
        self.server = server
        self.ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context)
        self.page = self.ctx.new_page()
        self.errors = []
        self.requests = []
        self.console_errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        self.ctx.on("request", lambda r: self.requests.append(r.url))

    @classmethod
    def wrap(cls, page, server):
        """A Page around a Playwright page opened elsewhere (its context not closed by it)."""
        self = cls.__new__(cls)
        self.server = server
        self.ctx = None
        self.page = page
        self.errors, self.requests, self.console_errors = [], [], []
        return self

    def open(self, **params):
        q = urllib.parse.urlencode(params)
        self.page.goto(f"{self.server}/index.html" + (f"?{q}" if q else ""))
        self.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
        return self

    def fen(self):
        return self.page.get_attribute("#board", "data-fen")

    def square_box(self, sq):
        """The square's box on the screen, from the board's box and its orientation."""
        b = self.page.locator("#board cg-board").bounding_box()
        f = "abcdefgh".index(sq[0])
        r = int(sq[1]) - 1
        white = "orientation-white" in (self.page.get_attribute("#board", "class") or "")
        col, row = (f, 7 - r) if white else (7 - f, r)
        w, h = b["width"] / 8, b["height"] / 8
        return {"x": b["x"] + col * w, "y": b["y"] + row * h, "width": w, "height": h}

    def settle(self):
        """Waits for the board to catch up: chessground calls the page's move hook from a
        timer and draws on the next animation frame (and a piece's move takes 180 ms)."""
        self.page.evaluate("""() => new Promise(done => {
            const cg = window.khunPage.board.cg;
            const wait = () => (cg.state.animation.current ? setTimeout(wait, 20)
                : requestAnimationFrame(() => setTimeout(done, 0)));
            setTimeout(wait, 5);
        })""")

    def click(self, sq):
        box = self.square_box(sq)
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.settle()

    def dests(self):
        """The legal destinations the board marks for the selected piece."""
        self.settle()
        return self.page.eval_on_selector_all("#board cg-board square.move-dest", "es => es.map(e => e.cgKey)")

    def pieces(self):
        """The pieces chessground shows: {square: FEN letter}, `~` after a promoted pawn."""
        self.settle()
        return dict(self.page.eval_on_selector_all("#board cg-board piece:not(.ghost)", """es => es.map(e => {
            const role = [...e.classList].find(c => c.endsWith('-piece'));
            const letter = role[0] === 'p' && role.length > 7 ? role[1] : role[0];
            const white = e.classList.contains('white');
            return [e.cgKey, (white ? letter.toUpperCase() : letter) + (e.classList.contains('promoted') ? '~' : '')];
        })"""))

    def squares_of(self, letter):
        return [sq for sq, piece in self.pieces().items() if piece == letter]

    def drag(self, a, b):
        ba = self.square_box(a)
        bb = self.square_box(b)
        m = self.page.mouse
        m.move(ba["x"] + ba["width"] / 2, ba["y"] + ba["height"] / 2)
        m.down()
        for k in range(1, 9):
            m.move(ba["x"] + ba["width"] / 2 + (bb["x"] - ba["x"]) * k / 8,
                   ba["y"] + ba["height"] / 2 + (bb["y"] - ba["y"]) * k / 8)
        m.up()
        self.settle()

    def import_pgn_refused(self, text):
        """Imports `text` on the PGN tab where the page will say something of it (a game
        read in part, a refusal): what it says."""
        self.page.click("#tab-pgn")
        self.page.fill("#pgn-in", text)
        self.page.click("#btn-import")
        self.page.wait_for_function("() => document.querySelector('#pgn-error').textContent !== ''")
        return self.page.inner_text("#pgn-error")

    def plies(self):
        return self.page.locator("#movelist button[data-ply]").count()

    def check_clean(self):
        assert not self.errors, f"script errors: {self.errors}"
        own = [u for u in self.requests
               if not (u.startswith(self.server + "/") or u.startswith("blob:") or u.startswith("data:"))]
        assert not own, f"requests outside the page's origin: {own}"

    def close(self):
        self.ctx.close()
