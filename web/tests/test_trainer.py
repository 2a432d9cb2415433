"""The counting trainer (the Learn tab's #learn-trainer: web/src/page/learn/), in Chromium.

Its answers are the rules' (khun.js); here they are held to pyffish, which is the
reference for the automatic count (../shared/RULES.md):
- every shipped position (trainer-positions.json): the trainer's expected answers agree
  with pyffish's count fields (which honour, who counts, the moves left, the last move,
  what the move does to the count, the players' count's length), and the moves left and
  the last move agree with a count played out: quiet moves (no capture, no promotion, no
  mate) from the position until pyffish says the game may end by the count;
- questions answered right and wrong, by choice and by number (in Thai digits too), are
  graded so, in English and in Thai, with the answer, why and the rule's place, and the
  score counts them and is kept across a reload.

Fixtures in conftest.py (one browser for the whole run), the harness in pagekit.py:
    python3 -m pytest -q web/tests/test_trainer.py
"""

import json
import pathlib
import re

import pytest

from pagekit import Page

sf = pytest.importorskip("pyffish")

WEB = pathlib.Path(__file__).resolve().parent.parent
POSITIONS = json.loads((WEB / "src" / "page" / "learn" / "trainer-positions.json").read_text())
THAI_DIGITS = "๐๑๒๓๔๕๖๗๘๙"


def thai(n):
    return "".join(THAI_DIGITS[int(d)] for d in str(n))


def other(side):
    return "black" if side == "white" else "white"


# --- pyffish's side: the count from its FEN's fields -------------------------------------

def placement_men(fen):
    """The men of each side on the board: {white: n, black: n}, and the unpromoted pawns."""
    board = re.sub(r"\[.*\]", "", fen.split()[0])
    return ({"white": sum(c.isupper() for c in board), "black": sum(c.islower() for c in board)},
            sum(c in "pP" for c in board))


def fields(variant, fen, moves=(), count_started=0):
    """pyffish's FEN after `moves`, with its count: (fen, limit or None, ply)."""
    out = sf.get_fen(variant, fen, list(moves), False, False, False, count_started)
    f = out.split()
    limit = int(f[3]) if f[3].isdigit() and int(f[3]) > 0 else None
    return out, limit, int(f[-2])


def reference_count(variant, fen, moves=()):
    """The count running after `moves` as pyffish's fields say it, or None: the honour
    (a bare king's side counts the piece's honour), the counting side (the bare side; else
    the side to move when the counter was even, RULES.md rule 1), the moves left."""
    out, limit, ply = fields(variant, fen, moves)
    if limit is None:
        return None
    men, _ = placement_men(out)
    turn = "white" if out.split()[1] == "w" else "black"
    bare = next((s for s in ("white", "black") if men[s] == 1 and men[other(s)] > 1), None)
    counting = bare or (turn if ply % 2 == 0 else other(turn))
    mating = other(counting)
    first = ply + (turn != mating)
    left = (limit - first) // 2 + 1 if first <= limit else 0
    return {"fen": out, "honour": "piece" if bare else "board", "counting": counting, "mating": mating,
            "limit": limit, "ply": ply, "left": left}


def last_move_number(fen, side, k):
    """The record's move number of `side`'s k-th move from `fen`."""
    f = fen.split()
    full, turn = int(f[-1]), ("white" if f[1] == "w" else "black")
    first = full if (side == turn or side == "black") else full + 1
    return first + k - 1


def played_out(variant, fen, mating, left):
    """Quiet moves from `fen` (no capture, no promotion, none that leaves the other side
    without a move; the first such in pyffish's order) up to `mating`'s next move after its
    `left`-th: (whether pyffish lets the game go on before that `left`-th move, whether it
    may end by the count before the next one, the record's move number of the `left`-th),
    or None where no quiet move is left on the way. (pyffish's ends are asked at those two
    positions only: a count run out stays run out, so a game that goes on before the last
    move went on until then.)"""
    made = 0
    legal = sf.legal_moves(variant, fen, [])
    for _ in range(400):
        men, pawns = placement_men(fen)
        turn = "white" if fen.split()[1] == "w" else "black"
        if turn == mating and made == left - 1:
            going_on = not sf.is_optional_game_end(variant, fen, [])[0]
            number = int(fen.split()[-1])
        if turn == mating and made == left:
            return going_on, sf.is_optional_game_end(variant, fen, [])[0], number
        for move in legal:
            after = sf.get_fen(variant, fen, [move])
            if placement_men(after) == (men, pawns):
                after_legal = sf.legal_moves(variant, after, [])
                if after_legal:
                    break
        else:
            return None
        fen, legal = after, after_legal
        if turn == mating:
            made += 1
    return None


