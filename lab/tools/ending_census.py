#!/usr/bin/env python3
"""Which pawnless endings of five men Khun's games reach, and how those games end
(issue 34, item 2: five-man tables "where it pays", chosen from real games).

    lab/tools/ending_census.py GAMES.pgn [MORE.pgn ...] [--men 5]
    lab/tools/ending_census.py GAMES.pgn ... --bare-king-fens [--drawn-only]

Replays every game with pyffish (makruk; a game's FEN tag is honoured) and notes,
for each pawnless material signature with exactly `--men` men (kings included) that
the game passes through, the game's result from the stronger side's view (the side
with more material by pawn 1, met 2, khon 3, horse 3, rook 5) and its termination.
A signature is counted once per game. Prints one line per signature, most frequent
first: games, won by the stronger side, drawn by a count, other draws, lost.

With `--bare-king-fens` it prints instead, for each game and each such signature
where one side has only its king, the first position of it as pyffish's FEN (count
fields included) followed by `# signature, file, round, result`: the list the
five-man tables' verdicts are read for (`KHUN_FIVE_FENS`, `src/tablebase/solve/five.rs`).
"""
import argparse
import re
import sys
from collections import Counter, defaultdict

import pyffish as sf

VALUE = {"p": 1, "m": 2, "s": 3, "n": 3, "r": 5, "k": 0}
ORDER = "rsnmp"


def games(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for chunk in re.split(r"\n(?=\[Event )", text):
        if "[Event " not in chunk:
            continue
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = re.sub(r"\[[^\]]*\]", "", chunk)
        body = re.sub(r"\{[^}]*\}", " ", body)
        body = re.sub(r"\([^)]*\)", " ", body)
        tokens = [t for t in body.split() if not re.match(r"^\d+\.+$", t)]
        tokens = [re.sub(r"^\d+\.+", "", t) for t in tokens]
        tokens = [t for t in tokens if t and t not in ("1-0", "0-1", "1/2-1/2", "*")]
        yield tags, tokens


def men(fen):
    board = fen.split()[0].replace("~", "")
    return [c for c in board if c.isalpha()]


def signature(pieces):
    """`KRMMvK`, the side with more material first; `None` when pawns remain."""
    if any(c in "pP" for c in pieces):
        return None
    white = sorted((c.lower() for c in pieces if c.isupper() and c != "K"), key=ORDER.index)
    black = sorted((c for c in pieces if c.islower() and c != "k"), key=ORDER.index)
    value = lambda side: sum(VALUE[c] for c in side)
    strong_is_white = (value(white), "".join(white)) >= (value(black), "".join(black))
    strong, weak = (white, black) if strong_is_white else (black, white)
    name = "K" + "".join(strong).upper() + "vK" + "".join(weak).upper()
    return name, ("white" if strong_is_white else "black")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--men", type=int, default=5)
    ap.add_argument("--bare-king-fens", action="store_true",
                    help="print the first FEN of each bare-king signature instead")
    ap.add_argument("--drawn-only", action="store_true", help="only drawn games")
    args = ap.parse_args()
    rows = defaultdict(Counter)
    total = 0
    for path in args.pgn:
        for tags, tokens in games(path):
            if args.drawn_only and tags.get("Result") != "1/2-1/2":
                continue
            total += 1
            fen = tags.get("FEN") or sf.start_fen("makruk")
            seen = {}
            for san in tokens:
                pieces = men(fen)
                if len(pieces) == args.men:
                    sig = signature(pieces)
                    if sig and sig[0] not in seen:
                        seen[sig[0]] = sig[1]
                        if args.bare_king_fens and sig[0].endswith("vK"):
                            print(f"{fen} # {sig[0]}, {path}, round {tags.get('Round', '?')}, "
                                  f"{tags.get('Result', '*')}", flush=True)
                # why the filter: naming every legal move costs most of the run; a SAN
                # move ends with its destination square (before a check sign or a
                # promotion), so only the moves to that square are named.
                dest = re.search(r"([a-h][1-8])[^a-h1-8]*$", san)
                legal = [
                    m for m in sf.legal_moves("makruk", fen, [])
                    if dest is None or m[2:4] == dest.group(1)
                ]
                if len(legal) == 1:
                    move = legal[0]
                else:
                    move = next((m for m in legal if sf.get_san("makruk", fen, m) == san), None)
                if move is None:
                    break
                fen = sf.get_fen("makruk", fen, [move])
            pieces = men(fen)
            if len(pieces) == args.men:
                sig = signature(pieces)
                if sig and sig[0] not in seen:
                    seen[sig[0]] = sig[1]
            result = tags.get("Result", "*")
            term = tags.get("Termination", "")
            for name, strong in seen.items():
                row = rows[name]
                row["games"] += 1
                if result == "1/2-1/2":
                    ended = "count" if "count" in term.lower() else "draw"
                    # makruk-match writes the reason in the last comment, not the tag
                    row[ended] += 1
                elif (result == "1-0") == (strong == "white"):
                    row["won"] += 1
                else:
                    row["lost"] += 1
    if args.bare_king_fens:
        return 0
    print(f"{total} games; pawnless endings of {args.men} men, stronger side first")
    print("ending        games  won  drawn  lost")
    for name, row in sorted(rows.items(), key=lambda kv: -kv[1]["games"]):
        drawn = row["count"] + row["draw"]
        print(f"{name:<12} {row['games']:>6} {row['won']:>4} {drawn:>6} {row['lost']:>5}")


if __name__ == "__main__":
    sys.exit(main())
