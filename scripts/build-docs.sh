#!/usr/bin/env bash
# `make docs`: the DocC sites of every library product, for static hosting under out/docs/<Module>/ (the gallery
# page, out/index.html, links to them), with an index page. DocC's warnings (broken links, unknown symbols) fail
# the build, and so does documentation coverage — the share of public symbols with a summary — below MIN_COVERAGE.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-out}/docs"
# The share of public symbols that must have a summary (compiler-synthesized ones aside); about 97 % do.
MIN_COVERAGE="${MIN_COVERAGE:-95}"
MODULES=(QuartzCore UIKit CoreGraphics ImageIO CoreText CoreImage Lottie CalyxHost CalyxSnapshotTesting
         OpenGLES CoreMedia AVFoundation)
mkdir -p "$OUT"
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
for module in "${MODULES[@]}"; do
    rm -rf "$OUT/$module"
    if ! swift package --allow-writing-to-directory "$OUT" generate-documentation --target "$module" \
        --output-path "$OUT/$module" --transform-for-static-hosting --hosting-base-path "docs/$module" \
        --warnings-as-errors --experimental-documentation-coverage --coverage-summary-level brief \
        --experimental-skip-synthesized-symbols \
        > "$LOGS/$module.log" 2>&1; then
        grep -v "prohibited flag" "$LOGS/$module.log" | tail -40
        echo "docs: $module failed (DocC warnings are errors here)" >&2
        exit 1
    fi
done
python3 scripts/docs-coverage.py "$OUT" "$MIN_COVERAGE" "$LOGS"/*.log
