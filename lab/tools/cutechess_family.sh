#!/usr/bin/env bash
# Khun against Fairy-Max (XBoard) or Fairy-Stockfish (UCI) in one of the makruk family
# with cutechess-cli as referee, in chunks of ten games (five openings, each played with
# both colours; the opening is the PGN's Round) so that a run cut off anywhere goes on
# where it stopped: a chunk whose PGN holds its games is skipped. Then a summary of
# every game played so far (cutechess_family.py summary): Khun's W/D/L and score with
# 95% intervals, how each game ended (every illegal move, time loss, disconnect, stall
# and invalid result claim, by engine), and every game where cutechess's rules and
# pyffish's (Fairy-Stockfish's) part: a move cutechess accepted that pyffish refuses, a
# game pyffish would have ended earlier or would not have ended. Cutechess reads
# these games differently from Fairy-Stockfish in many places:
# lab/log/2026-12-07-referee-readings.md.
#
#   lab/tools/cutechess_family.sh KHUN OPPONENT VARIANT OUT_DIR [GAMES [TC [CONCURRENCY]]]
#
# KHUN: the Khun binary to test (copy it out of target/ first: a build replaces it).
# OPPONENT: `fairymax` (Debian's package: /usr/games/fairymax, XBoard; or any path whose
#   file name is fairymax) or the path of a Fairy-Stockfish binary (UCI, one thread,
#   16 MB, classical evaluation: `Use NNUE false`).
# VARIANT: makruk, cambodian, karouk, asean, ai-wok or sittuyin. Cutechess has no
#   makpong; Fairy-Max plays makruk, cambodian, asean and ai-wok.
# OUT_DIR: outside the repository; it keeps the openings, one PGN and log per chunk,
#   run.txt (what was run) and summary.txt.
# Defaults: 40 games at 5+0.05, one game at a time (at most two on a shared machine).
# Environment:
#   OPENINGS      a file of openings: a PGN, `startpos moves ...` lines (makruk-match's
#                 form, e.g. lab/tools/openings-8ply.txt) or FEN/EPD lines (written in
#                 cutechess's counting form, see cutechess_family.py). Default: makruk
#                 takes openings-8ply.txt, sittuyin sittuyin-openings.epd, the others
#                 random openings of OPENING_PLIES (8) quiet plies from pyffish, seed
#                 SEED (1). With Fairy-Max (no `setboard`) use move openings, not FENs.
#   MAXMOVES      cutechess draws a game still going after this many moves (default 300:
#                 cutechess never draws a makruk game by repetition, and two engines that
#                 see a repetition draw may repeat until the clock ends it).
#   OPP_MARGIN_MS cutechess's `timemargin` for the opponent (default 0; Khun never).
#   NICE          niceness of cutechess and the engines (default 10).
#   CUTECHESS     cutechess-cli (default ../shared/tools/cutechess-cli beside the repo;
#                 it needs Debian's libqt5core5a).
# The 2026-12-07 baseline (Khun 68f036e, Cambodian, Fairy-Max 5.0b) was
#   lab/tools/cutechess_family.sh /tmp/khun-base fairymax cambodian /tmp/cc-cambodian-fmax 40 5+0.05 1
set -euo pipefail
usage="usage: cutechess_family.sh KHUN OPPONENT VARIANT OUT_DIR [GAMES [TC [CONCURRENCY]]]"
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
khun=$(realpath "$1")
opponent=$2
variant=$3
out=$4
games=${5:-40}
tc=${6:-5+0.05}
concurrency=${7:-1}
here=$(cd "$(dirname "$0")" && pwd)
cutechess=${CUTECHESS:-$here/../../../shared/tools/cutechess-cli}
maxmoves=${MAXMOVES:-300}
nice=${NICE:-10}

