"""The rules guide (Learn tab, web/src/page/guide.js), in Chromium: each man's board
plays (a legal move made, a square not legal refused, the moves marked the rules' own),
a promotion, the Cambodian king's and met's first-move leaps, the relatives' table, the
worked examples of the count stepped through (each step's count line the same words the
page's own count line says for that line and position), both languages, and the
citations resolve (each cited passage is in the repository: docs/rules-sources.md or
README.md, and in ../shared's source where it is present).

Fixtures in conftest.py, the harness in pagekit.py:
    KHUN_WEB_DIST=web/dist pytest web/tests/test_guide.py
"""

import re

import pytest

from pagekit import REPO

SHARED = REPO.parent / "shared"
THAI = re.compile(r"[\u0E00-\u0E7F]")


def open_guide(app, **params):
    p = app().open(**params)
    p.page.click("#tab-learn")
    p.page.click("#learn-guide-btn")
    p.page.wait_for_selector("#guide-board cg-board piece")
    settle(p)
    return p


def settle(p):
    """Waits for the guide's boards: chessground calls back from a timer and draws on the next frame."""
    p.page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(done, 0)), 0)))")
    p.page.wait_for_timeout(220)  # a move's animation (180 ms)


def click(p, board, sq):
    p.page.locator(f"#{board}").scroll_into_view_if_needed()
    b = p.page.locator(f"#{board} cg-board").bounding_box()
    f, r = "abcdefgh".index(sq[0]), int(sq[1]) - 1
    w, h = b["width"] / 8, b["height"] / 8
    p.page.mouse.click(b["x"] + f * w + w / 2, b["y"] + (7 - r) * h + h / 2)
    settle(p)


def dests(p):
    return sorted(p.page.eval_on_selector_all("#guide-board cg-board square.move-dest", "es => es.map(e => e.cgKey)"))


def guide_fen(p):
    return p.page.get_attribute("#guide-board", "data-fen")


def rules_moves(p, fen, square, variant):
    """The rules' legal moves of the man on `square`, asked of the page's rules object."""
    return p.page.evaluate("""([v, fen, sq]) => window.khunPage.state.rules.state(v, fen, []).legal
        .filter(m => m.from === sq).map(m => m.uci)""", [variant, fen, square])


def choose(p, role, variant=None):
    if variant:
        p.page.select_option("#guide-variant", variant)
        settle(p)
    p.page.click(f"#guide-man-buttons button[data-role='{role}']")
    settle(p)
    return p.page.get_attribute("#guide-board", "data-square")


def test_each_man_plays_its_legal_moves_and_refuses_others(app):
    p = open_guide(app)
    roles = p.page.eval_on_selector_all("#guide-man-buttons button", "bs => bs.map(b => b.dataset.role)")
    assert roles == ["king", "met", "khon", "knight", "rook", "pawn"]
    for role in roles:
        sq = choose(p, role)
        fen = guide_fen(p)
        legal = rules_moves(p, fen, sq, "makruk")
        assert legal, role
        # The moves listed are the rules' (UCI), and the board marks their squares.
        assert sorted(p.page.get_attribute("#guide-legal", "data-moves").split()) == sorted(legal)
        click(p, "guide-board", sq)
        assert dests(p) == sorted({u[2:4] for u in legal if u[2:4] != sq}), role
        # A square the man cannot reach: refused, the board unchanged.
        bad = next(f"{f}{r}" for r in "12345678" for f in "abcdefgh"
                   if f"{f}{r}" not in {u[2:4] for u in legal} and f"{f}{r}" != sq)
        click(p, "guide-board", bad)
        assert guide_fen(p) == fen, f"{role}: {bad} was not refused"
        # A capture of the black horse: a legal move, made.
        capture = next(u for u in legal if re.search(r"x", p.page.evaluate(
            "([fen, u]) => window.khunPage.state.rules.san('makruk', fen, u)", [fen, u])))
        click(p, "guide-board", sq)
        click(p, "guide-board", capture[2:4])
        assert guide_fen(p) != fen, role
        assert p.page.get_attribute("#guide-board", "data-square") == capture[2:4]
        assert p.page.get_attribute("#guide-said", "data-kind") in ("captured", "promoted", "check"), role
        # Start again: the man's first position.
        p.page.click("#guide-reset")
        settle(p)
        assert guide_fen(p) == fen
    p.check_clean()


