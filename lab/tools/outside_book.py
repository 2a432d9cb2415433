#!/usr/bin/env python3
"""A datagen book from real games: the positions games against other engines
reached, so self-play data also covers what an outside opponent steers into.

    outside_book.py GAMES.pgn [more.pgn ...] [--plies 16,24,32,40,48] [-o book.txt]

For every finished game from the start position (makruk-match or cutechess PGN,
SAN as they write it), each listed ply the game reached becomes one line
`startpos moves <uci ...>`, the form `khun datagen --book` reads; lines are written
once each, in the order met. A game whose SAN pyffish does not replay the same way is
skipped (and counted on stderr). `--random-plies` in datagen then spreads each line
further.

Needs pyffish (`pip install pyffish`); reads the SAN with conversion_suite.py's reader.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conversion_suite as cs  # noqa: E402


def game_moves(tags, moves):
    """The game's UCI moves, or None when it does not start from the start position
    or does not replay exactly."""
    if "FEN" in tags:
        return None
    try:
        return cs.replay(cs.START, moves)
    except ValueError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--plies", default="16,24,32,40,48", help="the plies to take (comma-separated)")
    ap.add_argument("-o", "--output", help="the book (default: stdout)")
    args = ap.parse_args()
    plies = sorted({int(p) for p in args.plies.split(",")})
    seen, lines, games, skipped = set(), [], 0, 0
    for path in args.pgn:
        for tags, moves, _ in cs.read_pgn(path):
            uci = game_moves(tags, moves)
            if uci is None:
                skipped += 1
                continue
            games += 1
            for ply in plies:
                if ply >= len(uci):
                    break
                line = "startpos moves " + " ".join(uci[:ply])
                if line not in seen:
                    seen.add(line)
                    lines.append(line)
    out = open(args.output, "w") if args.output else sys.stdout
    out.write("".join(line + "\n" for line in lines))
    print(f"{games} games read, {skipped} skipped, {len(lines)} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
