"""How long Khun thinks on sittuyin's placement moves, and why: each iteration's depth
and the time it completed, against the time manager's optimum and maximum, for a
clock given as `go wtime ... winc ...` (UCI), at positions of the placement phase.

Usage: python3 sittuyin_placement_time.py KHUN WTIME_MS INC_MS [MOVES ...]
(MOVES: a placement so far, each a comma-separated list of UCI moves from the start)
"""

import re
import subprocess
import sys
import time

khun, wtime, inc = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
lines = sys.argv[4:] or [""]
START = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1"
engine = subprocess.Popen([khun], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(command):
    engine.stdin.write(command + "\n")
    engine.stdin.flush()


send("uci")
send("setoption name UCI_Variant value sittuyin")
send("setoption name Hash value 32")
send("setoption name Move Overhead value 100")
send("isready")
while engine.stdout.readline().strip() != "readyok":
    pass
for moves in lines:
    moves = moves.replace(",", " ").strip()
    send("ucinewgame")
    send(f"position fen {START}" + (f" moves {moves}" if moves else ""))
    started = time.monotonic()
    send(f"go wtime {wtime} btime {wtime} winc {inc} binc {inc}")
    depths = []
    while True:
        line = engine.stdout.readline().strip()
        m = re.search(r"info depth (\d+) .*?nodes (\d+).*? time (\d+)", line)
        if m and " pv " in line and "bound" not in line:
            depths.append((int(m.group(1)), int(m.group(3)), int(m.group(2))))
        if line.startswith("bestmove"):
            total = (time.monotonic() - started) * 1000
            break
    plies = len(moves.split())
    steps = " ".join(f"d{d}@{t}" for d, t, _ in depths[-6:])
    print(f"after {plies} plies: {line}; {total:.0f} ms; last iterations (depth@ms): {steps}", flush=True)
send("quit")
