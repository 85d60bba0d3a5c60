#!/usr/bin/env bash
# A recording's encoder against libwebp's own img2webp on the same frames (issue 29,
# docs/performance-recording.md).
#
#   Scripts/bench-recording.sh [ROUNDS] [BINARY]
#
# Renders the fish at 800×600 for 10 s at 30 fps (the scene at 60, as `record` runs it) once,
# as PNGs, with `animdemo render`; then, ROUNDS times (default 3), one after the other:
#   - img2webp -lossless on those PNGs, with libwebp's defaults and at -m 0 -q 0 (the level-0
#     preset the window's recording uses), 33 ms a frame;
#   - `animdemo record` of the same frames, WebP with its defaults and with --fast, and GIF
#     (record draws the frames itself: its time includes drawing them, which `render` shows);
#   - `animdemo bench --encode webp|gif [--fast]`: the encoder alone on the same frames.
# Prints each run and the medians over the rounds, with each file's size. Then, once, the
# encoder alone (`bench --encode`, fast, both formats) for every scene at 800×600 with input
# that keeps it moving: what the window's recording thread must do in 33 ms a frame.
#
# Needs img2webp (apt-get install webp) and python3. A benchmark: CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
bin=${2:-}
command -v img2webp >/dev/null || { echo "bench-recording: img2webp is missing: apt-get install webp" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench-recording: python3 is missing: apt-get install python3" >&2; exit 2; }
if [ -z "$bin" ]; then
    swift build -c release >/dev/null
    bin=.build/release/animdemo
fi
[ -x "$bin" ] || { echo "bench-recording: $bin is not an executable" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
size=800x600
seconds=10
fps=30
mapfile -t ats < <(python3 -c "for k in range($seconds * $fps): print('--at'); print('%.6f' % (k / $fps))")
start=$(date +%s.%N)
mkdir -p "$scratch/frames"
"$bin" render --scene fish --size "$size" --fps 60 "${ats[@]}" --out "$scratch/frames" >/dev/null
end=$(date +%s.%N)
frames=("$scratch"/frames/fish-*.png)
printf 'rendered %d frames of fish %s as PNG in %.2f s (drawing and PNG writing)\n' "${#frames[@]}" "$size" \
    "$(echo "$end - $start" | bc)"

results=$scratch/results
timed() {  # label, output file, command...
    local label=$1 out=$2
    shift 2
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>"$scratch/err" || { cat "$scratch/err" >&2; exit 1; }
    end=$(date +%s.%N)
    local bytes
    bytes=$(stat -c %s "$out" 2>/dev/null || echo 0)
    printf '%s\t%s\t%s\n' "$label" "$(echo "$end - $start" | bc)" "$bytes" | tee -a "$results"
}
encode() {  # label, bench arguments...
    local label=$1
    shift
    local line
    line=$("$bin" bench --scene fish --size "$size" --seconds "$seconds" --json "$@")
    python3 -c 'import json,sys; d=json.loads(sys.argv[2]); print("%s\t%.3f\t%d\t%.2f" % (sys.argv[1], d["total_ms"]/1000, d["bytes"], d["median_ms"]))' \
        "$label" "$line" | tee -a "$results"
}
for round in $(seq "$rounds"); do
    echo "round $round"
    timed "img2webp -lossless (defaults)" "$scratch/a.webp" img2webp -lossless -d 33 "${frames[@]}" -o "$scratch/a.webp"
    timed "img2webp -lossless -m 0 -q 0" "$scratch/b.webp" img2webp -lossless -m 0 -q 0 -d 33 "${frames[@]}" -o "$scratch/b.webp"
    timed "record webp (defaults)" "$scratch/c.webp" "$bin" record --scene fish --size "$size" --from 0 --to "$seconds" --out "$scratch/c.webp"
    timed "record webp --fast" "$scratch/d.webp" "$bin" record --scene fish --size "$size" --from 0 --to "$seconds" --fast --out "$scratch/d.webp"
    timed "record gif" "$scratch/e.gif" "$bin" record --scene fish --size "$size" --from 0 --to "$seconds" --out "$scratch/e.gif"
    encode "encoder alone: webp (defaults)" --encode webp
    encode "encoder alone: webp --fast" --encode webp --fast
    encode "encoder alone: gif" --encode gif
done

python3 - "$results" "$rounds" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    parts = line.rstrip("\n").split("\t")
    rows.setdefault(parts[0], []).append(parts[1:])
print()
print(f"fish 800x600, 300 frames (10 s at 30 fps); medians of {sys.argv[2]} rounds")
print(f"{'what':<34}{'seconds':>9}{'ms a frame':>12}{'bytes':>12}")
for label, runs in rows.items():
    seconds = statistics.median(float(r[0]) for r in runs)
    print(f"{label:<34}{seconds:>9.2f}{seconds * 1000 / 300:>12.1f}{int(runs[-1][1]):>12}")
PY

echo
echo "the encoder alone, fast (the window's), every scene at $size, 10 s at 30 fps, moving:"
declare -A events
events[checkmark]="0.5 tap 400 300; 2 tap 400 300; 3.5 tap 400 300; 5 tap 400 300; 6.5 tap 400 300; 8 tap 400 300"
events[fish]=""
events[tictactoe]="0.3 tap 160 140; 0.65 tap 160 300; 1.0 tap 320 140; 1.35 tap 320 300; 1.7 tap 480 140"
events[elastic]="0.3 drag 400 50 400 550 1.0; 3 drag 400 50 400 550 1.0; 6 drag 400 50 400 550 1.0"
events[download]=""
events[pull]="0.3 drag 400 125 400 500 0.6; 5 drag 400 125 400 500 0.6"
printf '%-10s %-5s %10s %10s %10s %10s %10s\n' scene format median_ms p99_ms max_ms total_s bytes
for scene in checkmark fish tictactoe elastic download pull; do
    for format in webp gif; do
        line=$("$bin" bench --scene "$scene" --size "$size" --seconds "$seconds" --encode "$format" --fast --json \
            --events "${events[$scene]}")
        python3 -c 'import json,sys; d=json.loads(sys.argv[3]); print("%-10s %-5s %10.2f %10.2f %10.2f %10.2f %10d" % (sys.argv[1], sys.argv[2], d["median_ms"], d["p99_ms"], d["max_ms"], d["total_ms"]/1000, d["bytes"]))' \
            "$scene" "$format" "$line"
    done
done
