#!/bin/bash
# Refetch and rebuild the outside makruk collection of issue 73's puzzle comparison
# (lab/log/2026-12-07-puzzler-compare.md): 18 human games played on PlayOK in April
# 2023, as exported by PlayOK, kept in the MIT-licensed repository
# github.com/natstpt/PlayOK-Makruk-Statistics-Downloader (folder txtdata/, commit
# 85120f5883a60fa8d805b4b20bf6ea665f601ae1). None of them was played by Khun.
#
#   outside_playok.sh [OUTDIR]       (default /work/data/outside)
#
# Writes OUTDIR/playok-raw/*.txt (the files as stored there) and, by
# playok_games.py, OUTDIR/playok/{games,positions}-{work,heldout}.{pgn,epd}: every
# 5th game (in the order of PlayOK's game numbers) is held out. REPO: another clone
# of it (a path or URL) to take the files from. Needs git, network
# access to GitHub and pyffish (PYTHON, default python3).
set -euo pipefail
out=${1:-/work/data/outside}
repo=${REPO:-https://github.com/natstpt/PlayOK-Makruk-Statistics-Downloader}
commit=85120f5883a60fa8d805b4b20bf6ea665f601ae1
python=${PYTHON:-python3}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$repo" "$tmp/src"
git -C "$tmp/src" checkout -q "$commit"
mkdir -p "$out/playok-raw"
cp "$tmp"/src/txtdata/*.txt "$out/playok-raw/"
"$python" "$here/playok_games.py" "$out"/playok-raw/*.txt -o "$out/playok"
