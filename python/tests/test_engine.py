"""``khun.Engine``: the engine facade from Python, searching on its own thread with
the GIL released."""

import os
import subprocess
import threading
import time

import pytest

import khun

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


def test_analyse_returns_plain_data():
    engine = khun.Engine(hash_mb=8)
    result = engine.analyse(START, [], depth=6, multipv=2)
    assert result["best_move"] in khun.legal_moves("makruk", START, [])
    assert result["best_move_san"] == khun.get_san("makruk", START, result["best_move"])
    assert result["depth"] == 6 and result["nodes"] > 0
    assert set(result["score"]) <= {"cp", "mate"}
    assert sum(result["wdl"]) == 1000
    assert [line["multipv"] for line in result["lines"]] == [1, 2]
    line = result["lines"][0]
    assert line["pv"][0] == result["best_move"]
    assert line["pv_san"] == khun.get_san_moves("makruk", START, line["pv"])


def test_mate_scores_and_the_end_of_the_game():
    engine = khun.Engine()
    mate = "7k/8/6K1/8/8/8/8/R7 w - 32 10 40"
    result = engine.analyse(mate, depth=4)
    assert result["score"] == {"mate": 1} and result["best_move"] == "a1a8"
    assert result["score_white"] == {"mate": 1}
    over = engine.analyse(mate, ["a1a8"], depth=4)
    assert over["best_move"] is None and over["score"] is None


def test_play_and_levels():
    engine = khun.Engine(skill_level=-10)
    assert engine.skill_level == -10 and engine.elo is None
    answer = engine.play(START, ["e3e4"], nodes=2000)
    assert answer["move"] in khun.legal_moves("makruk", START, ["e3e4"])
    engine.elo = 1200
    assert engine.elo == 1200
    answer = engine.play(START, [], wtime=1.0, btime=1.0, winc=0.0, binc=0.0)
    assert answer["move"] in khun.legal_moves("makruk", START, [])
    with pytest.raises(ValueError, match="Skill Level"):
        engine.skill_level = 99
    with pytest.raises(ValueError, match="unknown variant"):
        khun.Engine(variant="chess")
    with pytest.raises(ValueError, match="FEN"):
        engine.analyse("bad fen", depth=2)


def test_stop_from_another_thread_and_the_gil_released():
    engine = khun.Engine()
    ticks = []

    def tick():
        # Runs while the search runs: the GIL is free.
        for _ in range(5):
            ticks.append(time.monotonic())
            time.sleep(0.05)
        engine.stop()

    thread = threading.Thread(target=tick)
    started = time.monotonic()
    thread.start()
    result = engine.analyse(START, movetime=60)
    thread.join()
    assert time.monotonic() - started < 10
    assert len(ticks) == 5
    assert result["best_move"] is not None


def test_analyse_reports_each_update_to_a_callback():
    engine = khun.Engine(hash_mb=8)
    updates = []
    callers = set()

    def info(update):
        callers.add(threading.get_ident())
        updates.append(update)

    result = engine.analyse(START, depth=8, multipv=2, info=info)
    # On the thread that called analyse, never the search's own.
    assert callers == {threading.get_ident()}
    assert updates, "no update came"
    depths = [u["depth"] for u in updates]
    assert depths == sorted(depths) and depths[0] < depths[-1] == result["depth"] == 8
    assert {u["multipv"] for u in updates} == {1, 2}
    # Each update has the shape of a line of the answer, the last ones are its lines.
    for update in updates:
        assert set(update) == set(result["lines"][0])
        assert update["pv_san"] == khun.get_san_moves("makruk", START, update["pv"])
    exact = [u for u in updates if u["bound"] is None]
    last = {u["multipv"]: u for u in exact}
    assert [last[1]["pv"], last[2]["pv"]] == [line["pv"] for line in result["lines"]]
    assert last[1]["score"] == result["lines"][0]["score"]
    nodes = [u["nodes"] for u in updates]
    assert nodes == sorted(nodes)


def test_an_exception_in_the_callback_stops_the_search():
    engine = khun.Engine(hash_mb=8)
    calls = []

    class Enough(Exception):
        pass

    def info(update):
        calls.append(update["depth"])
        if update["depth"] >= 4:
            raise Enough(update["depth"])

    # A minute's search: it ends (in milliseconds) only because the callback stops it;
    # were that broken, the test would fail on the count below after a minute, not hang.
    with pytest.raises(Enough):
        engine.analyse(START, movetime=60, info=info)
    assert calls[-1] == 4 and calls.count(4) == 1
    assert not engine.searching
    # The engine searches again; a callback that is not callable is refused.
    assert engine.analyse(START, depth=3)["depth"] == 3
    with pytest.raises(TypeError, match="info must be callable"):
        engine.analyse(START, depth=3, info=42)
    assert not engine.searching


def test_one_search_at_a_time():
    engine = khun.Engine()
    errors = []

    def second():
        time.sleep(0.1)
        try:
            engine.analyse(START, depth=3)
        except RuntimeError as e:
            errors.append(str(e))
        engine.stop()

    thread = threading.Thread(target=second)
    thread.start()
    engine.analyse(START, movetime=30)
    thread.join()
    assert errors and "searching" in errors[0]
    assert not engine.searching


def test_other_games_and_the_players_count():
    engine = khun.Engine(variant="cambodian")
    assert engine.variant == "cambodian"
    fen = khun.start_fen("cambodian")
    assert engine.analyse(fen, depth=3)["best_move"] in khun.legal_moves("cambodian", fen, [])
    engine.variant = "makruk"
    rooks = "4k3/8/8/3r4/8/8/3N4/R3K3 w - 128 3 31"
    result = engine.analyse(rooks, depth=4, count_started=-1)
    assert result["best_move"] is not None
    with pytest.raises(ValueError, match="beyond the next ply"):
        engine.analyse(rooks, depth=2, count_started=90)


def binary():
    """The UCI binary of the same tree, where the tests were told of one."""
    path = os.environ.get("KHUN_NATIVE")
    if not path or not os.path.exists(path):
        pytest.skip("KHUN_NATIVE (the khun binary) not set")
    return path


def test_the_same_search_as_the_binary():
    """``analyse`` at a fixed depth visits exactly the nodes the binary's ``go depth``
    does and answers the same move: it is the same engine."""
    depth = 9
    commands = f"uci\nposition startpos moves e3e4\ngo depth {depth}\n"
    proc = subprocess.Popen(
        [binary()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    proc.stdin.write(commands)
    proc.stdin.flush()
    nodes = None
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words and f"depth {depth} " in line:
            nodes = int(words[words.index("nodes") + 1])
        if words[:1] == ["bestmove"]:
            best = words[1]
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=30)
    result = khun.Engine().analyse(START, ["e3e4"], depth=depth)
    assert (result["best_move"], result["nodes"]) == (best, nodes)
