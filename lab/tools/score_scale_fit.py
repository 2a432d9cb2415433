#!/usr/bin/env python3
"""Fits what a centipawn is worth at each stage of the game, for Khun's calibrated
score (`Calibrated Score`, src/search/score_scale.rs; lab/README.md, "What a
centipawn means by stage").

    lab/tools/score_scale_fit.py DATA.bin [DATA.bin ...] [--max-records N]

DATA.bin is `khun datagen` output (32-byte records). For each stage (material on the
board in steps of four, pawn 1, met 2, khon 3, horse 3, rook 5, both sides, 64 at the
start; positions with and without pawns apart) it finds the K for which
sigmoid(score / K) best predicts the side to move's expected result (win 1, draw 1/2,
loss 0; least squares, K from 100 to 4 000 in steps of 25, scores within +-2 000).
A stage with fewer than MIN_RECORDS positions takes the next richer stage's K, and
the Ks are made non-increasing in material (pool-adjacent-violators, weighted by the
positions): more material means more decided games, so a K that rises with material
is noise. Prints the two tables for src/search/score_scale.rs and the expected score
a +1.00 stands for at each stage before calibration.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wdl_fit import records, sigmoid  # noqa: E402

SCORE_LIMIT = 2000
STEP = 4
STAGES = 64 // STEP + 1
# why: below a few thousand positions a stage's least-squares K wanders by hundreds.
MIN_RECORDS = 3000
K_GRID = range(100, 4001, 25)


def squared_error(k, hist):
    # sum over score bins of n * (p - t)^2, dropping the constant sum of t^2 terms
    total = 0.0
    for s, (n, t_sum, _t2) in hist.items():
        p = sigmoid(s / k)
        total += n * p * p - 2 * p * t_sum
    return total


def best_k(hist):
    return min(K_GRID, key=lambda k: squared_error(k, hist))


def non_increasing(values, weights):
    """Weighted pool-adjacent-violators: the closest non-increasing sequence."""
    blocks = []  # [value, weight, length]
    for v, w in zip(values, weights):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            v2, w2, n2 = blocks.pop()
            v1, w1, n1 = blocks.pop()
            w = w1 + w2
            blocks.append([(v1 * w1 + v2 * w2) / w if w else v1, w, n1 + n2])
    out = []
    for v, _w, n in blocks:
        out += [v] * n
    return out


def fit_table(hists):
    """Ks by stage for one set (with or without pawns)."""
    ks, counts = [], []
    for stage in range(STAGES):
        hist = hists.get(stage, {})
        n = sum(c[0] for c in hist.values())
        counts.append(n)
        ks.append(best_k(hist) if n >= MIN_RECORDS else None)
    # Sparse stages take the nearest richer stage's K (the richer side of material
    # first: those are the more common positions).
    known = [i for i, k in enumerate(ks) if k is not None]
    if not known:
        return None, counts
    for i in range(STAGES):
        if ks[i] is None:
            nearest = min(known, key=lambda j: (abs(j - i), -j))
            ks[i] = ks[nearest]
    smooth = non_increasing(ks, [max(c, 1) for c in counts])
    return [int(round(k / 25.0)) * 25 for k in smooth], counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--max-records", type=int, default=0, help="stop after this many (0: all)")
    args = ap.parse_args()

    hists = {False: {}, True: {}}
    seen = 0
    for path in args.data:
        for _fullmove, _result, material, pawnless, s, r in records(path):
            if abs(s) > SCORE_LIMIT:
                continue
            stage = min(material // STEP, STAGES - 1)
            hist = hists[pawnless].setdefault(stage, {})
            key = s // 10 * 10 + 5
            t = r / 2.0
            e = hist.setdefault(key, [0, 0.0, 0.0])
            e[0] += 1
            e[1] += t
            seen += 1
            if args.max_records and seen >= args.max_records:
                break
        if args.max_records and seen >= args.max_records:
            break
    print(f"{seen} records (|score| <= {SCORE_LIMIT})")
    for pawnless in (False, True):
        name = "PAWNLESS_K" if pawnless else "WITH_PAWNS_K"
        table, counts = fit_table(hists[pawnless])
        if table is None:
            print(f"{name}: no stage has {MIN_RECORDS} positions")
            continue
        print(f"const {name}: [u16; {STAGES}] = {table};")
        for stage, (k, n) in enumerate(zip(table, counts)):
            print(
                f"  material {stage * STEP:2}-{stage * STEP + STEP - 1:2}: {n:8} positions, "
                f"K {k:5}, +1.00 before calibration = {100 * sigmoid(100 / k):.1f}%"
            )


if __name__ == "__main__":
    main()
