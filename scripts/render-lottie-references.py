#!/usr/bin/env python3
"""Renders the Lottie test references with ThorVG, an independent Lottie player (PyPI: thorvg-python).

For each Tests/LottieTests/References/<name>.json, draws the frames listed in FRAMES over white at the
composition's size and writes <name>-<frame>.png beside it. The PNGs are committed; rerun this after changing a
fixture, naming it (python3 scripts/render-lottie-references.py blend-modes), or with no names for every one.
"""
import ctypes, json, os, struct, sys, zlib
import thorvg_python as tvg

FRAMES = {"showcase": [0, 12, 25, 40, 55], "precomp-trim": [5, 20, 35, 50], "gradients": [0, 30],
          "mattes-masks": [0, 45], "motion": [0, 10, 30, 45],
          "shapes": [0, 30, 50], "time": [0, 20, 40],
          "images": [0, 30], "effects": [0], "blend-modes": [0, 30],
          "gradient-highlights": [0, 30], "trim-modes": [20, 45],
          "offset-paths": [0, 40], "effects-animated": [0, 40],
          "mask-modes": [0]}
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "LottieTests", "References")


def write_png(path, width, height, rgba):
    rows = b"".join(b"\x00" + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def render(doc, frame, width, height):
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
    background = tvg.Shape(engine)
    background.append_rect(0, 0, width, height, 0, 0, True)
    background.set_fill_color(255, 255, 255, 255)
    canvas.add(background)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load_data(doc, "lottie", None, True)
    animation.set_frame(float(frame))
    canvas.add(picture)
    canvas.update(); canvas.draw(True); canvas.sync()
    return bytes(canvas.buffer_arr)


chosen = sys.argv[1:] or list(FRAMES)
for name in chosen:
    frames = FRAMES[name]
    source = os.path.join(HERE, name + ".json")
    doc = open(source, "rb").read()
    meta = json.loads(doc)
    for frame in frames:
        pixels = render(doc, frame, meta["w"], meta["h"])
        write_png(os.path.join(HERE, f"{name}-{frame}.png"), meta["w"], meta["h"], pixels)
        print(f"{name}-{frame}.png")
