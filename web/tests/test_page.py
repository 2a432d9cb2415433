"""Browser tests of Khun's web page (web/src/index.html and web/src/page/).

Serves a built page directory over HTTP and drives Debian's Chromium with Playwright:
    pip install playwright pytest && apt-get install -y chromium
    KHUN_WEB_DIST=web/dist pytest web/tests/test_page.py

KHUN_WEB_DIST: the directory to serve (default web/dist, as web/build.sh makes it).
    Where it has no index.html yet, a copy of it with web/src/index.html and web/src/page/
    laid over it is served. KHUN_WEB_DIST=mock serves the page with the stand-in engine
    of web/tests/mock/ (for working on the page without a wasm build).
KHUN_SCREENSHOT: where the mid-game screenshot goes (default web/tests/out/page.png).
KHUN_CHROMIUM: the browser (default /usr/bin/chromium).
"""

import os
import pathlib
import re

from pagekit import REPO, WEB

COUNT_FEN = "8/8/8/4k3/8/8/7R/3K4 b - 32 6 1"  # piece's honour: White mates within 13 moves
COUNT_END_FEN = "8/8/8/4k3/8/8/7R/3K4 b - 32 28 1"  # the same count, nearly run out
MATE_FEN = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"  # Ra8#


def test_loads_clean(app):
    p = app().open()
    assert p.page.locator("#board cg-board").count() == 1
    assert len(p.pieces()) == 32
    names = p.page.eval_on_selector_all("#variant option", "os => os.map(o => o.value)")
    assert sorted(names) == sorted(["makruk", "cambodian", "makpong", "ai-wok", "asean", "karouk", "sittuyin"])
    # every piece's art loads
    broken = p.page.evaluate("""() => Promise.all([...document.querySelectorAll('#board cg-board piece')]
        .map(e => getComputedStyle(e).backgroundImage.match(/url\\("?([^")]+)"?\\)/))
        .map(m => m ? fetch(m[1]).then(r => r.ok ? null : m[1]) : 'no art'))""")
    assert not any(broken), broken
    p.check_clean()


def test_illegal_click_refused(app):
    p = app().open(mode="play", color="white", level="-20", tc="5+3")
    before = p.fen()
    p.click("e3")
    assert "e4" in p.dests()
    p.click("e5")  # a pawn moves one step: e5 is no destination
    p.page.wait_for_timeout(300)
    assert p.fen() == before
    assert p.plies() == 0
    p.click("e6")  # Black's pawn: not yours to move
    assert p.dests() == []
    assert p.fen() == before
    p.check_clean()


def test_counting_shown(app):
    p = app().open(fen=COUNT_FEN)
    count = p.page.locator("#count")
    count.wait_for(state="visible")
    text = count.inner_text()
    assert count.get_attribute("data-honour") == "piece"
    assert count.get_attribute("data-counting") == "black"
    assert "Black counts" in text and "of 16" in text and "piece's honour" in text, text
    assert "White must mate within 13 moves" in text, text
    # The verdict comes from the tables' worker, after the count (a table is built the
    # first time; on a loaded machine that takes a while).
    table = p.page.locator("#table-verdict")
    table.wait_for(state="visible", timeout=15000)
    assert "KRvK" in table.inner_text(), table.inner_text()
    p.check_clean()


def test_draw_offer(app):
    # Khun declines before move 11; later it takes a draw where its score is level or worse
    p = app().open(mode="play", color="white", level="-20", tc="5+3", fen="4k3/8/pppp4/8/8/PPPP4/8/4K3 w - - 0 1")
    p.page.click("#btn-draw")
    p.page.wait_for_function("() => document.querySelector('#announce').textContent.includes('declines')", timeout=15000)
    assert p.page.locator("#result").is_hidden()
    p = app().open(mode="play", color="white", level="-20", tc="5+3", fen="4k3/8/pppp4/8/8/PPPP4/8/4K3 w - - 0 40")
    p.page.click("#btn-draw")
    res = p.page.locator("#result")
    res.wait_for(state="visible", timeout=15000)
    assert res.get_attribute("data-result") == "1/2-1/2"
    assert res.get_attribute("data-reason") == "Draw agreed"
    p.check_clean()


def test_mate_by_drag(app):
    p = app().open(mode="play", color="white", level="-20", tc="1+0", fen=MATE_FEN)
    p.drag("a1", "a8")
    res = p.page.locator("#result")
    res.wait_for(state="visible", timeout=10000)
    assert res.get_attribute("data-result") == "1-0"
    assert "mate" in res.get_attribute("data-reason").lower()
    assert p.pieces().get("a8") == "R"
    p.check_clean()


