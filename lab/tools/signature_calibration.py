#!/usr/bin/env python3
"""How sure the search is against how games end, by material signature (issue 50).

    signature_calibration.py table RECORDS.bin ... [--min 300] [--top 40]
    signature_calibration.py eval KHUN RECORDS.bin ... --signature 'NNMM+p v R' \\
        [--signature ...] [--net builtin] [--net FILE ...] [--per 150]

RECORDS.bin are `khun datagen` or `khun records` files (32-byte records,
src/nnue/data.rs): a position, its search score (White's view) and the game's result.

A position's signature is the material of the side its score favours, then the
other side's: pieces without the king, rook horse khon met (R N S M), and `+p` when
that side has a pawn left. 'NNMM+p v R' is two horses, two mets and pawns against
a rook. Only positions scored 1.50 or more for one side (and under 20.00, beyond
which a score is a mate or a table's verdict) are counted.

`table` prints, for each signature with at least --min positions, how the games
ended for the side ahead (win, draw, loss) and its mean score, the signatures where
the search is surest of a win that does not come first (draw share times mean
score). Self-play records tell what Khun makes of such a position against itself;
records of outside games (`khun records`) what it made of it against them.

`eval` takes --per positions of each signature (seeded, the same for every net)
and prints the mean static evaluation each network gives the side ahead, in pawns,
as the search uses it (the network's score after the endgame and count knowledge,
UCI `eval`). A network that learnt the results scores the drawn signatures lower
and leaves the won ones.
"""
import argparse
import random
import re
import struct
import subprocess
import sys
from collections import defaultdict

RECORD_BYTES = 32
# Piece kind codes of the records (marlinformat slots): the FEN letter of each.
KIND_LETTER = {0: "p", 1: "n", 2: "s", 3: "r", 4: "m", 5: "k"}
SIGNATURE_ORDER = "RNSM"
# why: below 1.50 neither side is clearly ahead; at 20.00 and beyond the score is a
# mate, a table's verdict or the bare-king bonus, not the network's judgement.
MIN_SCORE_CP = 150
MAX_SCORE_CP = 2000


def side_signature(letters):
    pieces = sorted((x for x in letters if x in SIGNATURE_ORDER), key=SIGNATURE_ORDER.index)
    return "".join(pieces) + ("+p" if "P" in letters else "")


def positions(paths):
    """(signature, points for the side ahead 1 / 0.5 / 0, |score| in cp, FEN,
    +1 when White is ahead else -1) for each counted record."""
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        for off in range(0, len(data) - RECORD_BYTES + 1, RECORD_BYTES):
            rec = data[off : off + RECORD_BYTES]
            score = struct.unpack_from("<h", rec, 28)[0]
            result = rec[30]  # 2 White won, 1 draw, 0 Black won
            if result > 2 or not MIN_SCORE_CP <= abs(score) < MAX_SCORE_CP:
                continue
            occupied = struct.unpack_from("<Q", rec, 0)[0]
            board = [None] * 64
            white, black = [], []
            index = 0
            for square in range(64):
                if occupied >> square & 1:
                    code = (rec[8 + index // 2] >> (4 * (index % 2))) & 0xF
                    index += 1
                    letter = KIND_LETTER.get(code & 7, "?")
                    is_black = code & 8 != 0
                    board[square] = letter if is_black else letter.upper()
                    (black if is_black else white).append(letter.upper())
            white_ahead = score > 0
            ahead, behind = (white, black) if white_ahead else (black, white)
            signature = side_signature(ahead) + " v " + side_signature(behind)
            points = (result if white_ahead else 2 - result) / 2
            to_move = "b" if rec[24] & 0x80 else "w"
            yield signature, points, abs(score), fen(board, to_move), 1 if white_ahead else -1


def fen(board, to_move):
    """The FEN of `board` (64 squares from a1, a letter or None) with `to_move`."""
    ranks = ("".join(board[rank * 8 + file] or "1" for file in range(8)) for rank in range(7, -1, -1))
    placement = "/".join(re.sub("1+", lambda run: str(len(run.group())), rank) for rank in ranks)
    return f"{placement} {to_move} - - 0 1"


def table(args):
    # signature -> [positions, wins, draws, losses, sum of scores]
    stats = defaultdict(lambda: [0, 0, 0, 0, 0])
    for signature, points, score, _, _ in positions(args.records):
        row = stats[signature]
        row[0] += 1
        row[1 + int(2 - 2 * points)] += 1
        row[4] += score
    rows = [(s, r) for s, r in stats.items() if r[0] >= args.min]
    rows.sort(key=lambda sr: -(sr[1][2] / sr[1][0]) * (sr[1][4] / sr[1][0]))
    print(f"{'side ahead v side behind':<26} {'positions':>9} {'win%':>6} {'draw%':>6} {'loss%':>6} {'mean score':>10}")
    for signature, (n, wins, draws, losses, total) in rows[: args.top]:
        print(f"{signature:<26} {n:>9} {100 * wins / n:>6.1f} {100 * draws / n:>6.1f} "
              f"{100 * losses / n:>6.1f} {total / n / 100:>10.2f}")


def evaluate(args):
    wanted = set(args.signature)
    pool = defaultdict(list)
    for signature, points, score, position, sign in positions(args.records):
        if signature in wanted:
            pool[signature].append((position, sign, score, points))
    rng = random.Random(args.seed)
    print(f"{'side ahead v side behind':<26} {'n':>4} {'points':>6} {'records':>7} " +
          " ".join(f"{net[-14:]:>14}" for net in args.net))
    for signature in args.signature:
        chosen = pool[signature]
        rng.shuffle(chosen)
        chosen = chosen[: args.per]
        if not chosen:
            print(f"{signature:<26} no position")
            continue
        cells = []
        for net in args.net:
            scores = static_evals(args.khun, net, [c[0] for c in chosen])
            if len(scores) != len(chosen):
                sys.exit(f"{net}: {len(scores)} evaluations for {len(chosen)} positions")
            cells.append(sum(s * c[1] for s, c in zip(scores, chosen)) / len(chosen))
        n = len(chosen)
        print(f"{signature:<26} {n:>4} {sum(c[3] for c in chosen) / n:>6.2f} "
              f"{sum(c[2] for c in chosen) / n / 100:>7.2f} " + " ".join(f"{c:>14.2f}" for c in cells))


def static_evals(khun, net, fens):
    """White's view, in pawns, of each position: the score the search uses."""
    commands = ["uci"]
    if net != "builtin":
        commands.append(f"setoption name EvalFile value {net}")
    commands.append("isready")
    for position in fens:
        commands += [f"position fen {position}", "eval"]
    commands.append("quit")
    out = subprocess.run([khun], input="\n".join(commands) + "\n", capture_output=True, text=True).stdout
    return [float(v) for v in re.findall(r"raw, (-?[0-9.]+) with", out)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("table", help="results and scores by signature")
    t.add_argument("records", nargs="+")
    t.add_argument("--min", type=int, default=300, help="positions a signature needs to be shown")
    t.add_argument("--top", type=int, default=40)
    e = sub.add_parser("eval", help="the networks' mean evaluation by signature")
    e.add_argument("khun")
    e.add_argument("records", nargs="+")
    e.add_argument("--signature", action="append", required=True)
    e.add_argument("--net", action="append", default=None, help="'builtin' or a network file")
    e.add_argument("--per", type=int, default=150, help="positions per signature")
    e.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "table":
        table(args)
    else:
        args.net = args.net or ["builtin"]
        evaluate(args)


if __name__ == "__main__":
    main()
