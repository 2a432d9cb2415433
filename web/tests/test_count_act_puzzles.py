"""Players' count puzzles in Chromium (issue 73: puzzles.js's count acts): a puzzle
counted as players count, its count running from before its start, answered with the
Count and Stop count buttons under the board. A stop puzzle (the counting side mates:
stop, then mate) solved right, and wrong (the mate played while counting is refused
and taken back); a keep puzzle (the count about to save the counting side) solved by
playing on, and failed by stopping (the puzzle shown again); a start puzzle (a win
longer than the board's honour, by the five-man tables) solved by counting, and failed
by playing on. English and Thai.

The puzzles are a fixture served in place of the shipped file: positions the endgame
tables decide (src/puzzles/count_decision/tests.rs has the same ones).
    KHUN_WEB_DIST=web/dist pytest web/tests/test_count_act_puzzles.py
"""

import pytest

from pagekit import LocaleBrowser, Page
from test_puzzles import _rating, _type

HEADER = "khun-puzzles 1\nid\tvariant\tfen\tmoves\ttype\ttheme\trating\tsource\tgame\tply\tcount\n"
FIXTURE = HEADER + "\n".join([
    # White counts since game ply 78 (count_started 79): Ra1 mates, a draw while counting.
    "stop01\tmakruk\tk6m/2K5/8/8/8/8/8/2R5 w - 128 20 40\tc1a1\tcount-act\tcountStop\t1500\tfixture\t\t\t79",
    # Black counts since ply 279 (280): 120 of 128 counted, the rook cannot win in time;
    # a count started again would give it 64 moves (the tables: it wins in 34 plies).
    "keep01\tmakruk\t8/8/8/8/3k4/2m5/8/R3K3 b - 128 0 200\td4e5\tcount-act\tcountKeep\t1500\tfixture\t\t\t280",
    # No count runs (-1); the rook's side wins in 75 moves by the five-man tables, more
    # than the board's honour's 64: Black, with silver and met, must start counting.
    "start01\tmakruk\t1s6/1m6/4K3/8/8/6R1/8/2k5 b - 128 0 60\tc1b2\tcount-act\tcountStart\t1500\tfixture\t\t\t-1",
    "",
])

START_TASKS = {
    "en-US": "Black to move, counting as players count: start counting, or play on?",
    "th-TH": "ฝ่ายดำเดิน: เริ่มนับ หรือ เดินต่อไป",
}
TASKS = {
    ("en-US", "white"): "White to move, and White counts: stop counting, or play on?",
    ("en-US", "black"): "Black to move, and Black counts: stop counting, or play on?",
    ("th-TH", "white"): "ฝ่ายขาวเดิน ฝ่ายขาวนับ: หยุดนับ หรือ เดินต่อไป",
    ("th-TH", "black"): "ฝ่ายดำเดิน ฝ่ายดำนับ: หยุดนับ หรือ เดินต่อไป",
}
SOLVED = {"en-US": "Success! Puzzle solved", "th-TH": "สำเร็จ!"}
FAILED = {"en-US": "counts as failed", "th-TH": "ถือว่าไม่สำเร็จ"}
WRONG = {"en-US": "That's not the move! Try again", "th-TH": "ไม่ใช่แบบนั้น ลองอีกครั้ง"}


@pytest.fixture
def puzzle_page(browser, server):
    """puzzle_page(locale, id): the page in that language with the fixture's puzzle `id` on the board."""
    pages = []

    def make(locale, pid):
        p = Page(LocaleBrowser(browser, locale), server)
        pages.append(p)
        p.page.route("**/page/puzzles.tsv", lambda route: route.fulfill(status=200, body=FIXTURE, content_type="text/plain"))
        p.open(puzzle=pid)
        p.page.wait_for_function("(id) => document.querySelector('#learn-puzzles').dataset.puzzleId === id", arg=pid)
        p.settle()
        return p

    yield make
    for p in pages:
        p.close()


def _status(p):
    return p.page.get_attribute("#learn-puzzles", "data-status")


def _wrong_and_shown_again(p, locale):
    """A wrong answer said, the rating dropped, the puzzle shown again from its start:
    the rating after it."""
    p.page.wait_for_selector("#learn-puzzles[data-status='wrong']")
    assert p.page.inner_text("#puzzle-feedback") == WRONG[locale]
    dropped = _rating(p)
    assert dropped < 1500
    p.page.wait_for_selector("#learn-puzzles[data-status='solving']")
    p.settle()
    return dropped