def _centre_distance(sq):
    f = "abcdefgh".index(sq[0])
    r = int(sq[1]) - 1
    return abs(f - 3.5) + abs(r - 3.5)


def test_game_to_the_end_by_clicks(app):
    """Black's bare king against Khun's rook, the count nearly out: a draw by the count."""
    p = app().open(mode="play", color="black", level="-20", tc="1+0", fen=COUNT_END_FEN)
    res = p.page.locator("#result")
    for _ in range(12):
        p.page.wait_for_function(
            "() => !document.querySelector('#result').classList.contains('hidden')"
            " || (document.querySelector('#board').dataset.turn === 'black'"
            "     && document.querySelector('#status').textContent.startsWith('Your move'))",
            timeout=30000)
        if res.is_visible():
            break
        king = p.squares_of("k")[0]
        plies = p.plies()
        p.click(king)
        dests = p.dests()
        assert dests, "the king has no move"
        p.click(min(dests, key=_centre_distance))
        p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length > {plies}")
    res.wait_for(state="visible", timeout=30000)
    assert res.get_attribute("data-result") == "1/2-1/2", res.inner_text()
    assert "count" in res.get_attribute("data-reason").lower(), res.inner_text()
    assert p.plies() == 5
    p.check_clean()


def test_promotion_in_makruk_is_automatic(app):
    p = app().open(fen="4k3/8/8/4P3/8/8/8/R3K3 w - - 0 1")
    p.click("e5")
    p.click("e6")
    p.page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    assert p.pieces().get("e6") == "M~"
    assert p.page.locator("#promotion").is_hidden()
    assert "e6=M" in p.page.locator("#movelist").inner_text()
    p.check_clean()


def test_analysis_and_stop(app):
    p = app().open(mode="analysis")
    lines = p.page.locator("#analysis-lines li")
    lines.first.wait_for(timeout=30000)
    p.page.wait_for_function("() => document.querySelectorAll('#analysis-lines li').length >= 2", timeout=30000)
    text = lines.first.inner_text()
    assert re.search(r"[+-]\d+\.\d\d|#-?\d+", text), text  # a score
    assert re.search(r"W \d+% D \d+% L \d+%", text), text  # the win/draw/loss chances
    assert re.search(r"1\. \S+", text), text  # the line in SAN, numbered
    assert p.page.locator("#board svg.cg-shapes line").count() >= 1
    assert not p.page.locator("#eval-bar").is_hidden()
    p.page.wait_for_timeout(1500)
    p.page.click("#btn-analysis")
    p.page.wait_for_selector("#stop-latency[data-ms]", timeout=5000)
    ms = float(p.page.get_attribute("#stop-latency", "data-ms"))
    # why 1 s, not the 100 ms the page is built for (measured in lab/log):
    # a search that never pauses would not answer `go infinite` at all; a bound this
    # wide catches that without failing on a loaded machine.
    assert ms < 1000, f"bestmove came {ms:.0f} ms after stop"
    # a move on the board during analysis restarts it at the new position
    p.page.click("#btn-analysis")
    lines.first.wait_for(timeout=30000)
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    p.page.wait_for_function(
        "() => [...document.querySelectorAll('#analysis-lines li')].some(li => li.textContent.includes('1… '))",
        timeout=30000)
    p.check_clean()


PGN = """[Event "Test"]
[Site "?"]
[Date "2026.11.27"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "*"]
[Variant "makruk"]

1. e4 e5 2. Nd2 Nd7 3. Nc4 *
"""


