#!/usr/bin/env python3
"""Fits Khun's win/draw/loss model to its own self-play records and measures it on
held-out games (README, "Win/draw/loss"; lab/README.md).

    lab/tools/wdl_fit.py DATA.bin [--holdout-every 10]

DATA.bin is `khun datagen` output (32-byte records, src/nnue/data.rs). The model is
Stockfish's: from the side to move's view, with its search score s (centipawns),

    win  = k sigmoid((s - a) / b),   loss = k sigmoid((-s - a) / b),   draw = the rest,

where a and b are cubic polynomials of x = material / 64 (pawn 1, met 2, khon 3,
horse 3, rook 5, both sides; 64 at the start) and k = sigmoid(c0 + c1 x) is the
share of games that are decided at all: Stockfish's model has k = 1, but in Khun's
self-play (5000 nodes a move, under the count) even a side eight pawns up wins
only about a third of its games, and without k the fit bends a and b to reach that
plateau and loses the middle. Positions without pawns (where a count
runs, or will once one side is bare) get their own a and b: the count makes them
drawish. Every tenth game is held out; the fit sees only the others. Prints the
constants for src/search/wdl.rs, then the held-out log loss against a constant
predictor (the training set's W/D/L frequencies) and a calibration table.

Pure Python (no numpy): the records are binned by (pawnless, material, 20 cp of
score) first, so the fit's passes run over a few thousand bins.
"""
import argparse
import math
import struct
import sys
from collections import defaultdict

# Material per kind code (marlinformat slots: pawn 0, knight 1, khon 2, rook 3, met 4,
# king 5).
KIND_MATERIAL = {0: 1, 1: 3, 2: 3, 3: 5, 4: 2, 5: 0}
START_MATERIAL = 64.0
# why: scores beyond this are mates, table wins or hopeless positions; the model is
# for the playing range (the engine maps mates and table wins to certain results).
SCORE_LIMIT = 2000
BIN_CP = 20
# why: material in steps of two (out of 64) loses nothing the cubic can use and
# quarters the bins.
MATERIAL_STEP = 2


