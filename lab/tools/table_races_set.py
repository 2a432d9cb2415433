#!/usr/bin/env python3
"""Chooses the count races the page ships from `table_check_races.py --scan` output.

    table_races_set.py OUT.pgn SCAN.jsonl... [--per-material N] [--per-start K]

Each scan line is a position the endgame tables alone make a count race (one move
wins within the count, or one move holds it out), found in a game. Races of one
ending repeat one lesson, so this keeps:
- one race per game, and none within 6 plies of a race of the same kind in its game
  already kept (the same race a move later is no new puzzle);
- at most K races (`--per-start`, 2) from the games played from one start position
  (table_ending_selfplay.py plays several from each);
- at most N races of one material and kind (`--per-material`, 30), holds first,
  then by game order;
- each position once (its FEN without the move number).

Writes the kept positions as one-position games (`[FEN]`, `[SetUp "1"]`, a `[Source]`
tag naming where the game came from) for `khun puzzles --depth 10` to judge and
write with their lines. The tally per material goes to standard error.
Copyright the Khun developers; GPL-3.0-or-later.
"""

import argparse
import collections
import json
import re
import sys

GAP_PLIES = 6


def material(fen):
    placement = fen.split()[0]
    white = "".join(sorted(c for c in placement if c.isupper()))
    black = "".join(sorted(c.upper() for c in placement if c.islower()))
    # One ending whichever colour has it: the stronger (longer) side first.
    strong, weak = sorted((white, black), key=lambda side: (-len(side), side))
    return f"{strong}v{weak}"


def start_fens(path):
    """The [FEN] of each game of a PGN file, by its index from 0 (None: the start)."""
    fens, current = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("[Event "):
                fens.append(None)
            m = re.match(r'\[FEN "([^"]*)"\]', line)
            if m and fens:
                fens[-1] = m.group(1)
    return fens


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("scans", nargs="+")
    ap.add_argument("--per-material", type=int, default=30)
    ap.add_argument("--per-start", type=int, default=2)
    args = ap.parse_args()
    races = []
    for path in args.scans:
        with open(path, encoding="utf-8") as f:
            races.extend(json.loads(line) for line in f if line.strip())
    # Holds are the rarer lesson: they go first within each material.
    races.sort(key=lambda r: (r["theme"] != "countHold",))
    starts = {}
    seen, per_game, per_start, per_material = set(), {}, collections.Counter(), collections.Counter()
    kept = []
    for r in races:
        key = " ".join(r["fen"].split()[:5])
        game = (r["source"], r["game"])
        if key in seen or game in per_game:
            continue
        if any(abs(p - r["ply"]) < GAP_PLIES for p in per_game.get(game, [])):
            continue
        if r["source"] not in starts:
            starts[r["source"]] = start_fens(r["source"])
        start = (r["source"], starts[r["source"]][r["game"]] or f"game {r['game']}")
        mat = (material(r["fen"]), r["theme"])
        if per_start[start] >= args.per_start or per_material[mat] >= args.per_material:
            continue
        seen.add(key)
        per_game.setdefault(game, []).append(r["ply"])
        per_start[start] += 1
        per_material[mat] += 1
        kept.append(r)
    with open(args.out, "w", encoding="utf-8") as f:
        for r in kept:
            f.write(f'[Event "count race"]\n[Variant "{r["variant"]}"]\n'
                    f'[FEN "{r["fen"]}"]\n[SetUp "1"]\n'
                    f'[Source "{r["source"]} game {r["game"]} ply {r["ply"]}"]\n'
                    f'[Result "*"]\n\n*\n\n')
    for (mat, theme), n in sorted(per_material.items(), key=lambda kv: -kv[1]):
        print(f"{mat:10} {theme:10} {n}", file=sys.stderr)
    print(f"kept {len(kept)} of {len(races)}", file=sys.stderr)


if __name__ == "__main__":
    main()
