"""chess-variant-puzzler (github.com/ianfab/chess-variant-puzzler, the tool behind
pychess.org's puzzles) runs with Khun as its engine: the binary answers the UCI
dialogue that tool holds, in its order, and its answers read the way it reads them
and give a real puzzle.

CI cannot fetch that tool, and its code stays out of this repository, so this test
holds the same dialogue itself (what the tool does, read from its uci.py and
puzzler.py at commit cf1f1bc, is in lab/log/2026-12-07-puzzler-compare.md):

* it drives the engine through a pipe of its own (``subprocess``, not python-chess's
  ``chess.engine`` nor pyffish's engine): ``uci`` up to ``uciok``; the ``-o`` options;
  ``setoption name multipv value 2`` (lower case); then for each position
  ``setoption name UCI_Variant value makruk``, ``ucinewgame``, ``isready`` up to
  ``readyok``, ``position fen FEN [moves ...]`` and ``go depth D``, reading every line
  up to ``bestmove``;
* from each ``info`` line that is not ``info string`` and holds ``score`` it takes the
  words after ``depth``, ``seldepth``, ``multipv``, ``nodes``, ``nps``, ``time``,
  ``score`` and ``pv``, a word it does not know joining the keyword before it
  (``score cp 20 wdl 1 2 3`` gives score ``[cp, 20, wdl, 1, 2, 3]``; a number keeps its
  first word); it files the lines by depth and multipv and judges the deepest depth,
  which must hold both lines;
* a puzzle: the best line mates and the second does not, or mates in 1.5 times as
  many moves; or the two lines' win chances (a logistic of cp / 280) differ by what
  separates +400 cp from +100 cp; then it plays the best line's first two moves and
  asks again, until no puzzle is left.

The test runs the binary named by ``KHUN_NATIVE`` (as ``test_engine.py``) and replays
every line with the package's rules.
"""

import math
import os
import subprocess
from collections import defaultdict

import pytest

import khun

VARIANT = "makruk"
KEYWORDS = {"depth": int, "seldepth": int, "multipv": int, "nodes": int, "nps": int, "time": int, "score": list, "pv": list}
WIN_CP, UNCLEAR_CP, MATE_RATIO = 400, 100, 1.5


def binary():
    path = os.environ.get("KHUN_NATIVE")
    if not path or not os.path.exists(path):
        pytest.skip("KHUN_NATIVE (the khun binary) not set")
    return path


class PuzzlerDialogue:
    """The engine as chess-variant-puzzler holds it: a pipe, its commands in its order."""

    def __init__(self, path, options=None):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")
        for name, value in (options or {}).items():
            self.send(f"setoption name {name} value {value}")
        self.send("setoption name multipv value 2")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, keyword):
        lines = []
        for line in self.proc.stdout:
            lines.append(line)
            if line.startswith(keyword):
                return lines
        raise AssertionError(f"the engine closed its output before {keyword!r}: {lines[-5:]}")

    def search(self, fen, moves, depth):
        """(bestmove, [[multipv 1, multipv 2, ...] for each depth]) as the tool files them."""
        self.send(f"setoption name UCI_Variant value {VARIANT}")
        self.send("ucinewgame")
        self.send("isready")
        self.read_until("readyok")
        self.send(f"position fen {fen}" + (f" moves {' '.join(moves)}" if moves else ""))
        self.send(f"go depth {depth}")
        best, by_depth = None, defaultdict(dict)
        for line in self.read_until("bestmove"):
            words = line.split()
            if words and words[0] == "bestmove":
                best = words[1]
            elif words[:1] == ["info"] and len(words) > 1 and words[1] != "string" and "score" in words:
                info = parse_info(words[1:])
                by_depth[info.get("depth")][info.get("multipv", 1)] = info
        return best, [[by_depth[d][k] for k in sorted(by_depth[d])] for d in sorted(by_depth)]

    def close(self):
        self.send("quit")
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def parse_info(words):
    """An info line's fields: each keyword's words up to the next keyword."""
    info, key, values = {}, None, []
    for word in words + [None]:
        if word is None or word in KEYWORDS:
            if key:
                info[key] = KEYWORDS[key](values if KEYWORDS[key] is list else values[0])
            key, values = word, []
        else:
            values.append(word)
    return info


