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
# The C libraries Render imports, read from Package.swift: for its system-library targets their
# module maps and headers and what to link (pkg-config, and the module maps' `link` lines); its
# C targets are compiled here.
c_flags=()
c_libraries=()
c_objects=()
while read -r module pkg_config; do
    if [ "$pkg_config" = "+" ]; then
        # The package's own C code (its module map and header in include/), with the sanitizer.
        c_flags+=(-I "Sources/$module/include")
        for source in "Sources/$module"/*.c; do
            object="$out/modules/$module-$(basename "$source" .c).o"
            clang -fsanitize=address -O2 -g -I "Sources/$module/include" -c "$source" -o "$object"
            c_objects+=("$object")
        done
        continue
    fi
    c_flags+=(-I "Sources/$module")
    if [ "$pkg_config" != "-" ]; then
        for flag in $(pkg-config --cflags $pkg_config); do c_flags+=(-Xcc "$flag"); done
        read -r -a libraries <<<"$(pkg-config --libs $pkg_config)"
        c_libraries+=("${libraries[@]}")
    fi
    for library in $(sed -n 's/^ *link "\(.*\)"/\1/p' "Sources/$module/module.modulemap"); do
        c_libraries+=("-l$library")
    done
done < <(swift package dump-package | python3 -c '
import json, os, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
for dependency in targets["Render"]["dependencies"]:
    name = (dependency.get("byName") or dependency.get("target") or [None])[0]
    target = targets.get(name)
    if target and target["type"] == "system":
        print(name, target.get("pkgConfig") or "-")
    elif target and os.path.isdir(f"Sources/{name}/include"):
        print(name, "+")  # a C target of the package: built here from its sources
')

# module NAME [extra flags…]: Sources/NAME/**/*.swift → $out/modules/NAME.{swiftmodule,o}
module() {
    local name=$1
    shift
    local sources
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' -not -path '*.docc/*' | sort)
    swiftc "${flags[@]}" "$@" -module-name "$name" -wmo -emit-module \
        -emit-module-path "$out/modules/$name.swiftmodule" -c "${sources[@]}" -o "$out/modules/$name.o"
}

module Animation
module Scenes
module Render "${c_flags[@]}"
# SceneSources: the scenes' text, generated as the EmbedSceneSources build plugin does.
swiftc -O Sources/EmbedSources/main.swift -o "$out/embed-sources"
mapfile -t scene_files < <(find Sources/Scenes -name '*.swift' -not -path '*.docc/*' | sort)
"$out/embed-sources" Sources/Scenes "$out/EmbeddedSceneSources.swift" "${scene_files[@]}"
mapfile -t scene_sources < <(find Sources/SceneSources -name '*.swift' | sort)
swiftc "${flags[@]}" -module-name SceneSources -wmo -emit-module \
    -emit-module-path "$out/modules/SceneSources.swiftmodule" -c "${scene_sources[@]}" \
    "$out/EmbeddedSceneSources.swift" -o "$out/modules/SceneSources.o"
module Session "${c_flags[@]}"

objects=("$out/modules/Animation.o" "$out/modules/Scenes.o" "$out/modules/Render.o" "$out/modules/SceneSources.o"
    "$out/modules/Session.o" "${c_objects[@]}")
for target in events scenes; do
    source="Fuzz/$(tr '[:lower:]' '[:upper:]' <<<"${target:0:1}")${target:1}Fuzz.swift"
    swiftc "${flags[@]}" "${c_flags[@]}" -module-name "Fuzz${target^}" \
        "$source" "${objects[@]}" "${c_libraries[@]}" -use-ld=lld -o "$out/fuzz-$target"
done
echo "built $out/fuzz-events $out/fuzz-scenes"
