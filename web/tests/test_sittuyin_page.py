"""Sittuyin on the page in Chromium, as a player plays it against Khun: the game chosen
from the menu, each side's men in hand beside the board, a man dropped from the hand by
a click and by a drag (only on the squares the rules allow), Khun's drops, the set-up
completed, a pawn promoted where it stands and with a step, take back, new game, the
PGN, the board editor's hand, and the page in Thai. Fixtures in conftest.py, the harness
in pagekit.py.

    python3 -m pytest -q web/tests/test_sittuyin_page.py
"""

import re

START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1"
# The set-up with one knight left in each hand (White to drop, then Black).
LAST_DROPS = "r5kr/1s1f1ns1/4pppp/pppp4/4PPPP/PPPPNFSS/4K3/6RR[Nn] w - - 0 8"
# White's pawn on d5 stands on sittuyin's diagonal and White has no met: it may promote,
# where it stands (d5=F) or with a diagonal step (d5e6=F), or step on as a pawn (d6).
PROMOTE = "4k3/8/8/3P4/8/8/8/R3K3[] w - - 0 1"
# Black's king bare against a rook: the piece's honour, as in makruk.
COUNT = "8/8/8/4k3/8/8/7R/3K4[] b - 32 6 1"


def _clean(p):
    """No script error, no request off the page's origin, nothing in the console."""
    p.check_clean()
    assert not p.console_errors, f"console errors: {p.console_errors}"


def _state(p, expr):
    return p.page.evaluate(f"() => {{ const S = window.khunPage.state; return {expr}; }}")


def _hand(p, where):
    """The men shown in a hand ("top" or "bottom"): {FEN letter: count}, the empty slots left out."""
    pairs = p.page.eval_on_selector_all(f"#hand-{where} .hand-piece", "bs => bs.map(b => [b.dataset.letter, Number(b.dataset.nb)])")
    return {letter: n for letter, n in pairs if n}


def _man(p, where, letter):
    return p.page.locator(f"#hand-{where} .hand-piece[data-letter='{letter}']")


def _drop_by_drag(p, where, letter, sq):
    """Presses a man in the hand and lets it go over the square, as a person drags it."""
    a = _man(p, where, letter).bounding_box()
    b = p.square_box(sq)
    ax, ay = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    bx, by = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    m = p.page.mouse
    m.move(ax, ay)
    m.down()
    for k in range(1, 11):
        m.move(ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10)
    m.up()
    p.settle()


def _last_move_squares(p):
    return p.page.eval_on_selector_all("#board cg-board square.last-move", "es => es.map(e => e.cgKey)")


def _start(p, fen="", color="white", pace=None):
    """A sittuyin game against Khun (level -20, 5+3) started from the Play tab's menus."""
    p.page.select_option("#variant", "sittuyin")
    p.page.select_option("#color", color)
    p.page.select_option("#level", "-20")
    p.page.select_option("#tc", "5+3")
    if pace:
        p.page.select_option("#pace", pace)
    p.page.fill("#fen-input", fen)
    p.page.click("#start-game")


def _wait_plies(p, n, timeout=30000):
    p.page.wait_for_function(f"() => window.khunPage.state.moves.length >= {n}", timeout=timeout)
    p.settle()


def _your_move(p, timeout=30000):
    p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')", timeout=timeout)
    p.settle()


def test_sittuyin_in_the_menu_shows_its_start_and_hands(app):
    """Choosing sittuyin shows its start: the pawns on the board, every other man in the
    hands beside it (Black's above, White's below), and that the set-up comes first."""
    p = app().open()
    names = p.page.eval_on_selector_all("#variant option", "os => os.map(o => [o.value, o.textContent])")
    assert ["sittuyin", "Sittuyin (Burmese chess)"] in names, names
    assert p.page.locator("#hand-top").is_hidden() and p.page.locator("#hand-bottom").is_hidden()  # makruk has none
    p.page.select_option("#variant", "sittuyin")
    p.settle()
    assert p.fen() == START
    assert sorted(p.pieces().values()) == sorted("PPPPPPPP" + "pppppppp")
    assert _hand(p, "bottom") == {"K": 1, "S": 2, "F": 1, "R": 2, "N": 2}
    assert _hand(p, "top") == {"k": 1, "s": 2, "f": 1, "r": 2, "n": 2}
    # beside the board: White's hand below it, Black's above
    board = p.page.locator("#board cg-board").bounding_box()
    assert _man(p, "bottom", "R").bounding_box()["y"] > board["y"] + board["height"] - 1
    assert _man(p, "top", "r").bounding_box()["y"] + 10 < board["y"]
    assert _man(p, "bottom", "R").get_attribute("aria-label") == "White rook: 2 in hand"
    assert "a man from the hand" in p.page.inner_text("#status")
    # every man's art loads, on the board and in the hands
    broken = p.page.evaluate("""() => Promise.all([...document.querySelectorAll('.hand-piece img')]
        .map(i => fetch(i.src).then(r => r.ok ? null : i.src)))""")
    assert not any(broken), broken
    # flipped, the hands change places with the sides
    p.page.click("#btn-flip")
    p.settle()
    assert _hand(p, "bottom") == {"k": 1, "s": 2, "f": 1, "r": 2, "n": 2}
    _clean(p)


