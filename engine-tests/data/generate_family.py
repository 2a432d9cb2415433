#!/usr/bin/env python3
"""Builds Khun's reference data for makruk's relatives from pyffish (Fairy-Stockfish).

Run once by a developer (`pip install pyffish`); the outputs are committed, so the
tests need no Python. Deterministic for a given seed and pyffish version.

    python3 engine-tests/data/generate_family.py [--seed 1] [--games 300]

Writes, next to this script, for each of cambodian, karouk, makpong, asean, ai-wok:
- family-games.tsv: random games (from the start position and from random endgames,
  preferring captures so that counts start). Columns: variant, start FEN, the moves
  (UCI), then per move the state after it: FEN fields 3.. without the move number
  (castling/first-move rights, count limit, Kar Ouk's checks, count ply or halfmove
  clock) and flags: `i` immediate end (is_immediate_game_end: Kar Ouk's check),
  `o` optional end (is_optional_game_end on the FEN alone: the count or the
  fifty-move rule), `n` no legal move, `W`/`B` White/Black cannot mate
  (has_insufficient_material); then the final FEN.
- family-legal.tsv: variant, FEN, the legal moves (UCI, sorted) and their SAN.
- family-perft.tsv: variant, FEN, depth, nodes (perft by pyffish's legal_moves) for
  random positions of each variant.
"""

import argparse
import os
import random

import pyffish as sf

# The FEN helpers makruk's reference data uses already.
from generate_reference import board_of, occupied_squares as occupied

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ["cambodian", "karouk", "makpong", "asean", "ai-wok"]

# Each variant's piece letters (upper case), without the king.
LETTERS = {
    "cambodian": "RNSMP",
    "karouk": "RNSMP",
    "makpong": "RNSMP",
    "asean": "RNBQP",
    "ai-wok": "RNSAP",
}


def promotion_rank(variant):
    """The relative rank index (0 = first) on which pawns promote."""
    return 7 if variant == "asean" else 5


