#!/usr/bin/env python3
"""Second checks of players' count decisions (issue 73) that `khun puzzles --counting
players --format json` found: each keep ("count-keep") and stop ("count-stop") puzzle
searched again, deeper, by Khun (`khun analyze --count-started`, the count kept and the
other act's count) and by Fairy-Stockfish, which does not know the players' count but
knows the automatic one: a players' count that runs is, for the draw it makes, the
automatic board's honour with the same fields (limit 128 plies, the counter), so
Fairy-Stockfish is asked the kept FEN as it is and the restarted one with `128 0` (a
count started again: the side to move's move is counted 1). For a keep, Khun must find
the kept position held (above -HOLD) and the restarted one lost (at or below -LOST),
side to move's view; Fairy-Stockfish must see the kept one drawn (the count's end
within its search: FSF_HELD or better) and the restarted one clearly worse (FSF_LOST or
below). Stops are judged by Khun alone (the counting side's mate).

    verify_count_decisions.py PUZZLES.jsonl --khun PATH [--fsf PATH] [--depth 14]
        [--out KEPT.jsonl] [--report REPORT.jsonl]
"""
import argparse
import json
import subprocess

# Khun: the kept position not lost by the win threshold, the restarted one lost by
# LOST; Fairy-Stockfish (its own scale, a rook about 300 here): the kept one seen as a
# draw (FSF_HELD or better: the count's end within its search), the restarted clearly
# worse (FSF_LOST or below).
HOLD = 400
LOST = 300
FSF_HELD = -100
FSF_LOST = -200


def game_ply(fen):
    f = fen.split()
    return 2 * (int(f[-1]) - 1) + (1 if f[1] == "b" else 0)


def khun_score(khun, fen, count_started, depth):
    out = subprocess.run([khun, "analyze", "--fen", fen, "--count-started", str(count_started),
                          "--depth", str(depth), "--json"], capture_output=True, text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    # `analyze` scores from White's view: the side to move's here.
    sign = -1 if fen.split()[1] == "b" else 1
    return sign * score_cp(result["score"]), result["best_move"]


def score_cp(score):
    if "mate" in score:
        return 100000 if score["mate"] > 0 else -100000
    return score["cp"]


def fsf_score(fsf, fen, depth):
    p = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(f"uci\nsetoption name UCI_Variant value makruk\nisready\nposition fen {fen}\ngo depth {depth}\n")
    p.stdin.flush()
    score = None
    for line in p.stdout:
        parts = line.split()
        if parts[:1] == ["info"] and "score" in parts:
            i = parts.index("score")
            score = int(parts[i + 2]) if parts[i + 1] == "cp" else (100000 if int(parts[i + 2]) > 0 else -100000)
        if parts[:1] == ["bestmove"]:
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return score


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("puzzles")
    ap.add_argument("--khun", required=True)
    ap.add_argument("--fsf")
    ap.add_argument("--depth", type=int, default=14, help="Khun's depth")
    ap.add_argument("--fsf-depth", type=int, default=18,
                    help="Fairy-Stockfish's depth (from 16 it sees a count that ends 12 plies on)")
    ap.add_argument("--out")
    ap.add_argument("--report")
    ap.add_argument("--per-game", type=int, default=2,
                    help="at most this many keeps of one game (the first, then the middle one): the rest are the same lesson a move later")
    ap.add_argument("--min-counter", type=int, default=112,
                    help="keeps whose count has reached this many plies only (Fairy-Stockfish sees the end of the count from there)")
    args = ap.parse_args()
    kept, reports = [], []
    rows = [(line, json.loads(line)) for line in open(args.puzzles, encoding="utf-8")]
    chosen, by_game = [], {}
    for line, p in rows:
        if p.get("type") == "count-stop":
            chosen.append((line, p))
        elif p.get("type") == "count-keep" and int(p["fen"].split()[4]) >= args.min_counter:
            by_game.setdefault((p.get("game"), p["count_started"]), []).append((line, p))
    for group in by_game.values():
        group.sort(key=lambda lp: lp[1]["ply"])
        picks = [group[0]] + ([group[len(group) // 2]] if len(group) > 2 else [])
        chosen += picks[:args.per_game]
    for line, p in chosen:
        fen, n = p["fen"], p["count_started"]
        line = line if line.endswith("\n") else line + "\n"
        again = game_ply(fen) + 1 if p["type"] == "count-keep" else -1
        r = {"fen": fen, "count_started": n, "type": p["type"]}
        r["khun_kept"], r["khun_kept_move"] = khun_score(args.khun, fen, n, args.depth)
        r["khun_other"], _ = khun_score(args.khun, fen, again, args.depth)
        if p["type"] == "count-keep":
            ok = r["khun_kept"] > -HOLD and r["khun_other"] <= -LOST
            if args.fsf:
                f = fen.split()
                restarted = " ".join(f[:3] + ["128", "0"] + f[5:])
                r["fsf_kept"] = fsf_score(args.fsf, fen, args.fsf_depth)
                r["fsf_other"] = fsf_score(args.fsf, restarted, args.fsf_depth)
                ok = ok and r["fsf_kept"] is not None and r["fsf_other"] is not None \
                    and r["fsf_kept"] >= FSF_HELD and r["fsf_other"] <= FSF_LOST
        else:
            ok = r["khun_other"] >= HOLD
            if args.fsf:
                # Stopped: the other side starts a fresh count at once (Fairy-Stockfish's
                # automatic board's honour from 0 is that count, a ply earlier).
                f = fen.split()
                r["fsf_other"] = fsf_score(args.fsf, " ".join(f[:3] + ["128", "0"] + f[5:]), args.fsf_depth)
                ok = ok and r["fsf_other"] is not None and r["fsf_other"] >= -FSF_LOST
        r["ok"] = ok
        reports.append(r)
        if ok:
            kept.append(line)
        print(json.dumps(r), flush=True)
    if args.out:
        open(args.out, "w", encoding="utf-8").writelines(kept)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in reports)
    print(f"{len(kept)} of {len(reports)} kept")


if __name__ == "__main__":
    main()
