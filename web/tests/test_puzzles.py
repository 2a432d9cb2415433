"""The Learn tab's puzzles in Chromium (web/src/page/puzzles.js, puzzle-state.js,
glicko2.js): a puzzle on the main board with its task, solved move by move with the
solution's replies played by the page, a wrong move said and taken back, the hints, the
solution shown, the rating (Glicko-2) moving and kept across a reload, in English and
Thai, from the keyboard, with axe-core finding nothing serious.

Fixtures in conftest.py (one browser for the whole run), the harness in pagekit.py:
    KHUN_WEB_DIST=web/dist pytest web/tests/test_puzzles.py
The solutions come from the shipped file (web/src/page/puzzles.tsv, the one served);
moves are typed into the move box, as a keyboard player does.
"""

import pytest

from pagekit import WEB, LocaleBrowser, Page
from test_access import _serious, _tab_stops

PUZZLES_FILE = WEB / "src" / "page" / "puzzles.tsv"


def _puzzles():
    """The shipped puzzles by id: {id: {fen, moves, type, theme, rating}}."""
    lines = PUZZLES_FILE.read_text().splitlines()
    columns = lines[1].split("\t")
    out = {}
    for line in lines[2:]:
        if line.strip():
            row = dict(zip(columns, line.split("\t")))
            row["moves"] = row["moves"].split()
            out[row["id"]] = row
    return out


PUZZLES = _puzzles()
# The sample's mate in 2 with the piece's honour running (White must mate within 25 moves).
COUNTED = next(pid for pid, p in PUZZLES.items() if p["fen"].split()[2:4] != ["-", "-"] and p["theme"] == "mate")


@pytest.fixture
def page_in(browser, server):
    """page_in("en-US" | "th-TH"): a page of the app in that language, on the Learn tab's puzzles."""
    pages = []

    def make(locale="en-US", **params):
        p = Page(LocaleBrowser(browser, locale), server)
        pages.append(p)
        p.open(**params)
        p.page.click("#tab-learn")
        p.page.wait_for_selector("#puzzle-next:not([disabled])", timeout=20000)
        return p

    yield make
    for p in pages:
        p.close()


def _shown(p):
    """The puzzle shown: its id, status and the index of the solver's next move."""
    return p.page.evaluate("""() => { const s = document.querySelector('#learn-puzzles').dataset;
        return {id: s.puzzleId, status: s.status, next: Number(s.next)}; }""")


def _start(p, kind="mate"):
    """A puzzle of `kind` (the type filter) started: its row of the file."""
    p.page.select_option("#puzzle-type", kind)
    before = _shown(p)["id"]
    p.page.click("#puzzle-next")
    p.page.wait_for_function("(b) => { const id = document.querySelector('#learn-puzzles').dataset.puzzleId; return id && id !== b; }", arg=before)
    p.settle()
    return PUZZLES[_shown(p)["id"]]


def _type(p, uci):
    p.page.fill("#move-input", uci)
    p.page.press("#move-input", "Enter")
    p.settle()


def _rating(p):
    return int(p.page.get_attribute("#puzzle-rating", "data-rating"))


def _asked(puzzle):
    """The plies the solver is asked for: a mate's whole line, the first move of the others."""
    return len(puzzle["moves"]) if puzzle["theme"] == "mate" else 1


def _solve(p, puzzle, last=None):
    """Plays the solver's moves (the last one `last` where given); after each but the
    last, waits for the page's reply."""
    moves = puzzle["moves"][: _asked(puzzle)]
    if last:
        moves = moves[:-1] + [last]
    for i in range(0, len(moves), 2):
        assert _shown(p)["next"] == i
        _type(p, moves[i])
        if i + 1 < len(moves):
            p.page.wait_for_function("(n) => Number(document.querySelector('#learn-puzzles').dataset.next) === n", arg=i + 2)
            p.settle()
            assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == moves[: i + 2]
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")


def _wrong_move(p, puzzle):
    """A legal move at the puzzle's start that is not its solution's first."""
    legal = p.page.evaluate("() => window.khunPage.stateAt(0).legal.map(m => m.uci)")
    return next(m for m in legal if m != puzzle["moves"][0])


