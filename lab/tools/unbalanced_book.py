#!/usr/bin/env python3
"""An unbalanced opening book for screening matches.

Between two close builds of Khun most games from balanced openings are drawn (about
80% at 3+0.03 from `openings-8ply.txt`), so a match needs many games to tell a few
Elo apart. Openings where one side is already somewhat better (not lost) turn more
of the games into wins and losses; `makruk-match` plays every opening with both
colours, so the imbalance cancels in the pair and the pentanomial statistics see the
difference between the engines at a lower cost (the idea of Stockfish's "UHO" books).

The book is made by random legal play (`makruk-match --make-openings`), each candidate
searched by Khun with the hand-written evaluation to a fixed depth; those where one
side stands `--min`..`--max` centipawns better are kept:

    python3 lab/tools/unbalanced_book.py --engine target/release/khun \\
        --candidates 4000 --plies 10 --seed 7 --depth 8 --min 80 --max 200 \\
        --out book-ub.txt

With these arguments it keeps 522 of 4000 openings (about 3 minutes); in the screens
of issue 15 the draw rate at 20 000 nodes a move fell from 80% to 62% and a game took
half the time.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

MATCH = Path(__file__).resolve().parents[3] / "shared" / "tools" / "makruk-match"


def candidates(match, count, plies, seed):
    out = subprocess.run(
        [str(match), "--make-openings", str(count), "--plies", str(plies), "--seed", str(seed)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [l.strip() for l in out.splitlines() if l.strip() and not l.startswith("#")]


def white_scores(engine, lines, depth):
    """Khun's score of each line's final position, from White's side (None: mate)."""
    p = subprocess.Popen(
        [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    p.stdin.write("uci\nsetoption name Use NNUE value false\nisready\n")
    for line in lines:
        p.stdin.write(f"ucinewgame\nposition {line}\ngo depth {depth}\n")
        score = None
        while True:
            out = p.stdout.readline()
            if not out:
                raise RuntimeError("the engine closed its output")
            m = re.search(r"score (cp|mate) (-?\d+)", out)
            if m:
                score = int(m.group(2)) if m.group(1) == "cp" else None
            if out.startswith("bestmove"):
                break
        moves = len(line.split()) - 2 if " moves " in line else 0
        yield line, (None if score is None else score if moves % 2 == 0 else -score)
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--match", default=str(MATCH), help="the makruk-match script")
    ap.add_argument("--candidates", type=int, default=4000)
    ap.add_argument("--plies", type=int, default=10)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--min", type=int, default=80)
    ap.add_argument("--max", type=int, default=200)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    lines = candidates(args.match, args.candidates, args.plies, args.seed)
    kept = [
        line
        for line, score in white_scores(args.engine, lines, args.depth)
        if score is not None and args.min <= abs(score) <= args.max
    ]
    with open(args.out, "w") as f:
        f.write(
            f"# unbalanced_book.py --candidates {args.candidates} --plies {args.plies} "
            f"--seed {args.seed} --depth {args.depth} --min {args.min} --max {args.max}\n"
            f"# {len(kept)} of {len(lines)} random openings where one side stands "
            f"{args.min}..{args.max} cp better (hand-written evaluation)\n"
        )
        for line in kept:
            f.write(line + "\n")
    print(f"kept {len(kept)} of {len(lines)}", file=sys.stderr)


if __name__ == "__main__":
    main()
