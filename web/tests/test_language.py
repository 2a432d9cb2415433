"""The page in Thai and English, in Chromium (web/src/page/i18n.js, notation.js).

A browser whose language is Thai gets the page in Thai, with no English word left in
what it shows; the switch (EN / ไทย) changes it and is kept across reloads; the moves
are shown in Thai SAN as the rules write it (the PGN export stays standard SAN); a
finished game's banner and the players' count read in Thai.

Fixtures in conftest.py (one browser for the whole run), the harness in pagekit.py:
    KHUN_WEB_DIST=web/dist pytest web/tests/test_language.py
Moves are typed into the move box, not clicked, so these tests do not depend on the
board's own elements.
"""

import re

import pytest

from pagekit import LocaleBrowser, Page
from test_page import COUNT_FEN, MATE_FEN, PAWNLESS_FEN

# Words that may stay in Latin letters on the Thai page: names (Khun, Fairy-Stockfish,
# the piece art's author, Kar Ouk and Ai-wok, which have no Thai name in the sources),
# the formats' and options' own names, the keys' names, the licences.
LATIN_ALLOWED = {
    "Khun", "Fairy", "Stockfish", "Fulmene", "makruk", "pieces", "Kar", "Ouk", "Ai", "wok",
    "Elo", "UCI_Elo", "PGN", "SAN", "FEN", "URL", "MultiPV", "Home", "End", "GPL", "later",
    "ART", "md", "CC", "BY", "SA", "EN", "ms", "e4", "Se2", "e3e4", "web", "dist", "js",
    "Variant",  # the PGN box's example: PGN is written in English
}

# The page's English words as they were before it spoke Thai: none may show in Thai.
ENGLISH_STRINGS = [
    "makruk in the browser", "is ready", "Play", "Analysis", "Game", "You play", "White",
    "Black", "Random", "Level", "Skill Level", "full strength", "Time", "bullet", "blitz",
    "rapid", "second a move", "Counting", "automatic", "as players count", "Start position",
    "Start the game", "Moves", "Type a move", "Count", "Stop count", "to move", "Piece art",
    "Keys", "Flip the board", "First position", "Previous move", "Sound is on", "Export",
    "Import", "Copy", "Download", "Link to this game", "Review a game", "Per position",
    "nodes", "Annotate", "Scores from", "Marks", "Analyse", "Notation", "Thai",
]


@pytest.fixture
def app_in(browser, server):
    """app_in("th-TH"): a page in a browser whose language is Thai."""
    pages = []

    def make(locale="th-TH", **kw):
        p = Page(LocaleBrowser(browser, locale), server, **kw)
        pages.append(p)
        return p

    yield make
    for p in pages:
        p.close()


def _shown_words(p):
    """Everything the page shows in words: the visible text, and the tooltips, labels and
    placeholders of the visible elements, and the window's title. The pieces' names that
    board.js writes (the board's label, the editor's pieces) are left to
    test_the_boards_words_are_thai."""
    return p.page.evaluate("""() => {
        const out = [document.title, document.body.innerText];
        for (const el of document.querySelectorAll('*')) {
            if (!el.checkVisibility || !el.checkVisibility()) continue;
            if (el.closest('#board, #editor-palette')) continue;
            for (const a of ['title', 'aria-label', 'placeholder', 'aria-valuetext']) {
                if (el.getAttribute(a)) out.push(el.getAttribute(a));
            }
        }
        return out.join('\\n');
    }""")


def _english_left(p):
    """English strings and Latin words the page shows (none expected in Thai)."""
    text = _shown_words(p)
    found = [s for s in ENGLISH_STRINGS if re.search(rf"(?<![A-Za-z]){re.escape(s)}(?![A-Za-z])", text)]
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9_]*", text))
    # Moves, squares and results are notation (e4, Nd2, 1-0), not words.
    words = {w for w in words if len(w) > 2 and not re.fullmatch(r"[a-h][1-8]|[KMSNRQBPA]?[a-h]?x?[a-h][1-8]", w)}
    return found, sorted(words - LATIN_ALLOWED)


def _type_move(p, text):
    plies = p.page.locator("#movelist button").count()
    p.page.fill("#move-input", text)
    p.page.press("#move-input", "Enter")
    p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length > {plies}")


