#!/usr/bin/env python3
"""Builds Khun's reference data from pyffish (Fairy-Stockfish's rules).

Run once by a developer (`pip install pyffish`); the output files are committed, so the
tests need no Python. Deterministic for a given seed and pyffish version.

    python3 engine-tests/data/generate_reference.py [--seed 1]

Writes, next to this script:
- counting-random.tsv: start FEN, moves, the count fields after every move (as pyffish's
  `get_fen` shows them: "limit ply" or "- halfmove"), the final FEN, the optional-end
  flag (count exceeded) and the immediate-end flag (no legal move).
- legal-moves.tsv: FEN, the legal moves (UCI, sorted) and their SAN in the same order.
- insufficient.tsv: FEN and pyffish's insufficient-material verdict for White and Black.
"""

import argparse
import os
import random

import pyffish as sf

V = "makruk"
HERE = os.path.dirname(os.path.abspath(__file__))
START = sf.start_fen(V)

# Material for random endgames: (white pieces, black pieces) without kings.
PIECES = "RRNNSSMMPPPP"


def random_endgame(rng, with_pawns):
    """A random legal position with a few pieces, or None if the draw was illegal."""
    board = [["" for _ in range(8)] for _ in range(8)]
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    placed = [("K", squares.pop()), ("k", squares.pop())]
    n_white = rng.randint(0, 4)
    n_black = rng.randint(0, 3)
    pool = PIECES if with_pawns else PIECES.replace("P", "")
    for color, n in (("w", n_white), ("b", n_black)):
        for _ in range(n):
            p = rng.choice(pool)
            f, r = squares.pop()
            if p == "P":
                # White pawns live on ranks 2-5 (index 1..4), Black on ranks 4-7.
                if color == "w" and not 1 <= r <= 4:
                    continue
                if color == "b" and not 3 <= r <= 6:
                    continue
            placed.append((p if color == "w" else p.lower(), (f, r)))
    for p, (f, r) in placed:
        board[r][f] = p
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            if board[r][f]:
                if empty:
                    row += str(empty)
                    empty = 0
                row += board[r][f]
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    side = rng.choice("wb")
    fen = "/".join(rows) + f" {side} - - 0 1"
    if sf.validate_fen(fen, V) != sf.FEN_OK:
        return None
    # The side not to move must not be in check (pyffish accepts such FENs).
    not_to_move = "b" if side == "w" else "w"
    if attacked(fen, king_square(fen, "K" if not_to_move == "w" else "k"), by=side):
        return None
    return fen


def board_of(fen):
    """{square: piece letter} from a FEN's placement field."""
    out = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch != "~":
                out[(f, 7 - i)] = ch
                f += 1
    return out


