#!/usr/bin/env python3
r"""Khun against Khun from pawnless endings under the players' counting convention,
with this script acting as the game server (as pychess.org does for makruk played by
people), and the same games under the automatic count as the baseline.

    python3 lab/tools/players_count_selfplay.py \
        [--engine target/release/khun] [--engine-b PATH] \
        [--nodes 20000 [--nodes-jitter 0.1] | --movetime MS] [--jobs 2] \
        [--out FILE.jsonl] [--convention players|automatic|both] \
        [--positions 60] [--max-plies 400]

    ... --dry-run            the same harness against a fake engine (this script with
                             --fake-engine: random legal moves from pyffish, counting
                             as the spec says, with some slips: --fake-miss, --fake-stop);
                             out file players-count-dryrun.jsonl unless --out is given
    ... --dry-run --chaos 0.05   the fake engine also errs (illegal moves, crashes,
                             stray count words) so that the fault paths run
    ... --selftest           checks the referee alone, no engine (half a minute)
    ... --summary-only       prints the summary of an out file
    ... --list-positions     prints the chosen positions

The players' convention (the protocol the engine is built to):
  * every move the server sends `position fen F moves ...`, then
    `setoption name CountStarted value N`, then `go`:
    N = -1: players' counting, no count running; N >= 1: a board's-honour count runs,
    started by the side to move at game ply N-1 (game ply of a position =
    2*(fullmove-1) + (1 if Black is to move), the FEN's fullmove counted, +1 a move).
  * the engine to move may print `info string count start` / `info string count stop`
    before its `bestmove`; the server then sets N = (ply of the position searched) + 1,
    or N = -1, before playing the move. Starts and stops it would not expect (a start
    by the materially stronger side or while a count runs, a stop by the side not
    counting or with none running) are applied as pychess.org would and listed as
    anomalies.
  * referee (pyffish): no legal move -> `game_result` (mate or stalemate); a checkmate
    given by the counting side while its board's-honour count is in force (N >= 1,
    winner = side to move at ply N-1, no bare king and no pawn on the final board) is a
    DRAW ("counting-side mate"); both sides' insufficient material; threefold
    repetition of placement + side to move; pyffish's `is_optional_game_end(..., N)`
    (the count with the current N: the board's honour from the players' start, the
    piece's honour automatic as in pyffish); a ply cap (a draw, reported apart).
  * the automatic baseline sends CountStarted 0 and asks pyffish with 0.

Positions: pawnless, both sides with a piece besides the king, material edge >=
--min-edge (R 5, N 3, S 2, M 1.5), taken from board-honour-suite.txt then
endgames-100.txt (where a suite's `winner=` tag disagrees with the material the
position is left out), topped up with seeded random endings. FENs are normalised to
`BOARD SIDE - - 0 FULLMOVE` (no count running at the start; the fullmove number kept,
so the ply arithmetic is exercised at plies > 100). Each position is played twice per
convention, engine A white then engine B white. The stronger and weaker sides are
fixed by the start position's material for the whole game.

At fixed nodes one binary on both sides plays the colour-swapped game move for move
alike (Khun uses one thread by default); the summary counts such pairs, and
--nodes-jitter F (each side's nodes varied by up to F per game, fixed by the game's
id) or a second build in --engine-b tells them apart.

Output: one JSON line per game in --out, the id `CONVENTION/pNNN/AB` (white engine
first): the position, material, stronger side, every count start/stop (ply, side,
role, engine, N before and after, anomalies), the weaker side's first chance (the
first position with it to move, no count running, no pawn and a piece each) and
whether it started the count there, result, reason, detail, plies, the moves, the
engine's score per move, `info string error` lines, `final_count` (pyffish's limit
and counter under the final N; `final_fen` shows the automatic count's fields). A
rerun skips the ids already there (with --retry-faults, faulted games are played
again; the last line per id counts). The summary at the end reads the file.

A measurement, not a test: it needs pyffish (`pip install pyffish`).
"""

import argparse
import collections
import json
import math
import multiprocessing
import multiprocessing.util
import os
import queue
import random
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time
import zlib

import pyffish as sf

VARIANT = "makruk"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SUITES = [
    os.path.join(HERE, "board-honour-suite.txt"),
    os.path.join(HERE, "endgames-100.txt"),
]
VALUES = {"r": 5.0, "n": 3.0, "s": 2.0, "m": 1.5, "p": 1.0, "k": 0.0}
COUNT_WORD = re.compile(r"^info string count (start|stop)\b")
SCORE = re.compile(r"\bscore (cp|mate) (-?\d+)")
# Endings for the random top-up: stronger side's pieces : weaker side's pieces.
RANDOM_ENDINGS = [
    ("RS", "S"), ("RN", "MM"), ("RM", "M"), ("RS", "N"), ("RN", "S"), ("RM", "S"),
    ("RR", "R"), ("RSM", "SM"), ("NS", "M"), ("RM", "N"), ("RNS", "RM"), ("RSS", "RS"),
    ("NNM", "S"), ("RMM", "MM"), ("RN", "N"), ("RS", "M"),
]


# ---------------------------------------------------------------------------------
# Board helpers


def other(side):
    return "black" if side == "white" else "white"


def fen_side(fen):
    return "white" if fen.split()[1] == "w" else "black"


def fen_ply(fen):
    """Game ply of a FEN, pyffish's arithmetic: 2*(fullmove-1) + (1 if Black)."""
    parts = fen.split()
    fullmove = int(parts[-1]) if parts[-1].isdigit() else 1
    return max(2 * (fullmove - 1), 0) + (1 if parts[1] == "b" else 0)


def counting_side_of(n):
    """The side that started the count N >= 1 (to move at game ply N-1)."""
    return "white" if (n - 1) % 2 == 0 else "black"


def men(board):
    """Pieces besides the king per side, e.g. ('RS', 'S'), from a placement."""
    board = board.replace("~", "")
    white = "".join(sorted((c for c in board if c.isupper() and c != "K"), key="RNSMP".index))
    black = "".join(
        sorted((c.upper() for c in board if c.islower() and c != "k"), key="RNSMP".index)
    )
    return white, black