def test_pawn_promotes_to_a_met_on_the_sixth_rank(app):
    p = open_guide(app)
    sq = choose(p, "pawn")
    assert sq == "e5"
    click(p, "guide-board", "e5")
    click(p, "guide-board", "e6")
    assert p.page.get_attribute("#guide-said", "data-kind") == "promoted"
    assert p.page.get_attribute("#guide-board", "data-square") == "e6"
    piece = p.page.eval_on_selector_all("#guide-board cg-board piece", "es => es.filter(e => e.cgKey === 'e6').map(e => e.className)")
    assert piece and "m-piece" in piece[0] and "white" in piece[0], piece
    # White is to move again, the promoted pawn moving as a met.
    assert guide_fen(p).split()[1] == "w"
    assert sorted(u[2:4] for u in rules_moves(p, guide_fen(p), "e6", "makruk")) == ["d5", "d7", "f5", "f7"]
    p.check_clean()


def test_sittuyin_pawn_promotes_in_place(app):
    p = open_guide(app)
    sq = choose(p, "pawn", "sittuyin")
    assert f"{sq}{sq}f" in p.page.get_attribute("#guide-legal", "data-moves").split()
    click(p, "guide-board", sq)
    click(p, "guide-board", sq)  # the second click on it: the promotion in place
    assert p.page.get_attribute("#guide-said", "data-kind") == "promoted"
    assert p.page.get_attribute("#guide-board", "data-fen").split("[")[0].split("/")[8 - int(sq[1])].count("F") == 1
    p.check_clean()


def test_asean_pawn_asks_which_man(app):
    p = open_guide(app)
    sq = choose(p, "pawn", "asean")
    click(p, "guide-board", sq)
    click(p, "guide-board", sq[0] + "8")
    choices = p.page.eval_on_selector_all("#guide-promotion button[data-uci]", "bs => bs.map(b => b.dataset.uci)")
    assert sorted(choices) == sorted(f"{sq}{sq[0]}8{x}" for x in "rnbq")
    p.page.click(f"#guide-promotion button[data-uci='{sq}{sq[0]}8n']")
    settle(p)
    assert p.page.get_attribute("#guide-said", "data-kind") in ("promoted", "check")
    p.check_clean()


def test_cambodian_king_and_met_leap_once(app):
    p = open_guide(app)
    sq = choose(p, "king", "cambodian")
    fen = guide_fen(p)
    assert sq == "d1" and fen.split()[2] == "D"  # the right, in the FEN's rights field
    legal = rules_moves(p, fen, "d1", "cambodian")
    assert {"d1b2", "d1f2"} <= set(legal)
    assert "guide.leap" not in p.page.inner_text("#guide-man-text")
    assert "leap" in p.page.inner_text("#guide-man-text")
    click(p, "guide-board", "d1")
    assert {"b2", "f2"} <= set(dests(p))
    click(p, "guide-board", "f2")
    after = guide_fen(p)
    assert p.page.get_attribute("#guide-board", "data-square") == "f2"
    assert "D" not in after.split()[2]
    # The right is spent: from f2 the king only steps.
    assert all(abs(ord(u[2]) - ord("f")) <= 1 and abs(int(u[3]) - 2) <= 1 for u in rules_moves(p, after, "f2", "cambodian"))
    sq = choose(p, "met")
    assert sq == "e1" and guide_fen(p).split()[2] == "E"
    click(p, "guide-board", "e1")
    click(p, "guide-board", "e3")
    assert p.page.get_attribute("#guide-board", "data-square") == "e3"
    p.check_clean()


