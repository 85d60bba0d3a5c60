#!/usr/bin/env bash
# The picture in docs/LOTTIE.md and the README: moments of three scenes as `animdemo render`
# draws them (left) and as rlottie draws `animdemo export`'s file (right).
# Needs Scripts/lottie-check.py's Python modules. Usage: Scripts/lottie-figure.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots/lottie-vs-animdemo.png}
bin=${ANIMDEMO_BIN:-.build/debug/animdemo}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rows=()
while IFS='|' read -r scene events to at frame; do
    "$bin" export --scene "$scene" --events "$events" --from 0 --to "$to" --out "$work/$scene.json" 2>/dev/null
    "$bin" render --scene "$scene" --events "$events" --at "$at" --out "$work/$scene"
    png=$(ls "$work/$scene"/*.png)
    mkdir -p "$work/$scene-rlottie"
    python3 Scripts/lottie-check.py compare "$work/$scene.json" "$frame=$png" --out "$work/$scene-rlottie" >/dev/null
    rows+=("$png" "$work/$scene-rlottie/rlottie-$frame.png")
done <<'SCENES'
checkmark|0.1 tap 400 300|1.5|0.8|48
tictactoe|0.3 tap 160 140; 0.65 tap 160 300; 1.0 tap 320 140; 1.35 tap 320 300|2.5|1.2|72
fish|0.6 tap 400 300|2|1.0|60
SCENES
python3 - "$out" "${rows[@]}" <<'PY'
import sys
from PIL import Image
out, paths = sys.argv[1], sys.argv[2:]
images = [Image.open(p).convert("RGB").resize((400, 300)) for p in paths]
sheet = Image.new("RGB", (810, 305 * (len(images) // 2)), (255, 255, 255))
for index, image in enumerate(images):
    sheet.paste(image, ((index % 2) * 410, (index // 2) * 305))
sheet.save(out, optimize=True)
PY
echo "wrote $out"
