#!/usr/bin/env bash
# Installs animdemo under a prefix, or removes what an install put there (README § Install).
#
#   Scripts/install.sh                          # build and install under /usr/local (root)
#   PREFIX=$HOME/.local Scripts/install.sh      # under a prefix in $HOME: no root needed
#   PREFIX=$HOME/.local Scripts/install.sh uninstall
#
# Environment:
#   PREFIX   where it goes (default /usr/local)
#   DESTDIR  a staging root put in front of every path (packaging: Scripts/build-deb.sh); the
#            installed files still name PREFIX (the desktop entry's Exec=)
#   BINARY   an animdemo already built (default: `swift build -c release --static-swift-stdlib
#            --product animdemo`, the one build of the program)
#   MANPAGE  a man page already made (default: swift-argument-parser's generate-manual tool
#            run on BINARY)
#   MANIFEST=0  write no list of installed files (a package manager keeps its own)
#
# What it installs, PREFIX/…:
#   bin/animdemo
#   share/animdemo/*.png                          the images (the program looks here: ../share/animdemo)
#   share/animdemo/package/                       the package's sources, which `animdemo new` writes
#                                                 packages against (marked `installed-copy`:
#                                                 no tests; Assets holds the images)
#   share/animdemo/swift-argument-parser/         the library's sources, so those build offline
#   share/applications/animdemo.desktop           Exec=PREFIX/bin/animdemo --from-desktop
#   share/icons/hicolor/NxN/apps/animdemo.png     7 sizes, drawn by Assets/generate_assets.py
#   share/man/man1/animdemo.1.gz
#   share/bash-completion/completions/animdemo
#   share/zsh/site-functions/_animdemo            (vendor-completions/ when PREFIX is /usr)
#   share/fish/vendor_completions.d/animdemo.fish
#   share/animdemo/install-manifest               every file and every folder the install made
#                                                 (the prefix too if it made it; not its parents)
#
# `uninstall` removes the files the manifest lists, then the folders it lists that are empty,
# and so leaves the prefix as it was before the install. Installing over an install removes
# the old one first.
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX="${PREFIX:-/usr/local}"
PREFIX="${PREFIX%/}"
DESTDIR="${DESTDIR:-}"
DESTDIR="${DESTDIR%/}"
action="${1:-install}"
root="$DESTDIR$PREFIX"
manifest_name="share/animdemo/install-manifest"

