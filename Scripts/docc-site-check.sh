#!/usr/bin/env bash
# Renders the tutorials' site as it would be hosted (DocC's static hosting, warnings are errors)
# into a temporary folder, removed after, and checks it (Scripts/docc-site-check.py): every page
# of the table of contents with its route and JSON; every tutorial's sections, steps, intro image
# and questions; every image, video and code file; every internal link. One line per problem,
# exit 1. CI runs it (.ci/run). Like any generate-documentation, it builds the Scenes target first
# (for its symbols).
#
#   Scripts/docc-site-check.sh            # render and check
#   Scripts/docc-site-check.sh SITE       # check a site rendered before (no rendering)
set -euo pipefail

if [ $# -gt 1 ] || { [ $# -eq 1 ] && [ ! -d "$1" ]; }; then
    echo "usage: Scripts/docc-site-check.sh [SITE]" >&2
    exit 2
fi
given=""
[ $# -eq 0 ] || given=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
catalog=Sources/Scenes/Scenes.docc
if [ -n "$given" ]; then
    exec python3 Scripts/docc-site-check.py "$given" "$catalog"
fi

site=$(mktemp -d "${TMPDIR:-/tmp}/docc-site.XXXXXX")
trap 'rm -rf "$site" "$site.log"' EXIT
swift package generate-documentation --target Scenes --warnings-as-errors \
    --transform-for-static-hosting --output-path "$site" >"$site.log" 2>&1 || {
    cat "$site.log" >&2
    rm -f "$site.log"
    echo "docc-site-check: DocC could not render the site" >&2
    exit 1
}
rm -f "$site.log"
python3 Scripts/docc-site-check.py "$site" "$catalog"