def test_drops_by_click_and_drag_and_khun_drops(app):
    """In a game against Khun: a rook chosen in the hand marks only the first rank; a
    square it may not go to leaves it in the hand; a click on a marked square drops it.
    Khun answers with a drop of its own, drawn as a move, its hand one man shorter. A man
    dragged from the hand onto a square is dropped there."""
    p = app().open()
    _start(p)
    _your_move(p)
    assert "place a man from your hand" in p.page.inner_text("#status")
    _man(p, "bottom", "R").click()
    p.settle()
    assert "selected" in _man(p, "bottom", "R").get_attribute("class")
    assert sorted(p.dests()) == [f"{f}1" for f in "abcdefgh"]
    p.click("b2")  # a rook goes on the first rank only: no drop, and the rook stays in hand
    p.page.wait_for_timeout(200)
    assert _state(p, "S.moves.length") == 0 and _hand(p, "bottom")["R"] == 2
    _man(p, "bottom", "R").click()
    p.click("a1")
    assert _state(p, "S.moves") == ["R@a1"]
    assert p.pieces()["a1"] == "R" and _hand(p, "bottom")["R"] == 1
    assert p.page.inner_text("#movelist").split()[:2] == ["1.", "R@a1"]
    # Khun drops one of its men: seen on the screen (each frame) coming from its hand, above the board
    p.page.evaluate("""() => { window.highest = {}; const look = () => {
        for (const e of document.querySelectorAll('#board cg-board piece')) {
          if (e.cgKey) window.highest[e.cgKey] = Math.min(window.highest[e.cgKey] ?? 1e9, e.getBoundingClientRect().top); }
        requestAnimationFrame(look); }; look(); }""")
    before = _hand(p, "top")
    _wait_plies(p, 2)
    khun = _state(p, "S.moves[1]")
    assert "@" in khun, khun
    letter, sq = khun[0].lower(), khun[2:]
    assert p.pieces()[sq] == letter
    assert _last_move_squares(p) == [sq]
    square = p.square_box(sq)
    assert p.page.evaluate(f"() => window.highest['{sq}']") < square["y"] - square["height"] / 2, "the man did not come from the hand"
    after = _hand(p, "top")
    assert after.get(letter, 0) == before[letter] - 1, (before, after)
    assert "Khun played" in p.page.inner_text("#announce")
    # a drag from the hand: the king onto e2
    _your_move(p)
    _drop_by_drag(p, "bottom", "K", "e2")
    assert _state(p, "S.moves")[2] == "K@e2"
    assert p.pieces()["e2"] == "K" and "K" not in _hand(p, "bottom")
    assert _man(p, "bottom", "K").is_disabled()  # its slot stays, empty
    _wait_plies(p, 4)
    _clean(p)


def test_a_drop_chosen_while_khun_thinks_is_played_on_your_turn(app):
    """A man chosen and put on a square while Khun thinks is a predrop: marked, then
    dropped as soon as it is your turn."""
    p = app().open()
    _start(p, pace="clock")  # Khun on its whole clock takes seconds a move: time to predrop
    _your_move(p)
    _man(p, "bottom", "K").click()
    p.click("e2")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 1")
    _man(p, "bottom", "R").click()
    p.settle()
    assert "h1" in p.page.eval_on_selector_all("#board cg-board square.premove-dest", "es => es.map(e => e.cgKey)")
    p.click("h1")
    assert p.page.evaluate("() => window.khunPage.board.premove()") == ["R@", "h1"]
    assert "premove" in _man(p, "bottom", "R").get_attribute("class")
    _wait_plies(p, 3)
    assert _state(p, "S.moves")[2] == "R@h1" and p.pieces()["h1"] == "R"
    _clean(p)


def test_dragged_to_a_square_it_may_not_go_stays_in_hand(app):
    """A man dragged onto an occupied square, or off the board, is not dropped."""
    p = app().open()
    _start(p)
    _your_move(p)
    _drop_by_drag(p, "bottom", "N", "a3")  # a3 holds a pawn
    assert _state(p, "S.moves.length") == 0 and _hand(p, "bottom")["N"] == 2
    assert "a3" not in [sq for sq, piece in p.pieces().items() if piece == "N"]
    _drop_by_drag(p, "bottom", "N", "c4")  # the fourth rank: not White's
    assert _state(p, "S.moves.length") == 0 and p.pieces()["a3"] == "P"
    _clean(p)


