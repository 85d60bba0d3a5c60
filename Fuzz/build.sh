#!/usr/bin/env bash
# Builds the libFuzzer targets (README § Fuzzing) into .build-fuzz/:
#   fuzz-events  the events-script parser and the event queue, on arbitrary bytes
#   fuzz-scenes  every scene stepped and drawn with arbitrary input within the script limits
# Each engine module is compiled once with coverage and AddressSanitizer
# (`swiftc -sanitize=fuzzer,address`), then linked with one target's entry point.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-fuzz
mkdir -p "$out/modules"
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6 -I "$out/modules")
cairo_flags=()
for flag in $(pkg-config --cflags cairo); do cairo_flags+=(-Xcc "$flag"); done
# Render also records GIF and WebP: their module maps, and their libraries at link time.
cairo_flags+=(-I Sources/CGIF -I Sources/CWebP)
for flag in $(pkg-config --cflags libwebp libwebpmux libwebpdemux); do cairo_flags+=(-Xcc "$flag"); done
media_libs=(-lgif $(pkg-config --libs libwebp libwebpmux libwebpdemux))

# module NAME [extra flags…]: Sources/NAME/**/*.swift → $out/modules/NAME.{swiftmodule,o}
module() {
    local name=$1
    shift
    local sources
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    swiftc "${flags[@]}" "$@" -module-name "$name" -wmo -emit-module \
        -emit-module-path "$out/modules/$name.swiftmodule" -c "${sources[@]}" -o "$out/modules/$name.o"
}

module Animation
module Scenes
module Render -I Sources/CCairo "${cairo_flags[@]}"
module Session -I Sources/CCairo "${cairo_flags[@]}"

objects=("$out/modules/Animation.o" "$out/modules/Scenes.o" "$out/modules/Render.o" "$out/modules/Session.o")
for target in events scenes; do
    source="Fuzz/$(tr '[:lower:]' '[:upper:]' <<<"${target:0:1}")${target:1}Fuzz.swift"
    swiftc "${flags[@]}" -I Sources/CCairo "${cairo_flags[@]}" -module-name "Fuzz${target^}" \
        "$source" "${objects[@]}" -lcairo "${media_libs[@]}" -use-ld=lld -o "$out/fuzz-$target"
done
echo "built $out/fuzz-events $out/fuzz-scenes"
