#!/usr/bin/env bash
# CI's check of the Debian package (README § Install), as a user would meet it: builds it with
# Scripts/build-deb.sh (lintian must pass), installs it with dpkg -i, runs animdemo from
# /usr/bin in a folder away from the checkout with the checkout's Assets/ moved aside, checks
# the picture, the man page, the desktop entry and the completions, removes it with dpkg -r and
# checks that none of its files is left. Needs root (or sudo). Reuses the release build and
# the tests' debug build (the man page is read from it): about 90 s on CI's machine.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
start=$SECONDS

work=$(mktemp -d)
restore() {
    [ -d "$checkout/Assets.away" ] && mv "$checkout/Assets.away" "$checkout/Assets"
    if dpkg -s animdemo >/dev/null 2>&1; then $SUDO dpkg -r animdemo >/dev/null || true; fi
    rm -rf "$work"
}
trap restore EXIT
fail() { echo "package-check: $*" >&2; exit 1; }

Scripts/build-deb.sh "$work" >/dev/null
deb=$(ls "$work"/animdemo_*.deb)
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) kB), lintian clean"
$SUDO dpkg -i "$deb" >/dev/null
dpkg -L animdemo >"$work/files"

# The program from /usr/bin, away from the checkout, whose images are moved aside.
mv Assets Assets.away
mkdir "$work/away"
cd "$work/away"
[ "$(command -v animdemo)" = /usr/bin/animdemo ] || fail "animdemo is not /usr/bin/animdemo"
version=$(animdemo --version)
[ -n "$version" ] && [[ "$deb" == *"_${version}_"* ]] || fail "--version \"$version\" is not the package's"
# Each output is read whole before it is searched: `grep -q` stops reading at the first match,
# and under pipefail the writer's SIGPIPE would fail the check (CI, loaded, did so once).
list=$(animdemo --list) || fail "animdemo --list failed"
grep -q '^fish ' <<<"$list" || fail "--list has no fish"
env -u ANIMDEMO_ASSETS animdemo render --scene fish --at 1 --out o
env -u ANIMDEMO_ASSETS animdemo render --scene fish --at 1 --assets /usr/share/animdemo --out named
mkdir empty
# An empty images folder is an error naming the missing image (status 2), not a picture without it.
if env -u ANIMDEMO_ASSETS animdemo render --scene fish --at 1 --assets empty --out bare 2>bare.err; then
    fail "an empty --assets folder was accepted"
fi
grep -q "fish.png" bare.err || fail "the error does not name the missing image: $(cat bare.err)"
python3 - o/fish-001000.png <<'PY' || fail "o/fish-001000.png is not an 800x600 PNG"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (800, 600)
PY
cmp -s o/fish-001000.png named/fish-001000.png || fail "the picture is not drawn with /usr/share/animdemo's images"
[ ! -e bare ] || fail "a failed render left its --out folder"
cd "$checkout"
mv Assets.away Assets
echo "animdemo $version from /usr/bin: --list, render (with the installed images)"

[ "$(man -w animdemo)" = /usr/share/man/man1/animdemo.1.gz ] || fail "man -w animdemo: $(man -w animdemo 2>&1)"
page=$(MANPAGER=cat man animdemo 2>/dev/null) || fail "man animdemo failed"
grep -q "Render a scene headless" <<<"$page" || fail "man animdemo does not show the page"
desktop-file-validate /usr/share/applications/animdemo.desktop || fail "the desktop entry is not valid"
grep -q '^Exec=/usr/bin/animdemo --from-desktop$' /usr/share/applications/animdemo.desktop || fail "Exec="
# bash: the completion offers the subcommands after `animdemo re`.
offered=$(bash -c 'shopt -s extglob; source /usr/share/bash-completion/completions/animdemo
    COMP_WORDS=(animdemo re); COMP_CWORD=1; COMP_LINE="animdemo re"; COMP_POINT=11
    _animdemo; printf "%s\n" "${COMPREPLY[@]}"') || fail "the bash completion failed"
grep -qx render <<<"$offered" || fail "the bash completion does not offer render"
grep -q "compdef\|#compdef" /usr/share/zsh/vendor-completions/_animdemo || fail "the zsh completion"
grep -q "complete -c 'animdemo'" /usr/share/fish/vendor_completions.d/animdemo.fish || fail "the fish completion"
echo "man page, desktop entry, bash/zsh/fish completions"

$SUDO dpkg -r animdemo >/dev/null
left=()
while IFS= read -r path; do
    if [ -e "$path" ] && [ ! -d "$path" ]; then left+=("$path"); fi
done <"$work/files"
for folder in /usr/share/animdemo /usr/share/doc/animdemo; do [ -e "$folder" ] && left+=("$folder"); done
[ ${#left[@]} -eq 0 ] || fail "dpkg -r left: ${left[*]}"
echo "removed: none of its $(grep -c . "$work/files") paths left ($((SECONDS - start)) s)"
