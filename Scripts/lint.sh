#!/usr/bin/env bash
# The format check CI runs: swift-format's strict lint on every Swift file of Sources, Tests and
# Fuzz, except the DocC tutorials' code files (Sources/*/*.docc), which `animdemo steps --docc`
# writes from the scenes' sources, broken to 80 columns by its own rules (CodeWrap), not these.
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources Tests Fuzz -name '*.swift' -not -path '*.docc/*' -print0 | sort -z | xargs -0 swift format lint --strict "$@"