def reference_answer(position, q):
    """pyffish's answer to the trainer's question `q` on `position`, or None where pyffish
    has no say (the players' convention's may-start and mate: left to the server)."""
    v, fen, move = position["variant"], position["fen"], position.get("move")
    at_moves = [move] if q["at"] == "after" else []
    c = reference_count(v, fen, at_moves)
    kind = q["kind"]
    if kind == "honour":
        return c["honour"] if c else "none"
    if kind == "counting":
        return c["counting"]
    if kind == "movesLeft":
        return c["left"]
    if kind == "lastMove":
        return last_move_number(c["fen"], c["mating"], c["left"])
    if kind == "after":
        b, a = reference_count(v, fen), reference_count(v, fen, [move])
        if not b and not a:
            return "none"
        if not b:
            return "startsPiece" if a["honour"] == "piece" else "startsBoard"
        if not a:
            return "stops"
        if a["limit"] == b["limit"] and a["honour"] == b["honour"] and a["ply"] == b["ply"] + 1:
            return "continues"
        return "replaced" if b["honour"] == "board" and a["honour"] == "piece" else "restarts"
    if kind == "playersLength":
        # Started before the move (counted 1): pyffish's count_started N = game ply + 1.
        free = q["fen"]
        f = free.split()
        n = 2 * (int(f[-1]) - 1) + (f[1] == "b") + 1
        for m in sf.legal_moves(v, free, []):
            out, limit, ply = fields(v, free, [m], n)
            men, _ = placement_men(out)
            if limit and ply == 1 and min(men.values()) > 1:
                return limit // 2
        return None
    return None


# --- the page ---------------------------------------------------------------------------

def open_trainer(p):
    p.page.click("#tab-learn")
    p.page.click("#learn-trainer-btn")
    p.page.wait_for_selector("#trainer-main:not(.hidden)", timeout=30000)
    return p


def all_questions(p):
    return p.page.evaluate("""async () => (await import("./page/learn/trainer.js")).allQuestions()""")


def show(p, order):
    """The trainer asks the positions `order` (indices into the shipped set), from the first."""
    p.page.evaluate("""(order) => {
        const tr = window.khunPage.state.trainer;
        window.khunPage.store.act("trainerLoaded", JSON.parse(JSON.stringify(tr.positions)), order);
    }""", order)


def asked(p):
    m = p.page.locator("#trainer-main")
    return int(m.get_attribute("data-position")), int(m.get_attribute("data-step")), m.get_attribute("data-kind")


def give(p, q, value):
    """Answers the question shown: a choice's button, or the number typed (as given)."""
    if q.get("choices"):
        p.page.click(f"#trainer-choices button[data-value='{value}']")
    else:
        p.page.fill("#trainer-input", str(value))
        p.page.click("#trainer-ok")
    p.page.wait_for_selector("#trainer-feedback:not(.hidden)")


def finish_position(p, qs, index):
    """Answers the rest of the position's questions (right), on to the next position."""
    while True:
        p.page.click("#trainer-next")
        i, s, _ = asked(p)
        if i != index or s == 0:
            return
        give(p, qs[s], qs[s]["expected"])


def wrong_value(q):
    if q.get("choices"):
        return next(c for c in q["choices"] if c != q["expected"])
    return q["expected"] + 1


@pytest.fixture(scope="module")
def shipped(browser, server):
    """The trainer's questions on every shipped position, as the page works them out."""
    p = open_trainer(Page(browser, server).open())
    try:
        yield all_questions(p)
    finally:
        p.close()


def test_the_set_is_from_real_games_with_both_honours_and_relatives(shipped):
    assert len(shipped) >= 100
    assert {p["source"].split("#")[0] for p in shipped} >= {"makruk-match-sample.pgn"}
    honours = {q["expected"] for p in shipped for q in p["questions"] if q["kind"] == "honour"}
    assert {"board", "piece", "none"} <= honours
    changes = {q["expected"] for p in shipped for q in p["questions"] if q["kind"] == "after"}
    assert {"none", "startsBoard", "startsPiece", "continues", "replaced"} <= changes
    variants = {p["variant"] for p in shipped}
    assert {"makruk", "cambodian", "sittuyin"} <= variants, variants
    assert any(q["convention"] == "players" for p in shipped for q in p["questions"])