def test_a_thai_browser_gets_the_page_in_thai(app_in):
    p = app_in("th-TH").open()
    assert p.page.evaluate("document.documentElement.lang") == "th"
    assert p.page.get_attribute("#lang-switch [data-lang='th']", "aria-pressed") == "true"
    tabs = p.page.eval_on_selector_all("[role=tab]", "ts => ts.map(t => '#' + t.id)")
    assert len(tabs) >= 3, tabs
    for tab in tabs:
        p.page.click(tab)
        found, words = _english_left(p)
        assert not found, f"{tab}: English left: {found}"
        assert not words, f"{tab}: Latin words left: {words}"
    assert "เล่น" in p.page.inner_text("#tab-play")
    assert "ขุน" not in p.page.inner_text("#name-top"), "the engine keeps its name, Khun"
    p.check_clean()


def test_the_boards_words_are_thai(app_in):
    p = app_in("th-TH").open()
    label = p.page.get_attribute("#board", "aria-label") or ""
    assert "ขุนขาว" in label and "เบี้ยดำ" in label, label
    assert not re.search(r"White|Black|king|pawn", label), label
    if p.page.locator("#tab-editor").count():
        p.page.click("#tab-editor")
        titles = p.page.eval_on_selector_all("#editor-palette [title]", "bs => bs.map(b => b.title)")
        assert titles and not any(re.search(r"White|Black", t) for t in titles), titles


def test_an_english_browser_gets_english_and_the_switch_is_kept(app_in):
    p = app_in("en-US").open()
    assert p.page.evaluate("document.documentElement.lang") == "en"
    assert p.page.inner_text("#tab-play") == "Play"
    _type_move(p, "e4")
    assert p.page.inner_text("#announce") == "You played e4"
    assert p.page.inner_text("#movelist button") == "e4"
    p.page.click("#lang-switch [data-lang='th']")
    assert p.page.evaluate("document.documentElement.lang") == "th"
    assert p.page.inner_text("#tab-play") == "เล่น"
    assert p.page.inner_text("#status") == "ตาดำเดิน"
    # What was said and the moves, again in Thai (the notation follows the language).
    assert p.page.inner_text("#announce") == "คุณเดิน จ๔"
    assert p.page.inner_text("#movelist button") == "จ๔"
    found, words = _english_left(p)
    assert not found and not words, (found, words)
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    assert p.page.evaluate("document.documentElement.lang") == "th", "the choice is kept"
    assert p.page.inner_text("#start-game") == "เริ่มเกม"
    p.page.click("#lang-switch [data-lang='en']")
    assert p.page.inner_text("#start-game") == "Start the game"
    assert p.page.inner_text("#status") == "Black to move"
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    assert p.page.evaluate("document.documentElement.lang") == "en"
    found, _ = _english_left(p)
    assert "Play" in found, "back in English"
    p.check_clean()


def test_a_thai_browser_switched_to_english_stays_english(app_in):
    p = app_in("th-TH").open()
    p.page.click("#lang-switch [data-lang='en']")
    assert p.page.inner_text("#tab-analysis") == "Analysis"
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    assert p.page.evaluate("document.documentElement.lang") == "en"
    assert p.page.inner_text("#tab-analysis") == "Analysis"
    p.check_clean()


def test_moves_in_thai_san_as_the_rules_write_it(app_in):
    p = app_in("th-TH").open()
    assert p.page.input_value("#notation") == "thaiSan", "Thai notation on a Thai page"
    for move in ("e4", "d5", "exd5", "Nd7"):
        _type_move(p, move)
    shown = p.page.eval_on_selector_all("#movelist button", "bs => bs.map(b => b.textContent)")
    moves = p.page.eval_on_selector_all("#movelist button", "bs => bs.map(b => b.dataset.uci)")
    rules = p.page.evaluate(
        "m => window.khunPage.state.rules.state('makruk', 'startpos', m, {notation: 'thaiSan'}).sans", moves)
    assert shown == rules == ["จ๔", "ง๕", "จxง๕", "ม-ง๗"], shown
    # The PGN export stays in standard SAN.
    p.page.click("#tab-pgn")
    assert "1. e4 d5 2. exd5 Nd7" in p.page.input_value("#pgn-out")
    # SAN when chosen, kept across a reload.
    p.page.select_option("#notation", "san")
    shown = p.page.eval_on_selector_all("#movelist button", "bs => bs.map(b => b.textContent)")
    assert shown == ["e4", "d5", "exd5", "Nd7"]
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    assert p.page.input_value("#notation") == "san"
    assert p.page.inner_text("#movelist button[data-ply='4']") == "Nd7"
    p.check_clean()


def test_a_promoted_pawn_is_named_apart_in_thai(app_in):
    """A pawn promoted among the moves moves on as a promoted pawn (ง), not a met (ม็):
    the page asks the rules for the whole line."""
    p = app_in("th-TH").open(fen="4k3/8/8/3P4/8/8/8/R3K3 w - - 0 1", moves="d5d6m,e8f7,d6c7")
    shown = p.page.eval_on_selector_all("#movelist button", "bs => bs.map(b => b.textContent)")
    assert shown == ["ง๖=M", "ข-ฉ๗", "ง-ค๗"], shown
    p.check_clean()


