#!/usr/bin/env bash
# Time travel over the history's hour, before and after, in one run (docs/performance-recording.md,
# issue 29's checkpoints).
#
#   Scripts/bench-seek.sh BEFORE [AFTER] [ROUNDS]
#
# BEFORE is an animdemo binary to compare with (a release build of an older commit, kept
# aside); AFTER is this tree's release build unless given (built if missing). ROUNDS times
# (default 2), scene by scene, runs `bench --seek --seconds 3600 --json` with both, fish without
# input and elastic and pull with a drag every 2 s (300 seeks after, 100 before), then, once, the
# memory of the checkpoints (AFTER again with --no-checkpoints: compare `peak_rss_mb`) and a knob
# turned while paused at the hour (`--reshape`, 6 times). Prints each run's JSON after its
# label, and the load average at the start and the end. A benchmark: CI does not run it; on a
# machine shared with builds, run it under their lock.
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: Scripts/bench-seek.sh BEFORE [AFTER] [ROUNDS]}
after=${2:-}
rounds=${3:-2}
if [ -z "$after" ]; then
    after=.build/release/animdemo
    [ -x "$after" ] || swift build -c release --product animdemo >&2
fi
for bin in "$before" "$after"; do
    [ -x "$bin" ] || { echo "bench-seek: $bin is not an executable" >&2; exit 2; }
done
# The input load, left unquoted where used so that it splits into its two words.
load_of() { case $1 in fish) echo "" ;; *) echo "--drag-every 2" ;; esac; }
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    for scene in fish elastic pull; do
        echo "== $scene after, round $round"
        "$after" bench --scene "$scene" --seek --seconds 3600 --frames 300 $(load_of "$scene") --json
        echo "== $scene before, round $round"
        "$before" bench --scene "$scene" --seek --seconds 3600 --frames 100 $(load_of "$scene") --json
        if [ "$round" = 1 ]; then
            echo "== $scene after, no checkpoints"
            "$after" bench --scene "$scene" --seek --seconds 3600 --frames 10 --no-checkpoints \
                $(load_of "$scene") --json
            echo "== $scene after, a knob turned while paused"
            "$after" bench --scene "$scene" --seek --reshape --seconds 3600 --frames 6 $(load_of "$scene") --json
        fi
    done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
