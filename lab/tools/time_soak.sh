#!/usr/bin/env bash
# The time-forfeit soak of issue 32: Khun against itself with cutechess-cli, one side
# on `Threads 2`, two games at a time (on a 2-core machine that oversubscribes it, as
# a busy tester does), at 1+0.01, 0.5+0.005, sudden death 5 s and 40 moves in 5 s.
# Prints each run's forfeits and the smallest clock each side was left with
# (clock_report.py).
#
#   lab/tools/time_soak.sh ENGINE OUT_DIR [GAMES_1S [GAMES_OTHERS]]
#
# Any UCI engine that plays makruk will do (cutechess selects the variant): the
# Fairy-Stockfish control is `time_soak.sh fairy-stockfish OUT 40 0`. A count of 0
# skips those runs; SOAK_RUNS="tc-40-5" (names from tc-1s tc-05s tc-sd5 tc-40-5)
# picks which run.
#
# Needs cutechess-cli (CUTECHESS, default ../shared/tools/cutechess-cli; it needs
# `apt-get install libqt5core5a`) and pyffish (`pip install pyffish`) to turn the
# 8-ply openings into FENs for cutechess.
set -euo pipefail
engine=$(realpath "$1")
out=$2
games_1s=${3:-1000}
games_other=${4:-200}
here=$(cd "$(dirname "$0")" && pwd)
cutechess=${CUTECHESS:-$here/../../../shared/tools/cutechess-cli}
openings=${OPENINGS:-$here/openings-8ply.txt}
mkdir -p "$out"
python3 - "$openings" "$out/openings.epd" <<'PY'
import sys
import pyffish
start = pyffish.start_fen("makruk")
with open(sys.argv[2], "w") as out:
    for line in open(sys.argv[1]):
        words = line.split()
        if words[:1] == ["startpos"]:
            out.write(pyffish.get_fen("makruk", start, words[2:]) + "\n")
PY
run() {
    local name=$1 tc=$2 games=$3
    [ "$games" -gt 0 ] || return 0
    "$cutechess" -variant makruk \
        -engine name=T2 cmd="$engine" proto=uci option.Threads=2 \
        -engine name=T1 cmd="$engine" proto=uci option.Threads=1 \
        -each tc="$tc" \
        -openings file="$out/openings.epd" format=epd order=random \
        -repeat -games "$games" -concurrency 2 -recover \
        -pgnout "$out/$name.pgn" > "$out/$name.log" 2>&1
    echo "== $name ($tc): $(grep 'Score of' "$out/$name.log" | tail -1)"
    "$here/clock_report.py" "$out/$name.pgn"
    grep -ciE "illegal|crash|disconnect|stall" "$out/$name.pgn" | sed 's/^/illegal moves, crashes, stalls: /' || true
}
for run_tc in ${SOAK_RUNS:-tc-1s tc-05s tc-sd5 tc-40-5}; do
    case $run_tc in
        tc-1s) run tc-1s 1+0.01 "$games_1s" ;;
        tc-05s) run tc-05s 0.5+0.005 "$games_other" ;;
        tc-sd5) run tc-sd5 5 "$games_other" ;;
        tc-40-5) run tc-40-5 40/5 "$games_other" ;;
    esac
done
