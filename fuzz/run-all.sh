#!/usr/bin/env bash
# Runs every fuzz target for a while, one after the other (one libFuzzer process at a
# time), and prints a line per target: executions, coverage, and whether it found
# anything. Usage: fuzz/run-all.sh [seconds-per-target] [target...]
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). It works on the stable toolchain:
# RUSTC_BOOTSTRAP=1 lets stable rustc take the nightly flags libFuzzer needs.
# New inputs go to fuzz/work/<target>/ (ignored by git); fuzz/corpus/<target>/ holds
# the committed seeds. A crash or hang is written to fuzz/artifacts/<target>/ and the
# script exits non-zero at the end. Logs go to fuzz/work/logs/ (or $FUZZ_LOGS).
set -uo pipefail
cd "$(dirname "$0")"

seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fen notation pgn_lexer pgn_reader pgn_replay uci xboard network records)
fi
export RUSTC_BOOTSTRAP=1
logs=${FUZZ_LOGS:-work/logs}
mkdir -p "$logs"

# Build every target once (release, debug assertions on: an integer overflow panics),
# then run the binaries: editing the sources during a long run changes nothing.
for target in "${targets[@]}"; do
    cargo fuzz build -a "$target" >"$logs/build-$target.log" 2>&1 || {
        echo "building $target failed: see $logs/build-$target.log"
        exit 2
    }
done
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"

failed=()
for target in "${targets[@]}"; do
    mkdir -p "work/$target" "corpus/$target"
    extra=()
    [ -f "$target.dict" ] && extra+=("-dict=$target.dict")
    case $target in
        # PGN files are long: let inputs grow to 64 KB, so a huge comment or a
        # 10,000-move game can be found (and a quadratic cost in them shows).
        pgn_*) extra+=(-max_len=65536) ;;
        # A session ends while threads it started are still exiting (the stdin reader,
        # detached by design; search threads freeing their handles), which the leak
        # check at the end of each input reports at random: neither leaks in a run.
        uci | xboard) extra+=(-max_len=8192 -detect_leaks=0) ;;
        *) extra+=(-max_len=8192) ;;
    esac
    log="$logs/$target.log"
    echo "== $target: $seconds s (log: $log)"
    # -timeout: one input taking over 10 s is a hang. -rss_limit_mb: memory blow-ups
    # are findings too. New inputs go to the first folder, work/<target>.
    mkdir -p "artifacts/$target"
    "$bin/$target" -artifact_prefix="artifacts/$target/" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 "${extra[@]}" "work/$target" "corpus/$target" >"$log" 2>&1
    status=$?
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    if [ $status -ne 0 ]; then
        failed+=("$target")
        echo "   FOUND something (exit $status): $(grep -m1 -E 'panicked at|ERROR: libFuzzer|SUMMARY' "$log")"
        ls artifacts/"$target"/ 2>/dev/null | tail -3 | sed 's/^/   /'
    fi
    echo "   executions: ${runs:-?}, ${cov:-cov: ?}"
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "findings in: ${failed[*]}"
    exit 1
fi
echo "no findings"