def test_pgn_import_review_export(app):
    p = app().open()
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", PGN)
    p.page.click("#btn-import")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 5")
    assert p.page.get_attribute("#board", "data-ply") == "0"
    p.page.click("#nav-next")
    assert p.page.get_attribute("#board", "data-ply") == "1"
    p.page.locator("body").press("ArrowRight")
    p.page.locator("body").press("ArrowRight")
    assert p.page.get_attribute("#board", "data-ply") == "3"
    p.page.locator("body").press("End")
    assert p.page.get_attribute("#board", "data-ply") == "5"
    p.page.locator("body").press("ArrowLeft")
    assert p.page.get_attribute("#board", "data-ply") == "4"
    # the game's own move steps on; another move is a variation, and the game comes back
    p.page.click("#movelist button[data-ply='2']")
    p.click("b1")
    p.click("d2")  # 2. Nd2, as in the game
    assert p.page.get_attribute("#board", "data-ply") == "3" and p.plies() == 5
    p.click("g8")
    p.click("e7")  # 2... Ne7 instead of Nd7
    assert p.plies() == 4 and p.page.get_attribute("#board", "data-ply") == "4"
    p.page.click("#btn-mainline")
    assert p.plies() == 5 and p.page.get_attribute("#board", "data-ply") == "3"
    assert p.page.locator("#btn-mainline").is_hidden()
    # the review: every position analysed at a fixed node count, the graph drawn
    p.page.click("#tab-analysis")
    p.page.select_option("#annotate-nodes", "50000")
    p.page.click("#btn-annotate")
    p.page.wait_for_selector("#annotate-status[data-done='1']", timeout=120000)
    assert p.page.get_attribute("#eval-graph", "data-points") == "6"
    # the export: tags and SAN
    p.page.click("#tab-pgn")
    out = p.page.input_value("#pgn-out")
    for tag in ("Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant"):
        assert f"[{tag} " in out, out
    assert '[Variant "makruk"]' in out and '[White "A"]' in out
    assert "[FEN " not in out
    # the main line in SAN, its review marks as NAGs, the variation played above kept
    assert "(2... Ne7)" in out, out
    main = re.sub(r" \$\d+", "", out.replace(" (2... Ne7)", ""))
    assert re.search(r"1\. e4 e5 2\. Nd2 Nd7 3\. Nc4 \*", main), out
    p.check_clean()


def test_export_from_a_position(app):
    p = app().open(fen=COUNT_FEN)
    p.click("e5")
    p.click("d4")
    p.page.click("#tab-pgn")
    out = p.page.input_value("#pgn-out")
    assert '[SetUp "1"]' in out and f'[FEN "{COUNT_FEN}"]' in out, out
    assert "1... Kd4" in out, out
    p.check_clean()


def test_takeback_and_screenshot(app):
    p = app().open(mode="play", color="white", level="-20", tc="5+3")
    for frm, to in (("e3", "e4"), ("d3", "d4"), ("g1", "e2")):
        plies = p.plies()
        p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')",
                                 timeout=30000)
        p.click(frm)
        if to not in p.dests():  # Khun's reply took the piece or blocked it: another pawn move
            p.click(frm)
            for sq in p.squares_of("P"):
                p.click(sq)
                if p.dests():
                    to = p.dests()[0]
                    break
        p.click(to)
        p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length >= {plies + 2}",
                                 timeout=30000)
    p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')")
    assert p.plies() == 6
    shot = pathlib.Path(os.environ.get("KHUN_SCREENSHOT", str(WEB / "tests" / "out" / "page.png")))
    shot.parent.mkdir(parents=True, exist_ok=True)
    p.page.screenshot(path=str(shot))
    p.page.click("#btn-takeback")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 4")
    assert p.page.get_attribute("#board", "data-turn") == "white"
    p.page.click("#btn-resign")
    p.page.click("#btn-resign-yes")
    assert p.page.get_attribute("#result", "data-result") == "0-1"
    p.check_clean()


def test_phone_width(app):
    p = app(viewport=(390, 844)).open(mode="play", color="white", level="-20", tc="5+3")
    box = p.page.locator("#board").bounding_box()
    assert box["width"] <= 390 and box["width"] >= 300, box
    width = p.page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= 391, f"the page scrolls sideways: {width}px"
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length >= 1")
    p.check_clean()


def test_elo_level_and_fixed_time(app):
    p = app().open(mode="play", color="black", elo="1200", tc="mt1")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 1", timeout=15000)
    info = p.page.inner_text("#game-info")
    assert "Elo 1200" in info and "1 s a move" in info, info
    assert p.page.inner_text("#clock-top") == "" and p.page.inner_text("#clock-bottom") == ""
    assert p.page.get_attribute("#board", "data-turn") == "black"
    assert p.page.inner_text("#name-top").startswith("Khun")  # Black at the bottom: you
    # leaving the game for analysis: no result, the analysis runs on the game's position
    p.page.click("#btn-analyse-game")
    p.page.locator("#analysis-lines li").first.wait_for(timeout=30000)
    assert p.page.locator("#result").is_hidden()
    assert p.plies() == 1
    p.page.click("#btn-analysis")
    p.page.wait_for_selector("#stop-latency[data-ms]", timeout=5000)
    p.check_clean()


def test_variants_start(app):
    p = app().open()
    for v in ("cambodian", "makpong", "ai-wok", "asean", "karouk"):
        p.page.select_option("#variant", v)
        p.page.click("#start-game")
        p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')")
        assert len(p.pieces()) == 32
        p.page.click("#btn-new")
    p.check_clean()


