"""The page installable and offline, in Chromium: its web app manifest, its service worker
(web/src/sw.js, written into web/dist by web/write-sw.js; registered by
web/src/page/offline.js), the page opened and played with the server gone, and a new
build picked up. web/README.md, "Offline and installed".

    KHUN_WEB_DIST=web/dist pytest web/tests/test_offline.py     (after web/build.sh)

Each test serves its own copy of the build (a new build is made by changing the copy),
from a server of its own (stopped to take the network away).
"""

import json
import os
import pathlib
import shutil
import struct
import subprocess
import time

import pytest

from pagekit import WEB, Page, _Quiet, serve

@pytest.fixture
def site(tmp_path):
    """A copy of web/dist served over HTTP: {root, url, stop()}."""
    dist = pathlib.Path(os.environ.get("KHUN_WEB_DIST", WEB / "dist")).resolve()
    assert (dist / "sw.js").exists(), f"no sw.js in {dist}: run web/build.sh"
    root = tmp_path / "dist"
    shutil.copytree(dist, root)
    httpd, url = serve(root, _Quiet)
    state = {"up": True}

    def stop():
        if state["up"]:
            httpd.shutdown()
            httpd.server_close()  # the port refuses connections from now on
            state["up"] = False

    yield {"root": root, "url": url, "stop": stop}
    stop()


@pytest.fixture
def ctx(browser):
    c = browser.new_context(viewport={"width": 1280, "height": 900})
    c.errors = []
    c.failed = []
    c.on("requestfailed", lambda r: c.failed.append(r.url))
    yield c
    c.close()


def _open(ctx, url):
    page = ctx.new_page()
    page.on("pageerror", lambda e: ctx.errors.append(str(e)))
    page.goto(url)
    _ready(page)
    return page


def _ready(page):
    page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)


def _controlled(page):
    """Waits until the service worker controls the page (installed: its cache is full)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60000)


def _version(page):
    """The build the controlling service worker serves, as it says."""
    return page.evaluate("""() => new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => resolve(e.data);
      navigator.serviceWorker.controller.postMessage({khun: "version"}, [channel.port2]);
    })""")


def _built_version(root):
    text = (root / "sw.js").read_text()
    start = text.index("const BUILD = ") + len("const BUILD = ")
    return json.JSONDecoder().raw_decode(text[start:])[0]["version"]


def _wait_for_caches(page, names, timeout_s=10):
    """Waits until the page's origin holds exactly the caches `names` (an old build's
    cache is deleted as the new one activates, just before the page reloads)."""
    deadline = time.monotonic() + timeout_s
    while (held := page.evaluate("caches.keys()")) != names:
        assert time.monotonic() < deadline, held
        time.sleep(0.1)


def _your_move(page):
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')",
                           timeout=30000)


def test_manifest_valid_and_linked(ctx, site):
    """index.html links the manifest; its fields are what an installed app needs, its
    icons load at the sizes it says; Chromium reads it without error and, once the
    service worker runs, finds nothing that keeps the page from being installed."""
    page = _open(ctx, site["url"] + "/index.html")
    href = page.get_attribute("link[rel=manifest]", "href")
    assert href == "manifest.webmanifest"
    manifest = json.loads((site["root"] / href).read_text())
    assert manifest["name"].startswith("Khun") and manifest["short_name"] == "Khun"
    assert "หมากรุก" in manifest["name"]  # Thai and English
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"] == page.get_attribute("meta[name=theme-color]", "content")
    purposes = {}
    for icon in manifest["icons"]:
        data = (site["root"] / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and icon["type"] == "image/png", icon
        w, h = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{w}x{h}", icon
        purposes.setdefault(icon["purpose"], set()).add(w)
    assert {192, 512} <= purposes["any"] and 512 in purposes["maskable"], purposes
    # The manifest's type as served (pagekit's server, as nginx's and Caddy's types).
    served = page.evaluate("fetch('manifest.webmanifest').then(r => r.headers.get('content-type'))")
    assert served == "application/manifest+json"

    cdp = ctx.new_cdp_session(page)
    read = cdp.send("Page.getAppManifest")
    assert read["url"] == site["url"] + "/manifest.webmanifest"
    assert read["errors"] == [], read["errors"]
    _controlled(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A Playwright context is an incognito profile, where Chromium never installs; it
    # must be the only reason.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    assert not ctx.errors, ctx.errors


def test_opens_and_plays_with_the_server_gone(ctx, site):
    """A first visit, then the server stopped and the network off: the page reloads from
    the service worker's cache, the engine gets ready, Khun answers a move and analyses."""
    page = _open(ctx, site["url"] + "/index.html")
    _controlled(page)
    cached = page.evaluate("caches.keys()")
    assert cached == ["khun-page-" + _built_version(site["root"])], cached
    site["stop"]()
    ctx.set_offline(True)
    ctx.failed.clear()

    response = page.reload()
    assert response.from_service_worker
    _ready(page)
    board = Page.wrap(page, site["url"])
    # A game against Khun, started as a player starts one (test_page.py's steps).
    page.select_option("#color", "white")
    page.select_option("#level", "-20")
    page.select_option("#tc", "5+3")
    page.fill("#fen-input", "")
    page.click("#start-game")
    _your_move(page)
    board.click("e3")
    board.click("e4")
    page.wait_for_function("() => document.querySelectorAll('#movelist button').length >= 2", timeout=30000)
    _your_move(page)
    # Another address of the page (a query), also from the cache: an analysis.
    response = page.goto(site["url"] + "/index.html?mode=analysis")
    assert response.from_service_worker
    _ready(page)
    page.wait_for_function("() => document.querySelectorAll('#analysis-lines li').length >= 1", timeout=30000)
    assert page.locator("#analysis-lines li").first.inner_text().strip()
    assert not ctx.errors, ctx.errors
    assert ctx.failed == [], f"requests that needed the network: {ctx.failed}"


