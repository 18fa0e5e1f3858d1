#!/usr/bin/env bash
# Renders every Tests/QuartzCoreTests/References/*.html to a PNG beside it with headless Chromium (Debian's
# `chromium`). The PNGs are committed; CI only compares against them.
set -euo pipefail
cd "$(dirname "$0")/../Tests/QuartzCoreTests/References"
command -v chromium >/dev/null || { echo "needs Debian's chromium: apt-get install chromium" >&2; exit 1; }
for page in *.html; do
  name="${page%.html}"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=ffffffff --window-size=200,160 \
    --screenshot="$PWD/$name.png" "file://$PWD/$page" >/dev/null 2>&1
  echo "$name.png"
done