def test_relatives_table_is_the_rules(app):
    p = open_guide(app)
    cell = lambda v, c: p.page.inner_text(f"#guide-diff-table tr[data-variant='{v}'] [data-col='{c}']")
    names = p.page.eval_on_selector_all("#guide-diff-table tr[data-variant]", "rs => rs.map(r => r.dataset.variant)")
    assert sorted(names) == sorted(["makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok", "sittuyin"])
    assert cell("makpong", "check") == "may not step out of it"
    assert cell("makruk", "check") == "may step out of it"
    assert cell("karouk", "checkWins") == "wins the game"
    assert cell("makruk", "checkWins") == "—"
    assert "king" in cell("cambodian", "leaps") and "met" in cell("cambodian", "leaps")
    assert cell("makruk", "leaps") == "none"
    assert cell("cambodian", "count") == "63 moves" and cell("makruk", "count") == "64 moves"
    assert cell("asean", "count") == "automatic only"
    assert "rank 6" in cell("makruk", "promotion") and "rank 8" in cell("asean", "promotion")
    assert "own" in cell("sittuyin", "promotion")
    p.check_clean()


def example_steps(p, example):
    """Each step of a worked example: (ply, the count line shown)."""
    p.page.click(f"#guide-examples button[data-example='{example}']")
    settle(p)
    out = []
    while True:
        out.append((int(p.page.get_attribute("#guide-count-board", "data-ply")), p.page.inner_text("#guide-count-text"),
                    p.page.get_attribute("#guide-count-text", "data-number"), p.page.get_attribute("#guide-count-text", "data-moves-left")))
        if p.page.is_disabled("#guide-next"):
            return out
        p.page.click("#guide-next")
        settle(p)


def test_worked_count_examples_say_what_the_page_says(app):
    p = open_guide(app)
    example = p.page.evaluate("() => import('./page/guideLessons.js').then(m => m.COUNT_EXAMPLES.map(e => ({...e})))")
    for ex in example:
        steps = example_steps(p, ex["id"])
        assert [s[0] for s in steps] == [s["ply"] for s in ex["steps"]]
        for ply, text, number, left in steps:
            # The rules' count at the step.
            count_started = p.page.evaluate("""([ex, ply]) => import('./page/guideLessons.js').then(m => m.exampleCountStarted(ex, ply))""", [ex, ply])
            st = p.page.evaluate("([v, fen, moves, cs]) => window.khunPage.state.rules.state(v, fen, moves, {countStarted: cs})",
                                 [ex["variant"], ex["fen"], ex["moves"][:ply], count_started])
            if st["count"]:
                assert number == str(st["count"]["number"]) and left == str(st["count"]["movesLeft"])
            # The page's own count line for the same line, position and counting.
            q = p.page.evaluate("([ex, ply]) => new URLSearchParams({variant: ex.variant, fen: ex.fen, moves: ex.moves.join(','), ply: String(ply), ...(ex.counting === 'players' ? {counting: 'players', count: ex.countLog.map(a => a.ply + ':' + a.action).join(',')} : {})}).toString()", [ex, ply])
            other = app()
            other.page.goto(f"{other.server}/index.html?{q}")
            other.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
            shown = other.page.inner_text("#count") if other.page.is_visible("#count") else ""
            assert text == (shown or "No count runs."), (ex["id"], ply)
            other.close()
    # The piece's honour of two boats and a horse: 8 - 5 = 3 moves (seed 001's example).
    steps = dict((s[0], s) for s in example_steps(p, "honours"))
    assert steps[5][3] == "3" and "within 3 moves" in steps[5][1]
    assert "run out" in steps[12][1]
    p.check_clean()


