"""The page reachable by everyone, in Chromium: axe-core finds no serious or critical
fault in any tab, in English and in Thai, nor in a game, its questions and its result;
the board, its move buttons, the move box and the result are in view on a desktop, and
the evaluation bar's number is readable; every control is reached with Tab and used with
the keys; the tabs are an ARIA tablist moved by the arrow keys; the focus lands where a
player expects it after each action; a phone keeps the board in view after an action
further down the page; each move is said in a polite live region.

axe-core comes with axe-playwright-python (pip install axe-playwright-python), which
injects it into the page. Fixtures in conftest.py, the harness in pagekit.py:
    KHUN_WEB_DIST=web/dist pytest web/tests/test_access.py
"""

import pytest

from test_page import MATE_FEN

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


def _in_view(p, selector):
    box = p.page.locator(selector).bounding_box()
    vp = p.page.viewport_size
    assert box, selector
    inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= vp["width"] + 0.5 \
        and box["y"] + box["height"] <= vp["height"] + 0.5
    return inside, {k: round(v) for k, v in box.items()}


@pytest.mark.parametrize("size", [(1280, 800), (1366, 657)])
def test_the_board_its_buttons_the_move_box_and_the_result_in_view(app, size):
    """A game just ended, analysed: board, move buttons, move box, result banner and the
    evaluation bar all within the window, nothing scrolled."""
    p = app(viewport=size).open(fen=MATE_FEN)
    _type_move(p, "Ra8")
    p.page.wait_for_selector("#result:not(.hidden)")
    p.page.click("#tab-analysis")
    p.page.click("#btn-analysis")
    p.page.wait_for_selector("#eval-bar:not(.hidden)")
    p.page.evaluate("window.scrollTo(0, 0)")
    out = {}
    for sel in ("#board", ".toolbar", "#nav-first", "#btn-sound", "#move-form", "#move-input", "#result", "#eval-bar"):
        inside, box = _in_view(p, sel)
        if not inside:
            out[sel] = box
    assert not out, (size, out)
    assert p.page.locator("#board").bounding_box()["width"] >= 440, "the board keeps a good size"
    p.check_clean()