def attacked(fen, square, by):
    """Whether side `by` ('w'/'b') attacks `square` ("e4"), by makruk piece moves."""
    board = board_of(fen)
    tf, tr = "abcdefgh".index(square[0]), int(square[1]) - 1
    forward = 1 if by == "w" else -1
    for (f, r), p in board.items():
        if (p.isupper()) != (by == "w"):
            continue
        df, dr = tf - f, tr - r
        kind = p.upper()
        if kind == "K" and max(abs(df), abs(dr)) == 1:
            return True
        if kind == "N" and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if kind == "M" and abs(df) == 1 and abs(dr) == 1:
            return True
        if kind == "S" and ((abs(df) == 1 and abs(dr) == 1) or (df == 0 and dr == forward)):
            return True
        if kind == "P" and abs(df) == 1 and dr == forward:
            return True
        if kind == "R" and (df == 0) != (dr == 0):
            step = (0 if df == 0 else df // abs(df), 0 if dr == 0 else dr // abs(dr))
            cf, cr = f + step[0], r + step[1]
            while (cf, cr) != (tf, tr) and (cf, cr) not in board:
                cf, cr = cf + step[0], cr + step[1]
            if (cf, cr) == (tf, tr):
                return True
    return False


def king_square(fen, king):
    rows = fen.split()[0].split("/")
    for i, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch == "~":
                continue
            else:
                if ch == king:
                    return "abcdefgh"[f] + str(8 - i)
                f += 1
    raise ValueError(fen)


def count_fields(fen):
    parts = fen.split()
    return f"{parts[3]} {parts[4]}"


def occupied_squares(fen):
    """The squares holding a piece in a FEN's placement field."""
    occ = set()
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch != "~":
                occ.add("abcdefgh"[f] + str(8 - i))
                f += 1
    return occ


def playout(rng, fen, max_plies, capture_bias):
    """Random legal moves, preferring captures, until the game ends or max_plies.

    Steps from FEN to FEN (the FEN holds the whole counting state), which keeps the
    generator linear in the game length."""
    moves, fields = [], []
    cur = fen
    for _ in range(max_plies):
        legal = sf.legal_moves(V, cur, [])
        if not legal:
            break
        occ = occupied_squares(cur)
        caps = [m for m in legal if m[2:4] in occ]
        if caps and rng.random() < capture_bias:
            m = rng.choice(caps)
        else:
            m = rng.choice(legal)
        moves.append(m)
        cur = sf.get_fen(V, cur, [m])
        fields.append(count_fields(cur))
        if sf.is_optional_game_end(V, cur, [])[0] and rng.random() < 0.5:
            break
    return moves, fields


def gen_counting(rng, n):
    out = []
    while len(out) < n:
        kind = rng.random()
        if kind < 0.15:
            fen = START
            # Play a random game quickly into the middlegame, then record from there.
            moves, _ = playout(rng, fen, rng.randint(20, 60), 0.6)
            fen = sf.get_fen(V, fen, moves)
        else:
            fen = random_endgame(rng, with_pawns=kind < 0.6)
            if fen is None:
                continue
        moves, fields = playout(rng, fen, rng.randint(10, 140), rng.choice([0.2, 0.5, 0.9]))
        if not moves:
            continue
        final = sf.get_fen(V, fen, moves)
        optional = int(sf.is_optional_game_end(V, fen, moves)[0])
        immediate = int(not sf.legal_moves(V, fen, moves))
        out.append("\t".join([fen, " ".join(moves), "|".join(fields), final, str(optional), str(immediate)]))
    return out


def gen_legal(rng, n):
    out = []
    while len(out) < n:
        if rng.random() < 0.5:
            moves, _ = playout(rng, START, rng.randint(1, 80), 0.4)
            fen = sf.get_fen(V, START, moves)
        else:
            fen = random_endgame(rng, with_pawns=rng.random() < 0.6)
            if fen is None:
                continue
            moves, _ = playout(rng, fen, rng.randint(0, 10), 0.3)
            fen = sf.get_fen(V, fen, moves)
        legal = sorted(sf.legal_moves(V, fen, []))
        sans = [sf.get_san(V, fen, m) for m in legal]
        out.append("\t".join([fen, " ".join(legal), " ".join(sans)]))
    return out


def gen_insufficient(rng, n):
    out = []
    while len(out) < n:
        fen = random_endgame(rng, with_pawns=rng.random() < 0.5)
        if fen is None:
            continue
        w, b = sf.has_insufficient_material(V, fen, [])
        out.append(f"{fen}\t{int(w)}\t{int(b)}")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--counting", type=int, default=1500)
    ap.add_argument("--legal", type=int, default=2000)
    ap.add_argument("--insufficient", type=int, default=2000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    header = f"# generated by generate_reference.py --seed {args.seed} with pyffish {'.'.join(map(str, sf.version()))}\n"
    jobs = [
        ("counting-random.tsv", gen_counting, args.counting),
        ("legal-moves.tsv", gen_legal, args.legal),
        ("insufficient.tsv", gen_insufficient, args.insufficient),
    ]
    for name, fn, n in jobs:
        rows = fn(rng, n)
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            f.write("\n".join(rows) + "\n")
        print(f"{name}: {len(rows)} rows")


if __name__ == "__main__":
    main()