def test_guide_in_thai(app):
    p = open_guide(app)
    p.page.click("#lang-switch [data-lang='th']")
    settle(p)
    for sel in ("#guide-intro", "#guide-man-text", "#guide-step-text", "#guide-count-title"):
        assert THAI.search(p.page.inner_text(sel)), sel
    assert p.page.inner_text("#guide-man-buttons button[data-role='king']") == "ขุน"
    sq = choose(p, "knight")
    fen = guide_fen(p)
    click(p, "guide-board", sq)
    click(p, "guide-board", "e6")
    assert guide_fen(p) != fen and p.page.inner_text("#guide-said").endswith("กิน")
    steps = example_steps(p, "honours")
    assert "๓" in steps[4][1] and "ศักดิ์หมาก" in steps[4][1]  # the count in Thai digits, the piece's honour
    assert p.page.inner_text("#guide-diff-table tr[data-variant='makpong'] [data-col='check']") == "เดินออกจากรุกไม่ได้"
    p.check_clean()


def normal(text):
    return re.sub(r"\s+", " ", re.sub(r"^\s*>\s?", "", text, flags=re.M)).strip()


def test_citations_resolve(app):
    p = open_guide(app)
    cites = p.page.evaluate("() => import('./page/guideLessons.js').then(m => m.CITATIONS)")
    kept = normal((REPO / "docs" / "rules-sources.md").read_text())
    for cid, c in cites.items():
        quote = normal(c["quote"])
        if c["source"] == "README.md":
            assert quote in normal((REPO / "README.md").read_text()), cid
        else:
            assert f"## {c['source']}" in (REPO / "docs" / "rules-sources.md").read_text(), cid
            assert quote in kept, cid
            original = SHARED / c["source"]
            if original.exists():
                assert quote in normal(original.read_text()), cid
    # Every citation the guide shows is one of them.
    shown = set()
    for role in ["king", "met", "khon", "knight", "rook", "pawn"]:
        choose(p, role)
        shown |= set(p.page.eval_on_selector_all("#learn-guide li[data-cite]", "ls => ls.map(l => l.dataset.cite)"))
    for ex in ["honours", "promotion", "cambodian", "players"]:
        p.page.click(f"#guide-examples button[data-example='{ex}']")
        while True:
            settle(p)
            shown |= set(p.page.eval_on_selector_all("#learn-guide li[data-cite]", "ls => ls.map(l => l.dataset.cite)"))
            if p.page.is_disabled("#guide-next"):
                break
            p.page.click("#guide-next")
    assert shown and shown <= set(cites)
    p.check_clean()


def test_moves_by_keyboard_and_the_game_untouched(app):
    p = open_guide(app, moves="e3e4,e6e5")
    game_fen, game_moves = p.fen(), p.page.evaluate("() => window.khunPage.state.moves.slice()")
    sq = choose(p, "rook")
    fen = guide_fen(p)
    # Each legal move is a button too: played from the keyboard.
    button = p.page.locator("#guide-legal button[data-uci$='d7']")
    assert button.inner_text() == "Rxd7"
    button.focus()
    p.page.keyboard.press("Enter")
    settle(p)
    assert guide_fen(p) != fen and p.page.get_attribute("#guide-board", "data-square") == "d7"
    # The page's board and line are the game's still, and the guide keeps its board across tabs.
    assert p.fen() == game_fen and p.page.evaluate("() => window.khunPage.state.moves.slice()") == game_moves
    after = guide_fen(p)
    p.page.click("#tab-play")
    p.page.click("#tab-learn")
    settle(p)
    assert guide_fen(p) == after
    p.check_clean()


def test_axe_finds_nothing_serious_in_the_guide(app):
    axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")
    p = open_guide(app)
    for lang in ("en", "th"):
        p.page.click(f"#lang-switch [data-lang='{lang}']")
        choose(p, "pawn", "asean")
        click(p, "guide-board", p.page.get_attribute("#guide-board", "data-square"))
        click(p, "guide-board", p.page.get_attribute("#guide-board", "data-square")[0] + "8")  # the choice offered
        found = axe_api.Axe().run(p.page).response["violations"]
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:5])
               for v in found if v["impact"] in ("serious", "critical")]
        assert not bad, f"{lang}: {bad}"
        p.page.click("#guide-reset")
    p.check_clean()
