#!/usr/bin/env bash
# Records the DocC tutorials' pictures: one GIF a tutorial step (`animdemo record --step N`),
# 320×480 at 15 fps, into Sources/Scenes/Scenes.docc/Resources/SCENE-step-N.gif, with the input
# each stage needs to show itself (a win, a click on the fish, a drag on the wave); a still of
# each step at the moment that shows it best (SCENE-step-N.png, `animdemo render`), which opens
# the section the step ends; and the tutorial's poster, the finished scene at the right of
# 1200×800 (SCENE-poster.png), the picture of its intro. Run it after
# a scene's steps change (`Scripts/tutorial-media.sh [SCENE…]`); the code files beside them come
# from `animdemo steps --scene SCENE --docc Sources/Scenes/Scenes.docc`.
set -euo pipefail
cd "$(dirname "$0")/.."
program=${ANIMDEMO:-.build/debug/animdemo}
out=Sources/Scenes/Scenes.docc/Resources
size=320x480
mkdir -p "$out"

# Each scene's input and how long a step's recording lasts, seconds.
declare -A events seconds
# X wins the top row (the computer is off): fields are 85 points at this size.
events[tictactoe]="0.3 tap 75 155; 0.6 tap 75 240; 0.9 tap 160 155; 1.2 tap 160 240; 1.5 tap 245 155"
seconds[tictactoe]=4
# Two clicks on the fish in the middle.
events[fish]="0.3 tap 160 240; 1.2 tap 160 240"
seconds[fish]=4
# A pull down on the band and a release.
events[elastic]="0.3 drag 160 30 190 250 0.6"
seconds[elastic]=3
# Check to X and back.
events[checkmark]="0.3 tap 160 240; 1.8 tap 160 240"
seconds[checkmark]=3.5
# The simulated download runs on its own: updates at 1, 2, 3 and 4 s.
events[download]=""
seconds[download]=5.5
# The list pulled 200 points down and let go: past the 95-point threshold.
events[pull]="0.3 drag 160 120 170 320 0.6"
seconds[pull]=3.5
# The demo's screens, one a step: the balloons rise by themselves; the others are a tab away
# (the bar at y 43 has the screens of the steps so far, 320/count points each). The scene is
# laid out 375 points wide, so here a point is 320/375 of a pixel: the fish screen's chest
# (32…203, 309…454) clicked four times and at step 3 its three line buttons (x 160, y 255, 284,
# 311); the music screen's shape buttons (y 110, 132, 158, 183); the tractor's screen.
events[floating]=""
seconds[floating]=4
declare -A eventsOfStep=(
    [floating-2]="0.2 tap 241 43; 0.4 tap 50 430; 0.9 tap 50 430; 1.4 tap 50 430; 1.9 tap 50 430"
    [floating-3]="0.2 tap 241 43; 0.3 tap 160 255; 0.4 tap 160 284; 0.5 tap 160 311; 0.6 tap 50 430; 1.0 tap 50 430; 1.4 tap 50 430; 1.9 tap 50 430"
    [floating-4]="0.2 tap 268 43; 0.3 tap 160 110; 0.45 tap 160 132; 0.6 tap 160 158; 0.75 tap 160 183; 0.9 tap 160 158; 1.05 tap 160 132"
    [floating-5]="0.2 tap 281 43")
# When a still shows the step best: the finish line drawn, bubbles on their way, the band
# pulled, the X, the downloads part done, the list pulled.
declare -A still=([tictactoe]=3.8 [fish]=2.4 [elastic]=0.8 [checkmark]=1.7 [download]=2.6 [pull]=0.85
    [floating]=2.4)
# A step whose stage shows later: the pull's band, loading after the bounce.
# The balloons higher up; the notes on their way.
declare -A stillOfStep=([pull-3]=1.8 [pull-4]=1.8 [floating-1]=3.8 [floating-4]=1.2)
# The poster's moment and how far down its input moves (see below).
declare -A poster=([tictactoe]=3.8 [fish]=0.7 [elastic]=0.8 [checkmark]=1.7 [download]=2.6 [pull]=0.85
    [floating]=2.4)
