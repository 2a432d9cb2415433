#!/bin/bash
# Several makruk-match runs against Fairy-Stockfish (classical, 1 thread, 16 MB) at
# once, for a machine with many cores: the standstill suite at 2+0.02 and the
# unbalanced book at 10+0.1, one run per job, all cut at a deadline. Each game writes
# its PGN as it ends, so a run cut short still counts (score it with
# conversion_suite.py score RUN.json|RUN.pgn, or pgn_pentanomial.py RUN.pgn).
#
#   parallel_matches.sh DEADLINE_S JOB [JOB ...]
#     JOB = suite:ENGINE:CONCURRENCY   the standstill suite, both colours (120 games)
#         | match:ENGINE:CONCURRENCY   book-ub-10ply.txt, seed 3301, 10+0.1, 100 games
#     ENGINE = a Khun binary (a path; its file name names the run)
#
# Environment: FSF (the Fairy-Stockfish binary; default fairy-stockfish on PATH),
# MAKRUK_MATCH (default makruk-match on PATH), OUT (default ./parallel-matches).
# One game keeps about one core busy (the engines think in turn), so on 16 cores the
# concurrencies may add up to 15. The issue-50 measurements of 2026-11-27 ran
#   parallel_matches.sh 515 suite:khun-base:3 suite:khun-s32:3 suite:khun-s32fade:3 \
#       match:khun-base:3 match:khun-s32:4
# on a lent 16-core machine (lab/log/2026-11-27-standstill.md).
set -u
here=$(dirname "$(readlink -f "$0")")
deadline=${1:?usage: parallel_matches.sh DEADLINE_S JOB [JOB ...]}
shift
fsf=${FSF:-fairy-stockfish}
mm=${MAKRUK_MATCH:-makruk-match}
out=${OUT:-parallel-matches}
mkdir -p "$out"
python3 -c 'import pyffish' 2>/dev/null || { echo "makruk-match needs pyffish: pip install pyffish" >&2; exit 2; }
opponent=(--engine name=fsf "cmd=$fsf" option.Hash=16 option.Threads=1 "option.Use NNUE=false")
for job in "$@"; do
    IFS=: read -r kind engine concurrency <<<"$job"
    name=$(basename "$engine")
    case "$kind" in
        suite) games=(--tc 2+0.02 --games 120 --openings "$here/standstill-suite.txt") ;;
        match) games=(--tc 10+0.1 --games 100 --openings "$here/book-ub-10ply.txt" --seed 3301) ;;
        *) echo "unknown job kind '$kind' in '$job' (suite or match)" >&2; exit 2 ;;
    esac
    [ -x "$engine" ] || { echo "no engine at $engine" >&2; exit 2; }
    timeout -s INT "$deadline" "$mm" --engine "name=$name" "cmd=$(readlink -f "$engine")" \
        option.Hash=16 option.Threads=1 "${opponent[@]}" "${games[@]}" \
        --concurrency "$concurrency" --pgn "$out/$kind-$name.pgn" --json "$out/$kind-$name.json" \
        >"$out/$kind-$name.log" 2>&1 &
done
wait
for log in "$out"/*.log; do
    echo "== $log"
    tail -4 "$log"
done
