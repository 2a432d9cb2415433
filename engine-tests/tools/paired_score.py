#!/usr/bin/env python3
"""Two engines against the same opponent on the same openings, compared opening by
opening.

    paired_score.py A.pgn NAME_A B.pgn NAME_B

A.pgn and B.pgn are makruk-match runs with the same `--openings` and `--seed` (so
game 2k+1 and 2k+2 play opening k with both colours in both files). Per opening,
the difference of the two engines' points is taken; their mean and its 95% interval
(normal approximation) say how far apart the two engines score against that
opponent, with the openings' own luck taken out. With fixed nodes both runs are
deterministic, so a game whose result is the same in both says the two engines
played it alike or equally well.
"""
import math
import re
import sys


def scores(path, name):
    """`name`'s score in each finished game of `path`, in file order."""
    out = []
    for game in open(path, encoding="utf-8", errors="replace").read().split("[Event ")[1:]:
        white = re.search(r'\[White "(.*?)"', game).group(1)
        result = re.search(r'\[Result "(.*?)"', game).group(1)
        s = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
        if s is None:
            continue
        out.append(s if white == name else 1.0 - s)
    return out


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    a = scores(sys.argv[1], sys.argv[2])
    b = scores(sys.argv[3], sys.argv[4])
    n = min(len(a), len(b))
    n -= n % 2
    if n < 4:
        sys.exit("fewer than two openings played in both files")
    diffs = [(a[i] + a[i + 1]) - (b[i] + b[i + 1]) for i in range(0, n, 2)]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    same = sum(1 for i in range(n) if a[i] == b[i])
    print(
        f"{n} games, {len(diffs)} openings: {sys.argv[2]} {sum(a[:n]) / n:.1%}, "
        f"{sys.argv[4]} {sum(b[:n]) / n:.1%}; per opening {mean / 2 * 100:+.1f} points "
        f"[{(mean - half) / 2 * 100:+.1f}, {(mean + half) / 2 * 100:+.1f}] (95%); "
        f"the same result in {same} of {n} games"
    )


if __name__ == "__main__":
    main()
