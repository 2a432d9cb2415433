#!/usr/bin/env python3
"""Builds Khun's reference data for sittuyin (Burmese chess) from pyffish and, for
deeper perft, from Fairy-Stockfish's own `go perft`.

Run once by a developer (`pip install pyffish`); the outputs are committed, so the
tests need no Python. Deterministic for a given seed, pyffish version and engine.

    python3 engine-tests/data/generate_sittuyin.py [--seed 1] [--engine PATH]

`--engine` names a Fairy-Stockfish binary (built from its source: `make build
ARCH=x86-64-avx2` in src/); with it each perft position is also counted one ply
deeper by the engine's `go perft` (and its count at the shallower depth is checked
against pyffish's). Positions come from the set-up phase (random drops from the start,
and random set-ups with unequal hands, kings still in hand, a side done dropping while
the other drops), from play (random games from the start) and from random endgames
(pawns near their promotion squares, with and without a met).

Writes, next to this script:
- sittuyin-games.tsv: random games. Columns: start FEN, the moves (UCI), then per
  move the position after it: the whole FEN as pyffish's `get_fen` writes it (pieces
  in hand included), `:`, and flags: `i` immediate end (is_immediate_game_end), `o`
  optional end (is_optional_game_end: the count, the fifty-move rule, the draw of a
  king and a pawn that could only promote), `n` no legal move with `L` (the side to
  move has lost: mate) or `D` (a draw) from game_result, `W`/`B` White/Black cannot
  mate (has_insufficient_material). Positions are separated by `|`.
- sittuyin-legal.tsv: FEN, its end flags (as above), the legal moves (UCI, sorted,
  space-separated), then their SAN, LAN, Thai SAN and Thai LAN in the same order, each
  list `|`-separated. The last rows are positions found by search where a side with
  its king and one pawn may claim the draw (only promotions, or no move at all).
- sittuyin-perft.tsv: FEN, depth, nodes (perft by pyffish's legal_moves at depth 3;
  with --engine also Fairy-Stockfish's `go perft` one ply deeper).
"""

import argparse
import os
import random
import subprocess

import pyffish as sf

V = "sittuyin"
HERE = os.path.dirname(os.path.abspath(__file__))
START = sf.start_fen(V)
FILES = "abcdefgh"
# Each side's men besides its pawns: what its hand holds at the start.
ARMY = "KFRRSSNN"
NOTATIONS = [sf.NOTATION_SAN, sf.NOTATION_LAN, sf.NOTATION_THAI_SAN, sf.NOTATION_THAI_LAN]