def material(pieces):
    return sum(VALUES[c.lower()] for c in pieces)


def material_name(board):
    white, black = men(board)
    return "K%svK%s" % (white, black)


def board_honour_possible(fen):
    """No pawn on the board and both sides with a piece besides the king."""
    white, black = men(fen.split()[0])
    return "P" not in white + black and bool(white) and bool(black)


def bare_king_on(fen):
    white, black = men(fen.split()[0])
    return not white or not black


def occupied_squares(fen):
    """The squares with a man on them, as 'e4'."""
    squares = set()
    for rank_index, row in enumerate(fen.split()[0].replace("~", "").split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                squares.add("abcdefgh"[file] + str(8 - rank_index))
                file += 1
    return squares


def normalise(fen):
    parts = fen.split()
    fullmove = parts[-1] if len(parts) >= 3 and parts[-1].isdigit() else "1"
    return "%s %s - - 0 %s" % (parts[0], parts[1], fullmove)


# ---------------------------------------------------------------------------------
# Referee


class Referee:
    """The game as the server keeps it: the start FEN, the moves, and pyffish's
    verdicts. pyffish replays the move list on every call, so the calls are made from
    an anchor FEN (the automatic count's state included: `get_fen` with
    count_started 0 writes it exactly) re-taken after each capture: in a pawnless
    game a capture is irreversible, so no repetition reaches back past it. Game plies
    survive the FEN's fullmove field, so a players' count N means the same from the
    anchor. `--selftest` checks the anchored verdicts against full replays.

    Each pyffish call costs some milliseconds whatever the moves (0.0.90), so a ply
    makes three: legal_moves, get_fen and is_optional_game_end; captures are seen in
    the placement, insufficient material asked only after a capture, and
    is_immediate_game_end not at all (makruk has no such end)."""

    def __init__(self, start_fen, anchored=True):
        self.start = start_fen
        self.start_ply = fen_ply(start_fen)
        self.moves = []
        self.anchored = anchored
        self.anchor = start_fen
        self.anchor_at = 0
        self.fen = sf.get_fen(VARIANT, start_fen, [])
        self.seen = collections.Counter({self._key(self.fen): 1})
        self._legal = None
        self._short = None  # insufficient material, asked again after a capture

    @staticmethod
    def _key(fen):
        return " ".join(fen.split()[:2])

    def since(self):
        return self.moves[self.anchor_at:]

    def ply(self):
        return self.start_ply + len(self.moves)

    def side_to_move(self):
        return fen_side(self.fen)

    def legal(self):
        if self._legal is None:
            self._legal = sf.legal_moves(VARIANT, self.anchor, self.since())
        return self._legal

    @staticmethod
    def _men_count(fen):
        return sum(c.isalpha() for c in fen.split()[0])

    def push(self, move):
        before = self._men_count(self.fen)
        self.moves.append(move)
        self.fen = sf.get_fen(VARIANT, self.anchor, self.since())
        self._legal = None
        if self._men_count(self.fen) != before:
            self._short = None
            self.seen = collections.Counter()
            if self.anchored:
                self.anchor, self.anchor_at = self.fen, len(self.moves)
        self.seen[self._key(self.fen)] += 1

    def count_fields(self, n):
        """(limit, counter) as pyffish writes them for count_started n, or None."""
        parts = sf.get_fen(VARIANT, self.anchor, self.since(), False, False, False, n).split()
        if len(parts) >= 6 and parts[3].isdigit() and parts[4].isdigit():
            return int(parts[3]), int(parts[4])
        return None

    def end(self, n, max_plies):
        """None while the game goes on, else (result, reason, detail) with result one
        of '1-0', '0-1', '1/2-1/2'; n is the server's CountStarted (0 automatic)."""
        fen, moves = self.anchor, self.since()
        stm = self.side_to_move()
        if not self.legal():
            value = sf.game_result(VARIANT, fen, moves)
            in_check = sf.gives_check(VARIANT, fen, moves)
            if value == 0:
                return "1/2-1/2", "stalemate" if not in_check else "draw", None
            winner = stm if value > 0 else other(stm)
            result = "1-0" if winner == "white" else "0-1"
            if not in_check:
                return result, "stalemate", "stalemate %s" % ("won" if value > 0 else "lost")
            if n >= 1 and winner == counting_side_of(n) and board_honour_possible(self.fen):
                return "1/2-1/2", "counting-side mate", "%s mated while counting (N=%d)" % (winner, n)
            return result, "checkmate", None
        if self._short is None:
            self._short = sf.has_insufficient_material(VARIANT, fen, moves)
        if self._short[0] and self._short[1]:
            return "1/2-1/2", "material", None
        if self.seen[self._key(self.fen)] >= 3:
            return "1/2-1/2", "repetition", None
        ended, value = sf.is_optional_game_end(VARIANT, fen, moves, False, n)
        if ended:
            fields = self.count_fields(n)
            if fields and fields[1] > fields[0]:
                honour = "piece's honour" if bare_king_on(self.fen) else "board's honour"
                detail = "%s %d/%d" % (honour, fields[1], fields[0])
                if honour == "board's honour" and n >= 1:
                    detail += ", %s counting since ply %d" % (counting_side_of(n), n - 1)
                return "1/2-1/2", "count", detail
            return "1/2-1/2", "repetition", "pyffish's"
        if len(self.moves) >= max_plies:
            return "1/2-1/2", "ply cap", "%d plies" % len(self.moves)
        return None


# ---------------------------------------------------------------------------------
# Positions


def suite_positions(path):
    with open(path) as handle:
        for number, line in enumerate(handle, 1):
            text = line.split("#", 1)[0].strip()
            if not text or len(text.split()) < 2:
                continue
            tag = re.search(r"\bwinner=(white|black)\b", line)
            yield text, "%s:%d" % (os.path.basename(path), number), tag and tag.group(1)


def describe(fen, source):
    board = fen.split()[0]
    white, black = men(board)
    edge = material(white) - material(black)
    return {
        "fen": fen,
        "source": source,
        "material": material_name(board),
        "stronger": "white" if edge > 0 else "black" if edge < 0 else None,
        "edge": abs(edge),
    }


def opponent_in_check(fen):
    """Whether the side not to move stands in check (an illegal position)."""
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return sf.gives_check(VARIANT, " ".join(parts), [])


def playable(fen):
    try:
        if sf.validate_fen(fen, VARIANT) != sf.FEN_OK or opponent_in_check(fen):
            return False
        referee = Referee(fen)
        return bool(referee.legal()) and referee.end(-1, 10 ** 6) is None
    except Exception:
        return False


def random_position(rng, strong_men, weak_men):
    while True:
        strong = rng.choice(["white", "black"])
        squares = rng.sample(range(64), 2 + len(strong_men) + len(weak_men))
        kings = squares[:2]
        if max(abs(kings[0] % 8 - kings[1] % 8), abs(kings[0] // 8 - kings[1] // 8)) <= 1:
            continue
        board = {}
        white_men, black_men = (strong_men, weak_men) if strong == "white" else (weak_men, strong_men)
        board[kings[0]], board[kings[1]] = "K", "k"
        rest = squares[2:]
        for square, piece in zip(rest, white_men.upper() + black_men.lower()):
            board[square] = piece
        # Each rank with an empty square as "1", then runs of ones collapsed.
        rows = [re.sub("1+", lambda run: str(len(run.group())),
                       "".join(board.get(rank * 8 + file, "1") for file in range(8)))
                for rank in range(7, -1, -1)]
        side = rng.choice("wb")
        fen = "%s %s - - 0 %d" % ("/".join(rows), side, rng.randint(20, 80))
        if playable(fen):
            return fen


def choose_positions(args):
    chosen, seen = [], set()
    for path in args.suite:
        for text, source, tag in suite_positions(path):
            fen = normalise(text)
            key = " ".join(fen.split()[:2])
            info = describe(fen, source)
            if (key in seen or not board_honour_possible(fen) or info["stronger"] is None
                    or info["edge"] < args.min_edge):
                continue
            if tag and tag != info["stronger"]:
                continue
            if not playable(fen):
                continue
            seen.add(key)
            chosen.append(info)
    chosen = chosen[: args.positions]
    rng = random.Random(args.seed)
    while len(chosen) < args.positions:
        strong_men, weak_men = rng.choice(RANDOM_ENDINGS)
        fen = random_position(rng, strong_men, weak_men)
        key = " ".join(fen.split()[:2])
        info = describe(fen, "random seed %d" % args.seed)
        if key in seen or info["stronger"] is None or info["edge"] < args.min_edge:
            continue
        seen.add(key)
        chosen.append(info)
    for index, info in enumerate(chosen):
        info["index"] = index
    return chosen


# ---------------------------------------------------------------------------------
# Engines


class EngineFault(Exception):
    pass


class UciEngine:
    def __init__(self, cmd, label, options, move_timeout, show_stderr=False):
        self.label = label
        self.cmd = cmd
        self.move_timeout = move_timeout
        self.lines = queue.Queue()
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None if show_stderr else subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        threading.Thread(target=self._read, daemon=True).start()
        self.name = cmd[-1]
        self.send("uci")
        _, lines = self.wait_for("uciok", 60)
        self.has_count_started = False
        for line in lines:
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            if line.startswith("option name CountStarted "):
                self.has_count_started = True
        for option in options:
            name, value = option.split("=", 1)
            self.send("setoption name %s value %s" % (name.strip(), value.strip()))
        self.send("setoption name UCI_Variant value %s" % VARIANT)
        self.sync()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineFault("%s: cannot write (%s)" % (self.label, error))

    def wait_for(self, word, timeout):
        deadline = time.time() + timeout
        lines = []
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise EngineFault("%s: no '%s' within %.0f s" % (self.label, word, timeout))
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                try:
                    code = self.proc.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    code = None
                self.lines.put(None)  # for any later wait
                raise EngineFault("%s: the engine closed its output (exit %s)" % (self.label, code))
            lines.append(line)
            if line == word or line.startswith(word + " "):
                return line, lines

    def sync(self):
        self.send("isready")
        self.wait_for("readyok", 60)

    def new_game(self):
        self.send("ucinewgame")
        self.sync()

    def think(self, fen, moves, count_started, go):
        self.send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))
        self.send("setoption name CountStarted value %d" % count_started)
        self.send(go)
        line, lines = self.wait_for("bestmove", self.move_timeout)
        parts = line.split()
        return (parts[1] if len(parts) > 1 else "(none)"), lines

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class EnginePair:
    """Engines A and B for one worker, started on first use, restarted after a fault."""

    def __init__(self, config):
        self.config = config
        self.engines = None

    def get(self):
        if self.engines is None:
            c = self.config
            self.engines = {
                "A": UciEngine(c["cmd_a"], "A", c["options"], c["move_timeout"], c["show_stderr"]),
                "B": UciEngine(c["cmd_b"], "B", c["options"], c["move_timeout"], c["show_stderr"]),
            }
            for engine in self.engines.values():
                if not engine.has_count_started:
                    print("warning: engine %s (%s) lists no CountStarted option; CountStarted will be "
                          "sent anyway" % (engine.label, engine.name), file=sys.stderr)
        return self.engines

    def reset(self):
        if self.engines:
            for engine in self.engines.values():
                try:
                    engine.proc.kill()
                    engine.proc.wait(timeout=5)
                except Exception:
                    pass
        self.engines = None

    def close(self):
        if self.engines:
            for engine in self.engines.values():
                engine.close()
        self.engines = None


# ---------------------------------------------------------------------------------
# One game


def play_game(task, pair, config):
    started = time.time()
    players = task["convention"] == "players"
    stronger = task["stronger"]
    weaker = other(stronger)
    white_engine = task["white_engine"]
    engine_of = {"white": white_engine, "black": "B" if white_engine == "A" else "A"}
    go_of = {side: config["go"] for side in ("white", "black")}
    if config["jitter"] and config["go"].startswith("go nodes "):
        # Per game and side, fixed by the game's id: the same binary on both sides
        # otherwise plays the colour-swapped game move for move alike.
        nodes = int(config["go"].split()[2])
        for side in go_of:
            u = random.Random(zlib.crc32(("%s %s" % (task["id"], side)).encode())).uniform(-1, 1)
            go_of[side] = "go nodes %d" % max(1, round(nodes * (1 + config["jitter"] * u)))
    record = {
        "id": task["id"],
        "convention": task["convention"],
        "position": task["index"],
        "fen": task["fen"],
        "source": task["source"],
        "material": task["material"],
        "stronger": stronger,
        "edge": task["edge"],
        "start_ply": fen_ply(task["fen"]),
        "white_engine": engine_of["white"],
        "black_engine": engine_of["black"],
        "go": config["go"],
        "nodes_jitter": config["jitter"],
        "limit": go_of,
        "max_plies": config["max_plies"],
    }
    n = -1 if players else 0
    events, anomalies, errors, scores = [], [], [], []
    first_chance = None
    referee = Referee(task["fen"])
    outcome, fault = None, None
    try:
        engines = pair.get()
        record["engine_names"] = {k: e.name for k, e in engines.items()}
        record["engines_list_count_started"] = all(e.has_count_started for e in engines.values())
        for engine in engines.values():
            engine.new_game()
        while True:
            outcome = referee.end(n, config["max_plies"])
            if outcome:
                break
            side = referee.side_to_move()
            ply = referee.ply()
            chance = (
                players
                and first_chance is None
                and side == weaker
                and n == -1
                and board_honour_possible(referee.fen)
            )
            move, lines = engines[engine_of[side]].think(task["fen"], referee.moves, n, go_of[side])
            score = None
            actions = []
            for line in lines:
                match = COUNT_WORD.match(line)
                if match:
                    actions.append(match.group(1))
                elif line.startswith("info string error"):
                    errors.append({"ply": ply, "side": side, "text": line})
                elif line.startswith("info"):
                    found = SCORE.search(line)
                    if found:
                        score = ("#" if found.group(1) == "mate" else "") + found.group(2)
            scores.append(score)
            for action in actions:
                event = {
                    "ply": ply,
                    "action": action,
                    "side": side,
                    "role": "stronger" if side == stronger else "weaker",
                    "engine": engine_of[side],
                    "n_before": n,
                }
                notes = []
                if not players:
                    notes.append("count word under the automatic count (ignored)")
                elif action == "start":
                    if n >= 1:
                        notes.append("start while a count runs (restarted)")
                    if side == stronger:
                        notes.append("start by the stronger side")
                    if not board_honour_possible(referee.fen):
                        notes.append("start with a bare king or a pawn on the board")
                    n = ply + 1
                else:
                    if n == -1:
                        notes.append("stop with no count running")
                    else:
                        if counting_side_of(n) != side:
                            notes.append("stop by the side not counting")
                        n = -1
                event["n_after"] = n
                if notes:
                    event["anomaly"] = notes
                    anomalies.extend(notes)
                events.append(event)
            if chance:
                first_chance = {
                    "ply": ply,
                    "side": side,
                    "started": any(e["ply"] == ply and e["action"] == "start" for e in events),
                }
            if move not in referee.legal():
                fault = "%s (%s) played %r at ply %d, not legal" % (engine_of[side], side, move, ply)
                break
            referee.push(move)
    except EngineFault as error:
        fault = str(error)
        pair.reset()
    record.update(
        {
            "events": events,
            "anomalies": anomalies,
            "first_chance": first_chance,
            "engine_errors": errors,
            "plies": len(referee.moves),
            "final_n": n,
            "final_fen": referee.fen,
            "final_count": referee.count_fields(n),
            "moves": referee.moves,
            "scores": scores,
            "seconds": round(time.time() - started, 2),
        }
    )
    if fault or not outcome:
        record.update({"result": "fault", "reason": "fault", "detail": fault or "no outcome"})
        record["fault"] = fault
        return record
    result, reason, detail = outcome
    winner = {"1-0": "white", "0-1": "black"}.get(result)
    record.update(
        {
            "result": result,
            "reason": reason,
            "detail": detail,
            "winner": winner,
            "stronger_score": 0.5 if winner is None else 1.0 if winner == stronger else 0.0,
            "mate_after_stop": bool(
                reason == "checkmate"
                and any(e["action"] == "stop" and e["side"] == winner for e in events)
                and n == -1
            ),
        }
    )
    return record


# ---------------------------------------------------------------------------------
# Workers and the run

_PAIR = None
_CONFIG = None


def _init_worker(config):
    global _PAIR, _CONFIG
    _CONFIG = config
    _PAIR = EnginePair(config)
    # Runs when a pool worker exits after pool.close(); engines also quit on EOF.
    multiprocessing.util.Finalize(_PAIR, _PAIR.close, exitpriority=10)


def _run_task(task):
    try:
        return play_game(task, _PAIR, _CONFIG)
    except Exception as error:  # a harness bug: keep the run going, record it
        _PAIR.reset()
        return {"id": task["id"], "convention": task["convention"], "position": task["index"],
                "fen": task["fen"], "result": "fault", "reason": "fault",
                "fault": "harness: %r" % error}


def read_records(path):
    records = collections.OrderedDict()
    if not os.path.exists(path):
        return records
    with open(path) as handle:
        for number, line in enumerate(handle, 1):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                print("warning: %s line %d is not JSON (a run cut off?), ignored" % (path, number), file=sys.stderr)
                continue
            records[record["id"]] = record
    return records


def make_tasks(positions, conventions):
    tasks = []
    for info in positions:
        for convention in conventions:
            for white_engine in ("A", "B"):
                task = dict(info)
                task.update(
                    {
                        "convention": convention,
                        "white_engine": white_engine,
                        "id": "%s/p%03d/%s" % (convention, info["index"], "AB" if white_engine == "A" else "BA"),
                    }
                )
                tasks.append(task)
    return tasks


def run(args, positions, conventions):
    tasks = make_tasks(positions, conventions)
    done = read_records(args.out)
    todo = []
    for task in tasks:
        old = done.get(task["id"])
        if old is not None and old.get("fen") != task["fen"]:
            sys.exit(
                "%s: game %s was played from %s, this run has %s there: other positions "
                "(--suite/--min-edge/--seed/--positions changed?); use another --out"
                % (args.out, task["id"], old.get("fen"), task["fen"])
            )
        if old is None or (args.retry_faults and old.get("result") == "fault"):
            todo.append(task)
    if args.max_games is not None:
        todo = todo[: args.max_games]
    settings = collections.Counter(
        (r.get("go"), r.get("nodes_jitter"), r.get("max_plies")) for r in done.values() if r.get("result") != "fault")
    for (go, jitter, max_plies), count in settings.items():
        if (go, jitter, max_plies) != (args.go, args.nodes_jitter, args.max_plies):
            print("warning: %d games in %s were played with other settings (%s, jitter %s, --max-plies %s); "
                  "the summary mixes them" % (count, args.out, go, jitter, max_plies), file=sys.stderr)
    print(
        "%d games in all, %d in %s already, %d to play now (%s, %d jobs)"
        % (len(tasks), sum(t["id"] in done for t in tasks), args.out, len(todo), args.go, args.jobs),
        file=sys.stderr,
    )
    if not todo:
        return
    config = {
        "cmd_a": args.cmd_a,
        "cmd_b": args.cmd_b,
        "options": args.option,
        "move_timeout": args.move_timeout,
        "show_stderr": args.engine_stderr,
        "go": args.go,
        "jitter": args.nodes_jitter,
        "max_plies": args.max_plies,
    }
    finished = 0
    if os.path.exists(args.out) and os.path.getsize(args.out):
        with open(args.out, "rb") as handle:
            handle.seek(-1, os.SEEK_END)
            torn = handle.read(1) != b"\n"  # a run killed mid-line
    else:
        torn = False
    with open(args.out, "a") as out:
        if torn:
            out.write("\n")

        def keep(record):
            nonlocal finished
            finished += 1
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            out.flush()
            chance = record.get("first_chance")
            print(
                "[%d/%d] %-22s %-10s %-7s %-18s %3s plies  %s%s%s"
                % (
                    finished,
                    len(todo),
                    record["id"],
                    record.get("material", ""),
                    record.get("result"),
                    record.get("reason"),
                    record.get("plies", "-"),
                    ",".join("%s@%d by %s" % (e["action"], e["ply"], e["role"]) for e in record.get("events", [])),
                    "" if chance is None or chance["started"] else "  MISSED FIRST CHANCE",
                    ("  FAULT: " + record["fault"]) if record.get("fault") else "",
                ),
                file=sys.stderr,
                flush=True,
            )

        if args.jobs <= 1:
            _init_worker(config)
            try:
                for task in todo:
                    keep(_run_task(task))
            finally:
                _PAIR.close()
        else:
            pool = multiprocessing.Pool(args.jobs, initializer=_init_worker, initargs=(config,))
            try:
                for record in pool.imap_unordered(_run_task, todo):
                    keep(record)
                pool.close()
                pool.join()
            except BaseException:
                pool.terminate()
                raise


# ---------------------------------------------------------------------------------
# Summary


def interval(scores):
    """Mean and 95% interval (normal approximation over games)."""
    n = len(scores)
    mean = sum(scores) / n
    if n < 2:
        return mean, 0.0, 1.0
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def summary(records, ids=None):
    lines = []
    out = lines.append
    records = [r for r in records.values() if ids is None or r["id"] in ids]
    by_convention = collections.defaultdict(list)
    for r in records:
        by_convention[r["convention"]].append(r)
    for convention in ("players", "automatic"):
        games = by_convention.get(convention)
        if not games:
            continue
        good = [r for r in games if r.get("result") != "fault"]
        faults = [r for r in games if r.get("result") == "fault"]
        out("== %s counting: %d games (%d faulted, left out)" % (convention, len(games), len(faults)))
        if good:
            scores = [r["stronger_score"] for r in good]
            wins = sum(s == 1.0 for s in scores)
            draws = sum(s == 0.5 for s in scores)
            losses = sum(s == 0.0 for s in scores)
            mean, low, high = interval(scores)
            out("  stronger side: +%d =%d -%d   score %.1f%% [%.1f%%, %.1f%%] (95%%, per game)"
                % (wins, draws, losses, 100 * mean, 100 * low, 100 * high))
            reasons = collections.Counter(r["reason"] for r in good)
            out("  ends: " + ", ".join("%s %d" % kv for kv in reasons.most_common()))
            runouts = collections.Counter(
                r["detail"].split(" ", 2)[0] + " " + r["detail"].split(" ", 2)[1]
                for r in good if r["reason"] == "count" and r.get("detail")
            )
            out("  count ran out: %d (%s)" % (reasons["count"], ", ".join("%s %d" % kv for kv in runouts.items()) or "-"))
            plies = [r["plies"] for r in good]
            out("  plies: mean %.0f, median %.0f, max %d; ply cap (%d) reached %d"
                % (statistics.mean(plies), statistics.median(plies), max(plies),
                   good[0].get("max_plies", 0), reasons["ply cap"]))
            pairs = collections.defaultdict(dict)
            for r in good:
                pairs[r["position"]][r["white_engine"]] = r.get("moves")
            both = [p for p in pairs.values() if len(p) == 2]
            alike = sum(p["A"] == p["B"] for p in both)
            if alike:
                out("  colour-swapped pairs played move for move alike: %d of %d (the interval counts "
                    "them twice; --nodes-jitter or --engine-b break the tie)" % (alike, len(both)))
        if convention == "players":
            chances = [r for r in good if r.get("first_chance")]
            started = [r for r in chances if r["first_chance"]["started"]]
            out("  defender started at its first chance: %d of %d games with a chance (should be all)"
                % (len(started), len(chances)))
            missed = [r["id"] for r in chances if not r["first_chance"]["started"]]
            if missed:
                out("    missed: " + " ".join(missed[:20]) + (" ..." if len(missed) > 20 else ""))
            no_chance = [r for r in good if not r.get("first_chance")]
            if no_chance:
                out("  games where the defender never had a chance: %d" % len(no_chance))
            csm = [r["id"] for r in good if r["reason"] == "counting-side mate"]
            out("  counting-side mates without a stop (drawn): %d (should be 0)%s"
                % (len(csm), (": " + " ".join(csm)) if csm else ""))
            out("  mates given after the mating side stopped its count: %d"
                % sum(bool(r.get("mate_after_stop")) for r in good))
            events = [e for r in good for e in r.get("events", [])]
            starts = collections.Counter(e["role"] for e in events if e["action"] == "start")
            stops = collections.Counter(e["role"] for e in events if e["action"] == "stop")
            out("  count starts: %d (weaker %d, stronger %d); stops: %d (weaker %d, stronger %d)"
                % (sum(starts.values()), starts["weaker"], starts["stronger"],
                   sum(stops.values()), stops["weaker"], stops["stronger"]))
            stop_games = collections.Counter(r["reason"] for r in good
                                             if any(e["action"] == "stop" for e in r.get("events", [])))
            if stop_games:
                out("    games with a stop ended by: " + ", ".join("%s %d" % kv for kv in stop_games.items()))
        anomalies = collections.Counter(a for r in games for a in r.get("anomalies", []))
        if anomalies:
            out("  protocol anomalies: " + "; ".join("%s %d" % kv for kv in anomalies.most_common()))
        errors = [e for r in games for e in r.get("engine_errors", [])]
        if errors:
            texts = collections.Counter(re.sub(r"-?\d+", "#", e["text"])[:120] for e in errors)
            out("  engine error lines: %d in %d games, e.g.:" % (len(errors), sum(bool(r.get("engine_errors")) for r in games)))
            for text, count in texts.most_common(5):
                out("    %dx %s" % (count, text))
        for r in faults[:10]:
            out("  fault %s: %s" % (r["id"], r.get("fault")))
    # Paired: the same position and colours under both conventions.
    players = {r["id"].split("/", 1)[1]: r for r in by_convention.get("players", []) if r.get("result") != "fault"}
    automatic = {r["id"].split("/", 1)[1]: r for r in by_convention.get("automatic", []) if r.get("result") != "fault"}
    common = sorted(set(players) & set(automatic))
    if len(common) >= 2:
        diffs = [players[k]["stronger_score"] - automatic[k]["stronger_score"] for k in common]
        mean = sum(diffs) / len(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        same = sum(players[k]["result"] == automatic[k]["result"] for k in common)
        out("== paired (same position and colours, %d games): stronger side's score players - automatic "
            "= %+.1f%% [%+.1f%%, %+.1f%%]; same result in %d"
            % (len(common), 100 * mean, 100 * (mean - half), 100 * (mean + half), same))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------
# The fake engine (--dry-run): random legal moves, counting as the spec says.


def fake_engine(args):
    rng_seed = args.seed
    chaos = args.chaos
    fen, moves, n = None, [], 0
    decided = None  # the N this engine set with its own last start, or None
    out = sys.stdout

    def say(text):
        out.write(text + "\n")
        out.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uci":
            say("id name FakeKhun (players_count_selfplay.py --fake-engine)")
            say("option name CountStarted type spin default 0 min -1 max 100000")
            say("option name Threads type spin default 1 min 1 max 1")
            say("uciok")
        elif command == "isready":
            say("readyok")
        elif command == "ucinewgame":
            decided = None
        elif command == "setoption":
            text = line.strip()
            match = re.match(r"setoption name (.+?) value (.+)$", text)
            if match and match.group(1) == "CountStarted":
                n = int(match.group(2))
        elif command == "position":
            fen = line.split("fen", 1)[1].split(" moves", 1)[0].strip()
            moves = line.split(" moves", 1)[1].split() if " moves" in line else []
        elif command == "go":
            cur = sf.get_fen(VARIANT, fen, moves)
            ply = fen_ply(fen) + len(moves)
            rng = random.Random(zlib.crc32(("%d %s %d" % (rng_seed, cur, n)).encode()))
            side = fen_side(cur)
            if n < -1 or (n >= 1 and n - 1 > ply):
                say("info string error: CountStarted %d: beyond the next ply (this position is game ply %d)" % (n, ply))
            if decided is not None and n != decided and not (n == -1 and decided == "stopped"):
                say("info string error: the server's CountStarted %d, this engine expected %s" % (n, decided))
            white, black = men(cur.split()[0])
            mine, theirs = (white, black) if side == "white" else (black, white)
            weaker = material(mine) < material(theirs)
            legal = sf.legal_moves(VARIANT, cur, [])
            if chaos and rng.random() < chaos / 20:
                sys.exit(3)  # a crash
            occupied = occupied_squares(cur)
            captures = [m for m in legal if m[2:4] in occupied]
            # Mates looked for among a few moves only: each pyffish call is slow.
            tries = captures[:3] + rng.sample(legal, min(len(legal), args.fake_mate_tries))
            mates = [m for m in dict.fromkeys(tries)
                     if not sf.legal_moves(VARIANT, cur, [m]) and sf.gives_check(VARIANT, cur, [m])]
            start = n == -1 and weaker and board_honour_possible(cur) and rng.random() >= args.fake_miss
            if start and len(legal) > len(mates):
                # No mate in the move that starts the count (it would be the counting side's).
                legal = [m for m in legal if m not in mates]
                captures = [m for m in captures if m not in mates]
                mates = []
            if mates and rng.random() < 0.95:
                move = rng.choice(mates)
            elif captures and rng.random() < 0.5:
                move = rng.choice(captures)
            else:
                move = rng.choice(legal)
            say("info depth 1 seldepth 1 multipv 1 score cp %d nodes 1 pv %s" % (rng.randint(-300, 300), move))
            say("info string a fake line that is no count word: count started elsewhere")
            if start:
                say("info string count start")
                decided = ply + 1
            elif n >= 1 and counting_side_of(n) == side and move in mates and rng.random() < args.fake_stop:
                say("info string count stop")
                decided = "stopped"
            if chaos and rng.random() < chaos:
                say("info string count %s" % rng.choice(["start", "stop"]))
                decided = None
            if chaos and rng.random() < chaos / 10:
                move = "a1a1"
            say("bestmove %s" % move)
        elif command == "quit":
            return


# ---------------------------------------------------------------------------------
# Self-test of the referee (no engine)


def selftest(args):
    failures = []

    def check(what, got, want):
        status = "ok " if got == want else "FAIL"
        print("%s %s: %r%s" % (status, what, got, "" if got == want else " (want %r)" % (want,)))
        if got != want:
            failures.append(what)

    check("fen_ply white move 1", fen_ply("8/8/8/8/8/8/8/K1k5 w - - 0 1"), 0)
    check("fen_ply black move 53", fen_ply("8/8/8/8/8/8/8/K1k5 b - 128 8 53"), 105)
    check("fen_ply fullmove 0", fen_ply("8/8/8/8/8/8/8/K1k5 w - - 0 0"), 0)
    check("counting side N=105", counting_side_of(105), "white")
    check("counting side N=106", counting_side_of(106), "black")
    check("material", material_name("8/8/8/knS1M3/3S4/sK6/5M2/8"), "KSSMMvKNS")

    # The count runs out 128 plies after the players' start, never without a start.
    fen = "8/8/8/knS1M3/3S4/sK6/5M2/8 w - - 0 53"  # game ply 104
    rng = random.Random(3)
    referee = Referee(fen)
    quiet = []
    while len(quiet) < 260:
        occupied = occupied_squares(referee.fen)
        legal = [m for m in referee.legal() if m[2:4] not in occupied]
        quiet.append(rng.choice(legal))
        referee.push(quiet[-1])

    def first_end(n):
        r = Referee(fen)
        for i, m in enumerate(quiet):
            end = r.end(n, 10 ** 6)
            if end:
                return i, end[1]
            r.push(m)
        return None

    ending = first_end(106)  # Black starts at ply 105
    check("N=106 runs out at ply 105+128", (ending[0] + 104, ending[1]) if ending else None, (233 + 1, "count"))
    ending = first_end(-1)
    check("N=-1 never runs out", ending is None or ending[1] != "count", True)

    # Anchored and full-history verdicts agree over random games with captures.
    rng = random.Random(args.seed)
    disagreements = 0
    for game in range(6):
        start = random_position(rng, *rng.choice(RANDOM_ENDINGS))
        full, anchored = Referee(start, anchored=False), Referee(start)
        n = rng.choice([0, -1, fen_ply(start) + 1, fen_ply(start) + 2])
        for _ in range(220):
            a, b = anchored.end(n, 10 ** 6), full.end(n, 10 ** 6)
            fa, fb = anchored.count_fields(n), full.count_fields(n)
            if a != b or fa != fb or sorted(anchored.legal()) != sorted(full.legal()):
                disagreements += 1
                print("  differ: %s %s n=%d: %r/%r %r/%r" % (start, " ".join(full.moves), n, a, b, fa, fb))
                break
            if a:
                break
            legal = full.legal()
            if len(full.moves) == 219:
                a = ("-", "219 plies", None)
            occupied = occupied_squares(full.fen)
            captures = [m for m in legal if m[2:4] in occupied]
            move = rng.choice(captures) if captures and rng.random() < 0.15 else rng.choice(legal)
            anchored.push(move)
            full.push(move)
        print("  game %d: %s, N=%d, %d plies, %d captures, ended: %s" % (
            game, describe(start, "")["material"], n, len(full.moves),
            sum(c.isalpha() for c in start.split()[0]) - sum(c.isalpha() for c in full.fen.split()[0]),
            a and " ".join(x for x in a[1:] if x)))
    check("anchored referee = full replay (6 random games)", disagreements, 0)

    # A counting-side mate: find a weaker-side mate in one, then judge it with and
    # without the count running.
    rng = random.Random(7)
    found = None
    for _ in range(20000):
        strong_men, weak_men = rng.choice([("RS", "R"), ("RN", "R"), ("RR", "R"), ("RSM", "R")])
        start = random_position(rng, strong_men, weak_men)
        info = describe(start, "")
        if fen_side(start) == info["stronger"]:
            continue
        for move in sf.legal_moves(VARIANT, start, []):
            if (not sf.legal_moves(VARIANT, start, [move]) and sf.gives_check(VARIANT, start, [move])
                    and board_honour_possible(sf.get_fen(VARIANT, start, [move]))):
                found = start, move
                break
        if found:
            break
    check("found a weaker side's mate in one", found is not None, True)
    if found:
        start, move = found
        ply = fen_ply(start)
        weak = fen_side(start)
        for n, want in [(ply + 1, "counting-side mate"), (-1, "checkmate"), (ply, "checkmate"), (0, "checkmate")]:
            referee = Referee(start)
            referee.push(move)
            end = referee.end(n, 10 ** 6)
            # N = ply: the count was started by the other (stronger) side: a plain mate.
            check("mate by %s at ply %d with N=%d" % (weak, ply, n), end and end[1], want)
        referee = Referee(start)
        referee.push(move)
        end = referee.end(ply + 1, 10 ** 6)
        check("counting-side mate is a draw", end and end[0], "1/2-1/2")

    # Threefold repetition of placement and side.
    start = "8/8/8/3k4/8/8/2R1S3/4K2s w - - 0 40"
    if playable(start):
        referee = Referee(start)
        cycle = ["c2c3", "d5d6", "c3c2", "d6d5"]
        end = None
        for i in range(16):
            end = referee.end(-1, 10 ** 6)
            if end:
                break
            referee.push(cycle[i % 4])
        check("threefold repetition after 8 plies", (len(referee.moves), end and end[1]), (8, "repetition"))
    # The ply cap ends games.
    referee = Referee("8/8/8/3k4/8/8/2R1S3/4K2s w - - 0 40")
    check("ply cap 0", referee.end(-1, 0), ("1/2-1/2", "ply cap", "0 plies"))
    print("selftest: %s" % ("all passed" if not failures else "%d FAILED" % len(failures)))
    return not failures


# ---------------------------------------------------------------------------------


def resolve(cmd):
    """A relative engine path that is not there from here is tried from the repository
    root (the default, target/release/khun, works from any directory)."""
    if cmd and not os.path.isabs(cmd[0]) and os.sep in cmd[0] and not os.path.exists(cmd[0]):
        root = os.path.normpath(os.path.join(HERE, "..", ".."))
        if os.path.exists(os.path.join(root, cmd[0])):
            cmd = [os.path.join(root, cmd[0])] + cmd[1:]
    return cmd


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/khun", help="engine A (and B unless --engine-b); a command line")
    parser.add_argument("--engine-b", help="engine B; default: the same as --engine")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, default=20000, help="go nodes N per move (default 20000)")
    limit.add_argument("--movetime", type=int, help="go movetime MS per move instead of nodes")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel (each with its two engines)")
    parser.add_argument("--out", help="JSON lines, one per game (default players-count-selfplay.jsonl)")
    parser.add_argument("--convention", choices=["players", "automatic", "both"], default="both")
    parser.add_argument("--positions", type=int, default=60, help="positions, each played twice per convention")
    parser.add_argument("--min-edge", type=float, default=2.0, help="least material edge (R5 N3 S2 M1.5)")
    parser.add_argument("--suite", action="append", help="position files (default board-honour-suite, endgames-100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random top-up positions (and the fake engine)")
    parser.add_argument("--max-plies", type=int, default=400, help="ply cap: a draw by adjudication")
    parser.add_argument("--nodes-jitter", type=float, default=0.0,
                        help="vary each side's nodes by up to this fraction per game (e.g. 0.1), fixed by the "
                             "game's id: the same binary on both sides at fixed nodes repeats the "
                             "colour-swapped game exactly")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for both engines (repeatable)")
    parser.add_argument("--move-timeout", type=float, help="seconds to wait for a bestmove (default 120, or 10 x movetime + 30)")
    parser.add_argument("--max-games", type=int, help="play at most this many of the games not yet played")
    parser.add_argument("--retry-faults", action="store_true", help="play faulted games again")
    parser.add_argument("--engine-stderr", action="store_true", help="let the engines' stderr through")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--list-positions", action="store_true")
    parser.add_argument("--dry-run", action="store_true", help="play the fake engine instead (tests the harness)")
    parser.add_argument("--chaos", type=float, default=0.0, help="fake engine: rate of deliberate faults")
    parser.add_argument("--fake-miss", type=float, default=0.05, help="fake engine: rate of missed count starts")
    parser.add_argument("--fake-stop", type=float, default=0.7, help="fake engine: rate of stopping before its mate")
    parser.add_argument("--fake-mate-tries", type=int, default=4, help=argparse.SUPPRESS)
    parser.add_argument("--selftest", action="store_true", help="check the referee (no engine)")
    parser.add_argument("--fake-engine", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.fake_engine:
        fake_engine(args)
        return
    if args.selftest:
        sys.exit(0 if selftest(args) else 1)
    args.suite = args.suite or DEFAULT_SUITES
    if args.out is None:
        args.out = "players-count-dryrun.jsonl" if args.dry_run else "players-count-selfplay.jsonl"
    args.go = "go movetime %d" % args.movetime if args.movetime else "go nodes %d" % args.nodes
    if args.move_timeout is None:
        args.move_timeout = 10 * args.movetime / 1000 + 30 if args.movetime else 120
    if args.dry_run:
        fake = [sys.executable, os.path.abspath(__file__), "--fake-engine",
                "--chaos", str(args.chaos), "--fake-miss", str(args.fake_miss), "--fake-stop", str(args.fake_stop),
                "--fake-mate-tries", str(args.fake_mate_tries)]
        # A and B seeded apart, so that the colour-swapped games differ.
        args.cmd_a = fake + ["--seed", str(args.seed)]
        args.cmd_b = fake + ["--seed", str(args.seed + 1000)]
    else:
        args.cmd_a = resolve(shlex.split(args.engine))
        args.cmd_b = resolve(shlex.split(args.engine_b or args.engine))
        for cmd in (args.cmd_a, args.cmd_b):
            if not args.summary_only and not (os.path.isfile(cmd[0]) or any(
                    os.path.isfile(os.path.join(p, cmd[0])) for p in os.environ.get("PATH", "").split(os.pathsep))):
                sys.exit("no engine at %s (build it: cargo build --release)" % cmd[0])
    conventions = ["players", "automatic"] if args.convention == "both" else [args.convention]

    positions = choose_positions(args)
    if args.list_positions:
        for info in positions:
            print("%3d %-40s %-12s stronger=%s edge=%.1f %s" % (
                info["index"], info["fen"], info["material"], info["stronger"], info["edge"], info["source"]))
        return
    if not args.summary_only:
        run(args, positions, conventions)
    ids = {t["id"] for t in make_tasks(positions, conventions)}
    records = read_records(args.out)
    print("\n%s: %s, engine %s" % (args.out, args.go, "fake (dry run)" if args.dry_run else " ".join(args.cmd_a)))
    print(summary(records, ids))


if __name__ == "__main__":
    main()
