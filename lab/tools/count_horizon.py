#!/usr/bin/env python3
"""Two Khun builds on the positions where a count is about to run out: which mates
each finds at a fixed depth, and the nodes it spends (the search change of
lab/log/2026-12-07-count-horizon.md).

    count_horizon.py OLD NEW GAMES.pgn [--depth 8] [--max-left 12] [--limit 600]

Positions: every position of the games (as `count_fragments.py` writes them: `[FEN]`
and SAN) where a count runs with at most `--max-left` plies left, deduplicated, the
first `--limit`. Each build searches each to `--depth` over UCI with a fresh hash;
the tally: mates found by both, by one only (listed), and the total nodes.
Replays with Khun's Python package (pyffish's functions) where installed.
Copyright the Khun developers; GPL-3.0-or-later."""
import argparse
import subprocess

try:
    import khun as sf
except ImportError:
    import pyffish as sf

from count_fragments import games, uci_moves


def positions(path, max_left, limit):
    seen, out = set(), []
    for tags, sans in games(path):
        variant = tags.get("Variant", "makruk").lower()
        start = tags.get("FEN") or sf.start_fen(variant)
        replayed = uci_moves(variant, start, sans)
        if replayed is None:
            continue
        for fen in replayed[1][:-1]:
            f = fen.split()
            if f[3] in ("-", "0") or int(f[3]) - int(f[4]) > max_left:
                continue
            if not sf.legal_moves(variant, fen, []) or fen in seen:
                continue
            seen.add(fen)
            out.append((variant, fen))
            if len(out) >= limit:
                return out
    return out


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, token):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            if line.startswith(token):
                return line

    def search(self, variant, fen, depth):
        """(score words, e.g. 'mate 2' or 'cp 0', nodes) of a search to `depth`."""
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score, nodes = None, 0
        while True:
            line = self.p.stdout.readline()
            if line.startswith("bestmove"):
                return score, nodes
            w = line.split()
            if "score" in w and "nodes" in w:
                i = w.index("score")
                score = " ".join(w[i + 1:i + 3])
                nodes = int(w[w.index("nodes") + 1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("games")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--max-left", type=int, default=12)
    ap.add_argument("--limit", type=int, default=600)
    a = ap.parse_args()
    todo = positions(a.games, a.max_left, a.limit)
    old, new = Engine(a.old), Engine(a.new)
    both = only_old = only_new = 0
    nodes_old = nodes_new = 0
    for variant, fen in todo:
        (so, no), (sn, nn) = old.search(variant, fen, a.depth), new.search(variant, fen, a.depth)
        nodes_old += no
        nodes_new += nn
        mo, mn = so.startswith("mate"), sn.startswith("mate")
        if mo and mn:
            both += 1
        elif mo:
            only_old += 1
            print(f"old only: {fen}  old {so}  new {sn}")
        elif mn:
            only_new += 1
            print(f"new only: {fen}  old {so}  new {sn}")
    print(f"{len(todo)} positions, depth {a.depth}, at most {a.max_left} plies left: "
          f"mates found by both {both}, old only {only_old}, new only {only_new}; "
          f"nodes old {nodes_old}, new {nodes_new} ({nodes_new / max(nodes_old, 1):.3f}x)")


if __name__ == "__main__":
    main()