def board_of(fen):
    """{(file, rank): letter} from a FEN's placement (the hand left out)."""
    out = {}
    for i, row in enumerate(fen.split()[0].split("[")[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch != "~":
                out[(f, 7 - i)] = ch
                f += 1
    return out


def placement(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            if (f, r) in board:
                if empty:
                    row += str(empty)
                    empty = 0
                row += board[(f, r)]
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def attacked(board, square, by):
    """Whether side `by` ('w'/'b') attacks square (file, rank) with sittuyin's men."""
    tf, tr = square
    forward = 1 if by == "w" else -1
    for (f, r), p in board.items():
        if p.isupper() != (by == "w"):
            continue
        df, dr = tf - f, tr - r
        k = p.upper()
        if k == "K" and max(abs(df), abs(dr)) == 1:
            return True
        if k == "N" and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if k == "F" and abs(df) == 1 and abs(dr) == 1:
            return True
        if k == "S" and ((abs(df) == 1 and abs(dr) == 1) or (df == 0 and dr == forward)):
            return True
        if k == "P" and abs(df) == 1 and dr == forward:
            return True
        if k == "R" and (df == 0) != (dr == 0):
            step = (0 if df == 0 else df // abs(df), 0 if dr == 0 else dr // abs(dr))
            cf, cr = f + step[0], r + step[1]
            while (cf, cr) != (tf, tr) and (cf, cr) not in board:
                cf, cr = cf + step[0], cr + step[1]
            if (cf, cr) == (tf, tr):
                return True
    return False


def playable_fen(board, hand, side, fullmove=1):
    """The FEN as pyffish writes it (the hands in its order), or None where pyffish
    refuses it or the side not to move stands in check."""
    fen = f"{placement(board)}[{hand}] {side} - - 0 {fullmove}"
    if sf.validate_fen(fen, V) != sf.FEN_OK:
        return None
    fen = sf.get_fen(V, fen, [])
    not_to_move = "b" if side == "w" else "w"
    king = "K" if not_to_move == "w" else "k"
    ksq = next((sq for sq, p in board.items() if p == king), None)
    if ksq is not None and attacked(board, ksq, side):
        return None
    return fen


def random_setup(rng):
    """A position of the set-up phase: the start's pawns, each side with a random part
    of its men dropped (anywhere in its zone) and the rest in hand."""
    board = board_of(START)
    hand = ""
    for color in "wb":
        for p in ARMY:
            if rng.random() < 0.5:
                hand += p if color == "w" else p.lower()
                continue
            ranks = [0] if p == "R" else [0, 1, 2]
            squares = [
                (f, r if color == "w" else 7 - r)
                for f in range(8)
                for r in ranks
                if (f, r if color == "w" else 7 - r) not in board
            ]
            board[rng.choice(squares)] = p if color == "w" else p.lower()
    kings = [p for p in board.values() if p in "Kk"] + [p for p in hand if p in "Kk"]
    assert sorted(kings) == ["K", "k"]
    return playable_fen(board, hand, rng.choice("wb"))


def random_endgame(rng, with_met):
    """A random position of play with a few men, pawns anywhere ahead of their start,
    often a side's last pawn or pawns on the promotion squares."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    board = {squares.pop(): "K", squares.pop(): "k"}
    pool = "RNSFPPP" if with_met else "RNSPPP"
    for color, n in (("w", rng.randint(1, 4)), ("b", rng.randint(0, 3))):
        for _ in range(n):
            p = rng.choice(pool)
            f, r = squares.pop()
            rel = r if color == "w" else 7 - r
            if p == "P" and rel < 2:
                continue
            board[(f, r)] = p if color == "w" else p.lower()
    return playable_fen(board, "", rng.choice("wb"))


def end_flags(fen):
    flags = ""
    if sf.is_immediate_game_end(V, fen, [])[0]:
        flags += "i"
    if sf.is_optional_game_end(V, fen, [])[0]:
        flags += "o"
    if not sf.legal_moves(V, fen, []):
        flags += "n" + ("L" if sf.game_result(V, fen, []) < 0 else "D")
    w, b = sf.has_insufficient_material(V, fen, [])
    flags += ("W" if w else "") + ("B" if b else "")
    return flags


def playout(rng, fen, max_plies, capture_bias, record):
    """Random legal moves (captures and promotions preferred by `capture_bias`) until
    the game ends or max_plies; from FEN to FEN (the FEN holds the whole state)."""
    moves, tokens = [], []
    cur = fen
    for _ in range(max_plies):
        legal = sf.legal_moves(V, cur, [])
        if not legal:
            break
        board = board_of(cur)
        sharp = [
            m
            for m in legal
            if "@" not in m
            and (len(m) == 5 or (FILES.index(m[2]), int(m[3]) - 1) in board)
        ]
        m = rng.choice(sharp) if sharp and rng.random() < capture_bias else rng.choice(legal)
        moves.append(m)
        cur = sf.get_fen(V, cur, [m])
        if record:
            tokens.append(f"{cur}:{end_flags(cur)}")
        if sf.is_optional_game_end(V, cur, [])[0] and rng.random() < 0.7:
            break
    return moves, tokens, cur


def some_position(rng):
    """A position from the set-up phase, from play, a random set-up or an endgame."""
    while True:
        kind = rng.random()
        if kind < 0.25:
            _, _, fen = playout(rng, START, rng.randint(0, 16), 0.0, False)
        elif kind < 0.55:
            _, _, fen = playout(rng, START, rng.randint(17, 120), 0.5, False)
        elif kind < 0.75:
            fen = random_setup(rng)
        else:
            fen = random_endgame(rng, with_met=rng.random() < 0.3)
        if fen is not None:
            return fen


def gen_games(rng, n_start, n_other):
    out = []
    while len(out) < n_start + n_other:
        if len(out) < n_start:
            fen = START
        elif rng.random() < 0.4:
            fen = random_setup(rng)
        else:
            fen = random_endgame(rng, with_met=rng.random() < 0.3)
        if fen is None:
            continue
        moves, tokens, final = playout(
            rng, fen, rng.randint(60, 400), rng.choice([0.3, 0.6, 0.9]), True
        )
        if not moves:
            continue
        out.append("\t".join([fen, " ".join(moves), "|".join(tokens), final]))
    return out


def claim_position(rng):
    """A position where the side to move has its king and one pawn and pyffish lets it
    claim the draw (is_optional_game_end without a count or fifty moves), or None."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    board = {squares.pop(): "K", squares.pop(): "k"}
    f, r = squares.pop()
    if r < 2:
        return None
    board[(f, r)] = "P"
    for _ in range(rng.randint(1, 4)):
        board[squares.pop()] = rng.choice("rnsfp")
    fen = playable_fen(board, "", "w")
    if fen is None or not sf.is_optional_game_end(V, fen, [])[0]:
        return None
    return fen


def legal_row(fen):
    legal = sorted(sf.legal_moves(V, fen, []))
    columns = [fen, end_flags(fen), " ".join(legal)]
    for notation in NOTATIONS:
        columns.append("|".join(sf.get_san(V, fen, m, False, notation) for m in legal))
    return "\t".join(columns)


def gen_legal(rng, n, n_claims):
    out = [legal_row(some_position(rng)) for _ in range(n)]
    claims = []
    while len(claims) < n_claims:
        fen = claim_position(rng)
        if fen is not None:
            claims.append(legal_row(fen))
    return out + claims


def perft(fen, depth):
    legal = sf.legal_moves(V, fen, [])
    if depth == 1:
        return len(legal)
    return sum(perft(sf.get_fen(V, fen, [m]), depth - 1) for m in legal)


class Engine:
    """Fairy-Stockfish over UCI, for `go perft`."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        # `uci` first: an option set before it is lost.
        self.name = self.handshake()
        self.send(f"setoption name UCI_Variant value {V}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine quit")
            if line.startswith("Nodes searched:"):
                return int(line.split(":")[1])

    def handshake(self):
        self.send("uci")
        name = ""
        while True:
            line = self.proc.stdout.readline().strip()
            if line.startswith("id name"):
                name = line[len("id name ") :]
            if line == "uciok":
                return name


def gen_perft(rng, n, engine):
    """`n` positions, each at depth 3 (and 4 with the engine)."""
    out = []
    positions = 0
    while positions < n:
        fen = some_position(rng)
        if not sf.legal_moves(V, fen, []):
            continue
        positions += 1
        nodes = perft(fen, 3)
        out.append(f"{fen}\t3\t{nodes}")
        if engine:
            assert engine.perft(fen, 3) == nodes, f"pyffish and the engine differ on {fen}"
            out.append(f"{fen}\t4\t{engine.perft(fen, 4)}")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games-from-start", type=int, default=100)
    ap.add_argument("--other-games", type=int, default=60)
    ap.add_argument("--legal", type=int, default=400)
    ap.add_argument("--claims", type=int, default=12)
    ap.add_argument("--perft", type=int, default=40)
    ap.add_argument("--engine", help="a Fairy-Stockfish binary, for go perft")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine) if args.engine else None
    source = f"pyffish {'.'.join(map(str, sf.version()))}"
    if engine:
        source += f" and {engine.name} (go perft, the deeper rows)"
    header = f"# generated by generate_sittuyin.py --seed {args.seed} with {source}\n"
    files = {
        "sittuyin-games.tsv": gen_games(rng, args.games_from_start, args.other_games),
        "sittuyin-legal.tsv": gen_legal(rng, args.legal, args.claims),
        "sittuyin-perft.tsv": gen_perft(rng, args.perft, engine),
    }
    for name, rows in files.items():
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            f.write("\n".join(rows) + "\n")
        print(f"{name}: {len(rows)} rows", flush=True)


if __name__ == "__main__":
    main()
