"""The page as an analysis board (web/src/page/moves.js, actions.js): the game as a tree
of moves, its variations in the move list, the line shown chosen there, marks and
comments on a move, a variation made the game's line or deleted, all kept across a
reload; PGN with variations, comments and marks read and written back, in SAN or Thai;
a game's clocks in its PGN. Run with web/test.sh (after web/build.sh), or
`python3 -m pytest web/tests`."""

import re


def _line(p):
    return p.page.evaluate("() => window.khunPage.state.moves.slice()")


def _ply(p):
    return int(p.page.get_attribute("#board", "data-ply"))


def _button(p, path):
    return p.page.locator(f"#movelist button[data-path='{path}']")


def test_a_variation_is_kept_beside_the_game_and_chosen_in_the_move_list(app):
    p = app().open(moves="e3e4,e6e5,b1d2,b8d7")
    p.page.click("#movelist button[data-ply='2']")
    p.click("g1")
    p.click("e2")  # 2. Ne2 instead of the game's 2. Nd2
    assert _line(p) == ["e3e4", "e6e5", "g1e2"] and _ply(p) == 3
    # the game's moves stay in the list; the variation is in brackets after 2. Nd2
    assert _button(p, "0.0.0").inner_text() == "Nd2" and _button(p, "0.0.0.0").inner_text() == "Nd7"
    variation = p.page.locator("#movelist .variation")
    assert variation.count() == 1 and variation.inner_text() == "(2. Ne2)"
    assert p.plies() == 3 and "current" in (_button(p, "0.0.1").get_attribute("class") or "")
    assert p.page.locator("#btn-mainline").is_visible()
    # the game's move clicked: the game's line, at that move
    _button(p, "0.0.0.0").click()
    assert _line(p) == ["e3e4", "e6e5", "b1d2", "b8d7"] and _ply(p) == 4
    assert p.page.locator("#btn-mainline").is_hidden()
    # the variation's move clicked: its line again; Back to the game: the game where it left
    _button(p, "0.0.1").click()
    assert _line(p) == ["e3e4", "e6e5", "g1e2"] and _ply(p) == 3
    p.page.click("#btn-mainline")
    assert _line(p) == ["e3e4", "e6e5", "b1d2", "b8d7"] and _ply(p) == 2
    # stepping with the keys follows the line shown
    p.page.locator("body").press("ArrowRight")
    assert _ply(p) == 3 and p.fen().startswith("rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/3N4/R1SKMSNR")
    p.check_clean()


def test_marks_comments_promotion_and_deletion_kept_across_a_reload(app):
    p = app().open(moves="e3e4,e6e5,b1d2,b8d7")
    p.page.click("#movelist button[data-ply='2']")
    p.click("g1")
    p.click("e2")
    # a mark and a comment on 2. Ne2
    p.page.click("#nag-buttons button[data-nag='5']")
    assert _button(p, "0.0.1").inner_text() == "Ne2!?"
    assert p.page.get_attribute("#nag-buttons button[data-nag='5']", "aria-pressed") == "true"
    p.page.fill("#move-comment", "keeps d2 for the other knight")
    p.page.locator("#move-comment").blur()
    assert "keeps d2 for the other knight" in p.page.locator("#movelist .variation").inner_text()
    # the variation becomes the game's line: 2. Ne2 in the columns, 2. Nd2 in brackets
    p.page.click("#btn-promote-line")
    assert _button(p, "0.0.0").inner_text() == "Ne2!?"
    assert p.page.locator("#movelist .variation").inner_text() == "(2. Nd2 Nd7)"
    assert p.page.locator("#btn-promote-line").is_hidden() and p.page.locator("#btn-mainline").is_hidden()
    # the reload brings back the tree, its mark and comment, and the position shown
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    assert _button(p, "0.0.0").inner_text() == "Ne2!?" and _button(p, "0.0.1").inner_text() == "Nd2"
    assert "keeps d2 for the other knight" in p.page.locator("#movelist").inner_text()
    assert _ply(p) == 3
    # the old game's line deleted from its first move on
    _button(p, "0.0.1").click()
    p.page.click("#btn-delete-from")
    assert p.page.locator("#movelist .variation").count() == 0
    assert _line(p) == ["e3e4", "e6e5", "g1e2"] and _ply(p) == 2
    p.check_clean()


PGN_TREE = """[Event "Tree"]
[White "A"]
[Black "B"]
[Result "*"]
[Variant "makruk"]

{An open game} 1. e4 {the usual} (1. c4 c5) 1... e5 2. Nd2 $2 (2. Ne2 $5 {quieter}) 2... Nd7 *
"""


def test_pgn_variations_comments_and_marks_are_read_and_written_back(app):
    p = app().open()
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", PGN_TREE)
    p.page.click("#btn-import")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button[data-ply]').length === 4")
    assert p.page.inner_text("#pgn-error") == ""
    text = p.page.inner_text("#movelist")
    for part in ("An open game", "the usual", "quieter"):
        assert part in text, text
    variations = p.page.locator("#movelist .variation").all_inner_texts()
    assert variations[0] == "(1. c4 c5)" and variations[1].startswith("(2. Ne2!?"), variations
    assert _button(p, "0.0.0").inner_text() == "Nd2?"
    # the variation's moves are the board's when chosen
    _button(p, "1.0").click()
    assert _line(p) == ["c3c4", "c6c5"] and _ply(p) == 2
    # written back: the same tree, read again the same
    p.page.click("#tab-pgn")
    out = p.page.input_value("#pgn-out")
    for part in ("{An open game}", "{the usual}", "(1. c4 c5)", "$2", "$5", "{quieter}"):
        assert part in out, out
    again = p.page.evaluate("t => window.khunPage.state.rules.readPgn(t)[0].tree.length", out)
    assert again == 4
    p.check_clean()


def test_a_pgn_in_thai_notation_is_read_and_the_export_can_be_thai(app):
    p = app().open()
    thai = p.page.evaluate("""() => window.khunPage.state.rules.writePgn({variant: 'makruk',
        moves: ['e3e4', 'e6e5', 'b1d2', 'b8d7'], tags: [['White', 'A'], ['Black', 'B']], notation: 'thaiSan'})""")
    assert "๑." in thai and "จ๔" in thai, thai
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", thai)
    p.page.click("#btn-import")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button[data-ply]').length === 4")
    assert _line(p) == ["e3e4", "e6e5", "b1d2", "b8d7"] and p.page.inner_text("#pgn-error") == ""
    p.page.click("#tab-pgn")
    p.page.select_option("#pgn-notation", "thaiSan")
    out = p.page.input_value("#pgn-out")
    assert "๑. จ๔ จ๕ ๒." in out, out
    p.page.select_option("#pgn-notation", "san")
    assert "1. e4 e5 2. Nd2 Nd7" in p.page.input_value("#pgn-out")
    p.check_clean()


def test_a_game_against_khun_writes_its_clocks(app):
    p = app().open(mode="play", color="white", level="-20", tc="5+3", pace="instant")
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button[data-ply]').length === 2", timeout=30000)
    out = p.page.input_value("#pgn-out")
    clocks = re.findall(r"\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\]", out)
    assert len(clocks) == 2, out
    # each side had five minutes; the increment is added after the move
    for h, m, s in clocks:
        assert 0 < int(h) * 3600 + int(m) * 60 + float(s) <= 303, out
    p.check_clean()
