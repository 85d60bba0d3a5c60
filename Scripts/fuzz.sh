#!/usr/bin/env bash
# Scripts/fuzz.sh [SECONDS]: builds the libFuzzer targets (Fuzz/build.sh) and runs each for
# half of SECONDS (default 60) from the committed seed corpus (docs/PERFORMANCE.md § Fuzzing).
# A crash, a hang (an input over 10 s), a leak or more than 2 GiB fails the run; the input
# that did it is kept in .build-fuzz/artifacts/ and `.build-fuzz/fuzz-TARGET FILE` replays it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
per_target=$((seconds / 2 > 1 ? seconds / 2 : 1))
Fuzz/build.sh

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
artifacts=.build-fuzz/artifacts
mkdir -p "$artifacts"
export SWIFT_BACKTRACE=enable=no  # libFuzzer reports crashes itself
export ANIMDEMO_ASSETS="$PWD/Assets"
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp"

status=0
for target in events scenes; do
    cp -r "Fuzz/corpus/$target" "$work/$target"  # the fuzzer adds to its corpus: not to ours
    log="$work/$target.log"
    case $target in
        events) max_len=4096 ;;
        scenes) max_len=2048 ;;
    esac
    if ".build-fuzz/fuzz-$target" -max_total_time="$per_target" -timeout=10 -rss_limit_mb=2048 \
        -max_len="$max_len" -artifact_prefix="$artifacts/$target-" -print_final_stats=1 \
        "$work/$target" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        echo "fuzz-$target: ${runs:-?} inputs in ${per_target} s, no crash, hang or leak"
    else
        tail -n 60 "$log"
        echo "fuzz-$target FAILED: the input is in $artifacts/ (replay: .build-fuzz/fuzz-$target FILE)"
        status=1
    fi
done
exit $status
