"""The rules' refusals in the page's language, and the editor's count, in Chromium.

The rules (khun.js) refuse a position, a move, a PGN or a count with a code and its
values besides their English message; the page words each in its language
(`refusalText` in web/src/page/i18n.js, the `refusal.<code>` sentences). A Thai page
showed the rules' English inside a Thai sentence ("ตำแหน่งนี้ผิดกติกา: FEN: FEN position
is impossible: White has 0 kings, not 1"): these are the faults a new player met, as the
player met them, in English and in Thai.

Fixtures in conftest.py and test_language.py, the harness in pagekit.py:
    python3 -m pytest -q web/tests/test_thai_refusals.py
"""

import re

import pytest

from test_language import LATIN_ALLOWED, app_in  # noqa: F401  (the fixture: a page in a browser's language)


def _latin_words(text, allowed=()):
    """The words in Latin letters in `text`, but for notation (moves, squares, results),
    the names the Thai page keeps (LATIN_ALLOWED) and `allowed` (a move as the PGN wrote it)."""
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9_]*", text))
    notation = r"[a-h][1-8]|[KMSNRQBPF]?[a-h]?[1-8]?x?[a-h][1-8]"
    return sorted(w for w in words if not re.fullmatch(notation, w) and w not in LATIN_ALLOWED and w not in allowed)


def _open_editor(p):
    p.page.click("#tab-editor")
    p.page.click("#btn-editor-clear")


def _put(p, pieces):
    """Puts pieces with the palette: {"K": "d4", ...} (a letter may repeat as "N2")."""
    for piece, square in pieces:
        p.page.click(f"#editor-palette button[data-piece='{piece}']")
        p.click(square)


def _editor_error(p):
    return p.page.text_content("#editor-error")


# 1. The editor's position.

def test_the_editor_without_a_white_king_says_why_in_thai(app_in):
    p = app_in("th-TH").open()
    _open_editor(p)
    _put(p, [("k", "e8"), ("R", "a1")])
    error = _editor_error(p)
    assert error.startswith("ตำแหน่งนี้ผิดกติกา: "), error
    assert "ขาวมีขุน 0 ตัว" in error, error
    assert not _latin_words(error), error
    assert "kings" not in error and "impossible" not in error and "FEN" not in error, error
    assert p.page.is_disabled("#btn-editor-analyse")
    # The switch to English words it again, in English.
    p.page.click("#lang-switch [data-lang='en']")
    error = _editor_error(p)
    assert "White has 0 kings" in error and "FEN position is impossible" not in error, error
    p.check_clean()


def _count_fields(p, limit, ply):
    p.page.fill("#editor-count-limit", str(limit))
    p.page.fill("#editor-count-ply", str(ply))


@pytest.mark.parametrize("lang", ["en-US", "th-TH"])
def test_a_count_past_its_limit_is_refused_in_the_pages_language(app_in, lang):
    p = app_in(lang).open()
    _open_editor(p)
    _put(p, [("K", "d4"), ("R", "a1"), ("k", "e8")])
    _count_fields(p, 200, 300)
    error = _editor_error(p)
    assert p.page.get_attribute("#editor-error", "data-valid") == "0", error
    assert p.page.is_disabled("#btn-editor-analyse") and p.page.is_disabled("#btn-editor-play")
    if lang == "en-US":
        # Both of the rules' problems: the limit is none of makruk's, the count is past it.
        assert "count limit of 200 plies is none of this game's (16, 32, 44, 64, 88, 128)" in error, error
        assert "300 counted plies are past the count limit (200)" in error, error
        assert "FEN count fields" not in error, error
    else:
        assert "นับถึง 200 ตาเดิน ไม่มีในเกมนี้" in error, error
        assert "นับแล้ว 300 ตาเดิน มากกว่านับถึง (200)" in error, error
        assert not _latin_words(error), error
    # A limit makruk has and a count within it: taken.
    _count_fields(p, 32, 10)
    assert _editor_error(p) == ""
    p.check_clean()


