#!/usr/bin/env python3
"""SPSA tuning of Khun's search parameters with makruk-match games.

The engine must be built with the `tune` feature, which makes every parameter of
src/search/params.rs a UCI spin option:

    cargo build --release --features tune
    lab/tools/spsa.py --engine target/release/khun \
        --match ../shared/tools/makruk-match --openings lab/tools/openings-8ply.txt \
        --tc 3+0.03 --iterations 400 --state spsa-state.json

(`--nodes 20000` instead of `--tc` plays at fixed nodes: load-immune, and with the
unbalanced book `lab/tools/book-ub-10ply.txt` fewer games are drawn.)

Each iteration perturbs every tuned parameter by +-c_k (a random sign per
parameter), plays a pair of games (one opening, each colour once; more with
--pairs) between the plus and the minus engine, and moves the parameters along
the signs by R_k * c_k * (plus's wins - losses). The schedule is the one
fishtest uses: c_k = c_end * (N / k)^gamma, a_k = a / (A + k)^alpha with
A = N / 10, a chosen so that R at the end is --r-end. c_end defaults to a
twentieth of each parameter's range (printed by the engine's `uci`).

The state (theta, iteration, history) is written after every iteration, so a
killed run resumes with the same --state file. At the end (and with --show) it
prints the tuned values, rounded, as `setoption` lines and as params.rs values.
This script plays games; it is a measurement, not a test.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ALPHA = 0.602
GAMMA = 0.101


def engine_tunables(engine):
    """Name -> (default, min, max) from the engine's `uci` option lines."""
    out = subprocess.run(
        [engine], input="uci\nquit\n", capture_output=True, text=True, timeout=30
    ).stdout
    known = {
        "Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Contempt",
        "Clear Hash", "EvalFile", "Use NNUE", "UCI_Variant",
    }
    tunables = {}
    for line in out.splitlines():
        words = line.split()
        if words[:2] != ["option", "name"] or "spin" not in words:
            continue
        name = " ".join(words[2:words.index("type")])
        if name in known:
            continue
        field = {words[i]: words[i + 1] for i in range(len(words) - 1)}
        tunables[name] = (int(field["default"]), int(field["min"]), int(field["max"]))
    if not tunables:
        sys.exit(f"{engine}: no tunable options; build it with --features tune")
    return tunables


def play(args, plus, minus, seed):
    """Plays the plus engine against the minus one; returns plus's wins - losses."""
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, "m.json")
        cmd = [args.match]
        for name, values in (("plus", plus), ("minus", minus)):
            cmd += ["--engine", f"name={name}", f"cmd={args.engine}"]
            cmd += [f"option.{k}={v}" for k, v in values.items()]
            cmd += [f"option.Use NNUE={'true' if args.nnue else 'false'}"]
        # why: a fixed node count is immune to the machine's load, so a tuning run
        # can share the machine with builds and other matches.
        cmd += ["--nodes", str(args.nodes)] if args.nodes else ["--tc", args.tc]
        cmd += ["--games", str(2 * args.pairs)]
        cmd += ["--concurrency", str(args.concurrency), "--seed", str(seed)]
        cmd += ["--json", summary]
        if args.openings:
            cmd += ["--openings", args.openings]
        subprocess.run(cmd, check=True, capture_output=True, text=True)
        with open(summary) as f:
            first = json.load(f)["summary"]["first_engine"]
        return first["wins"] - first["losses"]


def rounded(theta, tunables):
    return {
        k: max(tunables[k][1], min(tunables[k][2], int(round(v))))
        for k, v in theta.items()
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", required=True, help="a Khun built with --features tune")
    p.add_argument("--match", default="../shared/tools/makruk-match")
    p.add_argument("--openings", help="openings file for makruk-match")
    p.add_argument("--tc", default="3+0.03")
    p.add_argument("--nodes", type=int, help="fixed nodes per move instead of --tc")
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--pairs", type=int, default=1, help="game pairs per iteration")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--params", help="comma-separated names (default: all)")
    p.add_argument("--r-end", type=float, default=0.01,
                   help="R at the last iteration (fishtest uses 0.002 over far more games)")
    p.add_argument("--c-fraction", type=float, default=1 / 20,
                   help="c_end as a fraction of each range")
    p.add_argument("--nnue", action="store_true", help="tune with the network on")
    p.add_argument("--state", required=True, help="JSON state file (resumed if present)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--show", action="store_true", help="print the state's values and stop")
    args = p.parse_args()

    tunables = engine_tunables(args.engine)
    names = args.params.split(",") if args.params else sorted(tunables)
    for n in names:
        if n not in tunables:
            sys.exit(f"unknown parameter {n}; the engine has: {', '.join(sorted(tunables))}")

    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
    else:
        state = {"iteration": 0, "theta": {n: float(tunables[n][0]) for n in names},
                 "history": []}
    theta = state["theta"]

    n_iter = args.iterations
    big_a = n_iter / 10
    c_end = {n: max(1.0, (tunables[n][2] - tunables[n][1]) * args.c_fraction) for n in names}
    # a such that R_N = a_N / c_N^2 = r_end.
    a = {n: args.r_end * c_end[n] ** 2 * (big_a + n_iter) ** ALPHA for n in names}
    rng = random.Random(args.seed * 1_000_003 + state["iteration"])

    while not args.show and state["iteration"] < n_iter:
        k = state["iteration"] + 1
        signs = {n: rng.choice((-1, 1)) for n in names}
        c_k = {n: c_end[n] * (n_iter / k) ** GAMMA for n in names}
        plus = rounded({n: theta[n] + c_k[n] * signs[n] for n in names}, tunables)
        minus = rounded({n: theta[n] - c_k[n] * signs[n] for n in names}, tunables)
        result = play(args, plus, minus, seed=args.seed * 100_000 + k)
        for n in names:
            a_k = a[n] / (big_a + k) ** ALPHA
            r_k = a_k / c_k[n] ** 2
            lo, hi = tunables[n][1], tunables[n][2]
            theta[n] = min(hi, max(lo, theta[n] + r_k * c_k[n] * result * signs[n]))
        state["iteration"] = k
        state["history"].append({"iteration": k, "result": result,
                                 "theta": dict(theta)})
        tmp = args.state + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f, indent=1)
        os.replace(tmp, args.state)
        shown = " ".join(f"{n}={theta[n]:.1f}" for n in names)
        print(f"iteration {k}/{n_iter} result {result:+d}  {shown}", flush=True)

    final = rounded(theta, tunables)
    print(f"after {state['iteration']} iterations:")
    for n in names:
        print(f"setoption name {n} value {final[n]}   (default {tunables[n][0]})")


if __name__ == "__main__":
    main()
