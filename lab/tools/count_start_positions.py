#!/usr/bin/env python3
"""Positions where starting the count is the only way to save the game, by the tables.

    count_start_positions.py FIVE_MAN_DIR OUT.pgn [--per-ending N] [--seed S] [ENDING ...]

Under counting as players count, the side at a disadvantage may start the board's
honour (64 moves); started, the other side must mate within it. Where the win takes
longer than that, starting the count is the difference between a loss and a draw: a
`count-start` puzzle (src/puzzles/count_decision.rs). Only five-man endings have such
wins (the four-man ones take at most 37 moves; KSMvKR up to 99, KSNvKR up to 65,
`khun tablebase --five-man-tables DIR`), and no game of ours reached one, so this draws
positions of those endings at random (seeded, so a run repeats: kings apart, the side
not to move not in check, no pawn), either side to move and no count running, and
keeps those the tables (`khun.Tables`) call lost without a count and drawn with the
board's honour started now. Writes them as one-position games tagged `[Counting
"players"]` for `khun puzzles --counting players --five-man-tables DIR` to judge.
ENDING names the endings as the tables do (default: KSMvKR KSNvKR KSSvKR; in each
the rook's side wins some positions and the other side others).
Copyright the Khun developers; GPL-3.0-or-later.
"""

import argparse
import random

import khun

MOVE_NUMBER = 60


def random_fen(rng, strong, weak, strong_is_white, side):
    """A position of `strong` v `weak` (piece letters, kings included), `side` ("w" or
    "b") to move, or None where the rules refuse it."""
    squares = rng.sample(range(64), len(strong) + len(weak))
    board = [["" for _ in range(8)] for _ in range(8)]
    # The strong side's men take the first len(strong) squares.
    for i, square in enumerate(squares):
        piece = (strong + weak)[i]
        is_strong = i < len(strong)
        white = is_strong == strong_is_white
        board[square // 8][square % 8] = piece.upper() if white else piece.lower()
    rows = []
    for rank in board:
        row, empty = "", 0
        for cell in rank:
            if cell:
                row += (str(empty) if empty else "") + cell
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    # The automatic count's fields as a pawnless position has them (the board's honour,
    # ply 0 of 128): under players' counting only a count a player starts binds.
    fen = f"{'/'.join(rows)} {side} - 128 0 {MOVE_NUMBER}"
    if khun.validate_fen(fen, "makruk") != khun.FEN_OK:
        return None
    # The side not to move may not stand in check.
    flipped = fen.replace(f" {side} ", " w " if side == "b" else " b ")
    if khun.validate_fen(flipped, "makruk") != khun.FEN_OK or khun.gives_check("makruk", flipped, []):
        return None
    return fen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("five_man")
    ap.add_argument("out")
    ap.add_argument("endings", nargs="*", default=["KSMvKR", "KSNvKR", "KSSvKR"])
    ap.add_argument("--per-ending", type=int, default=6)
    ap.add_argument("--tries", type=int, default=200000)
    ap.add_argument("--seed", type=int, default=73)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as out:
        for ending in args.endings:
            tables = khun.Tables(args.five_man)
            strong, weak = ending.split("v")
            found = 0
            for attempt in range(args.tries):
                if found >= args.per_ending:
                    break
                fen = random_fen(rng, strong, weak, attempt % 2 == 0, rng.choice("wb"))
                if fen is None or not khun.legal_moves("makruk", fen, []):
                    continue
                ply = 2 * (MOVE_NUMBER - 1) + (1 if " b " in fen else 0)
                none = tables.verdict("makruk", fen, [], count_started=-1)
                if not none or none["winner"] is None:
                    continue
                to_move = "white" if " w " in fen else "black"
                if none["winner"] == to_move:
                    continue
                started = tables.verdict("makruk", fen, [], count_started=ply + 1)
                if not started or not started["count_runs_out"]:
                    continue
                found += 1
                out.write(f'[Event "count start: {ending}"]\n[Variant "makruk"]\n'
                          f'[Counting "players"]\n[FEN "{fen}"]\n[SetUp "1"]\n'
                          f'[Result "*"]\n\n*\n\n')
                out.flush()
                print(ending, attempt, fen, none["text"], "|", started["text"], flush=True)


if __name__ == "__main__":
    main()
