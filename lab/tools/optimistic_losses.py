#!/usr/bin/env python3
"""How a match went for one engine, from a makruk-match PGN: its score, how its draws
ended (by a count, at the ply limit, ...), and how many of its losses came after it
had rated its own position +1.0 or better (issue 29: a confident misjudgement, most
often of an attack on its own king).

    optimistic_losses.py MATCH.pgn ENGINE [--threshold 1.0] [--list]

ENGINE is the engine's name in the PGN's White/Black tags. Scores are read from the
engine's own move comments, `{+1.23/17 0.31s}` (pawns, its own point of view); mate
scores (`+M5`) count as above any threshold. The ending of a game is the last comment
before the result (`{Draw by counting rule}`), as makruk-match writes it. `--list`
prints each such loss: round, the engine's best score and the move it was given at.
"""

import argparse
import re
import sys
from collections import Counter

from clock_report import games  # the PGN reader the clock report uses

COMMENT = re.compile(r"\{([^}]*)\}")
SCORE = re.compile(r"^([+-]?)(M?)(\d+(?:\.\d+)?)/\d+")
MOVE_NUMBER = re.compile(r"(\d+)\.(?!\.)")


def mover_scores(movetext):
    """The score comments in move order with the side that gave them (0 White, 1 Black)
    and the full-move number; book moves and other comments are skipped."""
    out = []
    ply = 0
    # Walk tokens: a comment follows the move it belongs to.
    for token in re.split(r"(\{[^}]*\})", movetext):
        if token.startswith("{"):
            m = SCORE.match(token[1:-1].strip())
            if m and ply > 0:
                sign = -1.0 if m.group(1) == "-" else 1.0
                value = 1000.0 if m.group(2) == "M" else float(m.group(3))
                out.append(((ply - 1) % 2, (ply + 1) // 2, sign * value))
            continue
        for word in token.split():
            if MOVE_NUMBER.fullmatch(word) or word in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            if re.fullmatch(r"\d+\.", word):
                continue
            ply += 1
    return out


def ending(movetext):
    """makruk-match's last comment before the result, e.g. 'Draw by counting rule'."""
    comments = COMMENT.findall(movetext)
    return comments[-1].strip() if comments else "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("engine")
    ap.add_argument("--threshold", type=float, default=1.0)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()

    results = Counter()
    draw_endings = Counter()
    loss_endings = Counter()
    optimistic = []
    for tags, movetext in games(args.pgn):
        if args.engine not in (tags.get("White"), tags.get("Black")):
            continue
        side = 0 if tags.get("White") == args.engine else 1
        result = tags.get("Result", "*")
        if result == "1/2-1/2":
            results["draw"] += 1
            draw_endings[ending(movetext)] += 1
            continue
        won = (result == "1-0") == (side == 0)
        if result not in ("1-0", "0-1"):
            continue
        if won:
            results["win"] += 1
            continue
        results["loss"] += 1
        loss_endings[ending(movetext)] += 1
        own = [(move, score) for s, move, score in mover_scores(movetext) if s == side]
        best = max(own, key=lambda x: x[1], default=None)
        if best and best[1] >= args.threshold:
            optimistic.append((tags.get("Round", "?"), best[1], best[0]))

    n = sum(results.values())
    if n == 0:
        sys.exit(f"no game of {args.engine} in {args.pgn}")
    score = (results["win"] + 0.5 * results["draw"]) / n
    print(f"{args.engine}: {n} games, W {results['win']} D {results['draw']} "
          f"L {results['loss']}, score {100 * score:.1f}%")
    print("draws by: " + ", ".join(f"{k} {v}" for k, v in draw_endings.most_common()))
    print("losses by: " + ", ".join(f"{k} {v}" for k, v in loss_endings.most_common()))
    print(f"losses after rating itself +{args.threshold:.2f} or better: "
          f"{len(optimistic)} of {results['loss']}")
    if args.list:
        for rnd, best, move in optimistic:
            shown = "mate" if best >= 1000 else f"+{best:.2f}"
            print(f"  round {rnd}: {shown} at move {move}")


if __name__ == "__main__":
    main()