def test_flip_and_typed_moves(app):
    p = app().open()
    y = lambda sq: p.square_box(sq)["y"]  # noqa: E731
    assert y("a1") > y("a8")
    p.page.click("#btn-flip")
    assert y("a1") < y("a8")
    p.page.fill("#move-input", "e4")
    p.page.press("#move-input", "Enter")
    p.page.fill("#move-input", "e6e5")
    p.page.press("#move-input", "Enter")
    p.page.fill("#move-input", "Kc4")  # not a move here
    p.page.press("#move-input", "Enter")
    assert "Not a legal move" in p.page.inner_text("#move-error")
    assert p.page.inner_text("#movelist").split() == ["1.", "e4", "e5"]
    p.page.focus("#board")
    p.page.keyboard.press("Home")
    assert p.page.get_attribute("#board", "data-ply") == "0"
    p.check_clean()


def test_time_forfeit(app):
    # 3 seconds for the game: the first move is free, then your clock runs out
    p = app().open(mode="play", color="white", level="-20", tc="0.05+0")
    p.click("e3")
    p.click("e4")
    res = p.page.locator("#result")
    res.wait_for(state="visible", timeout=20000)
    assert res.get_attribute("data-result") == "0-1"
    assert res.get_attribute("data-reason") == "Time forfeit"
    assert p.plies() == 2
    p.check_clean()


def test_worker_refuses_bad_input_and_stays_usable(app):
    """khun.worker.js itself, in the browser: every bad line gets an `info string
    error`, a refused position makes `go` answer `bestmove 0000`, and after all of it
    the engine still answers `isready` and plays a legal move."""
    p = app().open()
    said = p.page.evaluate(
        """async () => {
            const w = new Worker("khun.worker.js");
            const lines = [];
            const wait = (re) => new Promise((resolve) => {
                const look = () => lines.some((l) => re.test(l)) ? resolve() : setTimeout(look, 20);
                look();
            });
            w.onmessage = (e) => lines.push(e.data);
            const bad = ["garbage here", "position fen 8/8/8/8 w", "setoption name Nonsense value 3",
                         "setoption name Skill Level value 99", "go depth x movetime 50",
                         "position startpos moves e3e5"];
            const errors = {};
            for (const line of bad) {
                const from = lines.length;
                w.postMessage(line);
                w.postMessage("isready");
                await wait(/^readyok$/);
                errors[line] = lines.slice(from).filter((l) => l.startsWith("info string error: "));
                lines.length = 0;
            }
            w.postMessage("position fen 8/8/6s1/7K/1k6/4r3/8/8 b - - 0 1");
            w.postMessage("go depth 3");
            await wait(/^bestmove /);
            const refused = lines.find((l) => l.startsWith("bestmove "));
            lines.length = 0;
            w.postMessage("position startpos moves e3e4");
            w.postMessage("go depth 4");
            await wait(/^bestmove /);
            const played = lines.find((l) => l.startsWith("bestmove "));
            w.terminate();
            return {errors, refused, played};
        }"""
    )
    for line, errors in said["errors"].items():
        assert errors, f"no error for {line!r}"
    assert said["refused"] == "bestmove 0000"
    assert re.match(r"bestmove [a-h][1-8][a-h][1-8]", said["played"]), said["played"]
    p.check_clean()


# Counting as players count (makruk, makpong, cambodian): K+R+N v K+R, no pawn, White to
# move at game ply 60 (move 31), so either side may start the board's honour.
PAWNLESS_FEN = "4k3/8/8/3r4/8/8/3N4/R3K3 w - - 0 31"
COUNTING_MATE_FEN = "k6m/2K5/8/8/8/8/8/2R5 w - - 0 40"  # Ra1 mates (Black keeps its met)


def _players_game_as_white(app, fen):
    """A game against Khun (level -20, a second a move) from `fen`, counted as players
    count, you White and to move."""
    p = app().open()
    p.page.fill("#fen-input", fen)
    p.page.select_option("#color", "white")
    p.page.select_option("#level", "-20")
    p.page.select_option("#tc", "mt1")
    p.page.select_option("#counting", "players")
    p.page.click("#start-game")
    p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')")
    return p


def _count_text(p):
    return p.page.locator("#count").inner_text()


def _play(p, moves):
    for frm, to in moves:
        plies = p.plies()
        p.click(frm)
        p.click(to)
        p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length > {plies}")


