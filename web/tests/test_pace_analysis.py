"""Khun's pace in a game against it and the analysis's settings (lines, depth, the
threat), in Chromium: what the engine is asked (`go ...`, heard through the page's
engine listeners), what the board and the panel show, and what is kept across reloads.
No timing is asserted: the pace's times are measured in lab/log/2026-12-07-page-pace.md."""

import re

from test_page import _reload

# White's rook on h4 and Black's on h7 face each other: whoever moves takes the other's.
HANGING_FEN = "4k3/7r/pppp4/8/7R/PPPP4/8/4K3 w - - 0 1"
# White's king in check from the rook on h1.
IN_CHECK_FEN = "4k3/8/pppp4/8/8/PPPP4/8/4K2r w - - 0 1"


def _listen(p):
    """From now on, every line the page sends the engine lands in window.sentLines."""
    p.page.evaluate("""() => { window.sentLines = [];
        window.khunPage.state.engine.listeners.push(l => { if (l.startsWith('> ')) window.sentLines.push(l.slice(2)); }); }""")


def _go_lines(p):
    return p.page.evaluate("() => window.sentLines.filter(l => l.startsWith('go '))")


def _khun_answers(p, plies):
    p.page.wait_for_function(f"() => window.khunPage.state.moves.length >= {plies}", timeout=60000)


def _play(p, uci):
    p.page.fill("#move-input", uci)
    p.page.press("#move-input", "Enter")


def test_pace_default_by_level_kept_and_moved_by_a_link(app):
    p = app().open()
    # Level 1 (the setup's default): human-like; full strength: its whole clock.
    assert p.page.input_value("#pace") == "human"
    p.page.select_option("#level", "20")
    assert p.page.input_value("#pace") == "clock"
    p.page.select_option("#level", "-20")
    assert p.page.input_value("#pace") == "human"
    # "N seconds a move": the pace does not apply, and the setting says so.
    p.page.select_option("#tc", "mt3")
    assert p.page.is_disabled("#pace")
    assert "N seconds" in p.page.get_attribute("#pace", "title")
    p.page.select_option("#tc", "5+3")
    assert not p.page.is_disabled("#pace")
    # A choice is kept across reloads, whatever the level.
    p.page.select_option("#pace", "instant")
    assert p.page.evaluate("() => window.khunPage.state.pace") == "instant"
    _reload(p)
    assert p.page.evaluate("() => window.khunPage.state.pace") == "instant"
    assert p.page.input_value("#pace") == "instant"
    p.page.select_option("#level", "20")
    assert p.page.input_value("#pace") == "instant"
    # A link's pace is for its page only: the kept choice stays.
    p.open(pace="clock")
    assert p.page.input_value("#pace") == "clock"
    _reload(p)
    assert p.page.input_value("#pace") == "instant"
    p.check_clean()


def test_instant_pace_is_a_short_search(app):
    p = app().open(mode="play", color="white", level="1", tc="5+3", pace="instant")
    assert "answers at once" in p.page.inner_text("#game-info")
    _listen(p)
    _play(p, "e3e4")
    _khun_answers(p, 2)
    assert _go_lines(p) == ["go movetime 200"]
    assert p.page.evaluate("() => window.khunPage.state.game.pace") == "instant"
    p.check_clean()


def test_clock_pace_gives_the_engine_the_clocks(app):
    p = app().open(mode="play", color="white", level="-20", tc="5+3", pace="clock")
    assert "whole clock" in p.page.inner_text("#game-info")
    _listen(p)
    _play(p, "e3e4")
    _khun_answers(p, 2)
    (go,) = _go_lines(p)
    assert re.fullmatch(r"go wtime \d+ btime \d+ winc 3000 binc 3000", go), go


def test_human_pace_waits_its_think_time_on_its_clock(app):
    """Level -20 at 5+3: the move is shown once its think time has passed, and Khun's
    clock is charged for all of it (the search itself is over in a moment)."""
    p = app().open(mode="play", color="white", level="-20", tc="5+3")
    assert p.page.evaluate("() => window.khunPage.state.game.pace") == "human"
    assert "like a player of its level" in p.page.inner_text("#game-info")
    _listen(p)
    for i, uci in enumerate(["e3e4", "d3d4"]):
        _play(p, uci)
        _khun_answers(p, 2 * i + 2)
    gos = _go_lines(p)
    assert len(gos) == 2 and all(re.fullmatch(r"go movetime \d+", g) for g in gos), gos
    thinks = [int(g.split()[-1]) for g in gos]
    # Khun's clock ran from your move (the first is free) to its move shown, each time at
    # least its think; then the increment.
    black = p.page.evaluate("() => window.khunPage.state.game.clock.ms.black")
    assert black <= 300000 + 2 * 3000 - sum(thinks), (black, thinks)
    assert all(0 < t < 30000 for t in thinks), thinks
    p.check_clean()


def test_fixed_move_time_ignores_the_pace(app):
    p = app().open(mode="play", color="white", level="1", tc="mt1", pace="instant")
    _listen(p)
    _play(p, "e3e4")
    _khun_answers(p, 2)
    assert _go_lines(p) == ["go movetime 1000"]
    assert "answers at once" not in p.page.inner_text("#game-info")


