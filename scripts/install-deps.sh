#!/usr/bin/env bash
# Installs the Debian packages Calyx builds, tests and renders with — only those missing, quietly.
# Safe to run repeatedly; `make demo` and `make test` call it first. With --test it also installs what the
# tests drive: a virtual X server, X input and capture tools, and a headless browser with Playwright (PyPI).
set -euo pipefail

PACKAGES=(
  pkg-config              # SwiftPM finds the C libraries' headers through it
  libcairo2-dev           # rasterizing (CoreGraphics)
  libpixman-1-dev         # pixel compositing
  libpolyclipping-dev     # CGPath's set operations (union, intersection, …): Clipper
  libpango1.0-dev         # text layout and shaping (Pango, HarfBuzz, fontconfig, FreeType)
  libpng-dev              # PNG (ImageIO)
  libjpeg-dev libturbojpeg0-dev  # JPEG (ImageIO), through libjpeg-turbo's error-safe API
  libgif-dev              # animated GIF export (CalyxHost)
  libwebp-dev             # animated WebP export (libwebp's mux)
  zlib1g-dev              # APNG chunk checksums
  libavformat-dev libavcodec-dev libswscale-dev  # MP4 (H.264) and WebM (VP9) export through FFmpeg's libraries
  libsdl2-dev libx11-dev  # the window host (Xlib: to hear that the X server went away)
  libegl-dev libgles-dev  # CAEAGLLayer: EGL and OpenGL ES …
  libegl-mesa0 libgl1-mesa-dri  # … on Mesa's surfaceless platform (llvmpipe where there is no GPU)
  librlottie-dev          # the Lottie benchmark's yardstick (rlottie), built with the benchmarks
  fonts-liberation2       # pinned fonts: metric-compatible Helvetica/Times/Courier …
  fonts-dejavu-core       # … and wide Unicode coverage, so text renders identically everywhere
)
testing=false
# --bench: ThorVG (PyPI's thorvg-python), the Lottie benchmark's second yardstick, timed by scripts/bench-thorvg.py.
if [ "${1:-}" = "--bench" ]; then
  if ! python3 -c "import thorvg_python" 2>/dev/null; then
    echo "Installing: thorvg-python (PyPI)"
    python3 -m pip install -q --disable-pip-version-check thorvg-python >/dev/null 2>&1 \
      || python3 -m pip install -q --disable-pip-version-check --user thorvg-python >/dev/null
  fi
  exit 0
fi
if [ "${1:-}" = "--test" ]; then
  testing=true
  PACKAGES+=(
    xvfb xauth              # a virtual X server: the window tests run inside xvfb-run
    xdotool x11-apps        # the window tests send pointer input through X and read pixels back (xwd)
    chromium-headless-shell # the gallery page's browser test
  )
fi

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# lottie-web, the reference Lottie player, comes inlined in PyPI's pylottie wheel: only its page is used (no
# dependencies), by scripts/check-lottie-web.py.
if $testing && ! python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('pylottie') is None)" 2>/dev/null; then
  echo "Installing: pylottie (PyPI, for lottie-web)"
  python3 -m pip install -q --disable-pip-version-check --no-deps pylottie >/dev/null 2>&1 \
    || python3 -m pip install -q --disable-pip-version-check --no-deps --user pylottie >/dev/null
fi

# Playwright (PyPI) drives the headless browser; it uses Debian's chromium-headless-shell, not a download.
if $testing && ! python3 -c "import playwright" 2>/dev/null; then
  echo "Installing: playwright (PyPI)"
  python3 -m pip install -q --disable-pip-version-check playwright >/dev/null 2>&1 \
    || python3 -m pip install -q --disable-pip-version-check --user playwright >/dev/null
fi