def test_a_finished_game_says_its_result_and_reason_in_thai(app_in):
    p = app_in("th-TH").open(fen=MATE_FEN)
    p.page.fill("#move-input", "Ra8")
    p.page.press("#move-input", "Enter")
    res = p.page.locator("#result")
    res.wait_for(state="visible")
    assert res.get_attribute("data-reason") == "White mates", "the data stays the rules' English"
    assert p.page.inner_text("#result .result-headline") == "ขาวชนะ"
    assert p.page.inner_text("#result .result-reason") == "1-0 · ขาวรุกจน"
    # A game against Khun, resigned after a move (so it is kept among the last games).
    p = app_in("th-TH").open(mode="play", color="white", level="-20", tc="5+3")
    assert p.page.inner_text("#status") == "ตาคุณเดิน"
    _type_move(p, "e4")
    p.page.wait_for_function("() => document.querySelector('#status').textContent === 'ตาคุณเดิน'", timeout=30000)
    p.page.click("#btn-resign")
    p.page.click("#btn-resign-yes")
    res = p.page.locator("#result")
    res.wait_for(state="visible")
    assert p.page.inner_text("#result .result-headline") == "Khun ชนะ"
    assert p.page.inner_text("#result .result-reason") == "0-1 · ยอมแพ้"
    assert p.page.inner_text("#name-bottom") == "คุณ"
    # The game goes into the last games, its players and reason in Thai; nothing English left.
    p.page.locator("#recent-games button").first.wait_for(state="visible")
    assert p.page.inner_text("#recent-games button").startswith("คุณ – Khun (ระดับ -20, ≈ 672 Elo): 0-1 (ยอมแพ้)")
    found, words = _english_left(p)
    assert not found and not words, (found, words)
    p.check_clean()


def test_the_count_as_thai_players_say_it(app_in):
    # The piece's honour: K+R v K, three pieces, so the bare king's next move counts 4.
    p = app_in("th-TH").open(fen=COUNT_FEN)
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    assert count.inner_text() == "ดำนับศักดิ์หมาก ๓ (นับถึง ๑๖) ขาวต้องไล่ให้จนภายใน ๑๓ ตา"
    # The endgame table: White needs 14 moves, the count leaves 13.
    p.page.wait_for_function("() => !document.querySelector('#table-verdict').classList.contains('hidden')")
    assert p.page.inner_text("#table-verdict") == "ตารางปลายกระดาน: KRvK: เสมอ (นับครบก่อนรุกจน)"
    # The board's honour under players' counting: none runs until White asks for it.
    p = app_in("th-TH").open(fen=PAWNLESS_FEN, counting="players")
    count.wait_for(state="visible")
    count = p.page.locator("#count")
    assert count.inner_text() == "ยังไม่นับ: ขาวขอนับศักดิ์กระดานได้ (นับถึง ๖๔)"
    assert p.page.inner_text("#btn-count") == "นับ"
    p.page.click("#btn-count")
    _type_move(p, "Nb3")
    text = count.inner_text()
    assert text.startswith("ขาวนับศักดิ์กระดาน ๑ (นับถึง ๖๔) ดำต้องไล่ให้จนภายใน "), text
    assert "ถ้าขาวรุกจนระหว่างนับ ถือว่าเสมอ" in text, text
    assert not re.search(r"[0-9]", text), "the count's numbers in Thai digits"
    assert p.page.inner_text(".count-note[data-action='start']") == "ขาว เริ่มนับ"
    p.check_clean()


def test_a_move_typed_in_thai_notation_is_played(app_in):
    """A Thai player types the move as Thai notation writes it (จ๔ for e4, ม-ง๒ for Nd2)."""
    p = app_in("th-TH").open()
    _type_move(p, "จ๔")
    assert p.page.evaluate("() => window.khunPage.state.moves") == ["e3e4"]
    _type_move(p, "จ5")  # western digits read as Thai ones
    _type_move(p, "ม-ง๒")
    assert p.page.evaluate("() => window.khunPage.state.moves") == ["e3e4", "e6e5", "b1d2"]
    p.page.fill("#move-input", "ม-ก๘")  # no horse goes there: refused, the line unchanged
    p.page.click("#move-form button[type=submit]")
    assert p.page.text_content("#move-error") != ""
    assert len(p.page.evaluate("() => window.khunPage.state.moves")) == 3
    p.check_clean()
