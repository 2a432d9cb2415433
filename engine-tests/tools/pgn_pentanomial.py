#!/usr/bin/env python3
"""Pentanomial Elo of a match from its PGN (makruk-match writes each opening's two
games as consecutive rounds, colours swapped), for a match that was stopped before
it printed its own summary.

    pgn_pentanomial.py games.pgn ENGINE
"""
import re
import sys


def results(path, name):
    tags = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'^\[(\w+) "(.*)"\]', line)
        if m:
            tags[m.group(1)] = m.group(2)
            if m.group(1) == "Result":
                r = m.group(2)
                white = tags.get("White") == name
                score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(r)
                if score is not None:
                    yield int(tags["Round"]), score if white else 1.0 - score


def main():
    path, name = sys.argv[1], sys.argv[2]
    scores = dict(results(path, name))
    pairs = [scores[r] + scores[r + 1] for r in sorted(scores) if r % 2 == 1 and r + 1 in scores]
    counts = [0] * 5
    for p in pairs:
        counts[int(p * 2)] += 1
    n = len(pairs)
    games = list(scores.values())
    w = sum(1 for s in games if s == 1.0)
    l = sum(1 for s in games if s == 0.0)
    print(f"{len(games)} games, {name} W {w} D {len(games) - w - l} L {l}; {n} pairs, pentanomial {counts}")
    import math
    xs = [p / 2 for p in pairs]
    mu = sum(xs) / n
    sd = math.sqrt(sum((x - mu) ** 2 for x in xs) / (n - 1) / n)
    elo = lambda s: -400 * math.log10(1 / s - 1)
    print(f"score {mu:.4f}, Elo {elo(mu):+.1f} [{elo(mu - 1.96 * sd):+.1f}, {elo(mu + 1.96 * sd):+.1f}]")

if __name__ == "__main__":
    main()