def win_chance(line):
    kind, amount = line["score"][0], int(line["score"][1])
    if kind == "mate":
        return 1.0 if amount >= 0 else 0.0
    return 1 / (1 + math.exp(-amount / (WIN_CP * 0.7)))


def puzzle_kind(best, second):
    """The tool's verdict on a position's two lines: mate, winning, ..., or None."""
    mate = lambda line: line["score"][0] == "mate" and int(line["score"][1]) > 0
    gap = win_chance({"score": ["cp", WIN_CP]}) - win_chance({"score": ["cp", UNCLEAR_CP]})
    shortest = mate(best) and (not mate(second) or int(second["score"][1]) >= MATE_RATIO * int(best["score"][1]))
    if win_chance(best) - win_chance(second) < gap and not shortest:
        return None
    if mate(best):
        return "mate"
    cp = int(best["score"][1]) if best["score"][0] == "cp" else None
    if cp is not None and cp > WIN_CP:
        return "winning"
    if cp is not None and cp > UNCLEAR_CP:
        return "turnaround"
    return "defensive"


def find_puzzle(engine, fen, depth):
    """(the first verdict, the whole line) as the tool extends a puzzle."""
    pv, kinds = [], []
    while len(khun.legal_moves(VARIANT, fen, pv)) > 2:
        _, infos = engine.search(fen, pv, depth)
        deepest = infos[-1]
        assert len(deepest) >= 2, f"depth {deepest[0].get('depth')} lacks a second line"
        for line in deepest:
            assert line["score"][0] in ("cp", "mate") and line["pv"], line
            int(line["score"][1])
        kind = puzzle_kind(deepest[0], deepest[1])
        if kind is None:
            if pv:
                pv.pop()
            break
        kinds.append(kind)
        pv += deepest[0]["pv"][:2]
        if len(deepest[0]["pv"]) < 2:
            break
    return (kinds[0] if kinds else None), pv


@pytest.fixture(scope="module")
def engine():
    dialogue = PuzzlerDialogue(binary())
    yield dialogue
    dialogue.close()


def rook_mate(counted):
    """K+R v K, the rook's honour of 32 plies with `counted` gone: Kb6 Kb8 Rh8# is the
    mate, on the count's ply `counted` + 3."""
    return f"k7/7R/2K5/8/8/8/8/8 w - 32 {counted} 1"


def test_every_info_line_reads_and_each_depth_has_both_lines(engine):
    best, infos = engine.search(rook_mate(0), [], 8)
    assert best in khun.legal_moves(VARIANT, rook_mate(0), [])
    assert [len(lines) for lines in infos] == [2] * len(infos)
    assert [lines[0]["depth"] for lines in infos] == sorted(lines[0]["depth"] for lines in infos)
    for lines in infos:
        for line in lines:
            assert set(line) >= {"depth", "multipv", "score", "pv"}
            assert all(m in khun.legal_moves(VARIANT, rook_mate(0), line["pv"][:i]) for i, m in enumerate(line["pv"]))


@pytest.mark.parametrize("counted", [0, 29])
def test_a_mate_in_two_is_found_and_its_line_mates(engine, counted):
    fen = rook_mate(counted)
    kind, pv = find_puzzle(engine, fen, 10)
    assert (kind, pv) == ("mate", ["c6b6", "a8b8", "h7h8"])
    assert khun.legal_moves(VARIANT, fen, pv) == [] and khun.gives_check(VARIANT, fen, pv)
    assert khun.game_result(VARIANT, fen, pv) < 0  # lost for the side to move: mate


def test_no_puzzle_where_the_count_ends_the_game_first(engine):
    """With 31 of 32 plies counted the count draws before Rh8#: the tool, run on Khun,
    finds nothing to solve."""
    kind, pv = find_puzzle(engine, rook_mate(31), 10)
    assert (kind, pv) == (None, [])


def test_a_winning_only_move(engine):
    """The tool's other kind from Khun's answers: a loose rook taken, the one move
    that wins it (any other lets it go)."""
    fen = "4k3/r7/8/8/8/8/8/R3K3 w - - 0 1"
    kind, pv = find_puzzle(engine, fen, 10)
    assert kind in ("winning", "mate") and pv[0] == "a1a7"
    assert all(m in khun.legal_moves(VARIANT, fen, pv[:i]) for i, m in enumerate(pv))
