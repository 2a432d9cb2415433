"""The page's board (chessgroundx) and board editor in Chromium, as a player uses them:
premoves, drawn arrows and circles, animation, coordinates, resizing, and setting up a
position with its count. Fixtures in conftest.py, the harness in pagekit.py (which see).

    KHUN_WEB_DIST=web/dist pytest web/tests/test_board_ui.py
"""

import re

from pagekit import Page
from test_page import _your_move, _start_by_clicks


def _moves(p):
    return p.page.evaluate("() => window.khunPage.state.moves.slice()")


def test_premove_is_played_on_your_turn(app):
    """A move chosen while Khun thinks is played as soon as Khun has moved."""
    p = app().open()
    # Khun on its whole clock takes seconds a move even at level -20: time to premove
    # (at a player's pace its opening moves take a fraction of a second).
    _start_by_clicks(p, tc="5+3", pace="clock")
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 1")
    assert p.page.get_attribute("#board", "data-turn") == "black"
    p.click("d3")
    p.click("d4")  # Khun is thinking: a premove, not a move
    p.settle()
    assert p.page.evaluate("() => window.khunPage.board.premove()") == ["d3", "d4"]
    assert p.page.locator("#board cg-board square.current-premove").count() == 2
    assert len(_moves(p)) == 1
    p.page.wait_for_function("() => window.khunPage.state.moves.length >= 3", timeout=30000)
    assert _moves(p)[2] == "d3d4", _moves(p)
    assert p.page.evaluate("() => window.khunPage.board.premove()") is None
    p.check_clean()


def test_premove_cancelled_is_not_played(app):
    """A premove taken back (a click on an empty square) is not played: Khun moves, then it is your turn."""
    p = app().open()
    _start_by_clicks(p, tc="5+3", pace="clock")
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 1")
    p.click("d3")
    p.click("d4")
    assert p.page.evaluate("() => window.khunPage.board.premove()") == ["d3", "d4"]
    p.click("c5")  # an empty square: the premove is cancelled
    assert p.page.evaluate("() => window.khunPage.board.premove()") is None
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 2", timeout=30000)
    _your_move(p)
    p.page.wait_for_timeout(300)
    assert len(_moves(p)) == 2 and p.page.get_attribute("#board", "data-turn") == "white"
    p.check_clean()


def test_draw_arrows_and_circles(app):
    """The right button draws an arrow (drag) or a circle (click); a move clears them."""
    p = app().open()
    a, b = p.square_box("e3"), p.square_box("e5")
    m = p.page.mouse
    m.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    m.down(button="right")
    for k in range(1, 6):
        m.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2 + (b["y"] - a["y"]) * k / 5)
    m.up(button="right")
    c = p.square_box("d6")
    m.move(c["x"] + c["width"] / 2, c["y"] + c["height"] / 2)
    m.down(button="right")
    p.page.wait_for_timeout(60)  # a person's click lasts a few frames; chessground reads the square on the next one
    m.up(button="right")
    p.settle()
    shapes = p.page.evaluate("() => window.khunPage.board.cg.state.drawable.shapes.map(s => [s.orig, s.dest || null])")
    assert ["e3", "e5"] in shapes and ["d6", None] in shapes, shapes
    assert p.page.locator("#board svg.cg-shapes line").count() >= 1
    assert p.page.locator("#board svg.cg-shapes circle").count() >= 1
    p.click("e3")
    p.click("e4")
    p.settle()
    assert p.page.evaluate("() => window.khunPage.board.cg.state.drawable.shapes.length") == 0
    p.check_clean()


def test_moves_animate_and_coordinates_follow_the_board(app):
    p = app().open(moves="e3e4,e6e5")
    files = p.page.eval_on_selector_all("#board coords.bottom coord", "cs => cs.map(c => c.textContent)")
    ranks = p.page.eval_on_selector_all("#board coords.side coord", "cs => cs.map(c => c.textContent)")
    assert files == list("abcdefgh") and ranks == list("12345678")
    # the file letters stand under their files: "a" on the left with White at the bottom
    a_box = p.page.locator("#board coords.bottom coord").first.bounding_box()
    assert abs(a_box["x"] - p.square_box("a1")["x"]) < 2
    p.page.click("#btn-flip")
    p.settle()
    a_box = p.page.locator("#board coords.bottom coord").first.bounding_box()
    assert abs(a_box["x"] - p.square_box("a1")["x"]) < 2  # now on the right
    assert p.square_box("a1")["x"] > p.square_box("h1")["x"]
    # stepping back animates the pawn from e5 to e6
    p.page.locator("body").press("ArrowLeft")
    assert p.page.evaluate("() => !!window.khunPage.board.cg.state.animation.current")
    p.settle()
    assert p.pieces().get("e6") == "p"
    p.check_clean()


