#!/usr/bin/env bash
# How fast `--watch` closes the loop (README § Write your own scene), on a package that
# `animdemo new Orbit` writes in a scratch folder:
#
#   1. save to screen: ten one-line saves (the square's colour), each timed from the file's
#      write to the first capture of the screen (xwd -root, every ~20 ms) whose square has the
#      new colour; the median and the range. Target: at most 5 s on the 2-core development
#      machine.
#   2. black time: through each of those reloads, how long the screen showed no picture where
#      the window is (its four corners not the scene's background: the old window gone and the
#      new one not drawn yet), from the first such capture to the next capture with a picture;
#      the median and the largest of the ten, and how many captures showed none. Target: 0.
#   3. replay: a state of a minute of history at 60 fps (3,600 frames, a click every second, so
#      that the spring always moves) taken up by the program ten times; the median of the times
#      it reports ("replayed N frames in X ms"). Target: under 100 ms, also for six minutes
#      (REPLAY_SECONDS=360).
#
#   Scripts/reload-speed.sh [ANIMDEMO]     (default .build/debug/animdemo; run `swift build` first)
#   SOURCES=DIR Scripts/reload-speed.sh   the package built against the animdemo sources in DIR
#                                         (`git archive COMMIT | tar -x -C DIR`: another commit's
#                                         reload, measured with this script)
#
# Run it alone (`flock -o /tmp/swift.lock Scripts/reload-speed.sh` where builds share the lock):
# the builds it times compete with any other. Needs xvfb, xdotool, x11-apps (xwd) and python3.
set -euo pipefail
# shellcheck source=Scripts/xvfb.sh
source "$(dirname "$0")/xvfb.sh"
animdemo=$(realpath "${1:-.build/debug/animdemo}")
width=400
height=300
supervisor=""
# Each step may fail (the supervisor may have ended already) without skipping the next: the
# trap runs under set -e.
trap '{ [ -z "$supervisor" ] || kill "$supervisor" 2>/dev/null || true; sleep 1
        [ -z "${xvfb:-}" ] || kill "$xvfb" 2>/dev/null || true
        [ -z "${scratch:-}" ] || rm -rf "$scratch"; }' EXIT
start_xvfb reload-speed "$width" "$height"

package="$scratch/Orbit"
"$animdemo" new Orbit --path "$package" >/dev/null
if [ -n "${SOURCES:-}" ]; then
    sources=$(realpath "$SOURCES")
    sed -i "s|\.package(name: \"animdemo\", path: \"[^\"]*\")|.package(name: \"animdemo\", path: \"$sources\")|" \
        "$package/Package.swift"
    grep -q "path: \"$sources\"" "$package/Package.swift" || { echo "reload-speed: SOURCES not set in Package.swift" >&2; exit 2; }
fi
echo "building the scaffold (not timed)…"
(cd "$package" && swift build >/dev/null 2>&1)
scene="$package/Sources/OrbitScene/OrbitScene.swift"
grep -q 'Color(red255: 255, green255: 149, blue255: 0)' "$scene"

ANIMDEMO_NO_HINT=1 "$package/.build/debug/Orbit" --watch --scene orbit --size "${width}x${height}" \
    >"$scratch/out" 2>"$scratch/err" &
supervisor=$!

python3 - "$scene" "$scratch" "$width" "$height" <<'PYTHON' || { tail -20 "$scratch/err" >&2; exit 1; }
import statistics, struct, subprocess, sys, time

scene, scratch, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
square = (width // 4, height // 2)  # the starter's square rests a quarter in from the left

def window():
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Orbit — "],
                         capture_output=True, text=True).stdout.split()
    return out[0] if out else None

def screen():
    """The screen as (bytes, bytes_per_line, byte_order, image offset), read with xwd -root
    (X11/XWDFile.h): what is shown, whichever window shows it."""
    data = subprocess.run(["xwd", "-root", "-silent"], capture_output=True).stdout
    if len(data) < 100:
        return None
    fields = struct.unpack(">25I", data[:100])
    header, byte_order, bytes_per_line, colors = fields[0], fields[7], fields[12], fields[19]
    return data, bytes_per_line, byte_order, header + colors * 12

def pixel(shot, x, y):
    """The screen's pixel at (x, y) as (r, g, b)."""
    data, bytes_per_line, byte_order, start = shot
    offset = start + y * bytes_per_line + x * 4
    word = data[offset:offset + 4]
    if len(word) < 4:
        return None
    value = struct.unpack("<I" if byte_order == 0 else ">I", word)[0]
    return (value >> 16 & 255, value >> 8 & 255, value & 255)

def near(color, target):
    return color is not None and all(abs(a - b) <= 2 for a, b in zip(color, target))

deadline = time.time() + 30
while window() is None:
    if time.time() > deadline:
        sys.exit("reload-speed: no window within 30 s")
    time.sleep(0.1)
geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window()],
                          capture_output=True, text=True).stdout
place = dict(line.split("=", 1) for line in geometry.split())
left, top = int(place["X"]), int(place["Y"])
square = (left + width // 4, top + height // 2)  # the starter's square rests a quarter in from the left
background = (30, 34, 56)  # the starter's rootLayer.backgroundColor
corners = [(left + 3, top + 3), (left + width - 4, top + height - 4), (left + 3, top + height - 4),
           (left + width // 2, top + height - 4)]  # not the top right: the status line

text = open(scene).read()
old = "Color(red255: 255, green255: 149, blue255: 0)"
times, blacks, dark_captures, intervals = [], [], [], []
for save in range(10):
    green = 100 + 10 * save
    new = f"Color(red255: 40, green255: {green}, blue255: 120)"
    text = text.replace(old, new)
    old = new
    start = time.time()
    with open(scene, "w") as file:
        file.write(text)
    dark_since, longest, dark, last = None, 0.0, 0, None
    while True:
        now = time.time()
        if now - start > 120:
            sys.exit(f"reload-speed: save {save + 1} not on screen within 120 s")
        shot = screen()
        if shot is None:
            continue
        if last is not None:
            intervals.append(now - last)
        last = now
        if all(near(pixel(shot, *corner), background) for corner in corners):
            if dark_since is not None:
                longest = max(longest, now - dark_since)
                dark_since = None
            if near(pixel(shot, *square), (40, green, 120)):
                break
        else:
            dark += 1
            if dark_since is None:
                dark_since = now
    times.append(time.time() - start)
    blacks.append(longest)
    dark_captures.append(dark)
    print(f"save {save + 1}: {times[-1]:.2f} s, no picture for {longest * 1000:.0f} ms ({dark} captures)")
    time.sleep(1)  # the window settles before the next save
print(f"save to screen: median {statistics.median(times):.2f} s of 10 "
      f"(range {min(times):.2f}–{max(times):.2f} s)")
print(f"black time: median {statistics.median(blacks) * 1000:.0f} ms, largest {max(blacks) * 1000:.0f} ms "
      f"of 10 reloads; {sum(dark_captures)} of the captures showed no picture "
      f"(a capture every {statistics.median(intervals) * 1000:.0f} ms)")
PYTHON

kill "$supervisor"
wait "$supervisor" 2>/dev/null || true
supervisor=""
retries=$(grep -c "could not open the display" "$scratch/err" || true)
[ "$retries" -eq 0 ] || echo "(the window could not open the display $retries times and was started again)"
grep -E "built in" "$scratch/err" | sed 's/.*built in \([0-9.]*\) s.*/\1/' | sort -n |
    awk '{ a[NR] = $1 } END { if (NR) printf "of which swift build: median %s s\n", a[int((NR + 1) / 2)] }'

# A minute of history (REPLAY_SECONDS: other lengths): a click every second (the spring swings
# between them), 59 quiet frames on the grid before each.
replay_seconds=${REPLAY_SECONDS:-60}
python3 - "$scratch/state.json" "$width" "$height" "$replay_seconds" <<'PYTHON'
import json, sys
path, width, height, seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
frames = []
for second in range(seconds):
    frames.append({"first": second * 60, "count": 59})
    frames.append({"time": (second * 60 + 59) / 60,
                   "input": [f"down {width / 2} {height / 2}", f"up {width / 2} {height / 2}"]})
state = {"scene": "orbit", "sceneTime": seconds - 1 / 60, "isPaused": False, "rate": 1, "panels": [],
         "history": {"fps": 60, "initialWidth": width, "initialHeight": height, "initialKnobs": {},
                     "frames": frames}}
json.dump(state, open(path, "w"))
PYTHON
replays=()
for _ in $(seq 10); do
    # stdin at its end: the window takes up the state, then ends (its supervisor is "gone").
    line=$(ANIMDEMO_NO_HINT=1 "$package/.build/debug/Orbit" --scene orbit --watch-state "$scratch/state.json" \
        </dev/null 2>&1 >/dev/null | grep "replayed" || true)
    [ -n "$line" ] || { echo "reload-speed: the state was not taken up" >&2; exit 1; }
    replays+=("$(echo "$line" | sed 's/.*replayed \([0-9]*\) frames in \([0-9.]*\) ms/\2/')")
    frames=$(echo "$line" | sed 's/.*replayed \([0-9]*\) frames.*/\1/')
done
printf '%s\n' "${replays[@]}" | sort -n |
    awk -v frames="$frames" -v seconds="$replay_seconds" '{ a[NR] = $1 } END { printf "replay of %s s (%s frames): median %s ms of 10 (range %s–%s ms)\n", seconds, frames, a[int((NR + 1) / 2)], a[1], a[NR] }'