[ -x "$khun" ] || { echo "no Khun binary at $1" >&2; exit 2; }
[ -x "$cutechess" ] || { echo "no cutechess-cli at $cutechess (set CUTECHESS)" >&2; exit 2; }
python3 -c 'import pyffish' 2>/dev/null || { echo "the summary needs pyffish: pip install pyffish" >&2; exit 2; }
(( games % 2 == 0 )) || { echo "GAMES must be even (each opening with both colours)" >&2; exit 2; }
case "$variant" in
    makruk|cambodian|karouk|asean|ai-wok|sittuyin) ;;
    makpong) echo "cutechess has no makpong" >&2; exit 2 ;;
    *) echo "unknown variant '$variant'" >&2; exit 2 ;;
esac

if [ "$opponent" = fairymax ] || [ "$(basename "$opponent")" = fairymax ]; then
    [ "$opponent" = fairymax ] && opponent=/usr/games/fairymax
    [ -x "$opponent" ] || { echo "no Fairy-Max at $opponent (apt-get install fairymax)" >&2; exit 2; }
    case "$variant" in
        makruk|cambodian|asean|ai-wok) ;;
        *) echo "Fairy-Max does not play $variant" >&2; exit 2 ;;
    esac
    opp_name=fairymax
    opp=(-engine name=fairymax cmd="$opponent" proto=xboard)
else
    opponent=$(realpath "$opponent")
    [ -x "$opponent" ] || { echo "no engine at $opponent" >&2; exit 2; }
    opp_name=fsf
    opp=(-engine name=fsf cmd="$opponent" proto=uci option.Hash=16 option.Threads=1 "option.Use NNUE=false")
fi
opp+=(timemargin="${OPP_MARGIN_MS:-0}")

mkdir -p "$out"
openings=$out/openings.pgn
if [ ! -s "$openings" ]; then
    file=${OPENINGS:-}
    if [ -z "$file" ]; then
        case "$variant" in
            makruk) file=$here/openings-8ply.txt ;;
            sittuyin) file=$here/sittuyin-openings.epd ;;
        esac
    fi
    if [ -n "$file" ]; then
        python3 "$here/cutechess_family.py" openings "$variant" "$openings" 0 --file "$file"
    else
        python3 "$here/cutechess_family.py" openings "$variant" "$openings" $(( (games + 1) / 2 )) \
            --plies "${OPENING_PLIES:-8}" --seed "${SEED:-1}"
    fi
fi
n_openings=$(grep -c '^\[Event' "$openings")
(( n_openings * 2 >= games )) || echo "note: $n_openings openings for $games games; cutechess starts the file again" >&2

{
    echo "$(date -u +%FT%TZ) $0 $*"
    echo "khun $khun sha256 $(sha256sum "$khun" | cut -c1-16)"
    echo "opponent $opponent sha256 $(sha256sum "$opponent" | cut -c1-16)"
    echo "variant $variant games $games tc $tc concurrency $concurrency maxmoves $maxmoves nice $nice"
} >> "$out/run.txt"

chunks=$(( (games + 9) / 10 ))
for ((chunk = 0; chunk < chunks; chunk++)); do
    pgn=$out/chunk-$(printf %03d "$chunk").pgn
    left=$(( games - chunk * 10 ))
    n=$(( left < 10 ? left : 10 ))
    if [ -f "$pgn" ] && [ "$(grep -c '^\[Result "[01]' "$pgn")" -ge "$n" ]; then
        continue
    fi
    rm -f "$pgn"
    echo "chunk $chunk: $n games from opening $((chunk * 5 + 1))" >&2
    nice -n "$nice" "$cutechess" -variant "$variant" \
        -engine name=khun cmd="$khun" proto=uci option.Hash=16 option.Threads=1 \
        "${opp[@]}" \
        -each tc="$tc" \
        -openings file="$openings" format=pgn order=sequential start=$((chunk * 5 + 1)) \
        -rounds $((n / 2)) -games 2 -repeat -concurrency "$concurrency" -recover \
        -maxmoves "$maxmoves" \
        -pgnout "$pgn" > "$out/chunk-$(printf %03d "$chunk").log" 2>&1 || true
done
python3 "$here/cutechess_family.py" summary "$variant" khun "$out"/chunk-*.pgn | tee "$out/summary.txt"