def test_the_set_up_completes_and_play_goes_on(app):
    """The last men dropped, the hands leave the page and the game goes on with moves."""
    p = app().open()
    _start(p, fen=LAST_DROPS)
    _your_move(p)
    assert _hand(p, "bottom") == {"N": 1} and _hand(p, "top") == {"n": 1}
    _man(p, "bottom", "N").click()
    p.click("d2")
    _wait_plies(p, 2)
    assert _state(p, "S.moves")[0] == "N@d2" and _state(p, "S.moves")[1].startswith("N@")
    _your_move(p)
    assert p.page.locator("#hand-top").is_hidden() and p.page.locator("#hand-bottom").is_hidden()
    assert p.fen().split(" ")[0].endswith("[]")
    assert p.page.inner_text("#status") == "Your move"
    p.click("e4")
    assert "e5" in p.dests()
    p.click("e5")
    assert _state(p, "S.moves")[2] == "e4e5"
    _wait_plies(p, 4)
    _clean(p)


def test_promotion_in_place(app):
    """A pawn that may promote is said to under the board; selected, its own square is
    ringed; clicked again, it offers the promotion where it stands, and the met takes
    its place."""
    p = app().open()
    _start(p, fen=PROMOTE)
    _your_move(p)
    hint = p.page.locator("#promotion-hint")
    assert hint.is_visible() and "(d5)" in hint.inner_text() and "click it again" in hint.inner_text()
    p.click("d5")
    ringed = p.page.eval_on_selector_all("#board cg-board square.selected.move-dest", "es => es.map(e => e.cgKey)")
    assert ringed == ["d5"]
    assert sorted(p.dests()) == ["c4", "c6", "d5", "d6", "e4", "e6"]
    p.click("d5")
    box = p.page.locator("#promotion")
    box.wait_for(state="visible")
    assert box.locator("button[data-uci]").evaluate_all("bs => bs.map(b => [b.dataset.uci, b.textContent])") == [["d5d5f", "d5=F"]]
    # the choice is above the board's pieces: its button is what a click there reaches
    choice = box.locator("button[data-uci='d5d5f']")
    c = choice.bounding_box()
    assert p.page.evaluate(f"() => !!document.elementFromPoint({c['x'] + c['width'] / 2}, {c['y'] + c['height'] / 2}).closest('#promotion')")
    choice.click()
    p.settle()
    assert _state(p, "S.moves") == ["d5d5f"] and _state(p, "S.sans") == ["d5=F"]
    assert p.pieces()["d5"] == "F" and box.is_hidden()
    assert _last_move_squares(p) == ["d5"]
    assert hint.is_hidden()
    _wait_plies(p, 2)
    _clean(p)


def test_promotion_with_a_step_asks_and_may_be_cancelled(app):
    """A pawn moved one step diagonally promotes as it moves, once the player says so;
    cancelled, the pawn is back where it stood, and it may still step on as a pawn."""
    p = app().open()
    _start(p, fen=PROMOTE)
    _your_move(p)
    p.drag("d5", "c6")
    box = p.page.locator("#promotion")
    box.wait_for(state="visible")
    p.page.keyboard.press("Escape")
    p.settle()
    assert box.is_hidden() and p.pieces().get("d5") == "P" and "c6" not in p.pieces()
    assert _state(p, "S.moves.length") == 0
    p.drag("d5", "e6")
    box.wait_for(state="visible")
    box.locator("button[data-uci='d5e6f']").click()
    p.settle()
    assert _state(p, "S.sans") == ["d5e6=F"]
    assert p.pieces()["e6"] == "F" and "d5" not in p.pieces()
    _wait_plies(p, 2)
    _clean(p)


