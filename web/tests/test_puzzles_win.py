"""A Kar Ouk "win in N" puzzle in Chromium (web/src/page/puzzles.js): the type `win`
in the type filter, the task in words in English and Thai, the line solved with a last
move the rules end as the solver's win (the first check wins Kar Ouk) that is not the
line's own, and a move that does not win said wrong, taken back, the puzzle failed.

Fixtures in conftest.py, the harness in pagekit.py (`web/build.sh --page` first):
    KHUN_WEB_DIST=web/dist pytest web/tests/test_puzzles_win.py
"""

import pytest

from pagekit import LocaleBrowser, Page
from test_puzzles import PUZZLES, _rating, _shown, _type

# Kar Ouk, White to move, a win in 2 (Khun's self-play, game 7): Ne5, then the knight's
# check on d7 (the line's) or on c6 (as good: any check wins).
WIN = "532cbj"
OTHER_WIN = "e5c6"


@pytest.fixture
def win_page(browser, server):
    """win_page(locale): the page opened on the win puzzle (`?puzzle=ID`)."""
    pages = []

    def make(locale="en-US"):
        p = Page(LocaleBrowser(browser, locale), server)
        pages.append(p)
        p.open(puzzle=WIN)
        p.page.wait_for_function("(id) => document.querySelector('#learn-puzzles').dataset.puzzleId === id", arg=WIN, timeout=20000)
        p.settle()
        return p

    yield make
    for p in pages:
        p.close()


def _first_move_and_reply(p, puzzle):
    _type(p, puzzle["moves"][0])
    p.page.wait_for_function("() => Number(document.querySelector('#learn-puzzles').dataset.next) === 2")
    p.settle()
    assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == puzzle["moves"][:2]


def _wins(p, ply):
    """The legal moves at `ply` after which the rules end the game as the mover's win."""
    return p.page.evaluate("""(ply) => { const s = window.khunPage.stateAt(ply);
        const k = window.khunPage.state;
        return s.legal.map(m => m.uci).filter(u => {
            const e = k.rules.state(k.variant, k.startFen, [...k.moves.slice(0, ply), u]).end;
            return e && e.winner === s.turn; }); }""", ply)


@pytest.mark.parametrize("locale,task,solved,reason", [
    ("en-US", "White to move: win in 2", "Success! Puzzle solved", "White checks"),
    ("th-TH", "ฝ่ายขาวเดิน: ชนะใน 2 ตา", "สำเร็จ!", "White checks"),
])
def test_a_win_in_2_solved_with_another_winning_check(win_page, locale, task, solved, reason):
    puzzle = PUZZLES[WIN]
    assert puzzle["type"] == "win" and puzzle["variant"] == "karouk"
    assert puzzle["moves"][-1] != OTHER_WIN
    p = win_page(locale)
    assert p.page.inner_text("#puzzle-task") == task
    # The type filter offers the wins.
    assert "win" in p.page.eval_on_selector_all("#puzzle-type option", "os => os.map(o => o.value)")
    _first_move_and_reply(p, puzzle)
    # The rules' wins there: the line's check and the other one, nothing else.
    assert sorted(_wins(p, 2)) == sorted([puzzle["moves"][-1], OTHER_WIN])
    _type(p, OTHER_WIN)
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert p.page.inner_text("#puzzle-feedback") == solved
    assert p.page.get_attribute("#result", "data-reason") == reason
    assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == puzzle["moves"][:2] + [OTHER_WIN]
    assert _rating(p) > 1500
    about = p.page.inner_text("#puzzle-about")
    assert WIN in about and ("win in 2" in about if locale == "en-US" else "ชนะใน 2 ตา" in about), about
    p.check_clean()


def test_a_move_that_does_not_win_is_wrong_taken_back_and_fails_the_puzzle(win_page):
    puzzle = PUZZLES[WIN]
    p = win_page("en-US")
    _first_move_and_reply(p, puzzle)
    wins = _wins(p, 2)
    legal = p.page.evaluate("() => window.khunPage.stateAt(2).legal.map(m => m.uci)")
    quiet = next(m for m in legal if m not in wins)
    _type(p, quiet)
    p.page.wait_for_selector("#learn-puzzles[data-status='wrong']")
    assert p.page.inner_text("#puzzle-feedback") == "That's not the move! Try again"
    dropped = _rating(p)
    assert dropped < 1500, dropped
    # Taken back to where the solver's last move is asked again; the game not over.
    p.page.wait_for_selector("#learn-puzzles[data-status='solving']")
    p.settle()
    assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == puzzle["moves"][:2]
    assert _shown(p)["next"] == 2
    assert p.page.is_hidden("#result")
    _type(p, puzzle["moves"][2])
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert "counts as failed" in p.page.inner_text("#puzzle-feedback")
    assert _rating(p) == dropped
    entries = p.page.locator("#puzzle-history li[data-id]")
    assert entries.count() == 1 and entries.first.get_attribute("data-win") == "false"
    p.check_clean()