def test_every_answer_agrees_with_pyffish(shipped):
    """The differential check: each question's expected answer (the rules', in the page)
    is pyffish's, from its count fields; a count played out agrees with the moves left."""
    checked, played, disagree = 0, 0, []
    for i, position in enumerate(shipped):
        for q in position["questions"]:
            want = reference_answer(position, q)
            if want is None:
                continue
            checked += 1
            if q["expected"] != want:
                disagree.append((i, position["source"], q["kind"], q["at"], q["expected"], want))
            if q["kind"] == "lastMove":
                c = reference_count(position["variant"], position["fen"], [position["move"]] if q["at"] == "after" else [])
                out = played_out(position["variant"], c["fen"], c["mating"], c["left"])
                if out is not None:
                    played += 1
                    if out != (True, True, q["expected"]):
                        disagree.append((i, position["source"], "played out", q["at"], q["expected"], out))
    assert not disagree, disagree[:20]
    assert checked >= 500 and played >= 20, (checked, played)


def test_answers_are_graded_right_and_wrong_in_english(app, shipped):
    p = open_trainer(app().open())
    # A position where a capture bares a king (the piece's honour replaces the board's),
    # then one where a count runs: every question answered right on the first, wrong on the second.
    bare = next(i for i, x in enumerate(shipped) if x["event"] == "bare" and x["variant"] == "makruk")
    running = next(i for i, x in enumerate(shipped) if x["event"] == "running" and x["variant"] == "makruk")
    show(p, [bare, running])
    right = asked_total = 0
    for index, answer_right in ((bare, True), (running, False)):
        qs = shipped[index]["questions"]
        for step, q in enumerate(qs):
            assert asked(p) == (index, step, q["kind"])
            want = reference_answer(shipped[index], q)
            if want is not None:
                assert want == q["expected"]
            give(p, q, q["expected"] if answer_right else wrong_value(q))
            asked_total += 1
            right += answer_right
            fb = p.page.locator("#trainer-feedback")
            assert fb.get_attribute("data-right") == ("1" if answer_right else "0")
            verdict = p.page.inner_text("#trainer-verdict")
            if answer_right:
                assert verdict == "Right."
            else:
                assert verdict.startswith("Wrong: the answer is ")
            why = p.page.inner_text("#trainer-why")
            assert "RULES.md" in why and p.page.locator("#trainer-why li[data-cite]").count() >= 1
            # A second answer to the same question counts for nothing.
            assert p.page.locator("#trainer-ok").is_disabled() or p.page.locator("#trainer-choices button").first.is_disabled()
            score = p.page.locator("#trainer-score")
            assert (score.get_attribute("data-right"), score.get_attribute("data-asked")) == (str(right), str(asked_total))
            assert p.page.inner_text("#trainer-score") == f"Score: {right} right of {asked_total}"
            p.page.click("#trainer-next")
    # The explanation of the bare king's count names the men and the piece's honour.
    assert asked(p)[0] == bare  # round again to the first
    p.check_clean()


def test_the_count_is_asked_and_explained_in_thai(app, shipped):
    p = open_trainer(app().open())
    p.page.click("#lang-switch [data-lang='th']")
    # A running count (a number question: moves left), answered in Thai digits, right then wrong.
    running = [i for i, x in enumerate(shipped) if x["event"] == "running" and x["variant"] == "makruk"
               and any(q["kind"] == "movesLeft" and q["expected"] >= 10 for q in x["questions"])][:2]
    show(p, running)
    for index, answer_right in zip(running, (True, False)):
        qs = shipped[index]["questions"]
        step = next(s for s, q in enumerate(qs) if q["kind"] == "movesLeft")
        for s in range(step):  # the questions before it, answered as they come
            give(p, qs[s], qs[s]["expected"])
            p.page.click("#trainer-next")
        q = qs[step]
        assert asked(p) == (index, step, "movesLeft")
        assert reference_answer(shipped[index], q) == q["expected"]
        assert p.page.inner_text("#trainer-question").endswith("กี่ตาที่จะไล่ให้จน?")
        assert p.page.inner_text("#trainer-convention") == "การนับอัตโนมัติ"
        give(p, q, thai(q["expected"] if answer_right else q["expected"] + 1))
        verdict = p.page.inner_text("#trainer-verdict")
        assert verdict == ("ถูกต้อง" if answer_right else f"ไม่ใช่แบบนั้น: เฉลยคือ {thai(q['expected'])}")
        why = p.page.inner_text("#trainer-why")
        assert f"เหลือ {thai(q['expected'])} ตา" in why and "RULES.md: การนับ ข้อ ๕" in why
        assert not re.search(r"\b(count|moves|honour|the)\b", why), why
        finish_position(p, qs, index)
    # The choices are Thai too: the first question on the first position again (which honour).
    buttons = p.page.locator("#trainer-choices button").all_inner_texts()
    assert set(buttons) <= {"ศักดิ์กระดาน", "ศักดิ์หมาก", "ไม่มีการนับ"} and buttons, buttons
    assert p.page.inner_text("#trainer-score").startswith("คะแนน: ถูกต้อง")
    p.check_clean()


