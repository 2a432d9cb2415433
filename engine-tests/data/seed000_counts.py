#!/usr/bin/env python3
"""The counting events and the result of seed 000's 166-move game, from pyffish.

Run once by a developer (`pip install pyffish`); `engine-tests/cli_annotate.rs` holds the
numbers it prints, so the tests need no Python.

    python3 engine-tests/data/seed000_counts.py

Reads `seed000-game.pgn` beside this script (western letters: Q met, B khon,
promotions without =M), turns each move into UCI by matching it against pyffish's own
SAN of the legal moves, then prints, after every move where the count fields change
other than by one ply, the ply, the move and the fields; the first ply at which the
count has run out (`is_optional_game_end`); and how the game ends.
"""

import os
import re

import pyffish as sf

V = "makruk"
HERE = os.path.dirname(os.path.abspath(__file__))


def movetext(path):
    """The moves of the single game in the file, as written."""
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f if not l.startswith("%") and not l.startswith("[")]
    text = " ".join(lines).replace("\u00a0", " ")
    words = [w for w in text.split() if not re.fullmatch(r"\d+\.+", w)]
    assert words[-1] in ("1-0", "0-1", "1/2-1/2", "*"), words[-1]
    return words[:-1]


def plain(san):
    """SAN without check marks and promotion suffix, Thai letters."""
    san = san.rstrip("+#").replace("=M", "")
    return san.replace("Q", "M").replace("B", "S")


def main():
    start = sf.start_fen(V)
    moves = []
    labels = []
    for i, written in enumerate(movetext(os.path.join(HERE, "seed000-game.pgn"))):
        fen = sf.get_fen(V, start, moves)
        matches = [m for m in sf.legal_moves(V, start, moves)
                   if plain(sf.get_san(V, fen, m)) == plain(written)]
        assert len(matches) == 1, (i, written, matches)
        number = i // 2 + 1
        labels.append(f"{number}. {written}" if i % 2 == 0 else f"{number}... {written}")
        moves.append(matches[0])
    print(f"plies: {len(moves)}")

    previous = None
    run_out_reported = False
    for ply in range(len(moves) + 1):
        fields = sf.get_fen(V, start, moves[:ply]).split()
        limit, counter = fields[3], fields[4]
        running = limit != "-"
        if running:
            current = (int(limit), int(counter))
            if previous is None or current[0] != previous[0] or current[1] != previous[1] + 1:
                print(f"count starts at ply {ply} after {labels[ply - 1]}: "
                      f"limit {current[0]} plies, counter {current[1]}")
            previous = current
        optional, _ = sf.is_optional_game_end(V, start, moves[:ply])
        if optional and not run_out_reported:
            run_out_reported = True
            print(f"count runs out at ply {ply} after {labels[ply - 1]}: counter {counter}")

    final = sf.get_fen(V, start, moves)
    legal = sf.legal_moves(V, start, moves)
    in_check = sf.gives_check(V, start, moves)
    ending = "checkmate" if not legal and in_check else "stalemate" if not legal else "none"
    print(f"final position: {final}")
    print(f"end: {ending}; game_result (side to move's view): {sf.game_result(V, start, moves)}")


if __name__ == "__main__":
    main()
