"""Summarises a `pychess_bot_lab.py` or `pychess_bot_ws_lab.py` run: one row a game (the
server's status and result, plies, Khun's moves) and Khun's time per move, as Khun
measured it (from the state's arrival to the move's sending, in bot.log) and as the
server charged it (its clocks, games.jsonl); the difference is the lag the server saw
beyond Khun's own time (the stream's delivery, the move's request, the server's
handling). The move that followed a cut, a kill or a restart is left out of the lag
and shown on its own (its charge is mostly the time the client or server was away).

Usage: python pychess_bot_report.py OUT_DIR
"""

import json
import re
import statistics
import sys

out = sys.argv[1]
spent = {}
line_re = re.compile(r"game (\w+): ply (\d+) Khun plays \S+ \(.*; (\d+) ms of (\d+) ms\)")
for line in open(f"{out}/bot.log"):
    m = line_re.search(line)
    if m:
        spent.setdefault(m.group(1), []).append((int(m.group(2)), int(m.group(3)), int(m.group(4))))

print("| game | variant | Khun | clock | server's end | result | plies | Khun's moves "
      "| Khun's time a move, mean / max ms | largest share of its clock on one move "
      "| charged by the server, mean / max ms "
      "| lag, mean / max ms | least clock left, s | the move after the cut: charged / Khun's own, ms |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
lags_all = []
for row in map(json.loads, open(f"{out}/games.jsonl")):
    own = spent.get(row.get("game"), [])
    charged = row["khun_charged_ms"]
    # The server does not charge the first two plies (Khun's first move, which
    # gets the increment only); compare the moves after.
    pairs = list(zip(own, charged))[1:]
    cut_ply = row.get("cut_ply") if row.get("cut") else None
    after_cut = next((p for p in pairs if cut_ply is not None and p[0][0] > cut_ply), None)
    lags = [c - s for ((ply, s, _), c) in pairs if after_cut is None or ply != after_cut[0][0]]
    lags_all += lags
    own_ms = [s for _, s, _ in own]
    share = max((s / clock for _, s, clock in own if clock > 0), default=0)
    least = min([clock for _, _, clock in own] + [row["khun_clock_left_ms"]]) / 1000
    khun = "Black" if row["person"] == "w" else "White"
    if row.get("cut"):
        name = f"{row.get('game')} ({row['cut']} at ply {row['cut_ply']})"
    else:
        name = str(row.get("game")) + (" (killed mid-game)" if row["killed_mid_game"] else "")
    recovery = f"{after_cut[1]:.0f} / {after_cut[0][1]}" if after_cut else ""
    print(f"| {name} | {row['variant']} | {khun} | {row['tc']} | {row['status']} "
          f"| {row['result']} | {row['plies']} | {len(own)} "
          f"| {statistics.mean(own_ms) if own_ms else 0:.0f} / {max(own_ms, default=0)} "
          f"| {100 * share:.0f}% "
          f"| {statistics.mean(charged[1:]) if len(charged) > 1 else 0:.0f} / {max(charged, default=0):.0f} "
          f"| {statistics.mean(lags) if lags else 0:.0f} / {max(lags, default=0):.0f} "
          f"| {least:.1f} | {recovery} |")
if lags_all:
    lags_all.sort()
    print(f"\nlag over {len(lags_all)} moves: mean {statistics.mean(lags_all):.0f} ms, "
          f"median {lags_all[len(lags_all) // 2]:.0f} ms, "
          f"95th percentile {lags_all[len(lags_all) * 95 // 100]:.0f} ms, max {lags_all[-1]:.0f} ms")