# 2. The editor's count.

KRK = [("K", "d4"), ("R", "a1"), ("k", "e8")]


def _analyse_k_r_v_k(p):
    _open_editor(p)
    _put(p, KRK)
    _count_fields(p, 16, 12)
    p.page.select_option("#editor-side", "white")
    assert p.page.input_value("#editor-fen") == "4k3/8/8/8/3K4/8/8/R7 w - 16 12 1"
    assert _editor_error(p) == ""
    p.page.click("#btn-editor-analyse")
    p.settle()
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    return count.inner_text().strip(), count.get_attribute("title")


def test_the_editors_count_reads_as_the_rules_count_it(app_in):
    # The rules: Black's bare king counts the piece's honour, 6 of 8; White mates within 3.
    p = app_in("en-US").open()
    line, title = _analyse_k_r_v_k(p)
    assert line == "Black counts: 6 of 8 (piece's honour). White must mate within 3 moves.", line
    assert p.page.get_attribute("#count", "data-counting") == "black"
    assert p.page.get_attribute("#count", "data-honour") == "piece"
    assert "White must mate within 3 moves" in title, title
    t = app_in("th-TH").open()
    line, title = _analyse_k_r_v_k(t)
    assert line == "ดำนับศักดิ์หมาก ๖ (นับถึง ๘) ขาวต้องไล่ให้จนภายใน ๓ ตา", line
    assert title == line, (title, line)
    p.check_clean()
    t.check_clean()


def test_the_editors_count_fields_say_what_players_count(app_in):
    p = app_in("th-TH").open()
    p.page.click("#tab-editor")
    titles = p.page.eval_on_selector_all(
        "label:has(#editor-count-limit), label:has(#editor-count-ply)", "ls => ls.map(l => l.title)")
    assert len(titles) == 2, titles
    for title in titles:
        assert "Fairy" not in title and "FEN" not in title, title
        assert not _latin_words(title), title
    limit, ply = titles
    assert "ศักดิ์กระดานนับถึง ๖๔: ใส่ 128" in limit, limit
    assert "นับแล้ว ๖: ใส่ 12" in ply, ply
    p.page.click("#lang-switch [data-lang='en']")
    limit = p.page.get_attribute("label:has(#editor-count-limit)", "title")
    assert "Fairy" not in limit and "64: enter 128" in limit, limit
    p.check_clean()


KRN_KN = [("K", "d4"), ("R", "a1"), ("N", "b1"), ("k", "e8"), ("n", "g8")]


def _players_editor(p):
    p.page.select_option("#counting", "players")
    _open_editor(p)
    _put(p, KRN_KN)


@pytest.mark.parametrize("lang", ["en-US", "th-TH"])
def test_a_board_honour_count_set_in_the_editor_goes_on_under_players_counting(app_in, lang):
    """Counting as players count, the board's honour at 100 plies of 128 set in the
    editor: the players' count starts at 1 (pyffish's count_started), so the count the
    fields hold goes on as the automatic count, and the editor says so before."""
    p = app_in(lang).open()
    _players_editor(p)
    _count_fields(p, 128, 100)
    note = p.page.locator("#editor-note")
    note.wait_for(state="visible")
    p.page.click("#btn-editor-analyse")
    p.settle()
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    line = count.inner_text()
    assert p.page.get_attribute("#count", "data-honour") == "board"
    assert p.page.input_value("#counting") == "automatic"
    if lang == "en-US":
        assert "As players count" in note.inner_text() and "50 of 64" in note.inner_text(), note.inner_text()
        assert line.startswith("White counts: 50 of 64 (board's honour). Black must mate within 14 moves."), line
        assert p.page.inner_text("#announce") == "Counting automatically"
    else:
        assert "ผู้เล่นนับเอง" in note.inner_text() and "๕๐ (นับถึง ๖๔)" in note.inner_text(), note.inner_text()
        assert not _latin_words(note.inner_text()), note.inner_text()
        assert line.startswith("ขาวนับศักดิ์กระดาน ๕๐ (นับถึง ๖๔) ดำต้องไล่ให้จนภายใน ๑๔ ตา"), line
    p.check_clean()