def test_takeback_pgn_and_new_game(app):
    """Take back puts the men back in the hands; the PGN says sittuyin with its start and
    its drops, and reads back in; New game brings back sittuyin's start."""
    p = app().open()
    _start(p)
    _your_move(p)
    _man(p, "bottom", "S").click()
    p.click("c2")
    _wait_plies(p, 2)
    _your_move(p)
    _drop_by_drag(p, "bottom", "F", "d1")
    _wait_plies(p, 4)
    _your_move(p)
    p.page.click("#btn-takeback")
    p.settle()
    assert _state(p, "S.moves.length") == 2
    assert _hand(p, "bottom") == {"K": 1, "S": 1, "F": 1, "R": 2, "N": 2} and "d1" not in p.pieces()
    assert sum(_hand(p, "top").values()) == 7
    p.page.click("#tab-pgn")
    pgn = p.page.input_value("#pgn-out")
    assert '[Variant "sittuyin"]' in pgn and f'[FEN "{START}"]' in pgn, pgn
    khun = _state(p, "S.sans[1]")
    # each move with its mover's clock after it ([%clk]); without them, the moves
    assert len(re.findall(r"\{\[%clk \d+:\d\d:\d\d(?:\.\d+)?\]\}", pgn)) == 2, pgn
    moves = re.sub(r" \{\[%clk [^]]*\]\}( \d+\.\.\.)?", "", pgn)
    assert f"1. S@c2 {khun} *" in moves, pgn
    # New game (abandoning this one) shows sittuyin's start again
    p.page.click("#tab-play")
    p.page.click("#btn-new")
    p.settle()
    assert p.fen() == START and _state(p, "S.moves.length") == 0
    assert _hand(p, "bottom") == {"K": 1, "S": 2, "F": 1, "R": 2, "N": 2}
    # the page's own PGN reads back: the same drops, the hands as they were
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", pgn)
    p.page.click("#btn-import")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 2")
    p.page.keyboard.press("End")
    p.settle()
    assert _state(p, "S.variant") == "sittuyin" and _state(p, "S.sans")[0] == "S@c2"
    assert p.pieces()["c2"] == "S" and _hand(p, "bottom")["S"] == 1
    _clean(p)


def test_editor_keeps_the_hands(app):
    """The board editor in sittuyin has the men in hand as a field of their own: taken
    from the position, changed, and played from."""
    p = app().open(variant="sittuyin", moves="K@d2,R@d8")
    p.page.click("#tab-editor")
    hand = p.page.locator("#editor-hand")
    assert hand.is_visible() and hand.input_value() == "SSFRRNNkssfrnn"
    assert p.page.locator("#hand-bottom").is_hidden()  # the board is the editor's
    assert p.page.get_attribute("#editor-error", "data-valid") == "1"
    hand.fill("SSFRRNNksfrn")
    assert p.page.input_value("#editor-fen") == "3r4/8/4pppp/pppp4/4PPPP/PPPP4/3K4/8[SSFRRNNksfrn] w - - 0 2"
    assert p.page.get_attribute("#editor-error", "data-valid") == "1"
    p.page.click("#btn-editor-play")
    p.settle()
    assert p.page.input_value("#fen-input").startswith("3r4/8/4pppp/pppp4/4PPPP/PPPP4/3K4/8[SSFRRNNksfrn] w")
    assert _hand(p, "top") == {"k": 1, "s": 1, "f": 1, "r": 1, "n": 1}
    # makruk's editor has no hand
    p.page.select_option("#variant", "makruk")
    p.page.click("#tab-editor")
    assert p.page.locator("#editor-hand-label").is_hidden()
    _clean(p)


def test_count_against_a_bare_king(app):
    """Sittuyin counts against a bare king as makruk's piece's honour does, and the page says so."""
    p = app().open(variant="sittuyin", fen=COUNT)
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    assert count.get_attribute("data-honour") == "piece" and count.get_attribute("data-counting") == "black"
    assert "White must mate within 13 moves" in count.inner_text()
    assert p.page.locator("#hand-top").is_hidden()  # no man left in hand
    _clean(p)


def test_thai_page(app):
    """In Thai: the game's name is pychess's, the hands and the set-up are said in Thai,
    the drops are written in Thai notation, and the promotion's hint is Thai."""
    p = app().open()
    p.page.click("#lang-switch [data-lang=th]")
    p.page.select_option("#variant", "sittuyin")
    p.settle()
    assert p.page.eval_on_selector("#variant", "s => s.options[s.selectedIndex].textContent") == "หมากรุกพม่า"
    assert p.page.get_attribute("#hand-bottom", "aria-label") == "หมากในมือฝ่ายขาว"
    assert _man(p, "bottom", "R").get_attribute("aria-label") == "เรือขาว: ในมือ 2"
    assert _man(p, "bottom", "F").get_attribute("aria-label") == "เม็ดขาว: ในมือ 1"
    assert p.page.inner_text("#status").endswith("วางหมากในมือ")
    _man(p, "bottom", "K").click()
    p.click("d2")
    _drop_by_drag(p, "top", "r", "d8")
    assert p.page.eval_on_selector_all("#movelist button", "bs => bs.map(b => b.textContent)") == ["ข@ง๒", "ร@ง๘"]
    p2 = app().open(variant="sittuyin", fen=PROMOTE)
    p2.page.click("#lang-switch [data-lang=th]")
    assert "กดเบี้ยแล้วกดอีกครั้งเพื่อเลื่อนยศ" in p2.page.inner_text("#promotion-hint")
    _clean(p)
    _clean(p2)
