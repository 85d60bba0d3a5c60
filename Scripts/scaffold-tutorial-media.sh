#!/usr/bin/env bash
# Draws the pictures of the DocC tutorial "Write your own scene" into
# Sources/AnimdemoShell/AnimdemoShell.docc/Resources: a package `animdemo new Orbit` writes,
# built with the tutorial's own step files copied in, and its program's `render` and `record`:
#   orbit-starter.png/.gif  the starter (a click springs the square across)
#   orbit-knob.png/.gif     with the damping knob, turned down (--set damping=3): it wobbles
#   orbit-watch.png         after the save under --watch: a disc
#   orbit-poster.png        the disc mid-swing at the right of 1200×800, for the intros
# The step files come from `animdemo new Orbit --docc Sources/AnimdemoShell/AnimdemoShell.docc`.
# ORBIT=DIR reuses a package built before (its first build takes a minute or more). Every
# `swift build` here should run under the shared build lock: run the script through flock.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
program=${ANIMDEMO:-$root/.build/debug/animdemo}
out=$root/Sources/AnimdemoShell/AnimdemoShell.docc/Resources
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
package=${ORBIT:-$scratch/Orbit}
[ -f "$package/Package.swift" ] || "$program" new Orbit --path "$package"
cd "$package"
size=320x480
click="0.3 tap 160 240"

# Copies the tutorial's version of the scene at step STEP into the package and builds it.
scene_at() {
    cp "$out/orbit-step-$1-OrbitScene.swift" Sources/OrbitScene/OrbitScene.swift
    swift build --product Orbit
}

# Renders the scene with the click at SECONDS into FILE; the rest of the arguments go to render.
still() {
    local seconds=$1 file=$2
    shift 2
    rm -rf "$scratch/frames"
    .build/debug/Orbit render --scene orbit --events "$click" --at "$seconds" --out "$scratch/frames" "$@"
    convert "$scratch"/frames/orbit-*.png -strip -define png:exclude-chunks=date,time "$file"
}

scene_at 3
.build/debug/Orbit record --scene orbit --size $size --fps 15 --events "$click" --from 0 --to 2 \
    --out "$out/orbit-starter.gif"
still 0.36 "$out/orbit-starter.png" --size $size

scene_at 4
.build/debug/Orbit record --scene orbit --size $size --fps 15 --events "$click" --from 0 --to 3 \
    --set damping=3 --out "$out/orbit-knob.gif"
still 0.7 "$out/orbit-knob.png" --size $size --set damping=3

scene_at 5
still 0.36 "$out/orbit-watch.png" --size $size
# The poster: DocC dims it behind the intro's text on the left, so the scene, 600×800, goes on
# the right of 1200×800 filled with its background.
rm -rf "$scratch/frames"
.build/debug/Orbit render --scene orbit --events "0.3 tap 300 400" --at 0.36 --size 600x800 \
    --out "$scratch/frames"
convert "$scratch"/frames/orbit-*.png -background 'rgb(30,34,56)' -gravity east -extent 1200x800 \
    -strip -define png:exclude-chunks=date,time "$out/orbit-poster.png"
