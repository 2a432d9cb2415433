"""The page reachable by everyone, in Chromium: axe-core finds no serious or critical
fault in any tab, in English and in Thai, nor in a game, its questions and its result.

axe-core comes with axe-playwright-python (pip install axe-playwright-python), which
injects it into the page. Fixtures in conftest.py, the harness in pagekit.py:
    KHUN_WEB_DIST=web/dist pytest web/tests/test_access.py
"""

import pytest

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")

DESKTOP = (1280, 800)
TABS = ("play", "analysis", "pgn", "editor")
PROMOTION_FEN = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"  # ASEAN: a7-a8 asks which piece


def _serious(p, what):
    """axe-core's serious and critical violations in the page as it is now."""
    found = axe_api.Axe().run(p.page).response["violations"]
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5])
           for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, f"{what}: {bad}"


def _language(p, lang):
    p.page.click(f"#lang-switch [data-lang='{lang}']")
    assert p.page.evaluate("document.documentElement.lang") == lang


def _type_move(p, text):
    p.page.fill("#move-input", text)
    p.page.press("#move-input", "Enter")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_axe_finds_nothing_serious_in_any_tab(app, lang):
    """Each tab at 1280x800, the analysis running (its bar and lines shown)."""
    p = app(viewport=DESKTOP).open()
    _language(p, lang)
    for tab in TABS:
        p.page.click(f"#tab-{tab}")
        if tab == "analysis":
            p.page.click("#btn-analysis")
            p.page.wait_for_function("() => document.querySelectorAll('#analysis-lines li').length > 0", timeout=20000)
        _serious(p, f"{lang}, {tab} tab")
    p.check_clean()


@pytest.mark.parametrize("lang", ["en", "th"])
def test_axe_finds_nothing_serious_in_a_game(app, lang):
    """A game against Khun: its controls, Resign's question, the result's banner; and
    ASEAN's promotion dialog."""
    p = app(viewport=DESKTOP).open(mode="play", color="white", level="-20", tc="5+3")
    _language(p, lang)
    _type_move(p, "e3e4")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length >= 2", timeout=20000)
    _serious(p, f"{lang}, a game")
    p.page.click("#btn-resign")
    _serious(p, f"{lang}, resign asked")
    p.page.click("#btn-resign-yes")
    p.page.wait_for_selector("#result:not(.hidden)")
    _serious(p, f"{lang}, the result")
    q = app(viewport=DESKTOP).open(variant="asean", fen=PROMOTION_FEN)
    _language(q, lang)
    q.click("a7")
    q.click("a8")
    q.page.wait_for_selector("#promotion:not(.hidden)")
    _serious(q, f"{lang}, the promotion's choice")
    p.check_clean()
    q.check_clean()