def test_a_board_honour_count_from_zero_is_the_players_count(app_in):
    """The fields at 128 and 0 under players' counting: the side to move starts the
    board's honour here, as the Count button would."""
    p = app_in("en-US").open()
    _players_editor(p)
    _count_fields(p, 128, 0)
    assert p.page.locator("#editor-note").is_hidden()
    p.page.click("#btn-editor-analyse")
    p.settle()
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    assert p.page.input_value("#counting") == "players"
    assert count.inner_text().startswith("White counts: 0 of 64 (board's honour; its next move is 1)."), count.inner_text()
    assert p.page.is_enabled("#btn-stop-count")
    p.check_clean()


# 3. PGN, links and the move box.

def test_a_pgn_with_an_illegal_move_says_why_in_thai(app_in):
    p = app_in("th-TH").open()
    said = p.import_pgn_refused("1. e4 e5 2. Ke5 Kd7 *")
    assert p.plies() == 2
    assert said.startswith("นำเข้าถึงตาที่ 1 ของดำ จ๕: ตาเดินที่ 2. 'Ke5' เดินผิดกติกา"), said
    assert not _latin_words(said, allowed={"Ke5"}), said
    e = app_in("en-US").open()
    said = e.import_pgn_refused("1. e4 e5 2. Ke5 Kd7 *")
    assert said.startswith("Read up to Black's move 1, e5: Move 2. 'Ke5' is not a legal move here"), said
    p.check_clean()
    e.check_clean()


@pytest.mark.parametrize("pgn, thai", [
    ('[FEN "8/8/8/8/3K4/8/8/R7 w - - 0 1"]\n1. Ra2 *', "[FEN]: ดำมีขุน 0 ตัว"),
    ('[Variant "chess"]\n1. e4 *', "'chess' ไม่ใช่ชนิดเกมที่ Khun เล่น"),
    ("1. e4 {open *", "บันทึกที่เปิดด้วย { ไม่ได้ปิดด้วย }"),
    ("1. e4 (1. Ke5) e5 *", "ไม่ได้นำเข้าเส้นทาง: ตาเดินที่ 1. 'Ke5' เดินผิดกติกา"),
    ("1. e4 e5 2. Xe2 *", "'X' ไม่ใช่ตัวหมากของเกมนี้"),
])
def test_what_a_pgn_reader_refuses_is_said_in_thai(app_in, pgn, thai):
    p = app_in("th-TH").open()
    said = p.import_pgn_refused(pgn)
    assert thai in said, said
    assert not _latin_words(said, allowed={"Ke5", "Xe2", "X", "chess"}), said
    p.check_clean()


def test_a_link_with_a_count_action_the_rules_refuse_says_why_in_thai(app_in):
    # Black stops a count that no one started: the link's board is the game's start.
    p = app_in("th-TH").open(fen="4k1n1/8/8/8/3K4/8/8/RN6 w - - 0 1", moves="d4c3,e8e7",
                             counting="players", count="1:stop")
    said = p.page.inner_text("#announce")
    assert said.startswith("ตำแหน่งใน URL ไม่ถูกต้อง: หยุดนับก่อนตาเดินที่ 2 ไม่ได้"), said
    assert not _latin_words(said), said
    p.check_clean()


def test_a_typed_move_that_fits_two_pieces_says_so(app_in):
    fen = "4k3/8/8/8/3K4/8/8/R6R w - - 0 1"
    for lang, said in (("en-US", "'Rd1' fits more than one legal move."), ("th-TH", "'Rd1' เดินได้มากกว่าหนึ่งตัว")):
        p = app_in(lang).open(fen=fen)
        p.page.fill("#move-input", "Rd1")
        p.page.press("#move-input", "Enter")
        assert p.page.inner_text("#move-error") == said
        assert p.plies() == 0
        p.check_clean()
