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


# 2. PGN, links and the move box.

def _import(p, text):
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", text)
    p.page.click("#btn-import")
    p.page.wait_for_function("() => document.querySelector('#pgn-error').textContent !== ''")
    return p.page.inner_text("#pgn-error")


def test_a_pgn_with_an_illegal_move_says_why_in_thai(app_in):
    p = app_in("th-TH").open()
    said = _import(p, "1. e4 e5 2. Ke5 Kd7 *")
    assert p.plies() == 2
    assert said.startswith("นำเข้าถึงตาที่ 1 ของดำ จ๕: ตาเดินที่ 2. 'Ke5' เดินผิดกติกา"), said
    assert not _latin_words(said, allowed={"Ke5"}), said
    e = app_in("en-US").open()
    said = _import(e, "1. e4 e5 2. Ke5 Kd7 *")
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
    said = _import(p, pgn)
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