@pytest.mark.parametrize("locale", ["en-US", "th-TH"])
def test_stop_then_mate_solves_and_mating_while_counting_is_wrong(puzzle_page, locale):
    p = puzzle_page(locale, "stop01")
    assert p.page.inner_text("#puzzle-task") == TASKS[(locale, "white")]
    # The count controls are the answer: Stop count may be pressed, Count may not.
    assert p.page.is_visible("#count-controls")
    assert p.page.is_enabled("#btn-stop-count") and p.page.is_disabled("#btn-count")
    assert p.page.get_attribute("#count", "data-counting") == "white"
    # No hint before the act: the act is the puzzle.
    assert p.page.is_disabled("#puzzle-hint")
    # The mate played while White counts: wrong, taken back.
    _type(p, "c1a1")
    _wrong_and_shown_again(p, locale)
    assert p.page.evaluate("() => window.khunPage.state.moves.length") == 0
    # Stop, then mate: the game won (no counting side's mate), the puzzle complete.
    p.page.click("#btn-stop-count")
    p.settle()
    assert _status(p) == "solving"
    assert p.page.evaluate("() => window.khunPage.state.countLog") == [{"ply": 0, "action": "stop"}]
    _type(p, "c1a1")
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert FAILED[locale] in p.page.inner_text("#puzzle-feedback")
    assert p.page.inner_text("#result") != ""
    p.check_clean()


@pytest.mark.parametrize("locale", ["en-US", "th-TH"])
def test_stop_then_mate_first_time_raises_the_rating(puzzle_page, locale):
    p = puzzle_page(locale, "stop01")
    p.page.click("#btn-stop-count")
    p.settle()
    _type(p, "c1a1")
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert p.page.inner_text("#puzzle-feedback") == SOLVED[locale]
    assert _rating(p) > 1500
    p.check_clean()


@pytest.mark.parametrize("locale", ["en-US", "th-TH"])
def test_keeping_the_count_solves_and_stopping_it_fails(puzzle_page, locale):
    p = puzzle_page(locale, "keep01")
    assert p.page.inner_text("#puzzle-task") == TASKS[(locale, "black")]
    assert "orientation-black" in p.page.get_attribute("#board", "class")
    assert p.page.is_enabled("#btn-stop-count")
    # Stopping: wrong; the puzzle is shown again from its start, its count running.
    p.page.click("#btn-stop-count")
    dropped = _wrong_and_shown_again(p, locale)
    assert p.page.evaluate("() => window.khunPage.state.countLog") == []
    assert p.page.get_attribute("#count", "data-counting") == "black"
    # Playing on, the count kept: the puzzle complete, counted as failed, not rated again.
    _type(p, "d4e5")
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert FAILED[locale] in p.page.inner_text("#puzzle-feedback")
    assert _rating(p) == dropped
    p.check_clean()


def test_keeping_the_count_first_time_raises_the_rating(puzzle_page):
    p = puzzle_page("en-US", "keep01")
    _type(p, "d4e5")
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert p.page.inner_text("#puzzle-feedback") == SOLVED["en-US"]
    assert _rating(p) > 1500
    assert p.page.evaluate("() => window.khunPage.state.countLog") == []
    p.check_clean()


@pytest.mark.parametrize("locale", ["en-US", "th-TH"])
def test_starting_the_count_solves_and_playing_on_fails(puzzle_page, locale):
    p = puzzle_page(locale, "start01")
    assert p.page.inner_text("#puzzle-task") == START_TASKS[locale]
    # No count runs: Count may be pressed, Stop count may not.
    assert p.page.is_enabled("#btn-count") and p.page.is_disabled("#btn-stop-count")
    # Playing on without counting: wrong, the puzzle shown again from its start.
    _type(p, "c1b2")
    _wrong_and_shown_again(p, locale)
    assert p.page.evaluate("() => window.khunPage.state.moves.length") == 0
    # Counting: the act is the answer, the puzzle complete (counted as failed).
    p.page.click("#btn-count")
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert FAILED[locale] in p.page.inner_text("#puzzle-feedback")
    assert p.page.evaluate("() => window.khunPage.state.countLog") == [{"ply": 0, "action": "start"}]
    assert p.page.get_attribute("#count", "data-counting") == "black"
    p.check_clean()


def test_starting_the_count_first_time_raises_the_rating(puzzle_page):
    p = puzzle_page("en-US", "start01")
    p.page.click("#btn-count")
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert p.page.inner_text("#puzzle-feedback") == SOLVED["en-US"]
    assert _rating(p) > 1500
    p.check_clean()
