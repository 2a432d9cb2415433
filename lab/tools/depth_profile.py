#!/usr/bin/env python3
"""Time-to-depth and nodes-to-depth of UCI engines on Khun's bench positions.

For every position, each engine searches `go depth D` from a cleared hash; the
`info depth N ... nodes X time T` lines give, per completed depth, the nodes and
milliseconds it took to get there. The report sums them over the positions (a
position that did not reach a depth is left out of that depth's sums for every
engine, so the columns compare like with like) and gives the median time too.

    depth_profile.py --depth 14 --engine khun=target/release/khun \\
        --engine fsf=/path/to/fairy-stockfish [--positions FILE] [--hash 16] \\
        [--option 'fsf:Use NNUE=false' --option khun:EvalFile=net.nnue ...]

Positions: one FEN a line (default: those `khun bench` searches, read from
`src/bench.rs`). Not a test: the numbers depend on the machine.
"""
import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

INFO = re.compile(r"\bdepth (\d+)\b.*?\bnodes (\d+)\b.*?\btime (\d+)\b")
INFO_TIME_FIRST = re.compile(r"\bdepth (\d+)\b.*?\btime (\d+)\b.*?\bnodes (\d+)\b")


def bench_positions(repo):
    text = (repo / "src" / "bench.rs").read_text()
    block = text.split("const POSITIONS", 1)[1].split("];", 1)[0]
    return re.findall(r'"([^"]+)"', block)


class Engine:
    def __init__(self, name, cmd, hash_mb, options=()):
        self.name = name
        self.proc = subprocess.Popen(
            [cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value makruk")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        for option, value in options:
            self.send(f"setoption name {option} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, token):
        lines = []
        for line in self.proc.stdout:
            lines.append(line.strip())
            if line.startswith(token):
                return lines
        raise RuntimeError(f"{self.name} ended before {token}")

    def profile(self, fen, depth):
        """{depth: (nodes, ms)} for each depth the search completed."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        self.send(f"go depth {depth}")
        reached = {}
        for line in self.wait("bestmove"):
            if not line.startswith("info") or " pv " not in line:
                continue
            if "lowerbound" in line or "upperbound" in line or "multipv 2" in line:
                continue
            m = INFO.search(line)
            if m:
                d, nodes, ms = map(int, m.groups())
            else:
                m = INFO_TIME_FIRST.search(line)
                if not m:
                    continue
                d, ms, nodes = map(int, m.groups())
            reached[d] = (nodes, ms)
        return reached

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--engine", action="append", required=True, help="NAME=PATH")
    ap.add_argument("--positions", help="file of FENs (default: the bench positions)")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument(
        "--option", action="append", default=[], help="ENGINE:NAME=VALUE, a UCI option for one engine"
    )
    args = ap.parse_args()
    options = {}
    for spec in args.option:
        engine, setting = spec.split(":", 1)
        options.setdefault(engine, []).append(tuple(setting.split("=", 1)))
    repo = Path(__file__).resolve().parents[2]
    fens = (
        [l.strip() for l in open(args.positions) if l.strip()]
        if args.positions
        else bench_positions(repo)
    )
    engines = []
    for spec in args.engine:
        name, cmd = spec.split("=", 1)
        engines.append(Engine(name, cmd, args.hash, options.get(name, ())))
    results = {e.name: [] for e in engines}
    for i, fen in enumerate(fens):
        for e in engines:
            results[e.name].append(e.profile(fen, args.depth))
        print(f"position {i + 1}/{len(fens)} done", file=sys.stderr)
    for e in engines:
        e.close()
    names = [e.name for e in engines]
    header = "| depth | positions | " + " | ".join(
        f"{n} nodes | {n} total ms | {n} median ms" for n in names
    ) + " |"
    print(header)
    print("|" + "---|" * (2 + 3 * len(names)))
    for d in range(1, args.depth + 1):
        # Positions every engine completed to this depth.
        common = [
            i for i in range(len(fens)) if all(d in results[n][i] for n in names)
        ]
        if not common:
            continue
        cells = []
        for n in names:
            nodes = sum(results[n][i][d][0] for i in common)
            times = [results[n][i][d][1] for i in common]
            cells.append(f"{nodes} | {sum(times)} | {statistics.median(times):.0f}")
        print(f"| {d} | {len(common)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