def test_players_counting_on_a_free_board_export_and_import(app):
    """Switch to players' counting on a pawnless position, Count, play, see the count as
    players say it, Stop, step back and forth, export the PGN and import it back."""
    p = app().open(fen=PAWNLESS_FEN)
    assert p.page.locator("#count-controls").is_hidden()
    p.page.select_option("#counting", "players")
    p.page.locator("#count-controls").wait_for(state="visible")
    assert p.page.is_enabled("#btn-count") and p.page.is_disabled("#btn-stop-count")
    assert "White may start counting" in _count_text(p), _count_text(p)
    p.page.click("#btn-count")
    assert p.page.get_attribute("#count", "data-started") == "61"
    assert _count_text(p).startswith("White counts: 0 of 64"), _count_text(p)
    assert p.page.is_disabled("#btn-count") and p.page.is_enabled("#btn-stop-count")
    assert p.page.locator("#movelist .count-note").inner_text() == "White starts counting"
    # White's own moves are counted: 1, 2, 3.
    _play(p, [("a1", "a2"), ("d5", "d6"), ("a2", "a3")])
    assert _count_text(p).startswith("White counts: 2 of 64"), _count_text(p)
    _play(p, [("d6", "d7"), ("a3", "a4")])
    assert _count_text(p).startswith("White counts: 3 of 64"), _count_text(p)
    assert p.page.get_attribute("#count", "data-counting") == "white"
    # Black to move does not count: neither button is for it.
    assert p.page.is_disabled("#btn-count") and p.page.is_disabled("#btn-stop-count")
    _play(p, [("d7", "d6")])
    assert _count_text(p).startswith("White counts: 3 of 64"), _count_text(p)
    p.page.click("#btn-stop-count")
    assert p.page.get_attribute("#count", "data-started") == "-1"
    assert "White may start counting" in _count_text(p), _count_text(p)
    notes = p.page.locator("#movelist .count-note").all_inner_texts()
    assert notes == ["White starts counting", "White stops counting"], notes
    # Stepping through the game shows the count of each position.
    p.page.click("#nav-prev")
    assert p.page.get_attribute("#board", "data-ply") == "5"
    assert _count_text(p).startswith("White counts: 3 of 64"), _count_text(p)
    assert p.page.is_disabled("#btn-count") and p.page.is_disabled("#btn-stop-count")
    p.page.click("#nav-first")
    assert _count_text(p).startswith("White counts: 0 of 64"), _count_text(p)
    p.page.click("#nav-last")
    assert p.page.get_attribute("#count", "data-started") == "-1"
    # The export: the tag, and a comment after the move before each action.
    p.page.click("#tab-pgn")
    out = p.page.input_value("#pgn-out")
    assert '[Counting "players"]' in out, out
    flat = " ".join(out.split())
    assert "{[%count start]} 31. Ra2 Rd6 32. Ra3 Rd7 33. Ra4 Rd6 {[%count stop]} *" in flat, flat
    # ... read back by a fresh page: the count actions come with the game.
    q = app().open()
    q.page.click("#tab-pgn")
    q.page.fill("#pgn-in", out)
    q.page.click("#btn-import")
    q.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 6")
    assert q.page.input_value("#counting") == "players"
    assert q.page.locator("#movelist .count-note").count() == 2
    q.page.click("#movelist button[data-ply='5']")
    assert _count_text(q).startswith("White counts: 3 of 64"), _count_text(q)
    q.page.click("#movelist button[data-ply='6']")
    assert q.page.get_attribute("#count", "data-started") == "-1"
    q.page.click("#tab-pgn")
    assert " ".join(q.page.input_value("#pgn-out").split()).count("[%count") == 2
    p.check_clean()
    q.check_clean()


def test_players_counting_khun_starts_its_count(app):
    """In a game against Khun, the side at a disadvantage is Khun: it starts the count
    itself and the page says so, counts it, and sends it back with each position."""
    p = _players_game_as_white(app, PAWNLESS_FEN)
    assert "counting as players count" in p.page.inner_text("#game-info")
    # You may start (either side may), but you stand better: play on.
    assert p.page.is_enabled("#btn-count")
    _play(p, [("e1", "f1")])
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 2", timeout=30000)
    p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')")
    assert "Khun starts counting" in p.page.inner_text("#announce"), p.page.inner_text("#announce")
    assert p.page.locator("#movelist .count-note").inner_text() == "Khun starts counting"
    assert _count_text(p).startswith("Black counts: 1 of 64"), _count_text(p)
    assert p.page.get_attribute("#count", "data-started") == "62"
    assert p.page.is_disabled("#btn-count") and p.page.is_disabled("#btn-stop-count")
    # The engine is told the count after each position: its next answer is counted on.
    plies = p.plies()
    p.click("f1")
    p.click(p.dests()[0])
    p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length === {plies + 2}",
                             timeout=30000)
    assert _count_text(p).startswith("Black counts: 2 of 64"), _count_text(p)
    p.page.click("#tab-pgn")
    out = p.page.input_value("#pgn-out")
    assert '[Counting "players"]' in out and "31. Kf1 {[%count start]} 31... " in " ".join(out.split()), out
    p.check_clean()


