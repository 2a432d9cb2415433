#!/usr/bin/env python3
"""Self-play from the counted endgames of real games, for count races the tables judge.

    table_ending_selfplay.py OUT.pgn GAMES_PER_START NODES SKILL PGN...

Reads the games (self-play or outside PGN, repeated games read once) and takes, from
each, the first position where a count runs with at most five men and no pawn (bia):
the start of an ending the endgame tables hold, reached in a real game with its count
as the rules ran it. From each such start Khun (the Python package's engine, at
`SKILL` (0-20; 20 full strength) and NODES a move) plays GAMES_PER_START games to the
end, the first two plies random (seeded by start and game, so a run repeats), the
rules (Khun's pyffish-compatible functions) deciding the end. A lower level errs, as
players do, so the count tightens and races come up. Writes each game with its
`[FEN]`; resumable: the games already in OUT.pgn are skipped.

`table_check_races.py --scan OUT.pgn` then finds the races in them, by the tables
alone. Copyright the Khun developers; GPL-3.0-or-later.
"""

import os
import random
import sys
import zlib

import khun
from table_check_races import counted_positions

MAX_MEN = 5
MAX_PLIES = 300


def starts(paths):
    """(variant, fen) of each game's first counted ending within the tables, each
    position once, where the game does not end there."""
    seen_fens, last_game = set(), None
    for path, number, _, variant, fen in counted_positions(paths, MAX_MEN):
        if (path, number) == last_game:
            continue
        last_game = (path, number)
        if fen not in seen_fens and ended(variant, fen, []) is None:
            seen_fens.add(fen)
            yield variant, fen


def games_done(path):
    if not os.path.exists(path):
        return 0
    with open(path, encoding="utf-8") as f:
        return sum(1 for line in f if line.startswith("[Event "))


def ended(variant, fen, moves):
    """The game's result where the rules end it (the count, mate, repetition), else None."""
    outcome = khun.outcome(variant, fen, moves)
    if outcome:
        return outcome["result"]
    if khun.is_optional_game_end(variant, fen, moves)[0]:
        return "1/2-1/2"
    return None


def play(engine, variant, fen, seed, nodes):
    """One game from `fen`: its moves and result."""
    rng = random.Random(seed)
    moves = []
    while len(moves) < MAX_PLIES:
        result = ended(variant, fen, moves)
        if result:
            return moves, result
        legal = khun.legal_moves(variant, fen, moves)
        if len(moves) < 2:
            moves.append(rng.choice(legal))
            continue
        move = engine.play(fen, moves, nodes=nodes)["move"]
        if move not in legal:
            raise RuntimeError(f"illegal {move} at {fen} {moves}")
        moves.append(move)
    return moves, "1/2-1/2"


def main():
    out, per_start, nodes, skill = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    done = games_done(out)
    engines = {}
    n = 0
    with open(out, "a", encoding="utf-8") as f:
        for variant, fen in starts(sys.argv[5:]):
            for k in range(per_start):
                n += 1
                if n <= done:
                    continue
                if variant not in engines:
                    engines[variant] = khun.Engine(variant, skill_level=skill)
                engine = engines[variant]
                engine.new_game()
                seed = zlib.crc32(f"{fen} {k}".encode())
                moves, result = play(engine, variant, fen, seed, nodes)
                sans = khun.get_san_moves(variant, fen, moves)
                f.write(f'[Event "Khun table-ending self-play {nodes} nodes skill {skill}"]\n'
                        f'[Round "{n}"]\n[White "Khun"]\n[Black "Khun"]\n'
                        f'[Result "{result}"]\n[Variant "{variant}"]\n'
                        f'[FEN "{fen}"]\n[SetUp "1"]\n\n'
                        + " ".join(sans) + f" {result}\n\n")
                f.flush()
                print(n, variant, len(moves), result, flush=True)


if __name__ == "__main__":
    main()
