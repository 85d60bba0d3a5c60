#!/usr/bin/env bash
# The format check CI runs: swift-format's strict lint on every Swift file of Sources, Tests and
# Fuzz, except the DocC tutorials' code files (Sources/*/*.docc), which are excerpts of the
# scenes' sources written by `animdemo steps --docc` and so not whole files.
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources Tests Fuzz -name '*.swift' -not -path '*.docc/*' -print0 | sort -z | xargs -0 swift format lint --strict "$@"
