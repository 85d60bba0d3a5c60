#!/usr/bin/env bash
# Runs one scene in a real window under Xvfb for MINUTES, with input that keeps it busy, and
# samples the program's resident memory (VmRSS) and CPU time every 5 s (docs/PERFORMANCE.md § Memory).
#
#   Scripts/soak.sh SCENE MINUTES [WIDTHxHEIGHT] [BINARY]
#
# Fails (status 1) if memory grows after the first minute: a sample more than 1 MiB above
# the one at one minute. Prints the samples and a summary line. Needs xvfb and xdotool.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/xvfb.sh
source Scripts/xvfb.sh
scene=${1:?usage: Scripts/soak.sh SCENE MINUTES [WIDTHxHEIGHT] [BINARY]}
minutes=${2:?usage: Scripts/soak.sh SCENE MINUTES [WIDTHxHEIGHT] [BINARY]}
size=${3:-800x600}
bin=${4:-.build/release/animdemo}
[ -x "$bin" ] || { echo "soak: $bin is not built (swift build -c release)" >&2; exit 2; }
command -v xdotool >/dev/null || { echo "soak: xdotool is missing: apt-get install xdotool" >&2; exit 2; }
width=${size%x*}
height=${size#*x}
tolerance_kb=1024
interval=5

app=""
driver=""
cleanup() {
    [ -n "$driver" ] && kill "$driver" 2>/dev/null
    [ -n "$app" ] && kill "$app" 2>/dev/null
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    [ -n "${scratch:-}" ] && rm -rf "$scratch"
    true
}
trap cleanup EXIT
start_xvfb soak "$width" "$height"

"$bin" --scene "$scene" --size "$size" --screenshot-dir "$scratch" >/dev/null 2>&1 &
app=$!
window=""
for _ in $(seq 150); do
    window=$(xdotool search --onlyvisible --pid "$app" 2>/dev/null | head -1) && [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || { echo "soak: no window appeared" >&2; exit 2; }

# Input that keeps each scene busy: fish swims and bubbles by itself; the others get clicks
# at random places (checkmark flips, tictactoe plays and restarts, download restarts) and
# elastic gets drags.
drive() {
    while kill -0 "$app" 2>/dev/null; do
        x=$((RANDOM % width)); y=$((RANDOM % height))
        case $scene in
            fish) sleep 1 ;;
            elastic)
                xdotool mousemove --window "$window" "$x" 40 mousedown 1 2>/dev/null || true
                for step in 1 2 3 4 5 6 7 8; do
                    xdotool mousemove --window "$window" "$x" $((40 + step * height / 12)) 2>/dev/null || true
                    sleep 0.03
                done
                xdotool mouseup 1 2>/dev/null || true
                sleep 1.2
                ;;
            *)
                xdotool mousemove --window "$window" "$x" "$y" click 1 2>/dev/null || true
                sleep 0.7
                ;;
        esac
    done
}
drive &
driver=$!

ticks_per_second=$(getconf CLK_TCK)
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$app/status"; }
cpu() { awk '{ sub(/.*\) /, ""); split($0, f, " "); print f[12] + f[13] }' "/proc/$app/stat"; }

echo "soak: $scene $size for $minutes min, a sample every ${interval} s (RSS in KiB, CPU in ms)"
printf '%8s %10s %10s\n' "seconds" "rss_kib" "cpu_ms"
start=$SECONDS
reference=""
peak_after=0
first_rss=""
last_cpu=0
samples=$((minutes * 60 / interval))
for sample in $(seq 0 "$samples"); do
    while (( SECONDS - start < sample * interval )); do sleep 0.2; done
    kill -0 "$app" 2>/dev/null || { echo "soak: the program ended" >&2; exit 1; }
    now_rss=$(rss)
    now_cpu=$(( $(cpu) * 1000 / ticks_per_second ))
    [ -z "$first_rss" ] && first_rss=$now_rss
    printf '%8d %10d %10d\n' $((sample * interval)) "$now_rss" "$now_cpu"
    if (( sample * interval == 60 )); then reference=$now_rss; fi
    if [ -n "$reference" ] && (( now_rss > peak_after )); then peak_after=$now_rss; fi
    last_cpu=$now_cpu
done
seconds=$((samples * interval))
share=$(awk -v ms="$last_cpu" -v s="$seconds" 'BEGIN { printf "%.1f", ms / 10 / s }')
if [ -z "$reference" ]; then
    echo "soak: $scene RSS ${first_rss} → ${now_rss} KiB, CPU ${share} % of a core (under a minute: no growth check)"
    exit 0
fi
growth=$((peak_after - reference))
echo "soak: $scene RSS at 1 min ${reference} KiB, highest after ${peak_after} KiB (+${growth}), at the end ${now_rss} KiB; CPU ${share} % of a core"
if (( growth > tolerance_kb )); then
    echo "soak: FAILED: memory grew by ${growth} KiB after the first minute (limit ${tolerance_kb})" >&2
    exit 1
fi
