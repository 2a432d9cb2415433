#!/usr/bin/env python3
"""Khun against Khun in each game of the makruk family, refereed by pyffish.

`makruk-match` plays makruk only; this plays the relatives the same way: two UCI
engine processes, `UCI_Variant` set, `go nodes N` per move (or a clock with
`--tc BASE+INC`, seconds, each side's time kept here), every move checked
legal by pyffish, the game ended by pyffish's rules (mate, stalemate, Kar Ouk's
check, the count, the fifty-move rule, material, threefold repetition) or a ply
limit. A measurement, not a test: it prints per variant the results and the
faults (illegal moves, missing or late answers, crashes).

    python3 lab/tools/family_selfplay.py --engine target/release/khun \
        [--games 4] [--nodes 5000 | --tc 10+0.1] [--variants cambodian,asean] \
        [--option-a "Use NNUE=false"] [--option-b ...] [--opening-plies 4]

With --option-a/--option-b the two sides differ, and with --xboard-opponent side B
is an XBoard engine (at a fixed depth, or on the clock with --tc; Fairy-Max plays
makruk, cambodian, asean and ai-wok); A (Khun) plays White in odd games and Black in
even ones, and A's score is printed per variant.

With --tc a side whose clock falls below zero loses on time, a fault like an
illegal move. Each pair of games starts from its own random opening of
--opening-plies plies (seeded by the pair's number, so runs repeat), colours swapped.
"""

import argparse
import random
import subprocess
import sys
import time

import pyffish as sf

FAMILY = ["makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok"]