def test_players_counting_the_counting_sides_mate_is_a_draw(app):
    """Counting, your mate is a draw; stop the count first and it wins."""
    def game():
        return _players_game_as_white(app, COUNTING_MATE_FEN)

    p = game()
    p.page.click("#btn-count")
    assert _count_text(p).startswith("White counts: 0 of 64"), _count_text(p)
    p.drag("c1", "a1")
    res = p.page.locator("#result")
    res.wait_for(state="visible", timeout=10000)
    assert res.get_attribute("data-result") == "1/2-1/2"
    assert res.get_attribute("data-reason") == "Mate by the counting side"
    assert "a draw" in res.inner_text()
    p.page.click("#tab-pgn")
    assert '[Termination "Mate by the counting side"]' in p.page.input_value("#pgn-out")
    p.check_clean()
    p = game()
    p.page.click("#btn-count")
    p.page.click("#btn-stop-count")
    p.drag("c1", "a1")
    res = p.page.locator("#result")
    res.wait_for(state="visible", timeout=10000)
    assert res.get_attribute("data-result") == "1-0", res.inner_text()
    p.check_clean()


def test_players_counting_a_count_run_out_is_a_draw(app):
    """An imported players' game whose count runs out: the rules' end is shown."""
    cycle = ["Ra2", "Rd6", "Ra1", "Rd5"]
    sans = [cycle[i % 4] for i in range(129)]
    toks = ["{[%count start]}"]
    for i, san in enumerate(sans):
        if i % 2 == 0:
            toks.append(f"{31 + i // 2}.")
        toks.append(san)
    text = (f'[Variant "makruk"]\n[Counting "players"]\n[FEN "{PAWNLESS_FEN}"]\n\n'
            + " ".join(toks) + " 1/2-1/2\n")
    p = app().open()
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", text)
    p.page.click("#btn-import")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 129")
    p.page.locator("body").press("End")
    assert p.page.inner_text("#status").startswith("Counting rule: 1/2-1/2"), p.page.inner_text("#status")
    assert "The count has run out: a draw." in _count_text(p), _count_text(p)
    p.page.locator("body").press("ArrowLeft")
    assert _count_text(p).startswith("White counts: 64 of 64"), _count_text(p)
    p.check_clean()


# ---------------------------------------------------------------------------------------
# Faults found by trying the page as a new user (issue 60, item 2): each test below
# failed on the page before its fix.

SEED_GAME = REPO / "engine-tests" / "data" / "seed000-game.pgn"


def _import(p, text):
    p.page.click("#tab-pgn")
    p.page.fill("#pgn-in", text)
    p.page.click("#btn-import")


def _your_move(p, timeout=30000):
    p.page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your move')",
                             timeout=timeout)


def _play_any(p):
    """Your move, by clicks: the first of your pawns (then pieces) that has a move."""
    plies = p.plies()
    own = "PMSNRK" if p.page.get_attribute("#board", "data-turn") == "white" else "pmsnrk"
    for letter in own:
        for sq in p.squares_of(letter):
            p.click(sq)
            if p.dests():
                p.click(p.dests()[0])
                p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length > {plies}")
                return
    raise AssertionError("no move to play")


def _start_by_clicks(p, color="white", fen="", tc="5+3", pace=None):
    p.page.select_option("#color", color)
    p.page.select_option("#level", "-20")
    p.page.select_option("#tc", tc)
    if pace:
        p.page.select_option("#pace", pace)
    p.page.fill("#fen-input", fen)
    p.page.click("#start-game")
    _your_move(p)


def _reload(p):
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)


def test_import_without_a_result_or_no_game(app):
    """Moves pasted with no result import as an unfinished game; text that is no game
    says so, and the board stays as it was."""
    p = app().open()
    _import(p, "1. e4 e5 2. Nd2 Nd7")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 4", timeout=5000)
    assert p.page.inner_text("#movelist").split() == ["1.", "e4", "e5", "2.", "Nd2", "Nd7"]
    assert p.page.locator("#result").is_hidden()
    before = p.fen()
    p.page.click("#tab-pgn")
    _import(p, "hello world")
    err = p.page.locator("#pgn-error")
    p.page.wait_for_function("() => document.querySelector('#pgn-error').textContent.length > 0", timeout=5000)
    assert "hello" in err.inner_text(), err.inner_text()
    assert p.fen() == before and p.plies() == 4
    p.check_clean()


