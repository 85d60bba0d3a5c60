#!/usr/bin/env bash
# Builds the Debian package animdemo_VERSION_ARCH.deb (README § Install) from what
# Scripts/install.sh installs under /usr, with dpkg-deb, and checks it with lintian when
# lintian is there.
#
#   Scripts/build-deb.sh [OUTPUT-FOLDER]     # default: the current folder
#   sudo dpkg -i animdemo_1.0.0_amd64.deb    # then `animdemo`, `man animdemo`; dpkg -r animdemo
#
# VERSION is what `animdemo --version` prints (Sources/AnimdemoShell/Version.swift, the one place);
# ARCH is dpkg's. BINARY and MANPAGE are passed on to install.sh (default: it builds them).
# DEBEMAIL names the maintainer's address (default: a no-reply address of the project's).
# The Swift runtime is linked into the program (install.sh builds with --static-swift-stdlib),
# so the package depends only on Debian's libraries:
#   libx11-6, libxext6 (the window, MIT-SHM), libcairo2 (drawing; it brings pixman),
#   libgif7, libwebp7, libwebpdemux2 (recordings: the WebP encoder, and the decoder's demux
#   library, which the program links), fonts-dejavu-core
#   (the overlays' text), and libc6, libstdc++6 and libgcc-s1 (the Swift runtime's own
#   needs; `dpkg-shlibdeps` would name them too).
set -euo pipefail
output="$(cd "${1:-.}" && pwd)"
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
PREFIX=/usr DESTDIR="$root" MANIFEST=0 Scripts/install.sh >/dev/null

version=$("$root/usr/bin/animdemo" --version)
arch=$(dpkg --print-architecture)
package="$output/animdemo_${version}_${arch}.deb"

# Debian's own files: the copyright (machine-readable, the MIT licence) and the changelog.
doc="$root/usr/share/doc/animdemo"
mkdir -p "$doc"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: animdemo"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n "s/^Copyright (c) //p" LICENSE)"
    echo "License: Expat"
    echo
    echo "License: Expat"
    # The licence text after its first line ("MIT License") and the copyright line, each
    # line indented, blank lines as " .".
    sed -n '/^Permission/,$p' LICENSE | sed 's/^$/./; s/^/ /'
} >"$doc/copyright"
date=$(git log -1 --format=%cD 2>/dev/null || date -R)
printf 'animdemo (%s) unstable; urgency=medium\n\n  * Release %s: see docs/CHANGELOG.md in the source.\n\n -- animdemo maintainers <%s>  %s\n' \
    "$version" "$version" "${DEBEMAIL:-animdemo@users.noreply.github.com}" "$date" | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

mkdir -p "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: animdemo
Version: $version
Architecture: $arch
Maintainer: animdemo maintainers <${DEBEMAIL:-animdemo@users.noreply.github.com}>
Installed-Size: $size
Depends: libc6, libgcc-s1, libstdc++6, libx11-6, libxext6, libcairo2, libgif7, libwebp7, libwebpdemux2, fonts-dejavu-core
Section: graphics
Priority: optional
Description: iOS animation tutorials in an X11 window
 animdemo brings five well-known iOS animation tutorials, and the library
 behind one of them, to an X11 window on Linux, on an animation engine with
 Core Animation's semantics (layers, presentation values, basic, keyframe and
 spring animations, transactions), drawn with Cairo. Time travel, a timeline
 inspector, knobs for the tutorials' constants, screenshots and GIF or WebP
 recordings; animdemo render draws any moment headless.
CONTROL
# Folders 755, files 644 but the program, all owned by root (dpkg-deb --root-owner-group).
find "$root" -type d -exec chmod 755 {} +
find "$root/usr" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/bin/animdemo"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
chmod 644 "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
if command -v lintian >/dev/null; then
    # No error or warning is left. The informational tags left, and why:
    # - hardening-no-bindnow, hardening-no-fortify-functions: the Swift toolchain links
    #   without -z now and its runtime is not built with _FORTIFY_SOURCE; our own C
    #   (Sources/CSprites) has no fortifiable calls.
    # - spelling-error-in-binary: strings of the Swift runtime and Foundation's ICU data,
    #   linked into the program, not ours.
    lintian --fail-on error,warning "$package" >&2
fi
