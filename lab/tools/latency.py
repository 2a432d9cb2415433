#!/usr/bin/env python3
"""Measures how fast Khun answers `stop`, `isready` and `quit` during a search.

Not a test (timings depend on the machine): a measurement for the hardening notes.
Usage: latency.py [ENGINE] [--runs N] [--threads T] [--hash MB]
Prints, per command, the median, 95th percentile and worst latency in milliseconds.
"""

import argparse
import statistics
import subprocess
import time


def start(engine, threads, hash_mb):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    send(p, "uci")
    wait_for(p, "uciok")
    send(p, f"setoption name Threads value {threads}")
    send(p, f"setoption name Hash value {hash_mb}")
    send(p, "isready")
    wait_for(p, "readyok")
    return p


def send(p, line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


def wait_for(p, prefix):
    while True:
        line = p.stdout.readline()
        if not line:
            raise RuntimeError(f"engine closed its output before '{prefix}'")
        if line.startswith(prefix):
            return line


POSITIONS = [
    "position startpos",
    "position startpos moves c3c4 f6f5 b3b4 g6g5 e3e4 c6c5",
    "position fen 8/1k6/8/8/8/8/R7/4K3 w - 32 10 54",
    "position fen r1s1ks1r/3m4/pppnpppp/3p4/4P3/PPPN1PPP/4M3/R1S1KS1R w - - 0 1",
]


def measure(args):
    stops, readies, quits = [], [], []
    for i in range(args.runs):
        p = start(args.engine, args.threads, args.hash)
        send(p, POSITIONS[i % len(POSITIONS)])
        send(p, "go infinite")
        time.sleep(args.think_ms / 2000)
        t = time.perf_counter()
        send(p, "isready")
        wait_for(p, "readyok")
        readies.append((time.perf_counter() - t) * 1000)
        time.sleep(args.think_ms / 2000)
        t = time.perf_counter()
        send(p, "stop")
        wait_for(p, "bestmove")
        stops.append((time.perf_counter() - t) * 1000)
        send(p, "go infinite")
        time.sleep(args.think_ms / 1000)
        t = time.perf_counter()
        send(p, "quit")
        p.wait(timeout=10)
        quits.append((time.perf_counter() - t) * 1000)
    return {"stop -> bestmove": stops, "isready -> readyok (searching)": readies,
            "quit -> exit (searching)": quits}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", nargs="?", default="target/release/khun")
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--think-ms", type=int, default=300)
    args = ap.parse_args()
    results = measure(args)
    print(f"{args.engine}: {args.runs} runs, Threads {args.threads}, Hash {args.hash} MB")
    for name, values in results.items():
        values.sort()
        p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
        print(f"  {name:32} median {statistics.median(values):7.2f} ms"
              f"  p95 {p95:7.2f} ms  worst {values[-1]:7.2f} ms")


if __name__ == "__main__":
    main()
