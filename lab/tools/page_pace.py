#!/usr/bin/env python3
"""Khun's pace on the web page (not a test): seconds per Khun move and the clock it has
left, in games against it in Chromium.

    python3 lab/tools/page_pace.py [--web DIR] [--moves N] [--runs=LEVEL:TC:PACE,...]

--web: a web/ folder whose dist/ holds the engine (khun.js, khun.wasm, ...) and whose
    src/ holds the page; its src/index.html and src/page/*.js are laid over a copy of its
    dist/ (the board's bundle, dist/page/vendor/, stays), so a checkout's page runs on
    the wasm built before. Default: this checkout's web/.
--moves: Khun's moves per game (default 20).
--runs: the games, LEVEL:TC:PACE each, comma-separated (PACE "-" leaves the link without `pace=`, as on a
    page that has no such setting). Default: -20 and 1 at 5+3, each pace.

You play White: each of your moves is a legal move drawn with a fixed seed, typed into
the move box the moment it is your turn, so nearly all of your clock is kept and Khun's
is what it spent. A move's time is from your move's submission to Khun's move on the
board. Prints one Markdown row per game, with the mean number of legal moves Khun had.
"""

import argparse
import pathlib
import random
import shutil
import statistics
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "web" / "tests"))
import pagekit  # noqa: E402  (the page's harness: server and Page)


def page_dir(web, tmp):
    out = pathlib.Path(tmp) / "dist"
    shutil.copytree(web / "dist", out)
    shutil.copy(web / "src" / "index.html", out / "index.html")
    for f in (web / "src" / "page").iterdir():
        if f.is_file():
            shutil.copy(f, out / "page" / f.name)
    return out


def game(browser, url, level, tc, pace, moves, seed):
    p = pagekit.Page(browser, url)
    params = dict(mode="play", color="white", level=level, tc=tc)
    if pace != "-":
        params["pace"] = pace
    p.open(**params)
    rng = random.Random(seed)
    times, clocks, legals = [], [], []
    try:
        for _ in range(moves):
            ply = p.page.evaluate("() => window.khunPage.state.moves.length")
            over = p.page.evaluate("() => !!window.khunPage.state.result")
            if over:
                break
            legal = p.page.evaluate(f"() => window.khunPage.stateAt({ply}).legal.map(m => m.uci)")
            move = rng.choice(sorted(legal))
            p.page.fill("#move-input", move)
            t0 = time.monotonic()
            p.page.press("#move-input", "Enter")
            p.page.wait_for_function(
                f"() => window.khunPage.state.moves.length >= {ply + 2} || !!window.khunPage.state.result",
                timeout=120000, polling=20)
            if p.page.evaluate(f"() => window.khunPage.state.moves.length") < ply + 2:
                break
            times.append(time.monotonic() - t0)
            legals.append(p.page.evaluate(f"() => window.khunPage.stateAt({ply + 1}).legal.length"))
            clocks.append(p.page.evaluate("() => window.khunPage.state.game.clock.ms.black") / 1000)
    finally:
        p.close()
    return times, clocks, legals


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--web", default=str(REPO / "web"))
    ap.add_argument("--moves", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", default=",".join(
        f"{lv}:5+3:{pace}" for pace in ("instant", "human", "clock") for lv in ("-20", "1")))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="khun-pace-") as tmp:
        httpd, url = pagekit.serve(page_dir(pathlib.Path(a.web), tmp))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=pagekit.CHROMIUM, args=pagekit.ARGS)
                print("| level | tc | pace | Khun's moves | s a move (mean) | median | min | max | clock left after 10 | after the last | Khun's legal moves (mean) |")
                print("|---|---|---|---|---|---|---|---|---|---|---|")
                for run in a.runs.split(","):
                    level, tc, pace = run.split(":")
                    times, clocks, legals = game(browser, url, level, tc, pace, a.moves, a.seed)
                    if not times:
                        print(f"| {level} | {tc} | {pace} | 0 | | | | | | | |")
                        continue
                    ten = f"{clocks[9]:.1f} s" if len(clocks) >= 10 else ""
                    print(f"| {level} | {tc} | {pace} | {len(times)} | {statistics.mean(times):.2f} | "
                          f"{statistics.median(times):.2f} | {min(times):.2f} | {max(times):.2f} | {ten} | "
                          f"{clocks[-1]:.1f} s | {statistics.mean(legals):.1f} |", flush=True)
                browser.close()
        finally:
            httpd.shutdown()


if __name__ == "__main__":
    main()
