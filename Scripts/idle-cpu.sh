#!/usr/bin/env bash
# What a window that has nothing to draw costs, against the same window drawing, in one run:
# the CPU time (user + system, /proc/PID/stat) of the fish swimming at 1000×700 in view, then
# unmapped, then covered by another window, and of checkmark at rest after a click, each over
# SECONDS of wall time, and each idle figure as a share of the swimming fish's.
#
#   Scripts/idle-cpu.sh [SECONDS] [BINARY]
#
# The window tests check that an idle window waits in poll() with no timeout (its `idle`
# report line, ANIMDEMO_TEST_REPORT=1, docs/CONTRIBUTING.md § Test); this measures what that
# saves. Needs xvfb, xdotool and python3 (for the covering window).
set -euo pipefail
# shellcheck source=Scripts/xvfb.sh
source "$(dirname "$0")/xvfb.sh"
seconds=${1:-3}
bin=${2:-.build/release/animdemo}
trap '[ -n "${cover:-}" ] && kill "$cover" 2>/dev/null; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null
      [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null; [ -n "${scratch:-}" ] && rm -rf "$scratch"' EXIT
start_xvfb idle-cpu 1000 700
hz=$(getconf CLK_TCK)

ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$pid/stat"; }  # utime + stime

measure() {  # label: the CPU ticks over $seconds, and the share of a core
    local before after
    before=$(ticks)
    sleep "$seconds"
    after=$(ticks)
    measured=$((after - before))
    printf '%-34s %4d ticks in %s s (%s %% of a core)' "$1" "$measured" "$seconds" \
        "$(echo "scale=2; 100 * $measured / ($hz * $seconds)" | bc)"
}

ratio() {  # of $measured to the baseline
    if [ "$baseline" -gt 0 ]; then
        printf ', %s of the swimming fish\n' "$(echo "scale=3; $measured / $baseline" | bc)"
    else
        printf '\n'
    fi
}

start() {  # scene: starts the window and waits for it
    ANIMDEMO_NO_HINT=1 ANIMDEMO_TEST_REPORT=1 "$bin" --scene "$1" --size 1000x700 >/dev/null 2>"$scratch/err" &
    pid=$!
    window=""
    for _ in $(seq 150); do
        window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1) && [ -n "$window" ] && break
        sleep 0.1
    done
    [ -n "$window" ] || { echo "idle-cpu: no window for $1" >&2; exit 1; }
    xdotool mousemove --window "$window" 5 5
}

idle_lines() { grep -c '^test-report idle' "$scratch/err" || true; }

wait_idle() {  # until an `idle` report line beyond the $1 seen before
    for _ in $(seq 500); do [ "$(idle_lines)" -gt "$1" ] && return; sleep 0.02; done
    echo "idle-cpu: the window never went idle" >&2
    exit 1
}

start fish
sleep 1  # past the start, swimming
measure "fish swimming, in view"
baseline=$measured
printf '\n'
seen=$(idle_lines)
xdotool windowunmap --sync "$window"
wait_idle "$seen"
measure "fish swimming, unmapped"
ratio
xdotool windowmap --sync "$window"
seen=$(idle_lines)
python3 -c '
import ctypes, time
x = ctypes.CDLL("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XCreateSimpleWindow.restype = ctypes.c_ulong
x.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_int] * 2 + [ctypes.c_uint] * 3 + [ctypes.c_ulong] * 2
x.XMapRaised.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
d = x.XOpenDisplay(None)
w = x.XCreateSimpleWindow(d, x.XDefaultRootWindow(d), 0, 0, 4000, 4000, 0, 0, 0)
x.XMapRaised(d, w)
x.XSync(d, 0)
time.sleep(600)
' &
cover=$!
wait_idle "$seen"
measure "fish swimming, covered"
ratio
kill "$cover"
cover=""
kill "$pid"
wait "$pid" 2>/dev/null || true

start checkmark
wait_idle 0  # at rest after its first frame
seen=$(idle_lines)
xdotool click 1
wait_idle "$seen"
measure "checkmark at rest after a click"
ratio
