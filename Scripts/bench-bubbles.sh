#!/usr/bin/env bash
# Many bubbles against a real vector-animation player, in one run (docs/PERFORMANCE.md, issue 19).
#
#   Scripts/bench-bubbles.sh [ROUNDS] [BINARY]
#
# Builds the rlottie peer (Scripts/peer/rlottie_bubbles.c) and, unless BINARY is given, the
# release build of animdemo; then, ROUNDS times (default 3), runs the peer at 200 bubbles and
# `animdemo bench --scene fish --bubbles N --json --size 800x600 --frames 300` for N = 200,
# 2000 and 5000, one after the other, so that a busy machine slows both alike. Prints each run
# and a table: medians over the rounds of each median and p99, and of the ratio of each
# median to the peer's 200-bubble median of the same round.
#
# Needs librlottie-dev (apt-get install librlottie-dev), a C compiler and python3. A benchmark:
# CI does not run it. On a machine shared with builds, run it under their lock. Each run says
# how busy the rest of the machine was meanwhile (`others`, in cores, from /proc/stat), and the
# table gives each load's p99 / median: its worst run and the worst among runs with the rest
# of the machine under 0.25 of a core (quiet).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
bin=${2:-}
loads=(200 2000 5000)
frames=300
size=800x600
peer_bubbles=200

pkg-config --exists rlottie || {
    echo "bench-bubbles: rlottie is missing: apt-get install librlottie-dev" >&2
    exit 2
}
command -v python3 >/dev/null || { echo "bench-bubbles: python3 is missing: apt-get install python3" >&2; exit 2; }
mkdir -p .build
# shellcheck disable=SC2046  # pkg-config prints several words on purpose
cc -O2 Scripts/peer/rlottie_bubbles.c -o .build/rlottie_bubbles $(pkg-config --cflags --libs rlottie)
if [ -z "$bin" ]; then
    swift build -c release >/dev/null
    bin=.build/release/animdemo
fi
[ -x "$bin" ] || { echo "bench-bubbles: $bin is not an executable" >&2; exit 2; }

results=$(mktemp)
trap 'rm -f "$results" "$results.cpu"' EXIT

# How quiet the machine was: /proc/stat's busy and total ticks (all cores) before and after a
# run; less the run's own CPU seconds, the rest is what other programs used meanwhile, in
# cores (0 quiet, 1 one core's worth of other work).
busy_ticks() {
    awk '/^cpu / { total = 0; for (i = 2; i <= NF; i++) total += $i; print total - $5 - $6, total }' /proc/stat
}
others_load() {  # "busy total" before, after, the run's "user system" seconds file
    python3 - "$1" "$2" "$3" <<'PY'
import os, sys
b0, t0 = map(int, sys.argv[1].split()); b1, t1 = map(int, sys.argv[2].split())
hz = os.sysconf("SC_CLK_TCK"); cores = os.cpu_count()
own = sum(map(float, open(sys.argv[3]).read().split()[-2:])) * hz
wall = (t1 - t0) / cores
print(f"{max(b1 - b0 - own, 0) / wall if wall > 0 else 0:.2f}")
PY
}
for round in $(seq "$rounds"); do
    line=$(.build/rlottie_bubbles "$peer_bubbles" "$frames")
    echo "round $round rlottie $peer_bubbles: $line"
    echo "$round peer $peer_bubbles $line" >>"$results"
    for load in "${loads[@]}"; do
        before=$(busy_ticks)
        line=$(/usr/bin/time -f '%U %S' -o "$results.cpu" \
            "$bin" bench --scene fish --bubbles "$load" --json --size "$size" --frames "$frames")
        after=$(busy_ticks)
        others=$(others_load "$before" "$after" "$results.cpu")
        echo "round $round animdemo $load: $line (the rest of the machine: $others cores busy)"
        echo "$round animdemo $load ${line%\}}, \"others_cores\": $others}" >>"$results"
    done
done

python3 - "$results" "$size" "$frames" <<'EOF'
import json, statistics, sys

path, size, frames = sys.argv[1:4]
runs = []
for line in open(path):
    round_, who, bubbles, text = line.split(" ", 3)
    runs.append((int(round_), who, int(bubbles), json.loads(text)))
peer = {r: data["median_ms"] for r, who, _, data in runs if who == "peer"}
rounds = sorted(peer)

def median(values):
    return statistics.median(values) if values else float("nan")

print()
print(f"{len(rounds)} rounds, {size}, {frames} frames each; medians over the rounds "
      "(ratio: each round's median / the peer's 200-bubble median of that round)")
header = (f"{'what':<22}{'median ms':>10}{'p99 ms':>9}{'ratio':>8}{'ratio range':>14}"
          f"{'engine us/layer':>16}{'damage':>8}{'draw':>8}{'composite':>10}{'scaled':>8}")
print(header)
print("-" * len(header))
groups = [("peer", 200)] + sorted({(who, n) for _, who, n, _ in runs if who == "animdemo"}, key=lambda g: g[1])
for who, bubbles in groups:
    mine = [(r, data) for r, w, n, data in runs if w == who and n == bubbles]
    ratios = [data["median_ms"] / peer[r] for r, data in mine if peer.get(r)]
    name = f"rlottie {bubbles}" if who == "peer" else f"animdemo fish {bubbles}"
    row = (f"{name:<22}{median([d['median_ms'] for _, d in mine]):>10.3f}"
           f"{median([d['p99_ms'] for _, d in mine]):>9.3f}{median(ratios):>7.2f}x"
           f"{f'{min(ratios):.2f}-{max(ratios):.2f}x':>14}")
    if who == "animdemo":
        def field(key):
            return median([d[key] for _, d in mine if key in d])
        row += (f"{field('engine_us_per_layer'):>16.2f}{field('damage_median_ms'):>8.2f}"
                f"{field('draw_median_ms'):>8.2f}{field('composite_median_ms'):>10.2f}"
                f"{field('images_scaled_median'):>8.0f}")
    print(row)

print()
print("p99 / median of each run (the rest of the machine's load in cores, from /proc/stat)")
for who, bubbles in groups[1:]:
    mine = [(r, data) for r, w, n, data in runs if w == who and n == bubbles]
    tails = [(d["p99_ms"] / d["median_ms"], d.get("others_cores", float("nan"))) for _, d in mine]
    quiet = [t for t, o in tails if o < 0.25]
    runs_text = "  ".join(f"{t:.2f} ({o:.2f})" for t, o in tails)
    worst_quiet = f"{max(quiet):.2f}" if quiet else "none quiet"
    print(f"animdemo fish {bubbles:<8} worst {max(t for t, _ in tails):.2f}, quiet runs' worst {worst_quiet}: {runs_text}")
EOF
