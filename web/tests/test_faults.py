"""Faults a new player met on the page, each as the player met it, in Chromium: what
stayed on the page from a position or game before, the link that carried only a FEN,
the PGN reader's "move 4" that meant 4 plies, and words left in English or written
otherwise than the line beside them on the Thai page.

Fixtures in conftest.py (one browser for the whole run), the harness in pagekit.py:
    python3 -m pytest -q web/tests/test_faults.py
Moves are typed into the move box where the board's clicks are not what is tested.
"""

import re
import urllib.parse

import pytest

from test_language import app_in  # noqa: F401  (the fixture: a page in a browser's language)
from test_page import PAWNLESS_FEN

START_FEN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
# White mates with Ra8 while Black counts the piece's honour, two moves left to mate in.
COUNT_MATE_FEN = "7k/8/6K1/8/8/8/8/R7 w - 32 29 1"
# Black's bare king counts the piece's honour (K+R v K): 3 of 16.
COUNT_FEN = "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"
# Sittuyin: White's pawn on d5 may promote where it stands.
SITTUYIN_PROMOTE = "4k3/8/8/3P4/8/8/8/R3K3[] w - - 0 1"


def _ready(p):
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)


def _type_move(p, text):
    plies = p.page.locator("#movelist button").count()
    p.page.fill("#move-input", text)
    p.page.press("#move-input", "Enter")
    p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length > {plies}")


def _moves(p):
    return p.page.eval_on_selector_all("#movelist button", "bs => bs.map(b => b.dataset.uci)")


# 1. Stale state.

def test_home_after_a_stopped_analysis_shows_the_start_and_no_other_lines(app):
    p = app().open(moves="e3e4,c6c5,b1d2,b8d7")
    p.page.click("#tab-analysis")
    p.page.click("#btn-analysis")
    lines = p.page.locator("#analysis-lines li")
    lines.first.wait_for(timeout=30000)
    assert lines.first.locator(".pv").inner_text().startswith("3. "), lines.first.inner_text()
    p.page.click("#btn-analysis")  # Stop
    p.page.wait_for_selector("#stop-latency[data-ms]", timeout=5000)
    p.page.click("#nav-first")
    p.settle()
    assert p.fen() == START_FEN
    assert p.page.get_attribute("#board", "data-ply") == "0"
    assert lines.count() == 0, lines.all_inner_texts()
    assert p.page.inner_text("#analysis-depth") == ""
    assert p.page.locator("#board svg.cg-shapes line").count() == 0, "an arrow of another position"
    assert p.page.locator("#eval-bar").is_hidden()
    # Analysed again, at the start: the start's lines (White's first move).
    p.page.click("#btn-analysis")
    lines.first.wait_for(timeout=30000)
    assert all(t.startswith("1. ") for t in p.page.locator("#analysis-lines .pv").all_inner_texts())
    # End with the analysis on: at once (before any line of the last position is in),
    # no line, arrow or score of the start stays.
    p.page.wait_for_function("() => /\\d/.test(document.querySelector('#eval-text').textContent)")
    start_score = p.page.inner_text("#eval-text")
    at_end = p.page.evaluate("""() => {
        document.dispatchEvent(new KeyboardEvent('keydown', {key: 'End', bubbles: true}));
        return [document.querySelector('#board').dataset.ply, document.querySelector('#eval-text').textContent,
                document.querySelectorAll('#analysis-lines li').length];
    }""")
    assert at_end == ["4", "…", 0], (start_score, at_end)
    p.page.wait_for_function(
        "() => [...document.querySelectorAll('#analysis-lines .pv')].some(e => e.textContent.startsWith('3. '))",
        timeout=30000)
    assert not any(t.startswith("1. ") for t in p.page.locator("#analysis-lines .pv").all_inner_texts())
    p.check_clean()


def _resign_then_analyse_from_the_editor(p):
    p.page.click("#btn-resign")
    p.page.click("#btn-resign-yes")
    assert p.page.get_attribute("#result", "data-reason") == "Resignation"
    p.page.click("#tab-editor")
    p.page.wait_for_selector("#editor-error[data-valid='1']", state="attached")
    p.page.click("#btn-editor-analyse")
    p.page.locator("#analysis-lines li").first.wait_for(timeout=30000)


@pytest.mark.parametrize("variant", ["makruk", "sittuyin"])
def test_analyse_from_the_editor_after_a_resignation_leaves_no_game_over(app, variant):
    p = app().open(variant=variant, mode="play", color="white", level="-20", tc="5+3")
    if variant == "makruk":
        _type_move(p, "e4")
        p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')",
                                 timeout=30000)
    assert p.page.inner_text("#announce") != ""
    _resign_then_analyse_from_the_editor(p)
    status = p.page.inner_text("#status")
    assert re.match(r"(White|Black) to move", status), status
    assert p.page.locator("#result").is_hidden()
    said = p.page.inner_text("#announce")
    assert "Game over" not in said and "Resignation" not in said, said
    p.check_clean()


