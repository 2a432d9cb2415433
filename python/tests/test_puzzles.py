"""The puzzle finder and checker from Python (``khun.puzzles``, ``khun.check_puzzle``):
the library's one finder and checker, so the same puzzle the command line finds
(``KHUN_NATIVE``: ``khun puzzles``) and JavaScript finds (web/tests/puzzles.test.js)."""

import os
import subprocess
import tempfile

import pytest

import khun

# K+R v K, White to move: 1. Kb6 Kb8 2. Rh8#. The count fields: 32 plies allowed.
ROOK_MATE = "k7/7R/2K5/8/8/8/8/8 w - 32 0 1"
# Two mets more for White: no table holds it; with 29 of 32 plies counted only Kb6
# mates in time, and the second move wins only without the count.
RACE = "k7/7R/2K5/8/8/8/8/M6M w - 32 29 1"


def test_a_mate_in_two_is_found_in_a_position_and_in_a_game():
    found = khun.puzzles(positions=[ROOK_MATE], depth=8)
    [puzzle] = found["puzzles"]
    assert puzzle["type"] == "mate"
    assert puzzle["theme"] == "mate in 2"
    assert puzzle["moves"] == ["c6b6", "a8b8", "h7h8"]
    assert puzzle["bm"] == "Kb6"
    assert found["tally"]["mates"] == 1
    pgn = f'[SetUp "1"]\n[FEN "{ROOK_MATE}"]\n\n1. Kb6 Kb8 2. Rh8# *\n'
    in_game = khun.puzzles(pgn, depth=8)["puzzles"]
    assert [p["moves"] for p in in_game] == [["c6b6", "a8b8", "h7h8"], ["h7h8"]]


def test_a_count_race_outside_the_tables():
    [puzzle] = khun.puzzles(positions=[RACE], depth=8)["puzzles"]
    assert (puzzle["type"], puzzle["theme"]) == ("count", "win within the count")
    assert "without the count" in puzzle["count"]


def test_pychess_documents():
    [doc] = khun.puzzles(positions=[ROOK_MATE], depth=8, format="pychess")["puzzles"]
    assert doc["v"] == "makruk"
    assert doc["f"] == ROOK_MATE
    assert doc["m"] == "c6b6,a8b8,h7h8"
    assert (doc["t"], doc["e"]) == ("mate", "#2")
    assert "uploaded_by" in doc and len(doc["_id"]) == 8


def test_the_checker_says_why_not():
    good = khun.check_puzzle(ROOK_MATE, ["c6b6", "a8b8", "h7h8"], depth=8)
    assert good["valid"] and good["reasons"] == [] and good["type"] == "mate"
    wrong = khun.check_puzzle(ROOK_MATE, ["h7h8"], depth=8)
    assert not wrong["valid"]
    assert any("not the best" in r for r in wrong["reasons"])
    illegal = khun.check_puzzle(ROOK_MATE, ["c6b6", "a8a7"], depth=8)
    assert any("move 2 (a8a7) is not legal" in r for r in illegal["reasons"])
    # 31 of 32 plies counted: the mate comes too late; the count draws it.
    late = khun.check_puzzle(ROOK_MATE.replace("32 0", "32 31"), ["c6b6", "a8b8", "h7h8"], depth=8)
    assert not late["valid"]
    wrong_type = khun.check_puzzle(RACE, ["c6b6", "a8b8", "h7h8"], type="mate", depth=8)
    assert any("claimed type mate" in r for r in wrong_type["reasons"])
    with pytest.raises(ValueError, match="depth"):
        khun.check_puzzle(ROOK_MATE, ["c6b6"], depth=0)
    with pytest.raises(ValueError, match="FEN"):
        khun.check_puzzle("not a fen", ["c6b6"])


def test_the_checker_judges_a_players_count_act():
    # K+R v K+M, Black's own count at 120 of 128 (counted since ply 280): the tables
    # hold it as it runs; a count started again from 1 gives White 64 moves, and loses.
    fen = "8/8/8/8/3k4/2m5/8/R3K3 b - 128 0 200"
    for claim in ("count-keep", None):
        keep = khun.check_puzzle(fen, ["d4c5"], count_started=280, type=claim, depth=8)
        assert keep["valid"], keep["reasons"]
        assert (keep["type"], keep["action"], keep["theme"]) == ("count-keep", "keep", "keep counting")
    stop = khun.check_puzzle(fen, ["d4c5"], count_started=280, type="count-stop", depth=8)
    assert not stop["valid"]
    assert stop["reasons"][0].startswith("the right act is count-keep (keep counting), not count-stop")
    assert "gives White 64 moves" in stop["reasons"][0]
    # White counts (since ply 79): Ra1 mates, a draw while its own count runs; stop first.
    mate = "k6m/2K5/8/8/8/8/8/2R5 w - 128 20 40"
    stopped = khun.check_puzzle(mate, ["c1a1"], count_started=79, type="count-stop", depth=8)
    assert stopped["valid"] and stopped["action"] == "stop", stopped["reasons"]
    quiet = khun.check_puzzle(mate, ["c1c2"], count_started=79, type="count-stop", depth=8)
    assert any("does not end in mate" in r for r in quiet["reasons"])
    with pytest.raises(ValueError, match="automatic count"):
        khun.check_puzzle(fen, ["d4c5"], type="count-keep", depth=8)


def test_the_command_line_finds_the_same_puzzle():
    path = os.environ.get("KHUN_NATIVE")
    if not path or not os.path.exists(path):
        pytest.skip("KHUN_NATIVE (the khun binary) not set")
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "race.pgn")
        with open(pgn, "w") as f:
            f.write(f'[SetUp "1"]\n[FEN "{RACE}"]\n\n*\n')
        out = subprocess.run(
            [path, "puzzles", pgn, "--depth", "8", "--format", "json", "--jobs", "1"],
            capture_output=True, text=True, check=True,
        ).stdout
    import json

    [line] = [json.loads(l) for l in out.splitlines()]
    [mine] = khun.puzzles(positions=[RACE], depth=8)["puzzles"]
    for key in ("fen", "moves", "type", "theme", "eval", "count"):
        assert line[key] == mine[key], key
