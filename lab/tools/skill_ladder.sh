#!/usr/bin/env bash
# The calibration ladder of Khun's playing-strength levels (README, "Playing strength
# levels"; lab/README.md). Plays each pairing below with makruk-match and
# writes one JSON per match into OUT; lab/tools/skill_ladder_fit.py then fits
# one rating per level on the scale of Fairy-Stockfish 11.1's own UCI_Elo.
#
#   lab/tools/skill_ladder.sh KHUN_BINARY OUT [GAMES] [CHAIN_GAMES]
#
# GAMES (default 100) for the match against the anchor, CHAIN_GAMES (default GAMES)
# for each match between neighbouring levels. SEED (default 1) shuffles the openings;
# a second run with SEED=2 into the same OUT adds as many games again to every
# match, and the fit pools them.
#
# The anchors are engines anyone can install (Debian/Ubuntu: fairy-stockfish,
# fairymax): Fairy-Stockfish at UCI_LimitStrength/UCI_Elo, whose nominal Elo defines
# the scale, and Fairy-Max, rated by the fit. Khun's levels also meet their
# neighbours, so every level is shown stronger than the one below in a match.
#
# Matches with Fairy-Stockfish's or Khun's levels run at a fixed depth (go depth D):
# both engines pick their move at depth 1 + level (Khun caps its depth there;
# Fairy-Stockfish's Skill picks at that iteration), so a level plays the same at any
# clock that reaches that depth, and the games are quick. D is at least one more
# than either side's pick depth. Fairy-Max has no depth option that means the same,
# so its match runs on a clock.
set -euo pipefail

KHUN=${1:?usage: skill_ladder.sh KHUN_BINARY OUT [GAMES]}
OUT=${2:?usage: skill_ladder.sh KHUN_BINARY OUT [GAMES]}
GAMES=${3:-100}
CHAIN_GAMES=${4:-$GAMES}
MATCH=${MAKRUK_MATCH:-makruk-match}
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
FAIRYMAX=${FAIRYMAX:-/usr/games/fairymax}
SEED=${SEED:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
BOOK=${BOOK:-$HERE/book-ub-10ply.txt}
mkdir -p "$OUT"


# One match: NAME, then makruk-match arguments. Skips a match whose JSON exists, so
# an interrupted ladder resumes where it stopped.
play() {
    local name=$1-seed$SEED games=$2
    shift 2
    if [[ -s "$OUT/$name.json" ]]; then
        echo "== $name: done before, skipped"
        return
    fi
    echo "== $name ($(date +%H:%M:%S))"
    "$MATCH" "$@" --games "$games" --concurrency 1 --openings "$BOOK" --seed "$SEED" \
        --pgn "$OUT/$name.pgn" --json "$OUT/$name.json.part" | tail -4
    mv "$OUT/$name.json.part" "$OUT/$name.json"
}

level() { # level L: the --engine arguments of Khun at Skill Level L
    local args=(name=khun"$1" cmd="$KHUN" "option.Skill Level=$1")
    printf '%s\n' "${args[@]}"
}

fsf() { # fsf ELO
    printf '%s\n' name=fsf"$1" cmd="$FSF" option.UCI_LimitStrength=true option.UCI_Elo="$1"
}

pair() { # pair NAME GAMES DEPTH|TC ENGINE_A... -- ENGINE_B...
    local name=$1 games=$2 limit=$3
    shift 3
    local a=() b=() side=a
    for x in "$@"; do
        if [[ $x == -- ]]; then side=b; continue; fi
        if [[ $side == a ]]; then a+=("$x"); else b+=("$x"); fi
    done
    local how=(--depth "$limit")
    [[ $limit == *+* ]] && how=(--tc "$limit")
    play "$name" "$games" --engine "${a[@]}" --engine "${b[@]}" "${how[@]}"
}

mapfile -t L0 < <(level 0)
mapfile -t L1 < <(level 1)
mapfile -t L3 < <(level 3)
mapfile -t L6 < <(level 6)
mapfile -t L10 < <(level 10)
mapfile -t Lm10 < <(level -10)
mapfile -t Lm20 < <(level -20)
mapfile -t F1350 < <(fsf 1350)
FM=(name=fairymax cmd="$FAIRYMAX" proto=xboard)

# The anchor of the scale first (Fairy-Stockfish's weakest UCI_Elo), then the chain
# of neighbouring levels, outwards from it.
pair L0-fsf1350 "$GAMES" 4 "${L0[@]}" -- "${F1350[@]}"
pair Lm10-L0 "$CHAIN_GAMES" 20 "${Lm10[@]}" -- "${L0[@]}"
pair L3-L0 "$CHAIN_GAMES" 20 "${L3[@]}" -- "${L0[@]}"
pair Lm20-Lm10 "$CHAIN_GAMES" 20 "${Lm20[@]}" -- "${Lm10[@]}"
pair L6-L3 "$CHAIN_GAMES" 20 "${L6[@]}" -- "${L3[@]}"
pair L10-L6 "$CHAIN_GAMES" 2+0.02 "${L10[@]}" -- "${L6[@]}"
# Fairy-Max against the level near 1000 (also the games lab/tools/
# blunder_count.py judges), and level 1 between the wide steps of 0 and 3.
pair Lm10-fairymax "$GAMES" 2+0.02 "${Lm10[@]}" -- "${FM[@]}"
pair L1-L0 "$CHAIN_GAMES" 20 "${L1[@]}" -- "${L0[@]}"
pair L3-L1 "$CHAIN_GAMES" 20 "${L3[@]}" -- "${L1[@]}"
echo "== ladder done ($(date +%H:%M:%S))"