declare -A posterDown=([tictactoe]=160 [fish]=160 [elastic]=0 [checkmark]=160 [download]=0 [pull]=0
    [floating]=0)
# The floating poster's own input at 480×800 (as the pull's, so that its text keeps clear of
# the intro's), where the scene is 375 points wide, 1.28 pixels a point: the fish screen (its
# tab), its three line buttons (x 240, y 383, 426, 467), the chest (48…304, 544…762) clicked
# four times; its background is the screen's white, not the bar's grey in the corner.
declare -A posterEvents=(
    [floating]="0.2 tap 181 55; 0.3 tap 240 383; 0.4 tap 240 426; 0.5 tap 240 467; 0.6 tap 150 700; 1.0 tap 150 700; 1.4 tap 150 700; 1.9 tap 150 700")
declare -A posterBackground=([floating]=white)
declare -A posterWidth=([elastic]=1200 [pull]=480 [floating]=480) posterRight=([elastic]=300)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The events script EVENTS with every point moved DX right and DY down.
moved() {
    echo "$1" | awk -v dx="$2" -v dy="$3" 'BEGIN { RS = ";"; ORS = "" } NF {
        if ($2 == "tap") { $3 += dx; $4 += dy }
        if ($2 == "drag") { $3 += dx; $4 += dy; $5 += dx; $6 += dy }
        print (n++ ? "; " : "") $0 }'
}

# Renders SCENE with the input EVENTS at SECONDS into FILE; the rest of the arguments go to
# `animdemo render`.
still() {
    local scene=$1 events=$2 seconds=$3 file=$4
    shift 4
    rm -f "$scratch"/*.png
    "$program" render --scene "$scene" --events "$events" --at "$seconds" --out "$scratch" "$@"
    mv "$scratch/$scene"-*.png "$file"
}

scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(fish tictactoe elastic checkmark download pull floating)
for scene in "${scenes[@]}"; do
    count=$("$program" steps --scene "$scene" --json | grep -c '"step"')
    for step in $(seq 1 "$count"); do
        stepEvents=${eventsOfStep[$scene-$step]:-${events[$scene]}}
        "$program" record --scene "$scene" --step "$step" --size "$size" --fps 15 \
            --events "$stepEvents" --from 0 --to "${seconds[$scene]}" \
            --out "$out/$scene-step-$step.gif"
        still "$scene" "$stepEvents" "${stillOfStep[$scene-$step]:-${still[$scene]}}" \
            "$out/$scene-step-$step.png" \
            --step "$step" --size "$size"
    done
    # The poster: DocC shows it dimmed behind the intro's text, which takes the left half, and
    # cut to the hero's shape (about 3:2 at 1280 px), so the finished scene is laid out at
    # 600×800 (its input moved to match) and put at the right of 1200×800 filled with its own
    # background (its corner's colour); the elastic band, which spans the window, is laid out
    # at 1200×800 and pulled on the right; the pull's light list, laid out at 480×800, keeps
    # clear of the text. No dates in the
    # PNG, so that it is the same file every run.
    width=${posterWidth[$scene]:-600}
    posterInput=${posterEvents[$scene]:-$(moved "${events[$scene]}" \
        $(((width - 320) / 2 + ${posterRight[$scene]:-0})) "${posterDown[$scene]}")}
    still "$scene" "$posterInput" "${poster[$scene]}" "$scratch/poster.png" --size "${width}x800"
    background=${posterBackground[$scene]:-$(convert "$scratch/poster.png" -format '%[pixel:p{0,0}]' info:)}
    convert "$scratch/poster.png" -background "$background" -gravity east -extent 1200x800 \
        -strip -define png:exclude-chunks=date,time "$out/$scene-poster.png"
done