def test_game_keeps_its_pace_across_a_reload(app):
    p = app().open(mode="play", color="white", level="1", tc="5+3", pace="instant")
    _play(p, "e3e4")
    _khun_answers(p, 2)
    _reload(p)
    p.page.wait_for_function("() => window.khunPage.state.playing")
    assert p.page.evaluate("() => window.khunPage.state.game.pace") == "instant"
    # The link's pace was the game's, not the setting's.
    assert p.page.evaluate("() => window.khunPage.state.pace") is None
    _listen(p)
    _play(p, "d3d4")
    _khun_answers(p, 4)
    assert _go_lines(p) == ["go movetime 200"]
    p.check_clean()


def _lines_shown(p, n):
    p.page.wait_for_function(f"() => document.querySelectorAll('#analysis-lines li').length === {n}", timeout=30000)
    # A few more info lines later, still n.
    p.page.wait_for_function("() => (window.khunPage.state.analysis.lines[0] || {}).depth >= 6", timeout=30000)
    assert p.page.locator("#analysis-lines li").count() == n


def test_analysis_lines_and_depth(app):
    p = app().open(mode="analysis")
    _lines_shown(p, 3)
    _listen(p)
    p.page.select_option("#analysis-multipv", "1")
    _lines_shown(p, 1)
    p.page.select_option("#analysis-multipv", "5")
    _lines_shown(p, 5)
    assert "setoption name MultiPV value 5" in p.page.evaluate("() => window.sentLines")
    # A depth: the search ends there, its lines stand, the engine is idle.
    p.page.select_option("#analysis-depth-limit", "10")
    p.page.wait_for_selector("#analysis-depth[data-done='1']", timeout=60000)
    assert p.page.inner_text("#analysis-depth").startswith("depth 10,"), p.page.inner_text("#analysis-depth")
    assert p.page.evaluate("() => window.khunPage.state.engine.searching") is False
    assert p.page.locator("#analysis-lines li").count() == 5
    assert _go_lines(p)[-1] == "go depth 10"
    # A move on the board: the next position is searched to depth 10 too.
    p.page.click("#analysis-lines li >> nth=0")
    p.page.wait_for_function("() => window.khunPage.state.moves.length === 1")
    p.page.wait_for_selector("#analysis-depth[data-done='1']", timeout=60000)
    assert p.page.inner_text("#analysis-depth").startswith("depth 10,")
    # Back to infinite: it runs on.
    p.page.select_option("#analysis-depth-limit", "0")
    p.page.wait_for_function("() => window.khunPage.state.engine.searching && (window.khunPage.state.analysis.lines[0] || {}).depth >= 5", timeout=30000)
    assert p.page.get_attribute("#analysis-depth", "data-done") is None
    assert _go_lines(p)[-1] == "go infinite"
    # The settings are kept across reloads.
    _reload(p)
    assert p.page.input_value("#analysis-multipv") == "5"
    assert p.page.input_value("#analysis-depth-limit") == "0"
    p.check_clean()


def _threat_arrows(p):
    return p.page.evaluate("() => window.khunPage.board.arrows.filter(a => a.kind === 'threat').map(a => a.from + a.to)")


def test_threat_shown_and_gone(app):
    p = app().open(mode="analysis", fen=HANGING_FEN)
    p.page.locator("#analysis-lines li").first.wait_for(timeout=30000)
    assert p.page.is_hidden("#analysis-threat") and _threat_arrows(p) == []
    _listen(p)
    p.page.check("#analysis-threat-toggle")
    # Black's rook takes White's, were it Black's turn: a red arrow and a line.
    p.page.wait_for_selector("#analysis-threat[data-move]", timeout=30000)
    assert p.page.get_attribute("#analysis-threat", "data-move") == "h7h4"
    text = p.page.inner_text("#analysis-threat")
    assert text.startswith("Threat: Rxh4"), text
    assert _threat_arrows(p) == ["h7h4"]
    p.settle()
    assert p.page.locator("#board svg.cg-shapes [stroke='#d0021b']").count() >= 1
    # The threat was searched first, from the position with Black to move, then the main search.
    sent = p.page.evaluate("() => window.sentLines")
    assert "position fen 4k3/7r/pppp4/8/7R/PPPP4/8/4K3 b - - 0 1" in sent, sent
    gos = _go_lines(p)
    assert gos[0].startswith("go depth 10") and gos[-1] == "go infinite", gos
    # The main analysis still shows its lines, of the position with White to move.
    p.page.locator("#analysis-lines li").first.wait_for(timeout=30000)
    # Off: the line and the arrow go.
    p.page.uncheck("#analysis-threat-toggle")
    p.page.wait_for_selector("#analysis-threat", state="hidden")
    assert _threat_arrows(p) == []
    p.settle()
    assert p.page.locator("#board svg.cg-shapes [stroke='#d0021b']").count() == 0
    # On again, kept across a reload.
    p.page.check("#analysis-threat-toggle")
    _reload(p)
    assert p.page.is_checked("#analysis-threat-toggle")
    p.check_clean()


def test_threat_not_searched_in_check(app):
    p = app().open(mode="analysis", fen=IN_CHECK_FEN)
    p.page.check("#analysis-threat-toggle")
    p.page.wait_for_selector("#analysis-threat[data-skipped='check']", timeout=30000)
    assert "in check" in p.page.inner_text("#analysis-threat")
    assert _threat_arrows(p) == []
    p.page.locator("#analysis-lines li").first.wait_for(timeout=30000)
    p.check_clean()
