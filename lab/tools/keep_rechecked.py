#!/usr/bin/env python3
"""Keeps the puzzles Fairy-Stockfish agrees with, from recheck_puzzles.py's report.

    keep_rechecked.py PUZZLES.jsonl REPORT.jsonl > KEPT.jsonl

A puzzle is kept when the rules' replay was ok (pyffish) and Fairy-Stockfish's best
move at the report's depth is the puzzle's first move, with a mate where the puzzle is
a mate (`agree`, or `second`: its best move the puzzle's but its second line nearer
than the puzzle's margin on its own scale, whose centipawns run about half Khun's).
Dropped: `other-best` (it prefers another move), `longer-mate`, `no-mate`, and a
`second` whose best move is another. The tally goes to standard error.
"""
import json
import sys
from collections import Counter


def main():
    puzzles_path, report_path = sys.argv[1:3]
    puzzles = [line for line in open(puzzles_path) if line.strip()]
    reports = [json.loads(line) for line in open(report_path) if line.strip()]
    if len(puzzles) != len(reports):
        sys.exit(f"keep_rechecked: {len(puzzles)} puzzles but {len(reports)} reports")
    tally = Counter()
    for text, report in zip(puzzles, reports):
        puzzle = json.loads(text)
        if report["fen"] != puzzle["fen"]:
            sys.exit(f"keep_rechecked: report {report['n']} is of another position")
        verdict, detail = report["fsf"]
        best = detail.split()[1] if detail.startswith("best ") else None
        replay_ok = report["pyffish"][0] == "ok"
        keep = replay_ok and (verdict == "agree" or (verdict == "second" and best == puzzle["moves"][0]))
        tally["kept" if keep else f"dropped {verdict if replay_ok else 'replay'}"] += 1
        if keep:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
    print(", ".join(f"{k} {v}" for k, v in sorted(tally.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
