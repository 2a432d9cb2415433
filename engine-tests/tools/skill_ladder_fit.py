#!/usr/bin/env python3
"""Turns the matches of engine-tests/tools/skill_ladder.sh into one rating per Khun
level, on the scale of Fairy-Stockfish 11.1's own UCI_Elo.

    engine-tests/tools/skill_ladder_fit.py OUT

OUT holds one makruk-match JSON per match; matches of the same two players (a second
run with another seed) are pooled. A player named `fsfNNNN` (Fairy-Stockfish
at UCI_Elo NNNN) is an anchor with rating NNNN; `khunL` is Khun at Skill Level L.
Ratings spread from the anchors along the matches: a level's rating is its
opponent's plus the match's Elo difference (pentanomial, as makruk-match prints it),
and its 95% interval adds the intervals of every match on the way from the anchor in
quadrature. The Elo and interval of a pooled match come from its pentanomial counts
(pairs of games with colours reversed), as makruk-match computes them. Prints a Markdown table (README, "Playing strength levels") and the
monotonicity check: each level must beat the one below it in their match.
"""
import json
import math
import pathlib
import sys


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def pentanomial_elo(counts):
    """Elo and its 95% interval from pair counts LL, LD, DD+WL, WD, WW."""
    n = sum(counts)
    values = (0.0, 0.25, 0.5, 0.75, 1.0)
    mean = sum(c * v for c, v in zip(counts, values)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n
    half = 1.96 * math.sqrt(var / n)
    return elo_of(mean), elo_of(mean - half), elo_of(mean + half)


def main():
    out = pathlib.Path(sys.argv[1])
    pooled = {}
    for path in sorted(out.glob("*.json")):
        summary = json.loads(path.read_text())["summary"]
        key = tuple(summary["engines"])
        first = summary["first_engine"]
        entry = pooled.setdefault(key, {"penta": [0] * 5, "wdl": [0, 0, 0], "games": 0})
        for i, c in enumerate(summary["pentanomial"]["counts_LL_LD_DDWL_WD_WW"]):
            entry["penta"][i] += c
        for i, k in enumerate(("wins", "draws", "losses")):
            entry["wdl"][i] += first[k]
        entry["games"] += summary["games"]
    matches = []
    for (a, b), entry in pooled.items():
        elo, low, high = pentanomial_elo(entry["penta"])
        w, d, l = entry["wdl"]
        matches.append(
            {
                "a": a,
                "b": b,
                "elo": elo,
                # half the 95% interval, taken symmetric
                "half": (high - low) / 2,
                "games": entry["games"],
                "wdl": (w, d, l),
                "score": (w + d / 2) / (w + d + l),
            }
        )
    rating = {}  # name -> (elo, half interval, games of the match that set it, opponent)
    for m in matches:
        for name in (m["a"], m["b"]):
            if name.startswith("fsf"):
                rating[name] = (float(name[3:]), 0.0, 0, "anchor")
    changed = True
    while changed:
        changed = False
        for m in matches:
            a, b = m["a"], m["b"]
            if b in rating and a not in rating:
                elo, half, _, _ = rating[b]
                rating[a] = (elo + m["elo"], math.hypot(half, m["half"]), m["games"], b)
                changed = True
            elif a in rating and b not in rating:
                elo, half, _, _ = rating[a]
                rating[b] = (elo - m["elo"], math.hypot(half, m["half"]), m["games"], a)
                changed = True

    def level(name):
        return int(name[4:]) if name.startswith("khun") else None

    print("| Skill Level | measured Elo | 95% interval | games | against |")
    print("|---|---|---|---|---|")
    khun = sorted((n for n in rating if level(n) is not None), key=level)
    for name in khun:
        elo, half, games, opponent = rating[name]
        print(f"| {level(name)} | {elo:.0f} | {elo - half:.0f}..{elo + half:.0f} | {games} | {opponent} |")
    others = [n for n in rating if level(n) is None and not n.startswith("fsf")]
    for name in others:
        elo, half, games, opponent = rating[name]
        print(f"\n{name}: {elo:.0f} ({elo - half:.0f}..{elo + half:.0f}), {games} games against {opponent}")
    print()
    print("monotonicity (each level against the one below):")
    ok = True
    for m in matches:
        la, lb = level(m["a"]), level(m["b"])
        if la is None or lb is None:
            continue
        w, d, l = m["wdl"]
        higher_wins = (m["score"] > 0.5) == (la > lb)
        ok &= higher_wins
        print(
            f"  {m['a']} vs {m['b']}: +{w} ={d} -{l} ({100 * m['score']:.1f}%), "
            f"Elo {m['elo']:+.0f} +-{m['half']:.0f} {'ok' if higher_wins else 'NOT MONOTONIC'}"
        )
    print("monotonic" if ok else "NOT monotonic")


if __name__ == "__main__":
    main()
