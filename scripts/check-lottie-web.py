#!/usr/bin/env python3
"""Compares Calyx's frames of the Lottie reference files with lottie-web's, the reference Lottie player.

lottie-web 5.7.5 comes inlined in PyPI's pylottie wheel (installed by scripts/install-deps.sh --test; nothing of
it is committed). For each file and frame below, headless Chromium draws the frame with lottie-web's SVG renderer
over white at the composition's size, `calyx render` draws the same frame, and the page measures the per-pixel
difference (largest channel difference of each pixel). A frame passes when the mean and the 99th percentile stay
within the file's bounds; the known differences, and their causes, are in docs/lottie.md.

Usage: python3 scripts/check-lottie-web.py <path of the calyx executable>
With LOTTIE_WEB_DUMP=<folder> set, each frame's two pictures are written there (<file>-<frame>-lottie-web.png and
<file>-<frame>-calyx.png) to look at; with LOTTIE_WEB_ONLY=<file>,<file> only those files are compared.
"""
import base64, json, os, re, subprocess, sys, tempfile

from playwright.sync_api import sync_playwright

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "LottieTests", "References")

# file: (frames, mean bound, 99th-percentile bound, regions left out). Chromium (Skia) and Calyx (Cairo and its
# own span compositor) antialias edges differently, most on edges that fall on half pixels, so the bounds are
# looser than the ThorVG tests'. A region left out is where lottie-web 5.7.5 is known to draw the file wrongly,
# each (x, y, width, height) with its cause; everything else in the frame is compared.
DEFAULT = (1.2, 32)
FIXTURES = {
    "showcase": ([0, 12, 25, 40, 55], *DEFAULT, []),
    "precomp-trim": ([5, 20, 35, 50], *DEFAULT, []),
    "gradients": ([0, 30], *DEFAULT, []),
    "gradient-highlights": ([0, 30], *DEFAULT, []),
    "trim-modes": ([20, 45], *DEFAULT, []),
    "mattes-masks": ([0, 45], *DEFAULT, [
        # An inverted mask: lottie-web cuts the path out of the layer's box by the non-zero rule, so a path wound
        # the same way as its box (this circle, as After Effects winds ellipses) cuts no hole.
        (104, 54, 52, 52),
        # An inverted luma matte: lottie-web refers to a mask element it never writes, so the layer is unmatted.
        (4, 104, 52, 52),
        # Mask expansion: lottie-web strokes the mask with miter joins through an invalid filter; After Effects,
        # ThorVG and Calyx grow it with rounded corners.
        (104, 104, 52, 52),
    ]),
    "motion": ([0, 10, 30, 45], *DEFAULT, []),
    "shapes": ([0, 30, 50], *DEFAULT, []),
    "time": ([0, 20, 40], *DEFAULT, []),
    "images": ([0, 30], *DEFAULT, []),
    # Blends round a level apart over whole areas, and colour dodge and burn up to 10 levels near their limits.
    "blend-modes": ([0, 30], 1.5, 32, []),
    "levels": ([0, 30, 59], *DEFAULT, []),
    "stroke-effect": ([0, 20, 45], *DEFAULT, []),
    "set-matte": ([0, 30], *DEFAULT, []),
    # Not compared: mask-modes.json. lottie-web 5.7.5 draws darken and difference masks as add (ThorVG is that
    # file's oracle).
    # Not compared: offset-paths.json. lottie-web 5.7.5 has no offset paths and draws the shapes unmoved (ThorVG
    # is that file's oracle).
    # Not compared: effects.json. lottie-web 5.7.5 sets an effect's filter region to the layer's bounding box, so
    # a drop shadow and a blur's spread are cut off at the square's edges (ThorVG is that file's oracle).
}

PAGE = """<!doctype html><html><head><meta charset="utf-8"><script>%s</script>
<style>* { margin: 0; padding: 0 } body { background: white } #stage { background: white }</style></head>
<body><div id="stage"></div></body></html>"""

# Shows one frame of `data` in #stage with lottie-web's SVG renderer.
SHOW = """
async ([data, frame]) => {
    const stage = document.getElementById('stage');
    if (window.shown) { window.shown.destroy(); }
    stage.innerHTML = '';
    stage.style.width = data.w + 'px';
    stage.style.height = data.h + 'px';
    const animation = lottie.loadAnimation({container: stage, renderer: 'svg', loop: false, autoplay: false,
                                            animationData: data});
    window.shown = animation;
    await new Promise(done => { if (animation.isLoaded) done(); else animation.addEventListener('DOMLoaded', done); });
    animation.goToAndStop(frame, true);
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}
"""