def attacked(board, square, by, variant):
    """Whether side `by` ('w'/'b') attacks square (file, rank)."""
    tf, tr = square
    forward = 1 if by == "w" else -1
    for (f, r), p in board.items():
        if p.isupper() != (by == "w"):
            continue
        df, dr = tf - f, tr - r
        k = p.upper()
        rookish = k == "R" or k == "A"
        knightish = k == "N" or k == "A"
        ferz = k in "MQA"
        khon = k == "S" or (k == "B" and variant == "asean")
        if k == "K" and max(abs(df), abs(dr)) == 1:
            return True
        if knightish and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if ferz and abs(df) == 1 and abs(dr) == 1:
            return True
        if khon and ((abs(df) == 1 and abs(dr) == 1) or (df == 0 and dr == forward)):
            return True
        if k == "P" and abs(df) == 1 and dr == forward:
            return True
        if rookish and (df == 0) != (dr == 0):
            step = (0 if df == 0 else df // abs(df), 0 if dr == 0 else dr // abs(dr))
            cf, cr = f + step[0], r + step[1]
            while (cf, cr) != (tf, tr) and (cf, cr) not in board:
                cf, cr = cf + step[0], cr + step[1]
            if (cf, cr) == (tf, tr):
                return True
    return False


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


def playable_fen(board, side, variant, fullmove):
    """The FEN of `board` with `side` to move, or None where pyffish refuses it or
    the side not to move stands in check."""
    fen = placement(board) + f" {side} - - 0 {fullmove}"
    if sf.validate_fen(fen, variant) != sf.FEN_OK:
        return None
    not_to_move = "b" if side == "w" else "w"
    king = "K" if not_to_move == "w" else "k"
    ksq = next(sq for sq, p in board.items() if p == king)
    if attacked(board, ksq, side, variant):
        return None
    return fen


def random_endgame(rng, variant, with_pawns):
    """A random legal position with a few men, or None if the draw was not legal."""
    squares = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(squares)
    board = {squares.pop(): "K", squares.pop(): "k"}
    pool = LETTERS[variant] if with_pawns else LETTERS[variant].replace("P", "")
    prom = promotion_rank(variant)
    for color, n in (("w", rng.randint(0, 4)), ("b", rng.randint(0, 3))):
        for _ in range(n):
            p = rng.choice(pool)
            f, r = squares.pop()
            rel = r if color == "w" else 7 - r
            if p == "P" and not 1 <= rel < prom:
                continue
            board[(f, r)] = p if color == "w" else p.lower()
    side = rng.choice("wb")
    return playable_fen(board, side, variant, 1)


def state_token(variant, fen):
    """FEN fields 3.. without the move number, and the end flags, for one position."""
    fields = " ".join(fen.split()[2:-1])
    flags = ""
    if sf.is_immediate_game_end(variant, fen, [])[0]:
        flags += "i"
    if sf.is_optional_game_end(variant, fen, [])[0]:
        flags += "o"
    if not sf.legal_moves(variant, fen, []):
        flags += "n"
    w, b = sf.has_insufficient_material(variant, fen, [])
    flags += ("W" if w else "") + ("B" if b else "")
    return f"{fields}:{flags}"


def playout(rng, variant, fen, max_plies, capture_bias, record):
    """Random legal moves, preferring captures, until the game ends or max_plies.
    Steps from FEN to FEN (the FEN holds the whole state)."""
    moves, tokens = [], []
    cur = fen
    for _ in range(max_plies):
        legal = sf.legal_moves(variant, cur, [])
        if not legal:
            break
        occ = occupied(cur)
        caps = [m for m in legal if m[2:4] in occ]
        m = rng.choice(caps) if caps and rng.random() < capture_bias else rng.choice(legal)
        moves.append(m)
        cur = sf.get_fen(variant, cur, [m])
        if record:
            tokens.append(state_token(variant, cur))
        if sf.is_optional_game_end(variant, cur, [])[0] and rng.random() < 0.7:
            break
    return moves, tokens, cur


def gen_games(rng, variant, n):
    out = []
    start = sf.start_fen(variant)
    while len(out) < n:
        kind = rng.random()
        if kind < 0.4:
            fen = start
            if rng.random() < 0.5:
                # Into the middlegame first, then record from there.
                moves, _, fen = playout(rng, variant, fen, rng.randint(10, 50), 0.5, False)
        else:
            fen = random_endgame(rng, variant, with_pawns=kind < 0.7)
            if fen is None:
                continue
        moves, tokens, final = playout(
            rng, variant, fen, rng.randint(20, 160), rng.choice([0.3, 0.6, 0.9]), True
        )
        if not moves:
            continue
        out.append("\t".join([variant, fen, " ".join(moves), "|".join(tokens), final]))
    return out


def gen_legal(rng, variant, n):
    out = []
    start = sf.start_fen(variant)
    while len(out) < n:
        if rng.random() < 0.6:
            _, _, fen = playout(rng, variant, start, rng.randint(0, 60), 0.4, False)
        else:
            fen = random_endgame(rng, variant, with_pawns=rng.random() < 0.6)
            if fen is None:
                continue
        legal = sorted(sf.legal_moves(variant, fen, []))
        sans = [sf.get_san(variant, fen, m) for m in legal]
        out.append("\t".join([variant, fen, " ".join(legal), " ".join(sans)]))
    return out


def perft(variant, fen, depth):
    legal = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(legal)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in legal)


def gen_perft(rng, variant, n, depth):
    out = []
    start = sf.start_fen(variant)
    while len(out) < n:
        _, _, fen = playout(rng, variant, start, rng.randint(2, 40), 0.3, False)
        if not sf.legal_moves(variant, fen, []):
            continue
        out.append(f"{variant}\t{fen}\t{depth}\t{perft(variant, fen, depth)}")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--legal", type=int, default=300)
    ap.add_argument("--perft", type=int, default=12)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    header = (
        f"# generated by generate_family.py --seed {args.seed} --games {args.games} "
        f"with pyffish {'.'.join(map(str, sf.version()))}\n"
    )
    files = {"family-games.tsv": [], "family-legal.tsv": [], "family-perft.tsv": []}
    for variant in VARIANTS:
        files["family-games.tsv"] += gen_games(rng, variant, args.games)
        files["family-legal.tsv"] += gen_legal(rng, variant, args.legal)
        files["family-perft.tsv"] += gen_perft(rng, variant, args.perft, 3)
        print(variant, "done", flush=True)
    for name, rows in files.items():
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            f.write("\n".join(rows) + "\n")
        print(f"{name}: {len(rows)} rows")


if __name__ == "__main__":
    main()
