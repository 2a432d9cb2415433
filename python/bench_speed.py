#!/usr/bin/env python3
"""Khun's package against pyffish from Python: the same loops both ways.

    python python/bench_speed.py [--positions 100000] [--pyffish-positions N] [--seed 1]

1. Positions: random games in the six games (Khun plays them out first, untimed),
   one FEN per position; the loop asks each module, per position,
   ``legal_moves(variant, fen, [])`` and ``get_fen(variant, fen, [first legal move])``.
2. A game replayed move by move, as a server does on each move: for each ply,
   ``legal_moves(variant, start, moves so far)`` and ``get_fen(variant, start,
   moves so far + [next])``.

Each pyffish call sets its variant up afresh (about 6 ms), so pyffish's side can be
run on the first ``--pyffish-positions`` positions only (default: all of them); the
ratio compares time per position. Prints one line per loop and module, and the ratio.
"""

import argparse
import random
import time

import khun

VARIANTS = ["makruk", "cambodian", "karouk", "makpong", "asean", "ai-wok"]


def positions(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        variant = rng.choice(VARIANTS)
        fen = khun.start_fen(variant)
        for _ in range(rng.randint(20, 120)):
            legal = khun.legal_moves(variant, fen, [])
            if not legal or khun.is_optional_game_end(variant, fen, [])[0]:
                break
            out.append((variant, fen))
            fen = khun.get_fen(variant, fen, [rng.choice(legal)])
    return out[:n]


def position_loop(module, items):
    started = time.perf_counter()
    for variant, fen in items:
        legal = module.legal_moves(variant, fen, [])
        module.get_fen(variant, fen, legal[:1])
    return time.perf_counter() - started


def game_loop(module, variant, start, moves):
    started = time.perf_counter()
    for ply in range(len(moves)):
        module.legal_moves(variant, start, moves[:ply])
        module.get_fen(variant, start, moves[: ply + 1])
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--pyffish-positions", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    items = positions(args.positions, args.seed)
    print(f"{len(items)} positions in {', '.join(VARIANTS)}")
    ours = position_loop(khun, items)
    print(f"khun    positions: {ours:9.3f} s  {ours / len(items) * 1e6:9.2f} us/position")
    # A game replayed: the longest random makruk game of the set's first 200 plies.
    rng = random.Random(args.seed)
    start = khun.start_fen("makruk")
    moves = []
    while len(moves) < 120:
        legal = khun.legal_moves("makruk", start, moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    game_ours = game_loop(khun, "makruk", start, moves)
    print(f"khun    game of {len(moves)} plies: {game_ours * 1000:9.3f} ms")
    try:
        import pyffish
    except ImportError:
        print("pyffish is not installed: no ratio")
        return
    subset = items[: args.pyffish_positions or len(items)]
    theirs = position_loop(pyffish, subset)
    print(
        f"pyffish positions: {theirs:9.3f} s  {theirs / len(subset) * 1e6:9.2f} us/position"
        f" ({len(subset)} positions)"
    )
    game_theirs = game_loop(pyffish, "makruk", start, moves)
    print(f"pyffish game of {len(moves)} plies: {game_theirs * 1000:9.3f} ms")
    ratio = (theirs / len(subset)) / (ours / len(items))
    print(f"ratio (pyffish / khun), per position: {ratio:.0f}x; game replayed: "
          f"{game_theirs / game_ours:.0f}x")


if __name__ == "__main__":
    main()