def test_phone_board_stays_in_view(app):
    """On a phone, six moves of a game: rank 8 and Khun's clock stay on the screen."""
    def in_view(p):
        for sel in ("a8", "#clock-top", "h1"):
            box = p.square_box(sel) if len(sel) == 2 else p.page.locator(sel).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (sel, box, p.plies())

    p = app(viewport=(390, 844)).open(mode="play", color="white", level="-20", tc="5+3")
    in_view(p)
    for n in range(3):
        _play_any(p)
        p.page.wait_for_function(f"() => document.querySelectorAll('#movelist button').length === {2 * n + 2}",
                                 timeout=30000)
        _your_move(p)
        in_view(p)
    assert p.plies() == 6
    p.check_clean()
    # "Start the game" is below the board: once pressed, the board comes back into view.
    q = app(viewport=(390, 844)).open()
    _start_by_clicks(q)
    in_view(q)
    q.check_clean()


def test_draw_offer_too_early_says_why(app):
    p = app().open(mode="play", color="white", level="-20", tc="5+3", fen="4k3/8/pppp4/8/8/PPPP4/8/4K3 w - - 0 1")
    p.page.click("#btn-draw")
    p.page.wait_for_function("() => document.querySelector('#announce').textContent.includes('declines')", timeout=15000)
    said = p.page.inner_text("#announce")
    assert "before move 11" in said and "score" not in said, said
    p.check_clean()


def test_imported_game_ended_by_the_rules_shows_its_result(app):
    """The seed game runs past the count's end: the rules' result is shown and exported."""
    p = app().open()
    _import(p, SEED_GAME.read_text())
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 234", timeout=10000)
    res = p.page.locator("#result")
    assert res.is_visible()
    assert res.get_attribute("data-result") == "1/2-1/2"
    assert res.get_attribute("data-reason") == "Counting rule"
    p.page.locator("body").press("End")
    assert p.page.inner_text("#status").startswith("Counting rule: 1/2-1/2")
    p.page.click("#tab-pgn")
    out = p.page.input_value("#pgn-out")
    assert '[Result "1/2-1/2"]' in out and '[Termination "Counting rule"]' in out, out[:600]
    assert out.rstrip().endswith("1/2-1/2"), out[-200:]
    p.check_clean()


def test_stepping_back_clears_the_count(app):
    p = app().open()
    _import(p, SEED_GAME.read_text())
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 234", timeout=10000)
    p.page.locator("body").press("End")
    count = p.page.locator("#count")
    assert count.is_visible() and count.get_attribute("data-honour") == "piece"
    assert count.get_attribute("title")
    p.page.locator("body").press("Home")
    assert count.is_hidden()
    for attr in ("data-honour", "data-counting", "title"):
        assert not count.get_attribute(attr), (attr, count.get_attribute(attr))
    assert "urgent" not in count.get_attribute("class")
    p.check_clean()


def test_flip_turns_the_evaluation_bar(app):
    """White's share of the bar is on White's side: at the bottom, at the top once flipped."""
    p = app().open(mode="analysis")
    p.page.locator("#analysis-lines li").first.wait_for(timeout=30000)

    def edges():
        bar = p.page.locator("#eval-bar").bounding_box()
        fill = p.page.locator("#eval-fill").bounding_box()
        return bar, fill

    bar, fill = edges()
    assert 0 < fill["height"] < bar["height"]
    assert abs((fill["y"] + fill["height"]) - (bar["y"] + bar["height"])) < 1.5, (bar, fill)
    p.page.click("#btn-flip")
    p.page.wait_for_timeout(400)  # the fill's height eases in 0.3 s
    bar, fill = edges()
    assert abs(fill["y"] - bar["y"]) < 1.5, (bar, fill)
    p.page.click("#btn-flip")
    p.page.wait_for_timeout(400)
    bar, fill = edges()
    assert abs((fill["y"] + fill["height"]) - (bar["y"] + bar["height"])) < 1.5, (bar, fill)
    p.check_clean()


def test_choosing_a_game_shows_its_start(app):
    p = app().open()
    starts = dict(p.page.evaluate("() => window.khunPage.state.variants.map(v => [v.name, v.startFen])"))
    for v in ("asean", "ai-wok", "makruk"):
        p.page.select_option("#variant", v)
        assert p.fen() == starts[v], (v, p.fen())
    assert p.squares_of("A") == []
    p.page.select_option("#variant", "ai-wok")
    assert len(p.squares_of("A")) == 1
    p.check_clean()


