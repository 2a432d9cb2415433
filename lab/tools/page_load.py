#!/usr/bin/env python3
"""The page's first visit, timed in Chromium: what it fetches and how soon it is ready.

    python3 lab/tools/page_load.py [DIST ...] [--runs N] [--gzip]

Serves each DIST (default web/dist) over HTTP on 127.0.0.1 and opens its index.html N
times (default 9), each in a fresh browser context (an empty cache: a first visit),
the DISTs taking turns visit by visit (A B A B ...) so that the machine's load falls on
each alike. For each visit, in ms from the navigation's start as the page's own clock
(`performance.now()`) reads them: the page's `load` event; the piece art in (the last
`pieces/*.svg` answered: the board can be drawn whole; the old SVG board asked for its
images after `load`, chessground's stylesheet before it, so `load` alone compares
unlike things); the engine's first `readyok` (the moment `#engine-status` gets
`data-ready="1"`, which the page sets once the worker answered `uciok` and `readyok`).

Bytes are counted at the server, as sent (headers included), for every request of the
visit: the page's, its workers' and its service worker's. Where the page registers a
service worker (DIST has sw.js), the first visit is counted until it controls the page
(its files are then cached: the install precaches them before it activates). Then the
same context opens the page again (a second visit, from the browser's caches) and that
is timed and counted too. Playwright's own count of the response bodies (the page's and
its workers' requests, `request.sizes()`) is printed beside the server's.

--gzip: the server gzips every answer but PNGs (level 9) where the browser accepts it,
as a server configured to compress does (web/README.md); without it, as
`python3 -m http.server` serves: uncompressed. Prints medians and the spread, then
the requests of the last visit, file by file.
"""

import argparse
import pathlib
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

# The page's test harness serves the page as the browser tests do (web/tests/pagekit.py).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "web" / "tests"))
from pagekit import Gzipping, _Quiet, counting, serve  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]

# Records performance.now() when the engine's status says ready (set once uciok and
# readyok came back); runs before any of the page's scripts.
READY_PROBE = """
new MutationObserver((_, observer) => {
  const el = document.getElementById("engine-status");
  if (el && el.dataset.ready === "1" && window.__khunReadyAt === undefined) {
    window.__khunReadyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, childList: true});
"""


def _settled(log, wait_s=0.3):
    """The server's log once no request came for `wait_s` (a request's line is written
    when its answer is sent)."""
    n = -1
    while n != len(log):
        n = len(log)
        time.sleep(wait_s)
    return list(log)


def _measure(page):
    page.wait_for_selector("#engine-status[data-ready='1']", state="attached", timeout=60000)
    load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    ready = page.evaluate("window.__khunReadyAt")
    art = page.evaluate("""Math.max(0, ...performance.getEntriesByType('resource')
        .filter(r => r.name.includes('/pieces/')).map(r => r.responseEnd))""")
    return load, art, ready


def visit(browser, site):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.add_init_script(READY_PROBE)
    seen = []
    ctx.on("requestfinished", lambda r: seen.append(r))
    site["log"].clear()
    page.goto(f"{site['base']}/index.html")
    first = _measure(page)
    if site["sw"]:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60000)
    first_log = _settled(site["log"])
    pw_bytes = 0
    for r in seen:
        sizes = r.sizes()
        pw_bytes += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    site["log"].clear()
    page.reload()
    second = _measure(page)
    second_log = _settled(site["log"])
    ctx.close()
    return first, first_log, pw_bytes, second, second_log


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dist", nargs="*", default=["web/dist"])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--gzip", action="store_true", help="serve gzip-compressed answers")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    sites = []
    for d in args.dist:
        root = pathlib.Path(d).resolve()
        log = []
        httpd, base = serve(root, counting(Gzipping if args.gzip else _Quiet, log))
        sites.append({"dist": d, "root": root, "httpd": httpd, "base": base, "log": log,
                      "sw": (root / "sw.js").exists(), "visits": []})
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
        for _ in range(args.runs):
            for site in sites:
                site["visits"].append(visit(browser, site))
        browser.close()

    def line(name, xs):
        return (f"  {name}: median {statistics.median(xs):.0f} ms "
                f"(min {min(xs):.0f}, max {max(xs):.0f}, {len(xs)} visits)")

    def total(log):
        return sum(n for _, _, n in log)

    for site in sites:
        site["httpd"].shutdown()
        v = site["visits"]
        print(f"{site['dist']} ({'gzip' if args.gzip else 'uncompressed'})")
        print(line("load event", [x[0][0] for x in v]))
        print(line("piece art in", [x[0][1] for x in v]))
        print(line("first readyok", [x[0][2] for x in v]))
        print(line("second visit's readyok", [x[3][2] for x in v]))
        firsts = [total(x[1]) for x in v]
        seconds = [total(x[4]) for x in v]
        print(f"  first visit: {len(v[-1][1])} requests, {statistics.median(firsts)} B sent "
              f"(min {min(firsts)}, max {max(firsts)}); Playwright's count of the page's and "
              f"its workers' responses {statistics.median([x[2] for x in v])} B")
        print(f"  second visit: {len(v[-1][4])} requests, {statistics.median(seconds)} B sent "
              f"(min {min(seconds)}, max {max(seconds)})")
        for name, log in (("first visit", v[-1][1]), ("second visit", v[-1][4])):
            print(f"  {name}, request by request (the last run):")
            for path, status, n in log:
                print(f"    {path:40} {status:>4} {n:>9} B")


if __name__ == "__main__":
    main()
