#!/usr/bin/env bash
# Khun against Fairy-Stockfish in sittuyin with cutechess-cli (issue 62), in chunks of
# ten games (five openings, each played with both colours) so that a run cut off
# anywhere goes on where it stopped: a chunk whose PGN holds ten games is skipped.
# Prints the score of every game played so far with its pentanomial interval
# (pgn_pentanomial.py).
#
#   lab/tools/sittuyin_match.sh KHUN FAIRY_STOCKFISH OUT_DIR [GAMES [TC [CONCURRENCY]]]
#
# Defaults: 100 games at 10+0.1, one game at a time. Both engines play with one thread
# and 16 MB of hash; Fairy-Stockfish with its classical evaluation (`Use NNUE false`).
# The openings are sittuyin-openings.epd beside this script: the start position with
# four random drops (two a side, from pyffish's legal moves, seed 62), 60 of them.
# FSF_MARGIN_MS (default 0) lets Fairy-Stockfish overstep its clock by that many
# milliseconds before cutechess forfeits it (cutechess's `timemargin`), Khun never: on
# a loaded two-core machine Fairy-Stockfish lost 30 of 60 games on time at 10+0.1
# (lab/log/2026-11-28-sittuyin-play.md), which measures the machine, not
# the play.
# Needs cutechess-cli (CUTECHESS, default ../shared/tools/cutechess-cli; it needs
# `apt-get install libqt5core5a`).
set -euo pipefail
khun=$(realpath "$1")
fsf=$(realpath "$2")
out=$3
games=${4:-100}
tc=${5:-10+0.1}
concurrency=${6:-1}
here=$(cd "$(dirname "$0")" && pwd)
cutechess=${CUTECHESS:-$here/../../../shared/tools/cutechess-cli}
openings=$here/sittuyin-openings.epd
mkdir -p "$out"
chunks=$(( (games + 9) / 10 ))
for ((chunk = 0; chunk < chunks; chunk++)); do
    pgn=$out/chunk-$(printf %03d "$chunk").pgn
    if [ -f "$pgn" ] && [ "$(grep -c '^\[Result' "$pgn")" -ge 10 ]; then
        continue
    fi
    rm -f "$pgn"
    "$cutechess" -variant sittuyin \
        -engine name=khun cmd="$khun" proto=uci option.Hash=16 option.Threads=1 \
        -engine name=fsf cmd="$fsf" proto=uci option.Hash=16 option.Threads=1 "option.Use NNUE=false" \
        timemargin="${FSF_MARGIN_MS:-0}" \
        -each tc="$tc" \
        -openings file="$openings" format=epd order=sequential start=$((chunk * 5 + 1)) \
        -repeat -games 10 -concurrency "$concurrency" -recover \
        -pgnout "$pgn" > "$out/chunk-$(printf %03d "$chunk").log" 2>&1
done
cat "$out"/chunk-*.pgn > "$out/all.pgn"
grep -ciE "illegal|crash|disconnect|stall|time forfeit|loses on time" "$out/all.pgn" | sed 's/^/illegal moves, crashes, stalls, forfeits: /' || true
python3 "$here/pgn_pentanomial.py" "$out"/chunk-*.pgn khun
