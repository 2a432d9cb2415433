#!/usr/bin/env python3
"""Counts the moves that lose 300 cp or more by the full engine's judgement, per
player, in a makruk-match JSON (lab/README.md, "Playing strength levels").

    lab/tools/blunder_count.py KHUN_BINARY MATCH.json [--nodes 20000]

Every position of every game after the book is searched once by Khun at full
strength (`go nodes N`, a fresh table per game). A move's loss is the score before it
(the mover's view) minus the score after it (the mover's view again): with s_k the
score of the position before ply k from its side to move's view, the loss of ply k
is s_k + s_(k+1). Scores are clipped to +-1000 cp (a mate counts as 1000), and only
moves played while the game was still open (|s_k| < 1000) are judged: a move in a
lost or won position cannot lose much more.
"""
import argparse
import json
import subprocess
from collections import defaultdict

CLIP = 1000
BLUNDER = 300


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(
            [cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def score(self, moves, nodes):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go nodes {nodes}")
        score = 0
        for line in self.wait("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (CLIP if value > 0 else -CLIP)
        return max(-CLIP, min(CLIP, score))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("khun")
    ap.add_argument("match")
    ap.add_argument("--nodes", type=int, default=20000)
    args = ap.parse_args()
    games = json.load(open(args.match))["games"]
    engine = Engine(args.khun)
    judged = defaultdict(int)
    blunders = defaultdict(int)
    for g in games:
        engine.send("ucinewgame")
        moves = g["moves"]
        book = g["book_plies"]
        scores = [engine.score(moves[:k], args.nodes) for k in range(book, len(moves) + 1)]
        for k in range(book, len(moves)):
            mover = g["white"] if k % 2 == 0 else g["black"]
            before, after = scores[k - book], scores[k - book + 1]
            if abs(before) >= CLIP:
                continue
            judged[mover] += 1
            if before + after >= BLUNDER:
                blunders[mover] += 1
    print(f"{len(games)} games, moves judged by Khun at {args.nodes} nodes:")
    for player in sorted(judged):
        n, b = judged[player], blunders[player]
        print(f"  {player}: {b} of {n} moves lose {BLUNDER} cp or more ({100 * b / n:.1f}%)")
    engine.send("quit")


if __name__ == "__main__":
    main()