# The difference of two PNGs (data URIs) of one size: mean, 99th percentile and largest of each pixel's largest
# channel difference.
COMPARE = """
async ([a, b, skipped]) => {
    async function pixels(uri) {
        const image = new Image();
        image.src = uri;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width; canvas.height = image.height;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return [image.width, image.height, context.getImageData(0, 0, image.width, image.height).data];
    }
    const [wa, ha, pa] = await pixels(a), [wb, hb, pb] = await pixels(b);
    if (wa !== wb || ha !== hb) return {error: `sizes differ: ${wa}x${ha} and ${wb}x${hb}`};
    const counts = new Array(256).fill(0);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < pa.length; i += 4) {
        const x = (i / 4) % wa, y = Math.floor(i / 4 / wa);
        if (skipped.some(([sx, sy, sw, sh]) => x >= sx && x < sx + sw && y >= sy && y < sy + sh)) continue;
        n += 1;
        const d = Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2]));
        counts[d] += 1; sum += d;
    }
    let seen = 0, p99 = 0, max = 0;
    for (let d = 0; d < 256; d++) {
        if (counts[d] > 0) max = d;
        if (seen < 0.99 * n) { seen += counts[d]; p99 = d; }
    }
    return {mean: sum / n, p99, max};
}
"""


def lottie_web_script():
    """lottie-web's code, from the page pylottie ships. (Found, not imported: pylottie's own code needs packages
    that are not installed with it.)"""
    import importlib.util
    spec = importlib.util.find_spec("pylottie")
    if spec is None or not spec.origin:
        sys.exit("check-lottie-web: pylottie is not installed (scripts/install-deps.sh --test installs it)")
    html = open(os.path.join(os.path.dirname(spec.origin), "lottie.html"), encoding="utf-8").read()
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    if 'lottie.version="5.7.5"' not in script:
        sys.exit("check-lottie-web: pylottie's page does not hold lottie-web 5.7.5")
    return script


def calyx_frames(calyx, name, frames, folder):
    """Calyx's frames of `name` over white, as data URIs by frame."""
    out = os.path.join(folder, name)
    subprocess.run([calyx, "render", os.path.join(HERE, name + ".json"), "--out", out, "--format", "png",
                    "--frames", f"{min(frames)}..{max(frames)}", "--background", "white"],
                   check=True, stdout=subprocess.DEVNULL)
    uris = {}
    for frame in frames:
        with open(os.path.join(out, f"frame_{frame:05d}.png"), "rb") as f:
            uris[frame] = "data:image/png;base64," + base64.b64encode(f.read()).decode()
    return uris


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    calyx = sys.argv[1]
    failures, lines = [], []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium-headless-shell"), args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        page.set_content(PAGE % lottie_web_script())
        only = [n for n in os.environ.get("LOTTIE_WEB_ONLY", "").split(",") if n]
        for name, (frames, mean_bound, p99_bound, skipped) in FIXTURES.items():
            if only and name not in only:
                continue
            data = json.load(open(os.path.join(HERE, name + ".json")))
            ours = calyx_frames(calyx, name, frames, folder)
            for frame in frames:
                page.evaluate(SHOW, [data, frame])
                shot = page.locator("#stage").screenshot()
                dump = os.environ.get("LOTTIE_WEB_DUMP")
                if dump:
                    os.makedirs(dump, exist_ok=True)
                    open(os.path.join(dump, f"{name}-{frame}-lottie-web.png"), "wb").write(shot)
                    open(os.path.join(dump, f"{name}-{frame}-calyx.png"), "wb").write(base64.b64decode(ours[frame].split(",", 1)[1]))
                theirs = "data:image/png;base64," + base64.b64encode(shot).decode()
                d = page.evaluate(COMPARE, [ours[frame], theirs, skipped])
                if "error" in d:
                    failures.append(f"{name} frame {frame}: {d['error']}")
                    continue
                lines.append(f"{name} frame {frame}: mean {d['mean']:.2f}, p99 {d['p99']}, max {d['max']}")
                if not (d["mean"] < mean_bound and d["p99"] < p99_bound):
                    failures.append(f"{name} frame {frame}: mean {d['mean']:.2f} (allowed {mean_bound}), "
                                    f"p99 {d['p99']} (allowed {p99_bound})")
        # The check can tell frames apart: Calyx's showcase frame 25 against lottie-web's frame 40 must fail.
        data = json.load(open(os.path.join(HERE, "showcase.json")))
        ours = calyx_frames(calyx, "showcase", [25], folder)
        page.evaluate(SHOW, [data, 40])
        theirs = "data:image/png;base64," + base64.b64encode(page.locator("#stage").screenshot()).decode()
        d = page.evaluate(COMPARE, [ours[25], theirs, []])
        if "error" in d or (d["mean"] < DEFAULT[0] and d["p99"] < DEFAULT[1]):
            failures.append(f"showcase frame 25 passes against lottie-web's frame 40: {d}")
        browser.close()
    for line in lines:
        print("lottie-web:", line)
    for failure in failures:
        print("lottie-web check failed:", failure)
    print(f"lottie-web check: {len(lines)} frames of {len(FIXTURES)} files compared, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