def test_analyse_from_the_editor_after_a_resignation_in_thai(app_in):
    p = app_in("th-TH").open(mode="play", color="white", level="-20", tc="5+3")
    _resign_then_analyse_from_the_editor(p)
    assert p.page.inner_text("#status") == "ตาขาวเดิน"
    assert p.page.locator("#result").is_hidden()
    said = p.page.inner_text("#announce")
    assert "เกมจบแล้ว" not in said and "ยอมแพ้" not in said, said
    p.check_clean()


def test_a_mate_ends_the_count_line(app):
    p = app().open(fen=COUNT_MATE_FEN)
    count = p.page.locator("#count")
    assert "White must mate within 2 moves" in count.inner_text(), count.inner_text()
    _type_move(p, "Ra8")
    assert p.page.get_attribute("#result", "data-reason") == "White mates"
    text = count.inner_text()
    assert "must mate" not in text and "White mates" in text, text
    assert "must mate" not in (count.get_attribute("title") or ""), count.get_attribute("title")
    assert "urgent" not in (count.get_attribute("class") or "")
    # One move back, the count runs again.
    p.page.click("#nav-prev")
    assert "White must mate within 2 moves" in count.inner_text(), count.inner_text()
    p.check_clean()


def test_a_mate_ends_the_count_line_in_thai(app_in):
    p = app_in("th-TH").open(fen=COUNT_MATE_FEN)
    count = p.page.locator("#count")
    assert "ขาวต้องไล่ให้จนภายใน ๒ ตา" in count.inner_text(), count.inner_text()
    _type_move(p, "Ra8")
    text = count.inner_text()
    assert "ต้องไล่ให้จน" not in text and "ขาวรุกจน" in text, text
    p.check_clean()


@pytest.mark.parametrize("second", ["e4", "e3e4"])
def test_a_refused_typed_move_is_replaced_by_the_next(app, second):
    p = app().open()
    box = p.page.locator("#move-input")
    box.click()
    p.page.keyboard.type("zz")
    p.page.keyboard.press("Enter")
    assert "zz" in p.page.inner_text("#move-error")
    p.page.keyboard.type(second)
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 1")
    assert _moves(p) == ["e3e4"]
    assert box.input_value() == "" and p.page.inner_text("#move-error") == ""
    p.check_clean()


def test_a_refused_typed_move_is_replaced_by_the_next_in_thai(app_in):
    p = app_in("th-TH").open()
    p.page.locator("#move-input").click()
    p.page.keyboard.type("zz")
    p.page.keyboard.press("Enter")
    p.page.keyboard.type("จ๔")
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 1")
    assert _moves(p) == ["e3e4"]
    p.check_clean()


# 2. Links and the PGN reader's words.

def _copied_link(p):
    """The link "Link to this game" makes: said where the clipboard refuses it, and put in
    the address bar either way."""
    p.page.click("#tab-pgn")
    p.page.click("#btn-copy-link")
    p.page.wait_for_function("() => /^Link/.test(document.querySelector('#announce').textContent)")
    said = p.page.inner_text("#announce")
    link = said[len("Link: "):] if said.startswith("Link: ") else p.page.url
    assert link == p.page.url, (said, p.page.url)
    return link


def _shown(p):
    return {
        "fen": p.fen(),
        "ply": p.page.get_attribute("#board", "data-ply"),
        "moves": _moves(p),
        "count": p.page.inner_text("#count"),
        "started": p.page.get_attribute("#count", "data-started"),
        "notes": p.page.eval_on_selector_all("#movelist .count-note", "ns => ns.map(n => [n.dataset.ply, n.dataset.action])"),
        "counting": p.page.input_value("#counting"),
        "black below": "orientation-black" in p.page.get_attribute("#board", "class"),
    }