case "$PREFIX" in
/*) ;;
*) echo "install.sh: PREFIX must be an absolute path, not \"$PREFIX\"" >&2; exit 2 ;;
esac

uninstall() {
    local manifest="$root/$manifest_name"
    if [ ! -f "$manifest" ]; then
        echo "install.sh: nothing to uninstall: no $manifest" >&2
        return 1
    fi
    local line kind path folders=()
    while IFS= read -r line; do
        kind="${line%% *}"
        path="${line#* }"
        case "$kind" in
        file) rm -f -- "$root/$path" ;;
        folder) folders+=("$path") ;;
        esac
    done <"$manifest"
    rm -f -- "$manifest"
    # Deepest first; a folder something else has put a file in since stays.
    local index
    for ((index = ${#folders[@]} - 1; index >= 0; index--)); do
        if [ "${folders[index]}" = "." ]; then
            rmdir -- "$root" 2>/dev/null || true
        else
            rmdir -- "$root/${folders[index]}" 2>/dev/null || true
        fi
    done
    echo "removed animdemo from $root"
}

if [ "$action" = "uninstall" ]; then
    uninstall
    exit
elif [ "$action" != "install" ]; then
    echo "usage: [PREFIX=…] [DESTDIR=…] Scripts/install.sh [install|uninstall]" >&2
    exit 2
fi

if [ -z "${BINARY:-}" ]; then
    # The Swift libraries linked in, so the installed program needs no Swift.
    swift build -c release --static-swift-stdlib --product animdemo
    BINARY=.build/release/animdemo
fi
manual=""
if [ -z "${MANPAGE:-}" ]; then
    # swift-argument-parser's generate-manual tool (what its plugin runs) reads the help of
    # the program just built: the program is built once (the plugin would build it again, in
    # another configuration). The date of the last commit, so that the same checkout makes
    # the same page.
    date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
    swift build -c release --static-swift-stdlib --product generate-manual
    manual=$(mktemp -d)
    .build/release/generate-manual "$BINARY" --date "$date" --authors "the animdemo developers" \
        --output-directory "$manual" >/dev/null
    MANPAGE="$manual/animdemo.1"
fi
[ -x "$BINARY" ] || { echo "install.sh: no program at $BINARY" >&2; exit 1; }
[ -f "$MANPAGE" ] || { echo "install.sh: no man page at $MANPAGE" >&2; exit 1; }

if [ -f "$root/$manifest_name" ]; then
    uninstall >/dev/null
fi

zsh_folder="share/zsh/site-functions"
[ "$PREFIX" = "/usr" ] && zsh_folder="share/zsh/vendor-completions"

# Everything goes into a staging folder first, so that a failure leaves the prefix untouched.
stage=$(mktemp -d)
trap 'rm -rf "$stage" ${manual:+"$manual"}' EXIT
install -D -m 755 "$BINARY" "$stage/bin/animdemo"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/bin/animdemo" 2>/dev/null || true
for image in Assets/*.png; do
    install -D -m 644 "$image" "$stage/share/animdemo/$(basename "$image")"
done
# The sources a package of one's own builds against (`animdemo new`), read-only; the library
# the shell's command line uses beside them, with a manifest of its two library targets.
package="$stage/share/animdemo/package"
mkdir -p "$package"
cp Package.swift LICENSE "$package/"
cp -R Sources Plugins "$package/"
find "$package/Sources" -name '*.docc' -prune -exec rm -rf {} +
: >"$package/installed-copy"
# The images again, not a link to them: a link to .. would hold the package itself (lintian's
# symlink-is-self-recursive), and they are 88 kB.
mkdir -p "$package/Assets"
cp Assets/*.png "$package/Assets/"
[ -d .build/checkouts/swift-argument-parser ] || swift package resolve >/dev/null
parser="$stage/share/animdemo/swift-argument-parser"
mkdir -p "$parser/Sources"
cp .build/checkouts/swift-argument-parser/LICENSE.txt "$parser/"
cp -R .build/checkouts/swift-argument-parser/Sources/ArgumentParser \
    .build/checkouts/swift-argument-parser/Sources/ArgumentParserToolInfo "$parser/Sources/"
cat >"$parser/Package.swift" <<'MANIFEST'
// swift-tools-version:5.9
// swift-argument-parser's library, as animdemo's install ships it (Scripts/install.sh).
import PackageDescription

let package = Package(
    name: "swift-argument-parser",
    products: [.library(name: "ArgumentParser", targets: ["ArgumentParser"])],
    targets: [
        .target(name: "ArgumentParserToolInfo", exclude: ["CMakeLists.txt"]),
        .target(name: "ArgumentParser", dependencies: ["ArgumentParserToolInfo"], exclude: ["CMakeLists.txt"]),
    ]
)
MANIFEST
find "$package" "$parser" -type f -exec chmod 444 {} +
sed "s|@BINDIR@|$PREFIX/bin|" Packaging/animdemo.desktop.in >"$stage/animdemo.desktop"
install -D -m 644 "$stage/animdemo.desktop" "$stage/share/applications/animdemo.desktop"
rm "$stage/animdemo.desktop"
for icon in Packaging/icons/hicolor/*/apps/animdemo.png; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    install -D -m 644 "$icon" "$stage/share/icons/hicolor/$size/apps/animdemo.png"
done
mkdir -p "$stage/share/man/man1"
# Characters beyond ASCII (…, ×) as groff escapes, which man shows in any locale.
perl -CSD -pe 's/([^\x00-\x7f])/sprintf("\\[u%04X]", ord($1))/ge' "$MANPAGE" | gzip -9n \
    >"$stage/share/man/man1/animdemo.1.gz"
chmod 644 "$stage/share/man/man1/animdemo.1.gz"
mkdir -p "$stage/share/bash-completion/completions" "$stage/$zsh_folder" "$stage/share/fish/vendor_completions.d"
# Completions are sourced, not run: no #! line (Debian's policy, lintian).
"$BINARY" --generate-completion-script bash | sed '1{/^#!/d}' >"$stage/share/bash-completion/completions/animdemo"
"$BINARY" --generate-completion-script zsh >"$stage/$zsh_folder/_animdemo"
"$BINARY" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/animdemo.fish"
chmod 644 "$stage/share/bash-completion/completions/animdemo" "$stage/$zsh_folder/_animdemo" \
    "$stage/share/fish/vendor_completions.d/animdemo.fish"

# The manifest: the folders this install creates (parents first), then the files.
manifest_lines=()
while IFS= read -r folder; do
    [ -d "$root/$folder" ] || manifest_lines+=("folder $folder")
done < <(cd "$stage" && find . -mindepth 1 -type d | sed 's|^\./||' | sort)
# The prefix itself when it does not exist yet (not its parents: make those first).
[ -d "$root" ] || manifest_lines=("folder ." "${manifest_lines[@]}")
while IFS= read -r file; do
    manifest_lines+=("file $file")
done < <(cd "$stage" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
if [ "${MANIFEST:-1}" != "0" ]; then
    manifest_lines+=("file $manifest_name")
    printf '%s\n' "${manifest_lines[@]}" >"$stage/$manifest_name"
fi

mkdir -p "$root"
cp -R --no-preserve=ownership "$stage/." "$root/"
echo "installed animdemo under $root ($(cd "$stage" && find . -type f | wc -l) files)"
