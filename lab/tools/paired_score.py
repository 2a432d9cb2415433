#!/usr/bin/env python3
"""Two engines against the same opponent on the same openings, compared opening by
opening.

    paired_score.py NAME_A NAME_B A.pgn B.pgn [A2.pgn B2.pgn ...]

Each A.pgn / B.pgn pair is two makruk-match runs with the same `--openings` and
`--seed`, one with each engine (rounds 2k+1 and 2k+2 play opening k with both
colours in both files); several pairs (other seeds) pool their openings. Per
opening, the difference of the two engines' points is taken; their mean and its 95%
interval (normal approximation) say how far apart the two engines score against that
opponent, with the openings' own luck taken out. At fixed nodes both runs are
deterministic, so a game with the same result in both was played alike or equally
well.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pgn_pentanomial import results  # noqa: E402


def main():
    if len(sys.argv) < 5 or len(sys.argv) % 2 == 0:
        sys.exit(__doc__)
    name_a, name_b, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    diffs, points_a, points_b, same = [], 0.0, 0.0, 0
    for path_a, path_b in zip(files[::2], files[1::2]):
        a = dict(results(path_a, name_a))
        b = dict(results(path_b, name_b))
        for r in sorted(a):
            games = (r, r + 1)
            if r % 2 == 0 or not all(g in a and g in b for g in games):
                continue
            diffs.append(sum(a[g] for g in games) - sum(b[g] for g in games))
            points_a += sum(a[g] for g in games)
            points_b += sum(b[g] for g in games)
            same += sum(a[g] == b[g] for g in games)
    if len(diffs) < 2:
        sys.exit("fewer than two openings played in both files")
    n = 2 * len(diffs)
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    print(
        f"{n} games, {len(diffs)} openings: {name_a} {points_a / n:.1%}, "
        f"{name_b} {points_b / n:.1%}; per opening {mean / 2 * 100:+.1f} points "
        f"[{(mean - half) / 2 * 100:+.1f}, {(mean + half) / 2 * 100:+.1f}] (95%); "
        f"the same result in {same} of {n} games"
    )


if __name__ == "__main__":
    main()
