#!/usr/bin/env python3
"""Candidate games for players' count puzzles (issue 73): from makruk PGN files, each
game's pawnless tail (from the first position with no pawn, both sides armed, and one
side ahead in material), written as a game of its own from that position's FEN, with
the automatic count's fields `128 0` as pyffish writes them under players' counting,
and the source named in its tags ([Source "FILE#N"], [FromPly "P"]). `khun puzzles
--counting players` then searches only the tails.

    players_count_candidates.py OUT.pgn IN.pgn [IN.pgn ...] [--min-plies 30]

Needs pyffish (to replay the SAN moves).
"""
import argparse
import re

import pyffish as sf

VALUE = {"r": 5, "n": 3, "s": 2.5, "m": 1.5, "p": 1, "k": 0}


def games(path):
    text = open(path, encoding="utf-8").read()
    for n, block in enumerate(re.split(r"\n(?=\[Event )", text), 1):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens = [t for t in body.split() if not re.match(r"^\d+\.+$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        tokens = [re.sub(r"^\d+\.+", "", t) for t in tokens]
        yield n, tags, [t for t in tokens if t]


def material(fen):
    board = fen.split()[0]
    w = sum(VALUE.get(c.lower(), 0) for c in board if c.isupper())
    b = sum(VALUE.get(c, 0) for c in board if c.islower())
    pawns = sum(1 for c in board if c in "pP")
    armed = all(sum(1 for c in board if (c.isupper() if side else c.islower()) and c.lower() != "k") > 0 for side in (True, False))
    return w, b, pawns, armed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--min-plies", type=int, default=30)
    args = ap.parse_args()
    start = sf.start_fen("makruk")
    kept = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path in args.inputs:
            for n, tags, sans in games(path):
                fen, moves = tags.get("FEN", start), []
                fens = [fen]
                for san in sans:
                    legal = sf.legal_moves("makruk", fen, [])
                    dest = re.findall(r"[a-h][1-8]", san)
                    # why: only the moves to the SAN's square are worth writing in SAN.
                    near = [m for m in legal if dest and m[2:4] == dest[-1]]
                    uci = next((m for m in near if sf.get_san("makruk", fen, m).rstrip("+#") == san.rstrip("+#")), None)
                    if uci is None:
                        break
                    fen = sf.get_fen("makruk", fen, [uci])
                    fens.append(fen)
                    moves.append(uci)
                first = None
                for i, f in enumerate(fens):
                    w, b, pawns, armed = material(f)
                    if pawns == 0 and armed and abs(w - b) >= 2:
                        first = i
                        break
                if first is None or len(moves) - first < args.min_plies:
                    continue
                f = fens[first].split()
                f[3], f[4] = "128", "0"
                tail = moves[first:]
                # SAN from pyffish, one move at a time.
                sans_out, cur = [], " ".join(f)
                for m in tail:
                    sans_out.append(sf.get_san("makruk", cur, m))
                    cur = sf.get_fen("makruk", cur, [m])
                out.write(f'[Event "tail"]\n[Source "{path.split("/")[-1]}#{n}"]\n[FromPly "{first}"]\n'
                          f'[Result "{tags.get("Result", "*")}"]\n[Variant "makruk"]\n[SetUp "1"]\n[FEN "{" ".join(f)}"]\n\n')
                out.write(" ".join(sans_out) + f' {tags.get("Result", "*")}\n\n')
                kept += 1
    print(f"{kept} tails written to {args.out}")


if __name__ == "__main__":
    main()