def test_the_link_brings_back_the_game_its_ply_and_its_count(app):
    p = app().open(fen=PAWNLESS_FEN)
    assert p.page.text_content("#btn-copy-link").strip() == "Link to this game"
    p.page.select_option("#counting", "players")
    p.page.click("#btn-count")
    for move in ("Ra2", "Rd6", "Ra3", "Rd7"):
        _type_move(p, move)
    p.page.click("#btn-stop-count")
    _type_move(p, "Ra4")
    p.page.click("#movelist button[data-ply='3']")
    p.page.click("#btn-flip")
    here = _shown(p)
    assert here["count"].startswith("White counts: 2 of 64"), here
    assert here["notes"] == [["0", "start"], ["4", "stop"]], here
    link = _copied_link(p)
    q = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
    assert q["moves"] == ["a1a2,d5d6,a2a3,d6d7,a3a4"] and q["ply"] == ["3"], link
    assert q["count"] == ["0:start,4:stop"] and q["counting"] == ["players"], link
    assert q["fen"] == [PAWNLESS_FEN] and q["orientation"] == ["black"], link
    again = app()
    again.page.goto(link)
    _ready(again)
    assert _shown(again) == here
    # The rest of the line is there too: its end, where White's count has stopped.
    again.page.click("#nav-last")
    assert again.page.get_attribute("#count", "data-started") == "-1"
    p.check_clean()
    again.check_clean()


def test_the_link_of_a_game_from_the_start_has_no_fen(app):
    p = app().open(moves="e3e4,c6c5,b1d2")
    p.page.click("#nav-prev")
    link = _copied_link(p)
    q = urllib.parse.parse_qs(urllib.parse.urlparse(link).query)
    assert "fen" not in q and "count" not in q and "counting" not in q, link
    assert q["variant"] == ["makruk"] and q["moves"] == ["e3e4,c6c5,b1d2"] and q["ply"] == ["2"], link
    again = app()
    again.page.goto(link)
    _ready(again)
    assert _shown(again) == _shown(p)
    p.check_clean()
    again.check_clean()


BROKEN_AFTER_4 = "1. e4 e5 2. Nd2 Nd7 3. Zz9 *"
BROKEN_AFTER_5 = "1. e4 e5 2. Nd2 Nd7 3. Ke2 Zz9 *"


def test_a_pgn_read_in_part_says_which_move_it_reached(app):
    p = app().open()
    said = p.import_pgn_refused(BROKEN_AFTER_4)
    assert p.plies() == 4
    assert said.startswith("Read up to Black's move 2, Nd7: "), said
    said = p.import_pgn_refused(BROKEN_AFTER_5)
    assert p.plies() == 5
    assert said.startswith("Read up to White's move 3, Ke2: "), said
    p.check_clean()


def test_a_pgn_read_in_part_says_which_move_it_reached_in_thai(app_in):
    p = app_in("th-TH").open()
    said = p.import_pgn_refused(BROKEN_AFTER_4)
    assert said.startswith("นำเข้าถึงตาที่ 2 ของดำ ม-ง๗: "), said
    p.check_clean()


# 3. Thai.

def test_the_promotion_hint_names_the_square_as_the_notation_does(app, app_in):
    p = app_in("th-TH").open(variant="sittuyin", fen=SITTUYIN_PROMOTE)
    hint = p.page.locator("#promotion-hint")
    hint.wait_for(state="visible")
    assert "(ง๕)" in hint.inner_text() and "d5" not in hint.inner_text(), hint.inner_text()
    # The notation chosen, not the language, names it (as the board's coordinates).
    p.page.select_option("#notation", "san")
    assert "(d5)" in hint.inner_text(), hint.inner_text()
    e = app().open(variant="sittuyin", fen=SITTUYIN_PROMOTE)
    assert "(d5)" in e.page.inner_text("#promotion-hint")
    p.check_clean()


def test_the_settings_options_are_thai(app_in):
    p = app_in("th-TH").open()
    options = p.page.eval_on_selector_all("#level option, #counting option", "os => os.map(o => o.textContent)")
    latin = [o for o in options if re.search(r"UCI|Fairy|Stockfish", o)]
    assert not latin, latin
    assert p.page.inner_text("#counting option[value='automatic']") == "อัตโนมัติ (แบบเอ็นจิน)"
    assert p.page.inner_text("#level option[value='elo']") == "ระดับ Elo …"
    p.check_clean()


def test_the_count_tooltip_says_the_count_as_the_line_does_in_thai(app_in):
    p = app_in("th-TH").open(fen=COUNT_FEN)
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    text = count.inner_text()
    title = count.get_attribute("title")
    assert "นับถึง ๑๖" in text, text
    assert "ตาเดิน" not in title and "นับถึง ๑๖" in title, title
    assert title == text.strip(), (title, text)
    p.check_clean()


def test_a_side_that_starts_a_sentence_is_capitalised(app):
    p = app().open(fen=PAWNLESS_FEN, counting="players")
    count = p.page.locator("#count")
    assert "No count: White may start counting" in count.inner_text(), count.inner_text()
    p.page.click("#btn-count")
    assert p.page.inner_text("#announce") == "White starts counting: White's next move is 1"
    p.check_clean()
