#!/usr/bin/env python3
"""Mined puzzles thinned for the page's set (issue 73), before Fairy-Stockfish's re-check.

    filter_mined.py MINED.jsonl OUT.jsonl

From `khun puzzles --format json` output this drops: a saving move that captures (nearly
always the recapture a player makes without thinking; lab/log/2026-12-07-puzzle-set.md),
a puzzle whose FEN is already in one of web/puzzles/*.jsonl, and, per game, a puzzle of
the same type within 4 plies of the one before (the same line one step on: a count race
found at each step of its line is one puzzle). The tally by type goes to standard output.
Copyright the Khun developers; GPL-3.0-or-later."""
import collections
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.join(HERE, "..", "..", "web", "puzzles", "*.jsonl")


def main():
    src, out = sys.argv[1], sys.argv[2]
    shipped = set()
    for path in glob.glob(SHIPPED):
        for line in open(path, encoding="utf-8"):
            if line.strip():
                shipped.add(json.loads(line)["fen"])
    rows = [json.loads(line) for line in open(src, encoding="utf-8") if line.strip()]
    kept, last = [], {}
    for d in sorted(rows, key=lambda d: (d["variant"], d["game"], d["ply"])):
        if d["fen"] in shipped or d["type"] == "defensive" and "x" in d["bm"]:
            continue
        line = (d["variant"], d["game"], d["type"])
        follows = line in last and d["ply"] - last[line] <= 4
        last[line] = d["ply"]
        if not follows:
            kept.append(d)
    print(sorted(collections.Counter(d["type"] for d in kept).items()), len(kept))
    with open(out, "w", encoding="utf-8") as f:
        for d in kept:
            f.write(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
