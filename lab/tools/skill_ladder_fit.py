#!/usr/bin/env python3
"""Turns the matches of lab/tools/skill_ladder.sh into one rating per Khun
level, on the scale of Fairy-Stockfish 11.1's own UCI_Elo.

    lab/tools/skill_ladder_fit.py OUT

OUT holds one makruk-match JSON per match; matches of the same two players (a second
run with another seed) are pooled. A player named `fsfNNNN` (Fairy-Stockfish
at UCI_Elo NNNN) is an anchor with rating NNNN; `khunL` is Khun at Skill Level L.
The ratings fit every match's Elo difference (pentanomial, as makruk-match prints
it) by weighted least squares, the anchors fixed; where one match links a level to
the rest, its rating is its opponent's plus that difference. A level's 95% interval
adds the intervals of the matches on its best-measured chain from an anchor in
quadrature ("against" names the first link of that chain). The Elo and interval of a pooled match come from its pentanomial counts
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
    # Ratings: weighted least squares over every match (weight 1 / interval^2), the
    # anchors fixed; solved by Gauss-Seidel sweeps. Intervals: along the chain of
    # matches from an anchor whose intervals, added in quadrature, are smallest.
    anchors = {n: float(n[3:]) for m in matches for n in (m["a"], m["b"]) if n.startswith("fsf")}
    players = {n for m in matches for n in (m["a"], m["b"])}
    variance = {n: 0.0 for n in anchors}
    via = {n: ("anchor", 0) for n in anchors}
    changed = True
    while changed:
        changed = False
        for m in matches:
            for x, y in ((m["a"], m["b"]), (m["b"], m["a"])):
                if y in variance:
                    v = variance[y] + m["half"] ** 2
                    if v < variance.get(x, math.inf):
                        variance[x], via[x] = v, (y, m["games"])
                        changed = True
    elo = {n: anchors.get(n, 0.0) for n in players if n in variance}
    for _ in range(2000):
        for n in elo:
            if n in anchors:
                continue
            num = den = 0.0
            for m in matches:
                w = 1 / max(m["half"], 1.0) ** 2
                if m["a"] == n and m["b"] in elo:
                    num += w * (elo[m["b"]] + m["elo"])
                    den += w
                elif m["b"] == n and m["a"] in elo:
                    num += w * (elo[m["a"]] - m["elo"])
                    den += w
            elo[n] = num / den
    played = {n: sum(m["games"] for m in matches if n in (m["a"], m["b"])) for n in elo}
    rating = {n: (elo[n], math.sqrt(variance[n]), played[n], via[n][0]) for n in elo}

    def level(name):
        return int(name[4:]) if name.startswith("khun") else None

    print("| Skill Level | measured Elo | 95% interval | games played | interval via |")
    print("|---|---|---|---|---|")
    khun = sorted((n for n in rating if level(n) is not None), key=level)
    for name in khun:
        elo, half, games, opponent = rating[name]
        print(f"| {level(name)} | {elo:.0f} | {elo - half:.0f}..{elo + half:.0f} | {games} | {opponent} |")
    others = [n for n in rating if level(n) is None and not n.startswith("fsf")]
    for name in others:
        elo, half, games, opponent = rating[name]
        print(f"\n{name}: {elo:.0f} ({elo - half:.0f}..{elo + half:.0f}), {games} games, via {opponent}")
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
