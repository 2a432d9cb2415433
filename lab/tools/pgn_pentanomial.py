#!/usr/bin/env python3
"""Pentanomial Elo of a match from its PGN (makruk-match writes each opening's two
games as consecutive rounds, colours swapped), for a match that was stopped before
it printed its own summary. Several files (a match played in chunks, each numbering
its rounds from 1) are paired file by file.

    pgn_pentanomial.py games.pgn [more.pgn ...] ENGINE
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
    paths, name = sys.argv[1:-1], sys.argv[-1]
    scores = {}
    pairs = []
    for i, path in enumerate(paths):
        games = list(results(path, name))
        rounds = [r for r, _ in games]
        if len(set(rounds)) < len(rounds):
            # cutechess without -rounds writes every game as round 1: its -repeat pairs
            # are consecutive games (one game at a time keeps them in order).
            games = [(k + 1, score) for k, (_, score) in enumerate(games)]
        in_file = dict(games)
        scores.update(((i, r), s) for r, s in in_file.items())
        pairs += [in_file[r] + in_file[r + 1] for r in sorted(in_file) if r % 2 == 1 and r + 1 in in_file]
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
    sd = math.sqrt(sum((x - mu) ** 2 for x in xs) / (n - 1) / n) if n > 1 else 0.0
    elo = lambda s: -400 * math.log10(1 / min(max(s, 1e-6), 1 - 1e-6) - 1)
    low, high = mu - 1.96 * sd, mu + 1.96 * sd
    print(f"score {mu:.4f} [{low:.4f}, {high:.4f}], Elo {elo(mu):+.1f} [{elo(low):+.1f}, {elo(high):+.1f}]")

if __name__ == "__main__":
    main()