class Engine:
    def __init__(self, cmd, variant, options=()):
        self.p = subprocess.Popen(
            [cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        for opt in options:
            name, value = opt.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix, timeout=60):
        start = time.time()
        lines = []
        while time.time() - start < timeout:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return line, lines
        raise RuntimeError(f"no '{prefix}' within {timeout} s")

    def best(self, start, moves, limit):
        self.send(f"position fen {start} moves {' '.join(moves)}".rstrip())
        if isinstance(limit, Clock):
            w, b = limit.left_ms
            inc = limit.inc_ms
            self.send(f"go wtime {w} btime {b} winc {inc} binc {inc}")
        else:
            self.send(f"go nodes {limit}")
        line, lines = self.wait_for("bestmove")
        errors = [l for l in lines if l.startswith("info string error")]
        return line.split()[1], errors

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


class XboardEngine(Engine):
    """An XBoard engine (Fairy-Max) at a fixed depth, fed the game in force mode."""

    def __init__(self, cmd, variant, depth, clock=None):
        self.p = subprocess.Popen(
            [cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.sent = 0
        self.send("xboard")
        self.send("protover 2")
        self.send("new")
        self.send(f"variant {variant}")
        self.send("force")
        if clock:
            base_s = clock.base_ms // 1000
            self.send(f"level 0 {base_s // 60}:{base_s % 60:02d} {clock.inc_ms / 1000:g}")
        else:
            self.send(f"sd {depth}")
        self.send("ping 1")
        self.wait_for("pong 1")

    def best(self, start, moves, limit):
        for m in moves[self.sent:]:
            self.send(m)
        if isinstance(limit, Clock):
            mine = len(moves) % 2
            self.send(f"time {max(0, limit.left_ms[mine]) // 10}")
            self.send(f"otim {max(0, limit.left_ms[1 - mine]) // 10}")
        self.send("go")
        line, lines = self.wait_for("move ")
        self.send("force")
        move = line.split()[1]
        self.sent = len(moves) + 1
        errors = [l for l in lines if l.startswith(("Illegal", "Error"))]
        return move, errors


class Clock:
    """Both sides' time left, in milliseconds, with a Fischer increment."""

    def __init__(self, tc):
        base, _, inc = tc.partition("+")
        self.base_ms = int(float(base) * 1000)
        self.inc_ms = int(float(inc or 0) * 1000)
        self.left_ms = [self.base_ms, self.base_ms]
        self.lowest_ms = self.base_ms

    def spend(self, side, ms):
        """Charges a move's thinking time; False if the side's flag fell."""
        self.left_ms[side] -= ms
        self.lowest_ms = min(self.lowest_ms, self.left_ms[side])
        if self.left_ms[side] < 0:
            return False
        self.left_ms[side] += self.inc_ms
        return True


def random_opening(variant, plies, seed):
    """`plies` random legal moves from the start that do not end the game."""
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    while True:
        moves = []
        for _ in range(plies):
            legal = sorted(sf.legal_moves(variant, start, moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) == plies and result_of(variant, start, moves) is None:
            return moves


def result_of(variant, start, moves):
    """(result, reason) if the game is over by pyffish's rules, else None."""
    legal = sf.legal_moves(variant, start, moves)
    end, value = sf.is_immediate_game_end(variant, start, moves)
    if end or not legal:
        value = sf.game_result(variant, start, moves)
        stm_white = sf.get_fen(variant, start, moves).split()[1] == "w"
        if value == 0:
            return "1/2-1/2", "stalemate" if not end else "rule"
        won = (value > 0) == stm_white
        reason = "check" if variant == "karouk" and end else "mate"
        return ("1-0" if won else "0-1"), reason
    end, value = sf.is_optional_game_end(variant, start, moves)
    if end:
        return "1/2-1/2", "count, fifty moves or repetition"
    w, b = sf.has_insufficient_material(variant, start, moves)
    if w and b:
        return "1/2-1/2", "material"
    return None


def make_engine(cmd, variant, options, xboard_depth, clock=None):
    if xboard_depth:
        return XboardEngine(cmd, variant, xboard_depth, clock)
    return Engine(cmd, variant, options)


def play(cmd, variant, limit, max_plies, seed_moves, white=((), None), black=((), None)):
    """`white`/`black`: (UCI options, None) for Khun, or (cmd, depth) for XBoard.
    `limit`: nodes per move, or a fresh `Clock`."""
    start = sf.start_fen(variant)
    clock = limit if isinstance(limit, Clock) else None
    engines = []
    for side in (white, black):
        if side[1]:
            engines.append(make_engine(side[0], variant, (), side[1], clock))
        else:
            engines.append(make_engine(cmd, variant, side[0], None))
    names = ["Khun" if side[1] is None else "opponent" for side in (white, black)]
    moves = list(seed_moves)
    faults = []
    try:
        while True:
            over = result_of(variant, start, moves)
            if over:
                return over, moves, faults
            if len(moves) >= max_plies:
                return ("1/2-1/2", "ply limit"), moves, faults
            eng = engines[len(moves) % 2]
            name = names[len(moves) % 2]
            began = time.monotonic()
            move, errors = eng.best(start, moves, limit)
            spent_ms = int((time.monotonic() - began) * 1000)
            faults += [f"{name}: {e}" for e in errors]
            if clock and not clock.spend(len(moves) % 2, spent_ms):
                faults.append(f"{name}: lost on time after {' '.join(moves)}")
                side = "0-1" if len(moves) % 2 == 0 else "1-0"
                return (side, "time forfeit"), moves, faults
            legal = sf.legal_moves(variant, start, moves)
            if move not in legal:
                # Another engine's promotion letter: the one legal move from/to there.
                same = [m for m in legal if m[:4] == move[:4]]
                if name != "Khun" and len(same) == 1:
                    move = same[0]
            if move not in legal:
                faults.append(f"{name}: illegal move {move} after {' '.join(moves)}")
                side = "0-1" if len(moves) % 2 == 0 else "1-0"
                return (side, "illegal move"), moves, faults
            moves.append(move)
    finally:
        for e in engines:
            e.quit()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--tc", help="a clock per side, BASE+INC in seconds (instead of --nodes)")
    ap.add_argument("--opening-plies", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--variants", default=",".join(FAMILY))
    ap.add_argument("--option-a", action="append", default=[])
    ap.add_argument("--option-b", action="append", default=[])
    ap.add_argument("--xboard-opponent", help="an XBoard engine as B (e.g. /usr/games/fairymax)")
    ap.add_argument("--xboard-depth", type=int, default=5)
    args = ap.parse_args()
    total_faults = 0
    opponent_faults = 0
    for variant in args.variants.split(","):
        tally = {}
        lowest_clock_ms = None
        score_a = 0.0
        for g in range(args.games):
            # Each pair of games opens with a different first move, colours swapped;
            # two identical sides would repeat the game, so then each game differs.
            same_sides = not (args.option_a or args.option_b or args.xboard_opponent)
            pair = g if same_sides else g // 2
            opening = random_opening(variant, args.opening_plies, pair)
            a_white = g % 2 == 0
            side_a = (args.option_a, None)
            side_b = (
                (args.xboard_opponent, args.xboard_depth)
                if args.xboard_opponent
                else (args.option_b, None)
            )
            white, black = (side_a, side_b) if a_white else (side_b, side_a)
            limit = Clock(args.tc) if args.tc else args.nodes
            (result, reason), moves, faults = play(
                args.engine, variant, limit, args.max_plies, opening, white, black
            )
            if args.tc:
                low = limit.lowest_ms
                lowest_clock_ms = low if lowest_clock_ms is None else min(lowest_clock_ms, low)
            score_a += {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5) if a_white else {
                "1-0": 0.0, "0-1": 1.0}.get(result, 0.5)
            total_faults += sum(f.startswith("Khun") for f in faults)
            opponent_faults += sum(not f.startswith("Khun") for f in faults)
            tally[(result, reason)] = tally.get((result, reason), 0) + 1
            print(f"{variant} game {g + 1}: {result} ({reason}) in {len(moves)} plies"
                  + (f"; faults: {faults}" if faults else ""), flush=True)
        summary = ", ".join(f"{r} {why}: {n}" for (r, why), n in sorted(tally.items()))
        clock_note = (
            f"; lowest clock {lowest_clock_ms} ms" if lowest_clock_ms is not None else ""
        )
        print(f"{variant}: {summary}; A scored {score_a}/{args.games}{clock_note}", flush=True)
    print(f"Khun's faults: {total_faults}; the opponent's: {opponent_faults}")
    sys.exit(1 if total_faults else 0)


if __name__ == "__main__":
    main()