def _new_build(root):
    """A new build in the served copy: a page file changed, sw.js written again."""
    with open(root / "page" / "style.css", "a") as f:
        f.write("\n/* a new build */\n")
    subprocess.run(["node", str(WEB / "write-sw.js"), str(root)], check=True, capture_output=True)


def test_new_build_offered_and_taken_on_refresh(ctx, site):
    """A new build served: the next visit's page still runs the build it was opened with,
    installs the new one beside it and offers it; the player's Refresh switches to it
    (the page reloads) and the old build's cache goes."""
    page = _open(ctx, site["url"] + "/index.html")
    _controlled(page)
    old = _built_version(site["root"])
    assert _version(page) == old
    _new_build(site["root"])
    new = _built_version(site["root"])
    assert new != old

    page.reload()
    _ready(page)
    notice = page.locator("#khun-update")
    notice.wait_for(state="visible", timeout=60000)
    assert "new version" in notice.inner_text()
    # Still the old build until the player says so.
    assert _version(page) == old
    assert "a new build" not in page.evaluate("fetch('page/style.css').then(r => r.text())")

    with page.expect_navigation():
        page.click("#khun-update-button")
    _ready(page)
    assert _version(page) == new
    assert "a new build" in page.evaluate("fetch('page/style.css').then(r => r.text())")
    _wait_for_caches(page, [f"khun-page-{new}"])
    assert page.locator("#khun-update").count() == 0
    assert not ctx.errors, ctx.errors


def test_new_build_taken_when_the_page_is_opened_again(ctx, site):
    """Without the button: once no tab of the page is open, the next opening runs the
    new build."""
    page = _open(ctx, site["url"] + "/index.html")
    _controlled(page)
    _new_build(site["root"])
    new = _built_version(site["root"])
    page.reload()
    _ready(page)
    page.locator("#khun-update").wait_for(state="visible", timeout=60000)
    page.close()

    # The waiting build activates once the browser has seen the last tab go, which is
    # not at once: a page opened in the meantime still gets the old one. Open until the
    # new one serves (each opening is the "next time" for the one before it).
    deadline = time.monotonic() + 30
    while True:
        page = ctx.new_page()
        page.on("pageerror", lambda e: ctx.errors.append(str(e)))
        page.goto(site["url"] + "/index.html")
        _controlled(page)
        if _version(page) == new:
            break
        assert time.monotonic() < deadline, "the new build never took over"
        page.close()
        time.sleep(0.2)
    _ready(page)
    assert "a new build" in page.evaluate("fetch('page/style.css').then(r => r.text())")
    assert page.locator("#khun-update").count() == 0
    assert not ctx.errors, ctx.errors