def records(path):
    with open(path, "rb") as f:
        data = f.read()
    for off in range(0, len(data) - 31, 32):
        rec = data[off : off + 32]
        occ = struct.unpack_from("<Q", rec, 0)[0]
        n = bin(occ).count("1")
        material, pawns = 0, 0
        for i in range(n):
            code = (rec[8 + i // 2] >> (4 * (i % 2))) & 0xF
            kind = code & 7
            material += KIND_MATERIAL.get(kind, 0)
            pawns += kind == 0
        black = rec[24] & 0x80 != 0
        fullmove = struct.unpack_from("<H", rec, 26)[0]
        score = struct.unpack_from("<h", rec, 28)[0]
        result = rec[30]  # 2 White won, 1 draw, 0 Black won
        if result > 2:
            continue
        stm_score = -score if black else score
        stm_result = 2 - result if black else result  # 2 win, 1 draw, 0 loss
        yield fullmove, result, material, pawns == 0, stm_score, stm_result


def games(path):
    """Records grouped into games: a game ends where the move number falls back or
    the result changes."""
    game, last = [], None
    for fullmove, result, material, pawnless, s, r in records(path):
        if last is not None and (fullmove < last[0] or result != last[1]):
            yield game
            game = []
        game.append((material, pawnless, s, r))
        last = (fullmove, result)
    if game:
        yield game


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def poly(c, x):
    return c[0] + x * (c[1] + x * (c[2] + x * c[3]))


# Parameters: a0..a3, b0..b3 in pawns (100 cp), c0, c1.
N_PARAMS = 10


def probs(params, x, s):
    """Win, draw, loss for score s (centipawns), and the pieces the gradient needs."""
    a = poly(params[0:4], x)
    b = max(poly(params[4:8], x), 0.05)
    k = sigmoid(params[8] + params[9] * x)
    sp = s / 100.0
    sw = sigmoid((sp - a) / b)
    sl = sigmoid((-sp - a) / b)
    w, l = k * sw, k * sl
    d = max(1.0 - w - l, 1e-6)
    return w, d, l, (a, b, k, sw, sl, sp)


def nll_and_grad(params, bins):
    total, grad = 0.0, [0.0] * N_PARAMS
    for (x, s), (nw, nd, nl) in bins.items():
        w, d, l, (a, b, k, sw, sl, sp) = probs(params, x, s)
        w, l = max(w, 1e-12), max(l, 1e-12)
        total -= nw * math.log(w) + nd * math.log(d) + nl * math.log(l)
        u, v = (sp - a) / b, (-sp - a) / b
        dw_da, dw_db = k * sw * (1 - sw) * (-1 / b), k * sw * (1 - sw) * (-u / b)
        dl_da, dl_db = k * sl * (1 - sl) * (-1 / b), k * sl * (1 - sl) * (-v / b)
        dw_dc, dl_dc = sw * k * (1 - k), sl * k * (1 - k)
        g_a = -(nw / w * dw_da + nd / d * (-dw_da - dl_da) + nl / l * dl_da)
        g_b = -(nw / w * dw_db + nd / d * (-dw_db - dl_db) + nl / l * dl_db)
        g_c = -(nw / w * dw_dc + nd / d * (-dw_dc - dl_dc) + nl / l * dl_dc)
        xp = 1.0
        for j in range(4):
            grad[j] += g_a * xp
            grad[4 + j] += g_b * xp
            xp *= x
        grad[8] += g_c
        grad[9] += g_c * x
    return total, grad


def fit(bins, start):
    """Adam on the binned negative log likelihood."""
    p = list(start)
    m, v = [0.0] * N_PARAMS, [0.0] * N_PARAMS
    count = sum(sum(c) for c in bins.values())
    rate, beta1, beta2 = 0.03, 0.9, 0.999
    for step in range(1, 801):
        loss, g = nll_and_grad(p, bins)
        for k in range(N_PARAMS):
            gk = g[k] / count
            m[k] = beta1 * m[k] + (1 - beta1) * gk
            v[k] = beta2 * v[k] + (1 - beta2) * gk * gk
            mh, vh = m[k] / (1 - beta1**step), v[k] / (1 - beta2**step)
            p[k] -= rate * mh / (math.sqrt(vh) + 1e-8)
        if step % 100 == 0:
            print(f"#   step {step}: loss {loss / count:.5f}", file=sys.stderr)
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data")
    ap.add_argument("--holdout-every", type=int, default=10)
    args = ap.parse_args()

    train = {False: defaultdict(lambda: [0, 0, 0]), True: defaultdict(lambda: [0, 0, 0])}
    held = []
    n_games = 0
    for i, game in enumerate(games(args.data)):
        n_games += 1
        for material, pawnless, s, r in game:
            if abs(s) > SCORE_LIMIT:
                continue
            x = material / START_MATERIAL
            if i % args.holdout_every == 0:
                held.append((x, pawnless, s, r))
            else:
                key = (
                    (material // MATERIAL_STEP) * MATERIAL_STEP / START_MATERIAL,
                    (s // BIN_CP) * BIN_CP + BIN_CP // 2,
                )
                train[pawnless][key][2 - r] += 1  # [win, draw, loss]
    freq = [0, 0, 0]
    for table in train.values():
        for c in table.values():
            for k in range(3):
                freq[k] += c[k]
    total = sum(freq)
    print(f"# {n_games} games; {total} training positions, {len(held)} held out")
    params = {}
    for pawnless in (False, True):
        start = [1.0, 0.0, 0.0, 0.0, 1.5, 0.0, 0.0, 0.0, 0.0, 0.0]
        params[pawnless] = fit(dict(train[pawnless]), start)
        name = "PAWNLESS" if pawnless else "WITH_PAWNS"
        p = params[pawnless]
        print(f"{name}_A: [{', '.join(f'{100 * c:.2f}' for c in p[0:4])}]  (cp)")
        print(f"{name}_B: [{', '.join(f'{100 * c:.2f}' for c in p[4:8])}]  (cp)")
        print(f"{name}_DECIDED: [{p[8]:.4f}, {p[9]:.4f}]")

    # Held-out evaluation.
    const = [f / total for f in freq]
    ll_model = ll_const = 0.0
    buckets = defaultdict(lambda: [0, 0.0, 0.0])  # n, predicted score, actual score
    win_buckets = defaultdict(lambda: [0, 0.0, 0])  # n, predicted win, games won
    for x, pawnless, s, r in held:
        w, d, l, _ = probs(params[pawnless], x, s)
        p = {2: w, 1: d, 0: l}[r]
        ll_model -= math.log(max(p, 1e-9))
        ll_const -= math.log({2: const[0], 1: const[1], 0: const[2]}[r])
        expected = w + 0.5 * d
        bucket = min(int(expected * 10), 9)
        buckets[bucket][0] += 1
        buckets[bucket][1] += expected
        buckets[bucket][2] += r / 2
        wb = min(int(w * 10), 9)
        win_buckets[wb][0] += 1
        win_buckets[wb][1] += w
        win_buckets[wb][2] += r == 2
    n = len(held)
    print(f"held-out log loss per position: model {ll_model / n:.4f}, constant {ll_const / n:.4f}"
          f" (constant W/D/L {const[0]:.3f}/{const[1]:.3f}/{const[2]:.3f})")
    print("expected score bucket | positions | predicted | actual")
    for k in sorted(buckets):
        c, pred, act = buckets[k]
        print(f"{k / 10:.1f}-{(k + 1) / 10:.1f} | {c} | {pred / c:.3f} | {act / c:.3f}")
    print("predicted win bucket | positions | predicted win | won")
    for k in sorted(win_buckets):
        c, pred, won = win_buckets[k]
        print(f"{k / 10:.1f}-{(k + 1) / 10:.1f} | {c} | {pred / c:.3f} | {won / c:.3f}")
    # The score at which the side to move wins half its games, at the start's
    # material: k sigmoid((s - a) / b) = 1/2, when k > 1/2.
    p = params[False]
    a, b, k = poly(p[0:4], 1.0), poly(p[4:8], 1.0), sigmoid(p[8] + p[9])
    for score in (100, 200, 300):
        w, d, l, _ = probs(p, 1.0, score)
        print(f"at the start's material, +{score / 100:.2f}: win {w:.3f} draw {d:.3f} loss {l:.3f}")
    if k > 0.5:
        half = 100 * (a + b * math.log(1 / (2 * k - 1)))
        print(f"half the games won at the start's material: {half:.0f} cp")
    else:
        print(f"at the start's material at most {100 * k:.0f}% of the games are won")


if __name__ == "__main__":
    main()