def _contrast(a, b):
    def lum(c):
        ch = [x / 255 for x in c[:3]]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    la, lb = sorted([lum(a), lum(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_evaluation_is_readable(app):
    """The bar's number: 11px or more, 4.5:1 against whatever is behind it (the light
    fill or the dark bar, where it has no background of its own), and never cut, the
    longest scores included."""
    p = app(viewport=DESKTOP).open(fen=MATE_FEN)
    _type_move(p, "Ra8")  # the game's end: the bar shows 1-0 and no search changes it
    p.page.click("#tab-analysis")
    p.page.click("#btn-analysis")
    p.page.wait_for_function("() => document.querySelector('#eval-text').textContent === '1-0'")
    look = p.page.evaluate("""() => {
        const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
        const text = document.querySelector('#eval-text'), cs = getComputedStyle(text);
        let behind = [];
        const own = rgb(cs.backgroundColor);
        if (own.length === 3 || own[3] === 1) behind = [own];
        else behind = ['#eval-bar', '#eval-fill'].map(s => rgb(getComputedStyle(document.querySelector(s)).backgroundColor));
        return { size: parseFloat(cs.fontSize), color: rgb(cs.color), behind };
    }""")
    assert look["size"] >= 11, look
    worst = min(_contrast(look["color"], b) for b in look["behind"])
    assert worst >= 4.5, (worst, look)
    for score in ("1-0", "+0.3", "-12.3", "+12.3", "#-14"):
        cut = p.page.evaluate("""(score) => {
            const text = document.querySelector('#eval-text');
            text.textContent = score;
            const r = text.getBoundingClientRect();
            if (text.scrollWidth > text.clientWidth + 1) return 'wider than its box';
            for (let e = text.parentElement; e; e = e.parentElement) {
                const cs = getComputedStyle(e);
                if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
                const b = e.getBoundingClientRect();
                if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
                    return 'cut by ' + (e.id || e.tagName);
            }
            const board = document.querySelector('#board').getBoundingClientRect();
            if (r.left < 0 || r.right > board.left) return 'over the board or off the page';
            return null;
        }""", score)
        assert cut is None, (score, cut)
    p.check_clean()


def _focused(p):
    return p.page.evaluate("document.activeElement.id || document.activeElement.tagName")


def _tab_stops(p, limit=120):
    """The controls Tab goes through, from the page's top round to it again."""
    p.page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    seen = []
    for _ in range(limit):
        p.page.keyboard.press("Tab")
        key = p.page.evaluate("""() => { const e = document.activeElement;
            return e === document.body ? null : (e.id || e.dataset.ply && 'ply' + e.dataset.ply
                || e.dataset.piece !== undefined && 'piece' + e.dataset.piece || e.outerHTML.slice(0, 60)); }""")
        if key in seen:
            break
        if key is not None:  # the page's end: Tab goes round to its top
            seen.append(key)
    return seen


def test_every_control_is_reached_with_tab(app):
    """In each tab, Tab reaches every control shown (the other tabs by the arrow keys:
    one stop for the tablist)."""
    p = app(viewport=DESKTOP).open(moves="e3e4,e6e5")
    for tab in TABS:
        p.page.click(f"#tab-{tab}")
        stops = _tab_stops(p)
        controls = p.page.evaluate("""() => [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
            .filter(e => !e.disabled && e.getClientRects().length && !e.closest('cg-container')
                && !(e.getAttribute('role') === 'tab' && e.getAttribute('aria-selected') !== 'true'))
            .map(e => e.id || e.dataset.ply && 'ply' + e.dataset.ply
                || e.dataset.piece !== undefined && 'piece' + e.dataset.piece || e.outerHTML.slice(0, 60))""")
        missed = [c for c in controls if c not in stops]
        assert not missed, (tab, missed, stops)
        assert [s for s in stops if s.startswith("tab-")] == [f"tab-{tab}"], stops
    p.check_clean()


def test_the_tabs_are_a_tablist_moved_by_the_arrow_keys(app):
    p = app(viewport=DESKTOP).open(moves="e3e4,e6e5")
    ply = p.page.get_attribute("#board", "data-ply")

    def selected():
        tabs = p.page.eval_on_selector_all('[role="tab"]', """ts => ts.map(t => [t.id,
            t.getAttribute('aria-selected'), t.tabIndex,
            !document.getElementById(t.getAttribute('aria-controls')).classList.contains('hidden')])""")
        on = [t for t in tabs if t[1] == "true"]
        assert len(on) == 1, tabs
        # The one selected is the only one in the Tab order, and its panel the one shown.
        assert all((t[2] == 0) == (t[1] == "true") == t[3] for t in tabs), tabs
        return on[0][0]

    p.page.focus("#tab-play")
    for key, want in [("ArrowRight", "tab-analysis"), ("ArrowRight", "tab-pgn"), ("End", "tab-learn"),
                      ("ArrowRight", "tab-play"), ("ArrowLeft", "tab-learn"), ("Home", "tab-play"),
                      ("ArrowLeft", "tab-learn"), ("ArrowLeft", "tab-editor"), ("ArrowLeft", "tab-pgn")]:
        p.page.keyboard.press(key)
        assert _focused(p) == want, key
        assert selected() == want, key
    # The arrows moved the tabs, not the moves (← → Home End step through them elsewhere).
    assert p.page.get_attribute("#board", "data-ply") == ply
    # From the chosen tab, Tab goes into its panel.
    p.page.keyboard.press("Tab")
    assert p.page.evaluate("document.activeElement.closest('[role=tabpanel]')?.id") == "panel-pgn"
    # A tab chosen with the mouse keeps the focus too, and the roving tabindex follows.
    p.page.click("#tab-analysis")
    assert _focused(p) == "tab-analysis" and selected() == "tab-analysis"
    p.check_clean()


def test_a_game_played_from_the_keyboard_with_the_focus_where_expected(app):
    """Start with Enter: the move box has the focus; a move typed there; Resign asks,
    "No" (or Escape) gives the focus back to Resign, "Yes" to New game."""
    p = app(viewport=DESKTOP).open()
    p.page.select_option("#level", "-20")
    p.page.focus("#start-game")
    p.page.keyboard.press("Enter")
    p.page.wait_for_selector("#game-controls:not(.hidden)")
    p.page.wait_for_function("() => document.activeElement.id === 'move-input'")
    p.page.keyboard.type("e4")
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length >= 2", timeout=20000)
    assert _focused(p) == "move-input"
    p.page.focus("#btn-resign")
    p.page.keyboard.press("Enter")
    assert _focused(p) == "btn-resign-no"
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("() => document.activeElement.id === 'btn-resign'")
    assert p.page.is_hidden("#resign-confirm")
    p.page.keyboard.press("Enter")
    assert _focused(p) == "btn-resign-no"
    p.page.keyboard.press("Escape")
    p.page.wait_for_function("() => document.activeElement.id === 'btn-resign'")
    p.page.keyboard.press("Enter")
    p.page.keyboard.press("Shift+Tab")
    assert _focused(p) == "btn-resign-yes"
    p.page.keyboard.press("Enter")
    p.page.wait_for_selector("#result:not(.hidden)")
    p.page.wait_for_function("() => document.activeElement.id === 'btn-new'")
    assert p.page.get_attribute("#result", "data-reason") == "Resignation"
    p.check_clean()


def test_the_focus_after_a_promotion_and_the_move_buttons(app):
    """A promotion chosen with the keys, or cancelled with Escape: the board has the
    focus. « at the first position (then disabled) hands it to ›, » to ‹; a move of the
    list chosen with Enter keeps it."""
    p = app(viewport=DESKTOP).open(variant="asean", fen=PROMOTION_FEN)
    p.click("a7")
    p.click("a8")
    p.page.wait_for_selector("#promotion:not(.hidden)")
    assert p.page.evaluate("document.activeElement.closest('#promotion') !== null")
    p.page.keyboard.press("Escape")
    p.page.wait_for_function("() => document.activeElement.id === 'board'")
    p.click("a7")
    p.click("a8")
    p.page.wait_for_selector("#promotion:not(.hidden)")
    p.page.keyboard.press("Tab")
    p.page.keyboard.press("Enter")  # the second choice
    p.page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    p.page.wait_for_function("() => document.activeElement.id === 'board'")
    assert p.page.is_hidden("#promotion")

    q = app(viewport=DESKTOP).open(moves="e3e4,e6e5,b1d2", ply="3")
    q.page.focus("#nav-first")
    q.page.keyboard.press("Enter")
    q.page.wait_for_function("() => document.activeElement.id === 'nav-next'")
    assert q.page.get_attribute("#board", "data-ply") == "0"
    q.page.keyboard.press("Enter")
    assert q.page.get_attribute("#board", "data-ply") == "1"
    q.page.focus("#nav-last")
    q.page.keyboard.press("Enter")
    q.page.wait_for_function("() => document.activeElement.id === 'nav-prev'")
    assert q.page.get_attribute("#board", "data-ply") == "3"
    q.page.focus("#movelist button[data-ply='2']")
    q.page.keyboard.press("Enter")
    assert q.page.get_attribute("#board", "data-ply") == "2"
    q.page.wait_for_function("() => document.activeElement.dataset.ply === '2'")
    p.check_clean()
    q.check_clean()


PGN = '[Variant "makruk"]\n\n1. e4 e5 2. Nd2 Nd7 3. Nc4 Nc5 *'  # an unfinished game, 6 plies


def _phone(app):
    return app(viewport=(390, 844), has_touch=True, is_mobile=True)


def test_a_phone_keeps_the_board_in_view_after_an_import_and_analyse_from_here(app):
    """390x844, touch: the PGN imported with a tap, and the editor's "Analyse from here",
    each far below the board: the board is in view afterwards."""
    p = _phone(app).open()
    p.page.tap("#tab-pgn")
    p.page.fill("#pgn-in", PGN)
    p.page.tap("#btn-import")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 6")
    p.page.wait_for_timeout(200)
    inside, box = _in_view(p, "#board")
    assert inside, ("after the import", box)
    p.page.tap("#tab-editor")
    p.page.wait_for_timeout(200)
    p.page.tap("#btn-editor-analyse")
    p.page.wait_for_selector("#panel-analysis:not(.hidden)")
    p.page.wait_for_timeout(200)
    inside, box = _in_view(p, "#board")
    assert inside, ("after Analyse from here", box)
    p.check_clean()


def _said(p):
    return p.page.inner_text("#announce")


@pytest.mark.parametrize("lang,you,khun", [("en", "You played e4", "Khun played"), ("th", "คุณเดิน จ๔", "Khun เดิน")])
def test_each_move_is_said_in_a_polite_live_region(app, lang, you, khun):
    p = app(viewport=DESKTOP).open(mode="play", color="white", level="-20", tc="5+3")
    _language(p, lang)
    live = p.page.locator("#announce")
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("aria-atomic") == "true"
    _type_move(p, "e3e4")
    assert _said(p) == you
    p.page.wait_for_function(f"() => document.querySelector('#announce').textContent.startsWith({khun!r})", timeout=20000)
    khun_move = p.page.inner_text("#movelist button[data-ply='2']")
    assert _said(p) == f"{khun} {khun_move}", (_said(p), khun_move)
    p.check_clean()


def test_a_mating_move_is_said_with_the_result(app):
    """The move that ends a game against Khun is said, then the game's end: the end does
    not wipe out the move before a screen reader reads it."""
    p = app(viewport=DESKTOP).open(mode="play", color="white", level="-20", tc="5+3", fen=MATE_FEN)
    _type_move(p, "Ra8")
    p.page.wait_for_selector("#result:not(.hidden)")
    said = _said(p)
    assert said.startswith("You played Ra8#. "), said
    assert "1-0" in said, said
    p.check_clean()
