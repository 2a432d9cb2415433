#!/bin/bash
# Training data from games against the outside engine (issue 50, item 2): Khun
# against Fairy-Stockfish (classical, 1 thread, 16 MB) at fast controls on fresh
# openings, several runs at once until a deadline, then `khun records --play-out`
# over every game (a game cut off at the length limit is played on by Khun against
# itself until the rules end it) into one record file for `khun train`.
#
#   outside_games.sh DEADLINE_S OPENINGS RUN [RUN ...]
#     RUN = NAME:TC:CONCURRENCY:SEED   e.g. g1:1+0.01:6:61 g3:3+0.03:7:63
#
# OPENINGS: one opening a line, none of them in a book or suite a check counts (make
# one with `makruk-match --make-openings 600 --plies 8 --seed S`; makruk-match checks
# every opening with pyffish when it starts, about 25 ms a line here). The runs use
# different seeds, so they meet the openings in different orders.
# Environment: KHUN (default khun on PATH), FSF (default fairy-stockfish on PATH),
# MAKRUK_MATCH (default makruk-match on PATH), OUT (default ./outside-games),
# THREADS for records (default all cores).
# Writes OUT/NAME.pgn and .log per run, OUT/outside.bin (appended to, like every
# record file) and OUT/records.log. One game keeps about one core busy (the engines
# think in turn): on 16 cores the concurrencies may add up to 15.
# The 2026-11-27 runs (lab/log/2026-11-27-standstill.md) were
#   outside_games.sh 440 openings.txt g1:1+0.01:6:61 g3:3+0.03:7:63
# on a lent 16-core machine, beside a 3-thread `khun datagen`.
set -u
deadline=${1:?usage: outside_games.sh DEADLINE_S OPENINGS NAME:TC:CONCURRENCY:SEED ...}
openings=${2:?usage: outside_games.sh DEADLINE_S OPENINGS NAME:TC:CONCURRENCY:SEED ...}
shift 2
khun=${KHUN:-khun}
fsf=${FSF:-fairy-stockfish}
mm=${MAKRUK_MATCH:-makruk-match}
out=${OUT:-outside-games}
mkdir -p "$out"
python3 -c 'import pyffish' 2>/dev/null || { echo "makruk-match needs pyffish: pip install pyffish" >&2; exit 2; }
[ -r "$openings" ] || { echo "no openings file at $openings" >&2; exit 2; }
pgns=()
for run in "$@"; do
    IFS=: read -r name tc concurrency seed <<<"$run"
    [ -n "${seed:-}" ] || { echo "a run is NAME:TC:CONCURRENCY:SEED, not '$run'" >&2; exit 2; }
    timeout -s INT "$deadline" "$mm" \
        --engine name=khun "cmd=$(command -v "$khun")" option.Hash=16 option.Threads=1 \
        --engine name=fsf "cmd=$(command -v "$fsf")" option.Hash=16 option.Threads=1 "option.Use NNUE=false" \
        --tc "$tc" --games 100000 --openings "$openings" --seed "$seed" --concurrency "$concurrency" \
        --pgn "$out/$name.pgn" >"$out/$name.log" 2>&1 &
    pgns+=("$out/$name.pgn")
done
wait
for run in "$@"; do
    name=${run%%:*}
    echo "== $name: $(grep -c '^\[Result' "$out/$name.pgn" 2>/dev/null || echo 0) games"
    tail -3 "$out/$name.log"
done
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")
"$khun" records "${pgns[@]}" --play-out "${threads[@]}" -o "$out/outside.bin" >"$out/records.log" 2>&1
status=$?
tail -2 "$out/records.log"
exit $status
