#!/usr/bin/env python3
"""Draws the page's install icons (web/src/page/icons/, named in manifest.webmanifest):
the white khun of Fulmene's set (page/pieces/khun_w.svg, CC BY-SA 4.0 like the set: see
page/ART.md) on the board's wood, rendered by Chromium:

    python3 web/make-icons.py        (Playwright and Debian's chromium, as web/tests)

khun-192.png and khun-512.png ("any": a rounded square, transparent corners) and
khun-maskable-512.png ("maskable": the wood to the edges, the piece inside the middle
80% that every mask keeps). The PNGs are committed; web/build.sh does not run this.
"""

import pathlib

from playwright.sync_api import sync_playwright

WEB = pathlib.Path(__file__).resolve().parent
PAGE = WEB / "src" / "page"
OUT = PAGE / "icons"
CHROMIUM = "/usr/bin/chromium"

# The board's colours (page/style.css: --board, --board-line).
WOOD, LINE = "#e8c98f", "#5b3a1a"


def html(size, maskable):
    piece = (PAGE / "pieces" / "khun_w.svg").as_uri()
    if maskable:
        box = f"width:{size}px;height:{size}px;background:{WOOD};"
        art = 0.62
    else:
        edge = max(2, round(size * 0.03))
        box = (f"width:{size}px;height:{size}px;box-sizing:border-box;background:{WOOD};"
               f"border:{edge}px solid {LINE};border-radius:{round(size * 0.18)}px;")
        art = 0.84
    return (f"<html><body style='margin:0;background:transparent'>"
            f"<div id=icon style='{box}display:flex;align-items:center;justify-content:center'>"
            f"<img src='{piece}' style='width:{round(size * art)}px;height:{round(size * art)}px'>"
            f"</div></body></html>")


def main():
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 600, "height": 600})
        for name, size, maskable in (("khun-192.png", 192, False), ("khun-512.png", 512, False),
                                     ("khun-maskable-512.png", 512, True)):
            tmp = OUT / "_icon.html"
            tmp.write_text(html(size, maskable))
            page.goto(tmp.as_uri())
            page.wait_for_function("document.querySelector('img').complete")
            page.locator("#icon").screenshot(path=str(OUT / name), omit_background=True)
            tmp.unlink()
            print(OUT / name, (OUT / name).stat().st_size, "B")
        browser.close()


if __name__ == "__main__":
    main()
