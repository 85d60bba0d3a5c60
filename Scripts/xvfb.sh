# shellcheck shell=bash
# Sourced by the scripts that run the real window (soak.sh, pacing.sh, window-pacing.sh,
# window-recording.sh): starts a virtual X server for a window of WIDTHxHEIGHT.
#
#   start_xvfb NAME WIDTH HEIGHT
#
# Makes a scratch folder ($scratch), starts Xvfb ($xvfb is its pid) and exports DISPLAY. The
# server picks a free display itself and writes its number (-displayfd): no race with another
# script or test starting at the same time. The caller's EXIT trap kills $xvfb and removes
# $scratch. NAME prefixes the error when the server does not start (status 2).
start_xvfb() {
    local name=$1 width=$2 height=$3
    command -v Xvfb >/dev/null || { echo "$name: Xvfb is missing: apt-get install xvfb" >&2; exit 2; }
    scratch=$(mktemp -d)
    # -noreset: by default the server resets when its last client leaves, and a window
    # started meanwhile could not open the display (Scripts/panel-cpu.sh's second binary,
    # launched as the first one's windows close: one launch in ten).
    Xvfb -displayfd 3 -screen 0 "$((width + 100))x$((height + 100))x24" -nolisten tcp -noreset \
        3>"$scratch/display" >/dev/null 2>&1 &
    xvfb=$!
    for _ in $(seq 100); do [ -s "$scratch/display" ] && break; sleep 0.1; done
    [ -s "$scratch/display" ] || { echo "$name: Xvfb did not start" >&2; exit 2; }
    DISPLAY=:$(head -1 "$scratch/display")
    export DISPLAY
}
