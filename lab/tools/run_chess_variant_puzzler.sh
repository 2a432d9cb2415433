#!/bin/bash
# Runs the real chess-variant-puzzler (github.com/ianfab/chess-variant-puzzler), unchanged,
# with Khun as its engine, where a checkout of it is present (issue 73: it must keep
# running; python/tests/test_puzzler_protocol.py holds its dialogue in CI, which cannot
# fetch it).
#
#   run_chess_variant_puzzler.sh CHECKOUT [POSITIONS.epd]
#
# Without POSITIONS its generator.py plays COUNT (default 200) positions with Khun
# (`generator.py -e khun -v makruk -c COUNT`); then puzzler.py finds puzzles in them
# at DEPTH (default 10) and pgn.py writes them as PGN. Every puzzle's line is then
# replayed by recheck_puzzles.py (the rules, the count) when pyffish is installed.
# Environment: KHUN (default target/release-tests/khun, then khun on PATH), PYTHON
# (default python3, with the tool's requirements: pyffish tqdm numpy; chess and
# cshogi only for its other scripts), DEPTH, COUNT, OUT (default a new temporary
# folder). Exit 0 when every step ran and puzzler.py wrote at least one puzzle.
set -euo pipefail
cvp=${1:?usage: run_chess_variant_puzzler.sh CHECKOUT [POSITIONS.epd]}
positions=${2:-}
[ -f "$cvp/puzzler.py" ] && [ -f "$cvp/uci.py" ] || { echo "no chess-variant-puzzler checkout at $cvp" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
khun=${KHUN:-$root/target/release-tests/khun}
[ -x "$khun" ] || khun=$(command -v khun) || { echo "no khun binary: set KHUN" >&2; exit 2; }
python=${PYTHON:-python3}
depth=${DEPTH:-10}
count=${COUNT:-200}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
"$python" -c 'import pyffish, tqdm, numpy' || { echo "the tool needs pyffish tqdm numpy: $python -m pip install pyffish tqdm numpy" >&2; exit 2; }
if [ -z "$positions" ]; then
    positions=$out/positions.epd
    start=$(date +%s.%N)
    "$python" "$cvp/generator.py" -e "$khun" -v makruk -c "$count" >"$positions" 2>"$out/generator.log"
    echo "generator.py: $(wc -l <"$positions") positions in $(echo "$(date +%s.%N) - $start" | bc) s"
fi
start=$(date +%s.%N)
"$python" "$cvp/puzzler.py" -e "$khun" -d "$depth" "$positions" >"$out/puzzles.epd" 2>"$out/puzzler.log"
seconds=$(echo "$(date +%s.%N) - $start" | bc)
found=$(wc -l <"$out/puzzles.epd")
echo "puzzler.py -d $depth: $found puzzles from $(wc -l <"$positions") positions in $seconds s ($out/puzzles.epd)"
echo "types: $(grep -o ';type [a-z-]*' "$out/puzzles.epd" | sort | uniq -c | tr '\n' ' ')"
"$python" "$cvp/pgn.py" "$out/puzzles.epd" >"$out/puzzles.pgn" 2>"$out/pgn.log" || echo "pgn.py failed (it needs python-chess): $out/pgn.log"
"$python" "$here/recheck_puzzles.py" "$out/puzzles.epd" --replay-only --strict --list || exit 1
[ "$found" -gt 0 ]
