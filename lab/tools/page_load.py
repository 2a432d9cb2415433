#!/usr/bin/env python3
"""The page's first visit, timed in Chromium: what it fetches and how soon it is ready.

    python3 lab/tools/page_load.py [DIST ...] [--runs N]

Serves each DIST (default web/dist) over HTTP on 127.0.0.1 and opens its index.html N
times (default 9), each in a fresh browser context (an empty cache: a first visit),
the DISTs taking turns visit by visit (A B A B ...) so that the machine's load falls on
each alike. For each visit, in ms from the navigation's start as the page's own clock
(`performance.now()`) reads them: the page's `load` event; the piece art in (the last
`pieces/*.svg` answered: the board can be drawn whole; the old SVG board asked for its
images after `load`, chessground's stylesheet before it, so `load` alone compares
unlike things); the engine's first `readyok` (the moment `#engine-status` gets
`data-ready="1"`, which the page sets once the worker answered `uciok` and `readyok`).
Then the files the first visit fetched, each compressed with gzip -9 (what a server
compressing its answers sends), and the total. Prints medians and the spread.
"""

import argparse
import gzip
import pathlib
import statistics
import sys
import urllib.parse

from playwright.sync_api import sync_playwright

# The page's test harness serves the page as the browser tests do (web/tests/pagekit.py).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "web" / "tests"))
from pagekit import serve  # noqa: E402

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


def visit(browser, url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.add_init_script(READY_PROBE)
    fetched = []
    ctx.on("request", lambda r: fetched.append(r.url))
    page.goto(url)
    page.wait_for_selector("#engine-status[data-ready='1']", state="attached", timeout=60000)
    load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    ready = page.evaluate("window.__khunReadyAt")
    art = page.evaluate("""Math.max(0, ...performance.getEntriesByType('resource')
        .filter(r => r.name.includes('/pieces/')).map(r => r.responseEnd))""")
    ctx.close()
    return load, art, ready, fetched


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dist", nargs="*", default=["web/dist"])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    sites = []
    for d in args.dist:
        root = pathlib.Path(d).resolve()
        httpd, base = serve(root)
        sites.append({"dist": d, "root": root, "httpd": httpd, "base": base,
                      "load": [], "art": [], "ready": [], "fetched": []})
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
        for _ in range(args.runs):
            for site in sites:
                load, art, ready, fetched = visit(browser, f"{site['base']}/index.html")
                site["load"].append(load)
                site["art"].append(art)
                site["ready"].append(ready)
                site["fetched"] = fetched
        browser.close()

    def line(name, xs):
        return (f"  {name}: median {statistics.median(xs):.0f} ms "
                f"(min {min(xs):.0f}, max {max(xs):.0f}, {len(xs)} visits)")

    for site in sites:
        site["httpd"].shutdown()
        print(site["dist"])
        print(line("load event", site["load"]))
        print(line("piece art in", site["art"]))
        print(line("first readyok", site["ready"]))
        total_raw = total_gz = 0
        base = site["base"]
        files = sorted({urllib.parse.urlparse(u).path for u in site["fetched"] if u.startswith(base)})
        for path in files:
            f = site["root"] / path.lstrip("/")
            if not f.is_file():
                continue
            raw = f.read_bytes()
            gz = len(gzip.compress(raw, 9))
            total_raw += len(raw)
            total_gz += gz
            print(f"    {path:40} {len(raw):>9} B  gzip -9 {gz:>8} B")
        print(f"  first visit: {len(files)} files, {total_raw} B, gzip -9 {total_gz} B "
              f"({total_gz / 1000:.0f} KB)")


if __name__ == "__main__":
    main()