def test_board_follows_the_window_size(app):
    p = app().open()
    before = p.page.locator("#board cg-board").bounding_box()
    p.page.set_viewport_size({"width": 900, "height": 620})
    p.page.wait_for_timeout(300)
    after = p.page.locator("#board cg-board").bounding_box()
    assert after["width"] < before["width"] - 50, (before, after)
    assert abs(after["width"] - after["height"]) < 1
    # pieces stand on their squares at the new size: a click on e3 picks the pawn
    piece = p.page.evaluate("""() => { const e = [...document.querySelectorAll('#board cg-board piece')]
        .find(x => x.cgKey === 'e3'); const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width}; }""")
    box = p.square_box("e3")
    assert abs(piece["x"] - box["x"]) < 2 and abs(piece["y"] - box["y"]) < 2 and abs(piece["w"] - box["width"]) < 2
    p.click("e3")
    assert "e4" in p.dests()
    p.check_clean()


def _editor_fen(p):
    return p.page.input_value("#editor-fen")


def test_editor_sets_up_a_position_with_its_count(app):
    p = app().open()
    p.page.click("#tab-editor")
    p.settle()
    assert _editor_fen(p) == "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    # a piece dragged on the board (e3-e4 would be a legal move of the game: the editor's
    # moves stay the editor's), one put with the palette, one dragged from the palette
    p.drag("e3", "e4")
    assert _editor_fen(p).startswith("rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/")
    assert _moves(p) == []
    p.drag("e4", "e5")
    assert _editor_fen(p).startswith("rnsmksnr/8/pppppppp/4P3/8/PPPP1PPP/")
    p.page.click("#editor-palette button[data-piece='R']")
    p.click("d5")
    assert _editor_fen(p).startswith("rnsmksnr/8/pppppppp/3RP3/")
    p.click("d5")  # the same piece again takes it off
    assert _editor_fen(p).startswith("rnsmksnr/8/pppppppp/4P3/")
    box = p.page.locator("#editor-palette button[data-piece='n']").bounding_box()
    target = p.square_box("d4")
    m = p.page.mouse
    m.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    m.down()
    for k in range(1, 11):
        m.move(box["x"] + box["width"] / 2 + (target["x"] + target["width"] / 2 - box["x"] - box["width"] / 2) * k / 10,
               box["y"] + box["height"] / 2 + (target["y"] + target["height"] / 2 - box["y"] - box["height"] / 2) * k / 10)
    m.up()
    p.settle()
    assert _editor_fen(p).startswith("rnsmksnr/8/pppppppp/4P3/3n4/"), _editor_fen(p)
    # a promoted pawn from the palette is a met marked as one
    p.page.click("#editor-palette button[data-piece='M~']")
    p.click("a4")
    assert "M~" in _editor_fen(p)
    # an empty board is no position: the rules say why and nothing can start from it
    p.page.click("#btn-editor-clear")
    assert re.search(r"king", p.page.text_content("#editor-error"), re.I), p.page.text_content("#editor-error")
    assert p.page.is_disabled("#btn-editor-play") and p.page.is_disabled("#btn-editor-analyse")
    # a bare king against a rook, with the piece's honour running: 6 of 32 plies counted
    p.page.click("#editor-palette button[data-piece='K']")
    p.click("d1")
    p.page.click("#editor-palette button[data-piece='R']")
    p.click("h2")
    p.page.click("#editor-palette button[data-piece='k']")
    p.click("e5")
    p.page.select_option("#editor-side", "black")
    p.page.fill("#editor-count-limit", "32")
    p.page.fill("#editor-count-ply", "6")
    assert _editor_fen(p) == "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"
    assert p.page.text_content("#editor-error") == ""
    p.page.click("#btn-editor-analyse")
    p.page.wait_for_selector("#analysis-lines li", timeout=30000)
    assert p.fen() == "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"
    assert "3 of 16" in p.page.text_content("#count"), p.page.text_content("#count")
    p.check_clean()


