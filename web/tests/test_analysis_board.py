"""The page as an analysis board (web/src/page/moves.js, actions.js): the game as a tree
of moves, its variations in the move list, the line shown chosen there, marks and
comments on a move, a variation made the game's line or deleted, all kept across a
reload. Run with web/test.sh (after web/build.sh), or `python3 -m pytest web/tests`."""


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
