#!/usr/bin/env python3
"""Clock report of a cutechess-cli PGN: time forfeits and the smallest clock each
engine was left with after a move.

cutechess writes each move's time in its comment (`{+0.12/9 0.035s}`) and the time
control in the `TimeControl` tag (`1+0.01`, `40/5`, `5`); from these the clock
after every move is rebuilt as cutechess kept it (increment added after the move,
a new period's time added after every `moves` moves).

    clock_report.py games.pgn [more.pgn ...]

cutechess counts a period's moves (`40/5`) from the first move the game plays, not
from the opening FEN's move number: in a 40/5 game from a position at move 5, the
`movestogo` it sends and the time it adds both follow the moves played (checked on
the soak's games: the clock and `movestogo` an engine was sent agree with this
count and not with the FEN's). Every game of a cutechess run is `Round 1`, so a
game is named by its place in the file.
"""
import re
import sys
from collections import defaultdict

TAG = re.compile(r'^\[(\w+) "(.*)"\]')
# A move's time: `0.035s`, or `0s` for a move made at once (a book or forced move).
MOVE_TIME = re.compile(r"\{[^}]*?(\d+(?:\.\d+)?)s\b[^}]*\}")


def parse_tc(tc):
    """(moves per period or None, base seconds, increment seconds)."""
    moves = None
    if "/" in tc:
        moves, tc = tc.split("/", 1)
        moves = int(moves)
    inc = 0.0
    if "+" in tc:
        tc, inc = tc.split("+", 1)
        inc = float(inc)
    return moves, float(tc), inc


def games(path):
    tags, body = {}, []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = TAG.match(line)
        if m:
            if body:
                yield tags, " ".join(body)
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line.strip())
    if body:
        yield tags, " ".join(body)


def main():
    args = sys.argv[1:]
    lowest = defaultdict(lambda: (float("inf"), ""))
    forfeits = defaultdict(int)
    played = defaultdict(int)
    count = 0
    for path in args:
        for tags, body in games(path):
            count += 1
            moves, base, inc = parse_tc(tags.get("TimeControl", "0"))
            names = [tags.get("White", "?"), tags.get("Black", "?")]
            for n in names:
                played[n] += 1
            # Which side moves first: the FEN's side to move, White otherwise.
            fields = tags.get("FEN", "").split()
            first = 1 if len(fields) > 1 and fields[1] == "b" else 0
            clocks = [base, base]
            made = [0, 0]
            for i, t in enumerate(MOVE_TIME.findall(body)):
                side = (first + i) % 2
                clocks[side] -= float(t)
                made[side] += 1
                left = clocks[side]
                if left < lowest[names[side]][0]:
                    # cutechess numbers every game of a run `Round 1`: say which game.
                    lowest[names[side]] = (left, f"{path} game {count}")
                clocks[side] += inc
                if moves and made[side] % moves == 0:
                    clocks[side] += base
            m = re.search(r"(White|Black) loses on time", body)
            if m:
                forfeits[names[0] if m.group(1) == "White" else names[1]] += 1
    print(f"{count} games")
    for name in sorted(played):
        low, where = lowest[name]
        print(
            f"{name}: {played[name]} games, {forfeits[name]} time forfeits, "
            f"smallest clock after a move {low * 1000:.0f} ms ({where})"
        )


if __name__ == "__main__":
    main()