def test_editor_position_played_against_khun(app):
    """Typed into the editor's FEN box, played from there: the game starts at that position."""
    p = app().open()
    p.page.click("#tab-editor")
    p.page.fill("#editor-fen", "7k/8/6K1/8/8/8/8/R7 w - - 0 1")
    p.page.dispatch_event("#editor-fen", "change")
    p.settle()
    assert p.pieces() == {"h8": "k", "g6": "K", "a1": "R"}
    p.page.click("#btn-editor-play")
    assert p.page.is_visible("#panel-play")
    assert p.page.input_value("#fen-input") == "7k/8/6K1/8/8/8/8/R7 w - - 0 1"
    _start_by_clicks(p, fen="7k/8/6K1/8/8/8/8/R7 w - - 0 1", tc="1+0")
    p.drag("a1", "a8")
    p.page.locator("#result").wait_for(state="visible", timeout=10000)
    assert p.page.get_attribute("#result", "data-result") == "1-0"
    p.check_clean()


def test_editor_waits_for_a_game_to_end(app):
    p = app().open()
    _start_by_clicks(p, tc="5+3")
    p.page.click("#tab-editor")
    assert p.page.is_visible("#editor-game-note") and p.page.is_hidden("#editor-body")
    p.page.click("#tab-play")
    p.click("e3")
    assert "e4" in p.dests()  # the game's board, not the editor's
    p.check_clean()


def test_clicks_land_after_the_page_above_the_board_moves(browser, server):
    """A Thai phone: the page's Thai words, longer, wrap the header to more lines once the
    engine is ready, moving the board down without resizing it. A click still picks the
    piece under it (chessground's remembered box sent it a square off before)."""
    p = Page(browser, server, viewport=(390, 844))
    p.ctx.close()
    p.ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="th-TH")
    p.page = p.ctx.new_page()
    p.page.on("pageerror", lambda e: p.errors.append(str(e)))
    try:
        p.open(mode="play", color="white", level="-20", tc="5+3")
        p.page.wait_for_timeout(300)
        p.click("e3")
        assert p.dests() == ["e4"]
        p.click("e4")
        p.page.wait_for_function("() => window.khunPage.state.moves.length >= 1")
        assert p.page.evaluate("() => window.khunPage.state.moves[0]") == "e3e4"
        assert not p.errors, p.errors
    finally:
        p.ctx.close()


def test_take_back_while_khun_thinks_drops_the_premove(app):
    """A premove is meant for after Khun's answer: taking back your move (while Khun
    thinks, from your second move on) drops it rather than play it in the position
    taken back to, where it would be legal too."""
    p = app().open()
    _start_by_clicks(p, tc="5+3", pace="clock")  # Khun thinks seconds: time to premove
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 2", timeout=30000)
    _your_move(p)
    p.click("d3")
    p.click("d4")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 3")
    p.click("g1")
    p.click("e2")  # Khun is thinking: a premove
    assert p.page.evaluate("() => window.khunPage.board.premove()") == ["g1", "e2"]
    p.page.click("#btn-takeback")
    p.settle()
    p.page.wait_for_timeout(300)
    assert len(_moves(p)) == 2 and p.page.get_attribute("#board", "data-turn") == "white", _moves(p)
    assert p.page.evaluate("() => window.khunPage.board.premove()") is None
    assert p.pieces().get("g1") == "N" and p.pieces().get("d3") == "P"
    p.check_clean()


def test_a_cancelled_promotion_puts_the_pawn_back(app):
    """ASEAN asks which piece; cancelling leaves the pawn where it stood, and movable."""
    p = app().open(variant="asean", fen="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    p.click("a7")
    p.click("a8")
    assert p.page.is_visible("#promotion")
    p.page.click("#promotion button:last-child")  # the cancel button
    p.settle()
    assert p.page.is_hidden("#promotion")
    assert p.pieces().get("a7") == "P" and "a8" not in p.pieces()
    assert _moves(p) == []
    p.click("a7")
    assert "a8" in p.dests()
    p.check_clean()


def test_the_editor_keeps_the_game_out_of_reach(app):
    """While editing, typed moves and the move keys do not touch the line behind it."""
    p = app().open(moves="e3e4,e6e5")
    p.page.click("#tab-editor")
    p.page.fill("#move-input", "d4")
    p.page.press("#move-input", "Enter")
    p.page.locator("body").press("ArrowLeft")
    p.page.locator("body").press("Home")
    assert _moves(p) == ["e3e4", "e6e5"]
    assert p.page.evaluate("() => window.khunPage.state.cursor") == 2
    p.page.click("#tab-editor")  # again: the edits stay
    p.drag("a3", "a4")
    p.page.click("#tab-editor")
    assert "/P7/1PPP" in _editor_fen(p) or _editor_fen(p).split("/")[4] == "P3P3", _editor_fen(p)
    p.page.click("#tab-play")
    assert p.pieces().get("a3") == "P" and "a4" not in p.pieces()  # the game's board again
    p.check_clean()