def test_the_players_convention_is_asked_where_it_differs(app, shipped):
    p = open_trainer(app().open())
    index = next(i for i, x in enumerate(shipped) if x["variant"] == "makruk"
                 and any(q["kind"] == "playersMate" for q in x["questions"]))
    show(p, [index])
    qs = shipped[index]["questions"]
    for step, q in enumerate(qs):
        if q["convention"] == "players":
            assert p.page.inner_text("#trainer-convention") == "As players count (no count started yet)"
        if q["kind"] == "playersMate":
            assert q["expected"] == "draw"  # seed 003: the counting side's own mate
            give(p, q, "win")
            assert p.page.locator("#trainer-feedback").get_attribute("data-right") == "0"
            assert "seed 003" in p.page.inner_text("#trainer-why")
            break
        give(p, q, q["expected"])
        p.page.click("#trainer-next")
    else:
        pytest.fail("no players' mate question")
    p.check_clean()


def test_the_score_is_kept_across_a_reload(app, shipped):
    p = open_trainer(app().open())
    show(p, [0])
    q = shipped[0]["questions"][0]
    give(p, q, q["expected"])
    assert p.page.locator("#trainer-score").get_attribute("data-right") == "1"
    p.page.reload()
    p.page.wait_for_selector("#engine-status[data-ready='1']", timeout=60000)
    open_trainer(p)
    score = p.page.locator("#trainer-score")
    assert (score.get_attribute("data-right"), score.get_attribute("data-asked")) == ("1", "1")
    p.page.click("#trainer-reset")
    assert score.get_attribute("data-asked") == "0"
    p.check_clean()


@pytest.mark.parametrize("lang", ["en", "th"])
def test_axe_finds_nothing_serious_in_the_trainer(app, shipped, lang):
    """The trainer asking (a choice, a number) and answered, in each language."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    p = open_trainer(app(viewport=(1280, 800)).open())
    p.page.click(f"#lang-switch [data-lang='{lang}']")
    index = next(i for i, x in enumerate(shipped) if x["event"] == "bare" and x["variant"] == "makruk")
    show(p, [index])
    for step, q in enumerate(shipped[index]["questions"][:3]):
        for state in ("asked", "answered"):
            found = axe.Axe().run(p.page).response["violations"]
            bad = [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in found if v["impact"] in ("serious", "critical")]
            assert not bad, f"{lang}, question {step} {state}: {bad}"
            if state == "asked":
                give(p, q, q["expected"])
        p.page.click("#trainer-next")
        # The focus is on the next question's first answer.
        assert p.page.evaluate("document.activeElement.closest('#trainer-choices, #trainer-number') !== null")
    p.check_clean()


def test_positions_that_do_not_load_are_said_and_the_page_goes_on(app):
    # why no service worker: once it controls the page it answers the fetch from its
    # cache, where the route cannot reach it (a race the test lost on a loaded machine).
    p = app(service_workers="block").open()
    p.page.route("**/trainer-positions.json", lambda route: route.fulfill(status=404, body="gone"))
    p.page.click("#tab-learn")
    p.page.click("#learn-trainer-btn")
    p.page.wait_for_function("() => document.querySelector('#trainer-status').textContent.includes('404')")
    assert p.page.inner_text("#trainer-status").startswith("The positions could not be loaded: 404")
    assert p.page.locator("#trainer-main").is_hidden()
    # Chosen again, the trainer asks for them again.
    p.page.unroute("**/trainer-positions.json")
    p.page.click("#learn-puzzles-btn")
    p.page.click("#learn-trainer-btn")
    p.page.wait_for_selector("#trainer-main:not(.hidden)")
    assert p.page.locator("#trainer-status").is_hidden()
    # The rest of the page is as it was: a move on the board still plays.
    p.page.click("#tab-play")
    p.page.fill("#move-input", "e4")
    p.page.press("#move-input", "Enter")
    p.page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    assert not p.errors


def test_a_position_the_rules_refuse_is_passed_over(app):
    """A damaged positions file: a position the rules refuse is left out, the next asked."""
    good = POSITIONS[0]
    bad = {**good, "fen": "8/8/8/8/8/8/8/8 w - - 0 1", "source": "damaged#1"}
    p = app(service_workers="block").open()  # the route, not the worker's cache, answers
    p.page.route("**/trainer-positions.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps([bad, good])))
    open_trainer(p)
    p.page.evaluate("""() => window.khunPage.store.act("trainerLoaded",
        JSON.parse(JSON.stringify(window.khunPage.state.trainer.positions)), [0, 1])""")
    assert asked(p)[0] == 1
    assert not p.errors
