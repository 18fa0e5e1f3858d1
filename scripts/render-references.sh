#!/usr/bin/env bash
# Renders every Tests/QuartzCoreTests/References/*.html to a PNG beside it with headless Chromium (Debian's
# `chromium` or `chromium-headless-shell`). The PNGs are committed; CI only compares against them.
set -euo pipefail
cd "$(dirname "$0")/../Tests/QuartzCoreTests/References"
# Debian's `chromium`, or its `chromium-headless-shell` (what `make test` installs); both take these flags.
browser=$(command -v chromium || command -v chromium-headless-shell || true)
[ -n "$browser" ] || { echo "needs Debian's chromium or chromium-headless-shell" >&2; exit 1; }
for page in *.html; do
  name="${page%.html}"
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=ffffffff --window-size=200,160 \
    --screenshot="$PWD/$name.png" "file://$PWD/$page" >/dev/null 2>&1
  echo "$name.png"
done
