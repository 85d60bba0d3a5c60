#!/usr/bin/env bash
# Prints the table of issue 39 ("Instant"), one measured line a row, for one binary or for two
# in the same run (before, then after, row by row, so both see the same load):
#
#   Scripts/instant-table.sh [AFTER] [BEFORE]     (default .build/release/animdemo, no BEFORE)
#   ROWS="panels recording" Scripts/instant-table.sh …   (only those rows)
#
# Rows (names for ROWS): floating (seeks into an hour of `floating`), bubbles-seek (seeks into
# 10 min of the fish with --bubbles 2000), reshape (a knob turned while paused, 60 s and
# 600 s of history), panels (the fish window's CPU with the inspector, knobs and code open,
# Scripts/panel-cpu.sh), bubbles (2,000 bubbles, p99 / median, two runs), recording (a WebP
# window recording of the fish at 1920×1080 with --bubbles 300, Scripts/window-recording.sh),
# reload (Scripts/reload-speed.sh: the replay of a minute of history, REPLAY_SECONDS=360 six;
# slow, it builds a package: only when named in ROWS). The seeks are the slowest rows: SEEKS (default 100) and
# HEAVY_SEEKS (default 20) set how many. A benchmark: CI does not run it; on a machine shared
# with builds, run it under their lock. Needs what the scripts it calls need (xvfb, xdotool,
# jq, bc).
set -euo pipefail
cd "$(dirname "$0")/.."
after=${1:-.build/release/animdemo}
before=${2:-}
rows=${ROWS:-floating bubbles-seek reshape panels bubbles recording}
seeks=${SEEKS:-100}
heavy=${HEAVY_SEEKS:-20}
binaries=("$after")
[ -z "$before" ] || binaries=("$before" "$after")
for bin in "${binaries[@]}"; do
    [ -x "$bin" ] || { echo "instant-table: $bin is not an executable" >&2; exit 2; }
done
command -v jq >/dev/null || { echo "instant-table: jq is missing" >&2; exit 2; }

wants() { [[ " $rows " == *" $1 "* ]]; }
label() { [ "$1" = "$after" ] && echo "after " || echo "before"; }
[ -n "$before" ] || label() { echo "now   "; }

seek_row() {  # title, bench arguments…
    local title=$1
    shift
    for bin in "${binaries[@]}"; do
        "$bin" bench "$@" --json | jq -r --arg t "$title" --arg l "$(label "$bin")" \
            '"\($t) \($l): median \(.median_ms | . * 10 | round / 10) ms, p99 \(.p99_ms | . * 10 | round / 10) ms, max \(.max_ms | . * 10 | round / 10) ms; \(.checkpoints) checkpoints, peak \(.peak_rss_mb | round) MB"'
    done
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
if wants floating; then
    seek_row "seek, an hour of floating        " --scene floating --seek --seconds 3600 --frames "$seeks"
fi
if wants bubbles-seek; then
    seek_row "seek, 10 min of fish, 2000 bubbles" --scene fish --bubbles 2000 --seek --seconds 600 --frames "$heavy"
fi
if wants reshape; then
    seek_row "knob while paused, 60 s          " --scene fish --seek --reshape --seconds 60 --frames 6
    seek_row "knob while paused, 600 s         " --scene fish --seek --reshape --seconds 600 --frames 6
fi
if wants panels; then
    echo "fish window with inspector + knobs + code, CPU over 10 s:"
    Scripts/panel-cpu.sh 10 "${binaries[@]}" | grep -v '^load'
fi
if wants bubbles; then
    for run in 1 2; do
        for bin in "${binaries[@]}"; do
            "$bin" bench --scene fish --bubbles 2000 --json | jq -r --arg l "$(label "$bin")" --arg r "$run" \
                '"2000 bubbles, run \($r) \($l): median \(.median_ms | . * 100 | round / 100) ms, p99 \(.p99_ms | . * 100 | round / 100) ms, p99 / median \(.p99_ms / .median_ms * 100 | round / 100)"'
        done
    done
fi
if wants recording; then
    for bin in "${binaries[@]}"; do
        echo "WebP recording, fish 1920x1080 --bubbles 300, 15 s ($(label "$bin")):"
        ARGS="--bubbles 300" FORMATS=webp Scripts/window-recording.sh fish 1920x1080 15 "$bin"
    done
fi
if wants reload; then
    for bin in "${binaries[@]}"; do
        echo "reload ($(label "$bin")):"
        Scripts/reload-speed.sh "$bin"
    done
fi
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