@pytest.mark.parametrize("locale,task,solved", [
    ("en-US", "to move: mate in", "Success!"),
    ("th-TH", "เดิน: รุกจนใน", "สำเร็จ!"),
])
def test_a_puzzle_solved_raises_the_rating_kept_across_a_reload(page_in, locale, task, solved):
    p = page_in(locale)
    assert _rating(p) == 1500
    puzzle = _start(p)
    side = "white" if puzzle["fen"].split()[1] == "w" else "black"
    # The solver's side at the bottom, the position the puzzle's, the task in words.
    assert f"orientation-{side}" in p.page.get_attribute("#board", "class")
    assert p.page.evaluate("() => window.khunPage.state.startFen") == puzzle["fen"]
    assert task in p.page.inner_text("#puzzle-task")
    assert p.page.inner_text("#puzzle-task").endswith(str((len(puzzle["moves"]) + 1) // 2) + ("" if locale == "en-US" else " ตา"))
    assert p.page.is_disabled("#puzzle-next") is False
    _solve(p, puzzle)
    assert solved in p.page.inner_text("#puzzle-feedback")
    after = _rating(p)
    assert after > 1500, after
    assert p.page.inner_text("#puzzle-change").startswith("+")
    # After the puzzle: its id, theme and source.
    about = p.page.inner_text("#puzzle-about")
    assert puzzle["id"] in about and puzzle["source"] in about
    history = p.page.locator("#puzzle-history li[data-id]")
    assert history.count() == 1 and history.first.get_attribute("data-win") == "true"
    # Kept across a reload: the rating, the history.
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    p.page.click("#tab-learn")
    p.page.wait_for_selector("#puzzle-next:not([disabled])")
    assert _rating(p) == after
    assert p.page.locator(f"#puzzle-history li[data-id='{puzzle['id']}'][data-win='true']").count() == 1
    p.check_clean()


@pytest.mark.parametrize("locale,wrong,failed", [
    ("en-US", "That's not the move! Try again", "counts as failed"),
    ("th-TH", "ไม่ใช่แบบนั้น ลองอีกครั้ง", "ถือว่าไม่สำเร็จ"),
])
def test_a_wrong_move_is_said_taken_back_and_fails_the_puzzle(page_in, locale, wrong, failed):
    p = page_in(locale)
    puzzle = _start(p)
    _type(p, _wrong_move(p, puzzle))
    p.page.wait_for_selector("#learn-puzzles[data-status='wrong']")
    assert p.page.inner_text("#puzzle-feedback") == wrong
    assert wrong in p.page.inner_text("#announce")
    # Counted as failed at once: the rating down, the history says so.
    dropped = _rating(p)
    assert dropped < 1500, dropped
    assert p.page.inner_text("#puzzle-change").startswith("−")
    # Taken back: the puzzle's start again, the player may try again.
    p.page.wait_for_selector("#learn-puzzles[data-status='solving']")
    p.settle()
    assert p.page.evaluate("() => window.khunPage.state.moves.length") == 0
    assert p.page.is_hidden("#result")
    _solve(p, puzzle)
    assert failed in p.page.inner_text("#puzzle-feedback")
    # Solving it after the mistake changes nothing more.
    assert _rating(p) == dropped
    entries = p.page.locator("#puzzle-history li[data-id]")
    assert entries.count() == 1 and entries.first.get_attribute("data-win") == "false"
    p.check_clean()


@pytest.mark.parametrize("locale,first,second", [("en-US", "Hint: move the", "Hint: "), ("th-TH", "บอกใบ้: เดิน", "บอกใบ้: ")])
def test_hints_show_the_piece_then_the_move(page_in, locale, first, second):
    p = page_in(locale)
    puzzle = _start(p)
    start, end = puzzle["moves"][0][:2], puzzle["moves"][0][2:4]
    p.page.click("#puzzle-hint")
    p.settle()
    assert p.page.inner_text("#puzzle-feedback").startswith(first)
    # A circle on the piece to move.
    arrows = p.page.evaluate("() => window.khunPage.board.arrows.map(a => [a.from, a.to])")
    assert [start, start] in arrows, arrows
    assert _rating(p) < 1500  # a hint: the puzzle counts as failed
    p.page.click("#puzzle-hint")
    p.settle()
    text = p.page.inner_text("#puzzle-feedback")
    assert text.startswith(second) and not text.startswith(first), text
    arrows = p.page.evaluate("() => window.khunPage.board.arrows.map(a => [a.from, a.to])")
    assert [start, end] in arrows, arrows
    assert p.page.is_disabled("#puzzle-hint")
    # The hinted move is right: the line goes on.
    _type(p, puzzle["moves"][0])
    assert _shown(p)["next"] >= 1
    p.check_clean()


@pytest.mark.parametrize("locale,shown", [("en-US", "The solution: "), ("th-TH", "เฉลย: ")])
def test_show_the_solution_plays_the_line_and_fails_the_puzzle(page_in, locale, shown):
    p = page_in(locale)
    puzzle = _start(p, "winning")
    p.page.click("#puzzle-solution")
    p.page.wait_for_selector("#learn-puzzles[data-status='shown']")
    assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == puzzle["moves"]
    assert p.page.inner_text("#puzzle-feedback").startswith(shown)
    assert p.page.locator("#movelist button[data-ply]").count() == len(puzzle["moves"])
    assert _rating(p) < 1500
    assert p.page.is_disabled("#puzzle-solution") and p.page.is_disabled("#puzzle-hint")
    assert p.page.is_visible("#puzzle-about")
    p.check_clean()


def test_the_count_of_a_counted_puzzle_is_said_as_players_say_it(page_in):
    """A link to a puzzle (`?puzzle=ID`) opens it; its count, the piece's honour, is said
    as players count it, in the panel and under the board, in both languages."""
    p = page_in("en-US", puzzle=COUNTED)
    p.page.wait_for_function("(id) => document.querySelector('#learn-puzzles').dataset.puzzleId === id", arg=COUNTED)
    text = p.page.inner_text("#puzzle-count")
    assert text.startswith("The count: ") and "must mate within 25 moves" in text, text
    assert p.page.inner_text("#count") in text
    p.page.click("#lang-switch [data-lang='th']")
    text = p.page.inner_text("#puzzle-count")
    assert text.startswith("การนับ: ") and "ภายใน ๒๕ ตา" in text, text
    # A winning count race shows no table verdict while it is solved (it would give the answer).
    assert p.page.is_hidden("#table-verdict")
    p.check_clean()


def test_the_next_puzzle_is_near_the_rating_and_follows_the_filters(page_in):
    p = page_in("en-US")
    p.page.select_option("#puzzle-type", "winning")
    seen = set()
    for _ in range(4):
        puzzle = _start(p, "winning")
        assert puzzle["type"] == "winning"
        seen.add(puzzle["id"])
        p.page.click("#puzzle-solution")
        p.page.wait_for_selector("#learn-puzzles[data-status='shown']")
    # Four winning puzzles in the sample: each shown once before any comes again.
    assert len(seen) == min(4, sum(1 for q in PUZZLES.values() if q["type"] == "winning"))
    p.check_clean()


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_puzzle_from_the_keyboard_and_axe_finds_nothing_serious(page_in, lang):
    p = page_in("th-TH" if lang == "th" else "en-US")
    _serious(p, f"{lang}, the puzzles before one")
    p.page.select_option("#puzzle-type", "mate")
    # Every control of the view is a Tab stop; Enter on "Solve a puzzle" starts one.
    stops = _tab_stops(p)
    for control in ("puzzle-variant", "puzzle-type", "puzzle-next", "move-input"):
        assert control in stops, stops
    p.page.focus("#puzzle-next")
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("() => document.querySelector('#learn-puzzles').dataset.puzzleId")
    p.settle()
    puzzle = PUZZLES[_shown(p)["id"]]
    # The task is said in the live region.
    assert p.page.inner_text("#puzzle-task") in p.page.inner_text("#announce")
    _serious(p, f"{lang}, a puzzle on the board")
    p.page.focus("#puzzle-hint")
    p.page.keyboard.press("Enter")
    p.settle()
    _serious(p, f"{lang}, a hint")
    _solve(p, puzzle)
    _serious(p, f"{lang}, the puzzle solved")
    p.check_clean()


def test_any_mate_is_right_at_the_last_move(page_in):
    """The line's last move is one mate; the other mate there is as right."""
    pid, other = "5zl98f", "f6g7"
    puzzle = PUZZLES[pid]
    assert puzzle["moves"][-1] != other
    p = page_in("en-US", puzzle=pid)
    p.page.wait_for_function("(id) => document.querySelector('#learn-puzzles').dataset.puzzleId === id", arg=pid)
    p.settle()
    _solve(p, puzzle, last=other)
    assert p.page.inner_text("#puzzle-feedback") == "Success! Puzzle solved"
    assert p.page.get_attribute("#result", "data-reason") == "White mates"
    assert _rating(p) > 1500
    p.check_clean()


def test_an_only_move_is_asked_alone_and_the_line_follows_in_the_move_list(page_in):
    """A winning puzzle asks for its first move, the one `khun puzzles` proves the only
    one; the rest of the line goes into the move list, the board staying where it is.
    No analysis while a puzzle is solved."""
    p = page_in("en-US")
    puzzle = _start(p, "winning")
    p.page.click("#tab-analysis")
    assert p.page.is_disabled("#btn-analysis")
    assert "Solve the puzzle first" in p.page.inner_text("#analysis-note")
    p.page.click("#tab-learn")
    _type(p, puzzle["moves"][0])
    p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
    assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == puzzle["moves"]
    assert p.page.get_attribute("#board", "data-ply") == "1"
    assert _rating(p) > 1500
    assert p.page.is_enabled("#btn-analysis")
    p.check_clean()


# A file as the page might be given one: two count races (the words' fixtures: a K+R
# against K under the piece's honour, not mined), a line the reader refuses.
FIXTURE = "\n".join([
    "khun-puzzles 1",
    "id\tvariant\tfen\tmoves\ttype\ttheme\trating\tsource\tgame\tply",
    "race01\tmakruk\tk7/7R/2K5/8/8/8/8/8 w - 32 0 1\tc6b6 a8b8 h7h8\tcount\tcountWin\t1500\tfixture\t\t",
    "hold01\tmakruk\tk7/7R/2K5/8/8/8/8/8 b - 32 1 1\ta8b8 c6b6 b8a8\tcount\tcountHold\t1500\tfixture\t\t",
    "broken\tmakruk\tk7/7R/2K5/8/8/8/8/8 w - 32 0 1\tc6b6\tcount\tsomething\t1500\tfixture\t\t",
    "",
])


@pytest.mark.parametrize("locale,task,count", [
    ("en-US", "White to move: win before the count runs out", "White must mate within"),
    ("th-TH", "ฝ่ายขาวเดิน: ไล่ให้จนก่อนนับครบ", "ขาวต้องไล่ให้จนภายใน"),
])
def test_a_count_race_asks_its_line_and_a_bad_line_is_named(browser, server, locale, task, count):
    p = Page(LocaleBrowser(browser, locale), server)
    try:
        p.page.route("**/page/puzzles.tsv", lambda route: route.fulfill(status=200, body=FIXTURE, content_type="text/plain"))
        p.open(puzzle="race01")
        p.page.wait_for_function("() => document.querySelector('#learn-puzzles').dataset.puzzleId === 'race01'")
        p.settle()
        assert p.page.inner_text("#puzzle-task") == task
        assert count in p.page.inner_text("#puzzle-count")
        # The line the reader refused is named; the others are there.
        assert "line 5" in p.page.inner_text("#puzzle-load")
        # A race's line is its solver's only moves (khun puzzles cuts it by the tables):
        # each is asked, the reply between them played by the page.
        _type(p, "c6b6")
        p.page.wait_for_function("() => window.khunPage.state.moves.length === 2")
        assert p.page.get_attribute("#learn-puzzles", "data-status") == "solving"
        p.settle()
        _type(p, "h7h8")
        p.page.wait_for_selector("#learn-puzzles[data-status='solved']")
        assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == ["c6b6", "a8b8", "h7h8"]
        assert p.page.get_attribute("#board", "data-ply") == "3"
        p.page.select_option("#puzzle-type", "count")
        p.page.click("#puzzle-next")
        p.page.wait_for_function("() => document.querySelector('#learn-puzzles').dataset.puzzleId === 'hold01'")
        p.settle()
        assert "orientation-black" in p.page.get_attribute("#board", "class")
        held = p.page.inner_text("#puzzle-task")
        assert held == ("Black to move: hold out the count" if locale == "en-US" else "ฝ่ายดำเดิน: หนีให้นับครบ")
        p.check_clean()
    finally:
        p.close()


def test_a_file_that_cannot_be_read_is_said_and_the_page_goes_on(browser, server):
    p = Page(browser, server)
    try:
        p.page.route("**/page/puzzles.tsv", lambda route: route.fulfill(status=404, body="not here"))
        p.open()
        p.page.click("#tab-learn")
        p.page.wait_for_function("() => document.querySelector('#puzzle-load').textContent.includes('404')")
        assert p.page.inner_text("#puzzle-load").startswith("The puzzles could not be read: 404")
        assert p.page.is_disabled("#puzzle-next")
        # The page goes on: a move on the board.
        p.page.click("#tab-play")
        _type(p, "e3e4")
        assert p.page.evaluate("() => window.khunPage.state.moves.slice()") == ["e3e4"]
        p.check_clean()
    finally:
        p.close()