def test_new_game_after_a_finished_game_resets(app):
    p = app().open()
    _start_by_clicks(p, fen=MATE_FEN, tc="1+0")
    p.drag("a1", "a8")
    p.page.locator("#result").wait_for(state="visible", timeout=10000)
    p.page.click("#btn-new")
    assert p.page.locator("#result").is_hidden()
    assert p.plies() == 0 and p.page.get_attribute("#board", "data-ply") == "0"
    assert p.fen().split()[0] == MATE_FEN.split()[0]  # the setup's start, the rook back on a1
    assert p.page.locator("#count").is_hidden()
    assert p.page.locator("#setup").is_visible()
    # ... and with the start position cleared, the game's own start.
    p.page.fill("#fen-input", "")
    p.page.select_option("#variant", "makruk")
    p.page.click("#start-game")
    _your_move(p)
    assert len(p.pieces()) == 32
    p.check_clean()


def test_reload_keeps_the_game_and_the_last_games(app):
    p = app().open()
    _start_by_clicks(p)
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 2", timeout=30000)
    _your_move(p)
    fen = p.fen()
    _reload(p)
    _your_move(p, timeout=10000)
    assert p.fen() == fen and p.plies() == 2
    assert p.page.inner_text("#clock-bottom") and p.page.locator("#btn-resign").is_enabled()
    assert p.page.inner_text("#name-top").startswith("Khun")
    # the game goes on after the reload: Khun answers your next move
    _play_any(p)
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 4", timeout=30000)
    _your_move(p)
    p.page.click("#btn-resign")
    p.page.click("#btn-resign-yes")
    assert p.page.get_attribute("#result", "data-result") == "0-1"
    _reload(p)
    games = p.page.locator("#recent-games button")
    assert games.count() == 1
    assert "0-1" in games.first.inner_text(), games.first.inner_text()
    games.first.click()
    assert p.plies() == 4
    assert p.page.get_attribute("#result", "data-result") == "0-1"
    assert p.page.get_attribute("#result", "data-reason") == "Resignation"
    p.check_clean()


def test_resign_asks_once(app):
    p = app().open(mode="play", color="white", level="-20", tc="5+3")
    p.page.click("#btn-resign")
    assert p.page.locator("#result").is_hidden()
    assert p.page.locator("#btn-resign-yes").is_visible()
    p.page.click("#btn-resign-no")
    assert p.page.locator("#btn-resign-yes").is_hidden()
    p.click("e3")
    p.click("e4")
    p.page.wait_for_function("() => document.querySelectorAll('#movelist button').length === 2", timeout=30000)
    _your_move(p)
    p.page.click("#btn-resign")
    p.page.click("#btn-resign-yes")
    assert p.page.get_attribute("#result", "data-result") == "0-1"
    p.check_clean()


def test_result_banner_with_the_reason(app):
    p = app().open(mode="play", color="white", level="-20", tc="1+0", fen=MATE_FEN)
    p.drag("a1", "a8")
    res = p.page.locator("#result")
    res.wait_for(state="visible", timeout=10000)
    assert p.page.inner_text("#result .result-headline") == "You win"
    assert "White mates" in p.page.inner_text("#result .result-reason")
    box = res.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 900, box
    p.check_clean()


def test_sounds_and_mute(app):
    """A move, a capture, a check and the game's end each make their sound (WebAudio,
    made in the page); the mute switch silences them, and stays off after a reload."""
    p = app().open(fen="7k/8/8/8/3p4/4P3/8/R5K1 w - - 0 1")
    sound = p.page.locator("#btn-sound")

    def last():
        return sound.get_attribute("data-last")

    p.click("e3")
    p.click("d4")  # exd4
    assert last() == "capture"
    p.click("h8")
    p.click("g7")
    assert last() == "move"
    p.click("a1")
    p.click("a7")  # Ra7+
    assert last() == "check"
    played = int(sound.get_attribute("data-played"))
    sound.click()  # mute
    assert sound.get_attribute("aria-pressed") == "true"
    p.click("g7")
    p.click("g6")
    assert int(sound.get_attribute("data-played")) == played
    _reload(p)
    assert p.page.get_attribute("#btn-sound", "aria-pressed") == "true"
    q = app().open(mode="play", color="white", level="-20", tc="1+0", fen=MATE_FEN)
    q.drag("a1", "a8")
    q.page.locator("#result").wait_for(state="visible", timeout=10000)
    assert q.page.get_attribute("#btn-sound", "data-last") == "end"
    p.check_clean()
    q.check_clean()
