#!/usr/bin/env python3
"""Writes Tests/LottieTests/References/quadrants.lottie: a .lottie archive (dotLottie 1: manifest.json,
animations/quadrants.json deflated, images/quad.png stored) whose one animation shows the four-quadrant PNG of
images.json from a file in the archive, looping at speed 2. Rerun after changing images.json:
python3 scripts/make-dotlottie-fixture.py
"""
import base64, json, os, zipfile

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "LottieTests", "References")
images = json.load(open(os.path.join(HERE, "images.json")))
png = base64.b64decode(images["assets"][0]["p"].split(",", 1)[1])
animation = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 80, "nm": "quadrants",
             "assets": [{"id": "q", "w": 40, "h": 40, "u": "/images/", "p": "quad.png", "e": 0}],
             "layers": [{"ty": 2, "ind": 1, "refId": "q", "ip": 0, "op": 60, "st": 0,
                         "ks": {"p": {"a": 0, "k": [10, 10]}, "a": {"a": 0, "k": [0, 0]}}}]}
manifest = {"version": "1", "generator": "calyx fixture", "animations": [{"id": "quadrants", "speed": 2, "loop": True}]}
with zipfile.ZipFile(os.path.join(HERE, "quadrants.lottie"), "w") as z:
    z.writestr(zipfile.ZipInfo("manifest.json", (2024, 1, 1, 0, 0, 0)), json.dumps(manifest), zipfile.ZIP_DEFLATED)
    z.writestr(zipfile.ZipInfo("animations/quadrants.json", (2024, 1, 1, 0, 0, 0)), json.dumps(animation), zipfile.ZIP_DEFLATED)
    z.writestr(zipfile.ZipInfo("images/quad.png", (2024, 1, 1, 0, 0, 0)), png, zipfile.ZIP_STORED)
print("quadrants.lottie")
