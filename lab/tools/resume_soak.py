#!/usr/bin/env python3
"""Kills `khun annotate` at random points and resumes it: is the output the same?

The measure of issue 32 part 3: a 200-game collection (the ten committed
makruk-match games of engine-tests/data/makruk-match-sample.pgn, twenty times over)
is annotated once without a break at a fixed depth, then again killed at random
points (SIGKILL and SIGTERM in turn, ten times unless told otherwise: each run is
signalled once the progress file reaches a game drawn at random, after a random
part of a game's time) and resumed with --resume after each kill, and finally
resumed to the end. The PGN, the JSON
Lines and the SVG of the two runs are compared byte for byte.

Not a test (it takes minutes and its kill points are random): a measurement for
the README. Usage (after `cargo build --release`):

    lab/tools/resume_soak.py [--khun target/release/khun] [--depth 5]
        [--kills 10] [--jobs 2] [--seed 1] [--keep DIR]

Prints one line per kill and a verdict; exits 0 when the outputs are identical.
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "engine-tests", "data", "makruk-match-sample.pgn")
# why: twenty copies of the ten committed games make the 200 games from
# files already in the repository; neighbouring games differ, so a game lost,
# repeated or put out of place would change the output.
COPIES = 20
OUTPUTS = ("pgn", "jsonl", "svg")


def annotate_args(khun, work, name, depth, jobs, resume):
    args = [khun, "annotate", os.path.join(work, "games.pgn"),
            "--depth", str(depth), "--jobs", str(jobs),
            "-o", os.path.join(work, f"{name}.pgn"),
            "--json", os.path.join(work, f"{name}.jsonl"),
            "--svg", os.path.join(work, f"{name}.svg")]
    return args + (["--resume"] if resume else [])


def recorded(work):
    """The games the progress file records, and the PGN length it gives."""
    try:
        with open(os.path.join(work, "part.pgn.progress"), encoding="utf-8") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return 0, 0
    games = []
    for line in lines[1:]:
        try:
            games.append(json.loads(line))
        except ValueError:
            break
    return len(games), (games[-1]["pgn_bytes"] if games else 0)


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--khun", default=os.path.join(ROOT, "target", "release", "khun"))
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="work in this folder and keep it")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = a.keep or tempfile.mkdtemp(prefix="khun-resume-soak-")
    os.makedirs(work, exist_ok=True)
    with open(SAMPLE, encoding="utf-8") as f:
        sample = f.read()
    with open(os.path.join(work, "games.pgn"), "w", encoding="utf-8") as f:
        f.write("\n".join([sample] * COPIES))
    games = 10 * COPIES

    started = time.monotonic()
    whole = subprocess.run(annotate_args(a.khun, work, "whole", a.depth, a.jobs, False),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    uninterrupted = time.monotonic() - started
    if whole.returncode != 0:
        sys.exit(f"the uninterrupted run failed with {whole.returncode}")
    print(f"uninterrupted: {games} games at depth {a.depth}, --jobs {a.jobs}: "
          f"{uninterrupted:.1f} s", flush=True)

    # Kill points at random across the whole collection: each run is signalled
    # once the progress file records its target game, plus a random part of a
    # game's time, so the signal lands anywhere in a game, its search or its write.
    game_time = uninterrupted / games * a.jobs
    targets = sorted(rng.sample(range(1, games), a.kills))
    started = time.monotonic()
    kills = 0
    failures = []
    for k, target in enumerate(targets):
        sig = signal.SIGKILL if k % 2 == 0 else signal.SIGTERM
        before, _ = recorded(work)
        p = subprocess.Popen(annotate_args(a.khun, work, "part", a.depth, a.jobs, True),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        while p.poll() is None and recorded(work)[0] < target:
            time.sleep(0.005)
        if p.poll() is None:
            time.sleep(rng.uniform(0, game_time))
        if p.poll() is not None:
            print(f"kill {k + 1}: the run finished before it; no more kills")
            break
        p.send_signal(sig)
        _, stderr = p.communicate()
        kills += 1
        done, pgn_bytes = recorded(work)
        torn = size(os.path.join(work, "part.pgn")) - pgn_bytes
        name = signal.Signals(sig).name
        line = (f"kill {k + 1}: {name} at game {target}, exit {p.returncode}, "
                f"games {before} -> {done} of {games}, PGN past the last recorded game: "
                f"{torn} bytes")
        if sig == signal.SIGTERM:
            # A clean stop: exit 143, the output ends at the last recorded game.
            if p.returncode != 128 + signal.SIGTERM or torn != 0 \
                    or "stopped by SIGTERM" not in stderr:
                failures.append(f"kill {k + 1}: SIGTERM did not stop cleanly: {stderr}")
                line += "  <- not clean"
        print(line, flush=True)
    final = subprocess.run(annotate_args(a.khun, work, "part", a.depth, a.jobs, True),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    interrupted = time.monotonic() - started
    if final.returncode != 0:
        failures.append(f"the last resume failed with {final.returncode}")
    print(f"interrupted {kills} times and resumed: {interrupted:.1f} s in all")
    for ext in OUTPUTS:
        with open(os.path.join(work, f"whole.{ext}"), "rb") as f:
            x = f.read()
        with open(os.path.join(work, f"part.{ext}"), "rb") as f:
            y = f.read()
        same = "identical" if x == y else "DIFFERENT"
        print(f"{ext}: {len(x)} bytes uninterrupted, {len(y)} resumed: {same}")
        if x != y:
            failures.append(f"{ext} differs")
    if not a.keep:
        shutil.rmtree(work)
    if failures:
        sys.exit("FAILED: " + "; ".join(failures))
    print("OK: the resumed output is the uninterrupted one, byte for byte")


if __name__ == "__main__":
    main()
