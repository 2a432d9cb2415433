#!/usr/bin/env python3
"""The README's pictures of the page, made in Chromium from web/dist (not a test).

    python3 web/tests/screenshots.py [OUT_DIR]      # default docs/

- web-page.png: a desktop browser in English, mid-game against Khun, then analysing.
- web-page-th-phone.png: a phone (390 x 844) whose browser asks for Thai, mid-game
  against Khun, the move list in Thai notation.
Thai text needs a Thai font in the system (Debian: fonts-thai-tlwg); the game is the
same each time as far as Khun's level -20 plays the same (it draws its moves at random).
"""

import pathlib
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import pagekit  # noqa: E402  (the page's harness)
import test_page  # noqa: E402  (its helpers for a move)

REPO = pathlib.Path(__file__).resolve().parents[2]
OPENING = [("e3", "e4"), ("d3", "d4"), ("g1", "e2"), ("b1", "d2"), ("f1", "g2"), ("c1", "c2")]


def your_move(p):
    """Waits for your turn (in any language): White to move and Khun not thinking."""
    p.page.wait_for_function("""() => document.querySelector('#board').dataset.turn === 'white'
        && window.khunPage.state.moves.length % 2 === 0""", timeout=30000)


def play_opening(p, plies):
    """Your moves by clicks (the opening's, or any where Khun's answer blocked one)."""
    for frm, to in OPENING[:plies]:
        your_move(p)
        done = p.plies()
        p.click(frm)
        if to in p.dests():
            p.click(to)
            p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length > {done}")
        else:
            p.page.screenshot(path="/tmp/shots/fail.png")
            print("blocked", frm, to, p.dests(), p.pieces(), p.fen())
            p.click(frm)
            test_page._play_any(p)
    your_move(p)


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs"
    out.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="khun-shots-")
    root = pagekit._page_dir(tmp)
    import functools
    import http.server
    import socket
    import threading
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(pagekit._Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{port}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=pagekit.CHROMIUM, args=pagekit.ARGS)

        p = pagekit.Page(browser, server, viewport=(1280, 860))
        p.open(mode="play", color="white", level="-20", tc="5+3")
        play_opening(p, 5)
        p.page.click("#btn-analyse-game")
        p.page.wait_for_function("() => document.querySelectorAll('#analysis-lines li').length >= 3", timeout=30000)
        p.page.wait_for_timeout(2500)
        p.page.screenshot(path=str(out / "web-page.png"))
        p.close()

        ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  locale="th-TH")
        p = pagekit.Page.__new__(pagekit.Page)
        p.server, p.ctx = server, ctx
        p.page = ctx.new_page()
        p.errors, p.requests, p.console_errors = [], [], []
        p.open(mode="play", color="white", level="-20", tc="5+3")
        play_opening(p, 6)
        p.page.wait_for_timeout(500)
        p.page.screenshot(path=str(out / "web-page-th-phone.png"))
        ctx.close()
        browser.close()
    httpd.shutdown()
    print(f"wrote {out / 'web-page.png'} and {out / 'web-page-th-phone.png'}")


if __name__ == "__main__":
    main()
