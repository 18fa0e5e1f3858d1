#!/usr/bin/env python3
"""Checks the gallery page `make demo` writes, in a real headless browser (Debian's chromium-headless-shell,
driven by Playwright): every scene's GIF and video load, play (more than one frame; the video's time advances),
and show the colours each scene declares for its first frame (figure data-probes, in points; files are at 2x).

The browser decodes the files itself: the GIF's first frame through WebCodecs' ImageDecoder, the video's first
frame by loading it into a new, never-played video element, waiting until Chromium presents a frame and says
(requestVideoFrameCallback) that it is the one at time 0, and drawing that to a canvas (again until the canvas is
opaque: headless Chromium once drew nothing at all just after 'loadeddata').

Each scene's code panel must hold its builder's source exactly as the scene files have it (every part a verbatim
piece of Sources/CalyxGallery/Scenes). The controls are driven as a person would: the frame scrubber, moved to the
middle frame, must stop the video there and show what the GIF shows at that frame; the speed control at 0.1x must
slow playback to a tenth, and back at 1x restore it.
Usage: check-gallery.py out/ (the folder holding index.html).
"""
import http.server
import io
import json
import re
import os
import sys
import threading
from functools import partial

from playwright.sync_api import sync_playwright

GIF_TOLERANCE = 12     # palette and dithering on flat colours
VIDEO_TOLERANCE = 28   # 4:2:0 chroma, BT.601 limited range, lossy coding
SCRUB_TOLERANCE = 16   # mean difference per channel between a scrubbed video frame and the GIF's same frame
SCENES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "CalyxGallery", "Scenes")

SCRUB_SCRIPT = """
async (name) => {
  const figure = document.getElementById(name);
  const video = figure.querySelector('video'), scrub = figure.querySelector('input.scrub');
  const frames = Number(figure.dataset.frames), fps = Number(figure.dataset.fps);
  const frame = Math.floor(frames / 2);
  const out = {frame, frames, paused: false, time: null, label: null, difference: null, errors: []};
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const pixels = (source, w, h) => {
    canvas.width = 60; canvas.height = 60;
    ctx.drawImage(source, 0, 0, w, h, 0, 0, 60, 60);
    return ctx.getImageData(0, 0, 60, 60).data;
  };
  try {
    const data = await (await fetch(name + '.gif')).arrayBuffer();
    const decoder = new ImageDecoder({data, type: 'image/gif'});
    await decoder.tracks.ready;
    const decoded = await decoder.decode({frameIndex: frame});
    const gif = pixels(decoded.image, decoded.image.displayWidth, decoded.image.displayHeight);
    decoded.image.close();
    if (video.readyState < 2) await new Promise((ok, fail) => {
      video.addEventListener('loadeddata', ok, {once: true});
      video.addEventListener('error', () => fail(video.error && video.error.message), {once: true});
      video.load();
    });
    video.pause();
    const seeked = new Promise(ok => video.addEventListener('seeked', ok, {once: true}));
    scrub.value = String(frame);
    scrub.dispatchEvent(new Event('input'));
    await seeked;
    // A paused video presents the sought frame after 'seeked'; wait for that (or a second, then sample anyway).
    await new Promise(ok => { video.requestVideoFrameCallback(() => ok()); setTimeout(ok, 1000); });
    out.paused = video.paused;
    out.time = video.currentTime;
    out.label = figure.querySelector('output.frame-value').textContent;
    // Chromium can present the sought frame a moment before drawImage hands it over: compare until it matches.
    for (let attempt = 0; attempt < 40; attempt++) {
      const got = pixels(video, video.videoWidth, video.videoHeight);
      let sum = 0;
      for (let i = 0; i < got.length; i += 4) sum += Math.abs(got[i] - gif[i]) + Math.abs(got[i+1] - gif[i+1]) + Math.abs(got[i+2] - gif[i+2]);
      out.difference = sum / (got.length / 4 * 3);
      if (out.difference <= %d) break;
      await new Promise(ok => setTimeout(ok, 50));
    }
  } catch (e) { out.errors.push('scrub: ' + e); }
  return out;
}
""" % SCRUB_TOLERANCE

SPEED_SCRIPT = """
async (name) => {
  const figure = document.getElementById(name);
  const video = figure.querySelector('video'), speed = figure.querySelector('input.speed');
  const advance = async (rate, ms) => {
    speed.value = String(rate);
    speed.dispatchEvent(new Event('input'));
    video.pause();
    await new Promise(ok => { video.addEventListener('seeked', ok, {once: true}); video.currentTime = 0; });
    await video.play();
    const start = video.currentTime;
    await new Promise(ok => setTimeout(ok, ms));
    const moved = video.currentTime - start;
    video.pause();
    return moved;
  };
  const out = {slow: null, slowRate: null, slowLabel: null, normal: null, errors: []};
  try {
    out.slow = await advance(0.1, 1500);
    out.slowRate = video.playbackRate;
    out.slowLabel = figure.querySelector('output.speed-value').textContent;
    out.normal = await advance(1, 500);
  } catch (e) { out.errors.push('speed: ' + e); }
  return out;
}
"""

PROBE_SCRIPT = """
async ([name, probes]) => {
  const figure = document.getElementById(name);
  const out = {gif: null, gifFrames: 0, video: null, videoSource: null, plays: false, errors: []};
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const sample = (source, w, h) => {
    canvas.width = w; canvas.height = h;
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(source, 0, 0, w, h);
    return probes.map(p => Array.from(ctx.getImageData(p.x * 2 + 1, p.y * 2 + 1, 1, 1).data));
  };
  const opaque = pixels => pixels.every(p => p[3] === 255);
  const colours = pixels => pixels.map(p => p.slice(0, 3));
  // 'loadeddata' says the first frame is decoded, but headless Chromium can still hand drawImage nothing for a
  // moment (the canvas stays transparent). Every frame the files hold is opaque, so draw again until it is.
  const sampleWhenDrawn = async (video) => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const pixels = sample(video, video.videoWidth, video.videoHeight);
      if (opaque(pixels)) return colours(pixels);
      await new Promise(ok => setTimeout(ok, 50));
    }
    throw new Error('the first frame never drew (canvas stayed transparent for 3 s)');
  };
  try {
    const data = await (await fetch(name + '.gif')).arrayBuffer();
    const decoder = new ImageDecoder({data, type: 'image/gif'});
    await decoder.tracks.ready;
    out.gifFrames = decoder.tracks.selectedTrack.frameCount;
    const first = await decoder.decode({frameIndex: 0});
    out.gif = colours(sample(first.image, first.image.displayWidth, first.image.displayHeight));
    first.image.close();
  } catch (e) { out.errors.push('gif: ' + e); }
  try {
    const video = figure.querySelector('video');
    video.pause();
    if (video.readyState < 2) await new Promise((ok, fail) => {
      video.addEventListener('loadeddata', ok, {once: true});
      video.addEventListener('error', () => fail(video.error && video.error.message), {once: true});
      video.load();
    });
    out.videoSource = video.currentSrc.split('/').pop();
    // The page's own video has been playing; after a seek back to 0, Chromium may still hand drawImage the frame
    // it showed last (the 'seeked' event can come before the new frame is ready). So the first frame is read from
    // a fresh element that has never played.
    const fresh = document.createElement('video');
    fresh.muted = true;
    fresh.preload = 'auto';
    // In the document, so Chromium presents its first frame; requestVideoFrameCallback says which frame that is.
    fresh.style.cssText = 'position: fixed; left: 0; top: 0; width: 8px; height: 8px';
    document.body.appendChild(fresh);
    const presented = await new Promise((ok, fail) => {
      fresh.requestVideoFrameCallback((now, frame) => ok(frame.mediaTime));
      fresh.addEventListener('error', () => fail(fresh.error && fresh.error.message), {once: true});
      setTimeout(() => fail('no frame presented within 5 s'), 5000);
      fresh.src = video.currentSrc;
    });
    if (presented !== 0) throw new Error('a fresh video presented the frame at ' + presented + ' s first');
    out.video = await sampleWhenDrawn(fresh);
    fresh.remove();
    fresh.removeAttribute('src');
    fresh.load();
    await new Promise(ok => { video.addEventListener('seeked', ok, {once: true}); video.currentTime = 0; });
    const start = video.currentTime;
    await video.play();
    await new Promise(ok => setTimeout(ok, 600));
    out.plays = video.currentTime > start + 0.2;
    video.pause();
  } catch (e) { out.errors.push('video: ' + e); }
  return out;
}
"""


def check_scene(page, name, probes):
    """Runs the probe script on one scene's figure and returns its failures as sentences."""
    failures = []
    result = page.evaluate(PROBE_SCRIPT, [name, probes])
    failures += [f"{name}: {e}" for e in result["errors"]]
    if result["gifFrames"] < 2:
        failures.append(f"{name}: the GIF has {result['gifFrames']} frame(s)")
    if result["video"] is not None and not result["plays"]:
        failures.append(f"{name}: the video ({result['videoSource']}) does not play")
    for kind, tolerance in (("gif", GIF_TOLERANCE), ("video", VIDEO_TOLERANCE)):
        for probe, got in zip(probes, result[kind] or []):
            want = (probe["r"], probe["g"], probe["b"])
            if max(abs(a - b) for a, b in zip(got, want)) > tolerance:
                source = result["videoSource"] if kind == "video" else f"{name}.gif"
                failures.append(f"{name}: {kind} ({source}) first frame at ({probe['x']}, {probe['y']}) is "
                                f"{tuple(got)}, expected {want} ± {tolerance}")
    return failures


def scene_sources():
    """The scene files' text, which every code panel part must be a verbatim piece of."""
    texts = []
    for name in sorted(os.listdir(SCENES_DIR)):
        if name.endswith(".swift"):
            with open(os.path.join(SCENES_DIR, name), encoding="utf-8") as f:
                texts.append(f.read())
    return texts


def check_code(page, name, sources):
    """The scene's code panel: at least one part, each found verbatim in the scene files."""
    parts = page.eval_on_selector_all(f"#{name} .code code.part", "codes => codes.map(c => c.textContent)")
    if not parts:
        return [f"{name}: the code panel is empty"]
    failures = []
    for part in parts:
        piece = part[len("build: "):] if part.startswith("build: ") else part
        if not any(piece in text for text in sources):
            failures.append(f"{name}: the code panel shows text that is not in the scene files: {piece[:60]!r}…")
    return failures


def check_scrub(page, name):
    """Scrubbing to the middle frame stops the video there, labels it, and shows the GIF's same frame."""
    result = page.evaluate(SCRUB_SCRIPT, name)
    failures = [f"{name}: {e}" for e in result["errors"]]
    if failures:
        return failures
    frame, fps = result["frame"], float(page.get_attribute(f"#{name}", "data-fps"))
    if not result["paused"]:
        failures.append(f"{name}: scrubbing did not pause the video")
    if not (frame / fps <= result["time"] < (frame + 1) / fps):
        failures.append(f"{name}: scrubbed to frame {frame} but the video is at {result['time']:.3f} s")
    if result["label"] != f"frame {frame + 1} of {result['frames']}":
        failures.append(f"{name}: the scrubber's label reads {result['label']!r}")
    if result["difference"] is None or result["difference"] > SCRUB_TOLERANCE:
        failures.append(f"{name}: the scrubbed video frame differs from the GIF's frame {frame} by "
                        f"{result['difference']} per channel on average (allowed {SCRUB_TOLERANCE})")
    return failures


def check_speed(page, name):
    """At 0.1x the video advances about a tenth as fast (0.15 s in 1.5 s); back at 1x, at full speed."""
    result = page.evaluate(SPEED_SCRIPT, name)
    failures = [f"{name}: {e}" for e in result["errors"]]
    if failures:
        return failures
    if result["slowRate"] != 0.1 or result["slowLabel"] != "0.1×":
        failures.append(f"{name}: the speed control set rate {result['slowRate']} and reads {result['slowLabel']!r}")
    if not (0.05 <= result["slow"] <= 0.4):
        failures.append(f"{name}: at 0.1x the video moved {result['slow']:.3f} s in 1.5 s (expected about 0.15)")
    if not (0.25 <= result["normal"] <= 0.8):
        failures.append(f"{name}: at 1x the video moved {result['normal']:.3f} s in 0.5 s (expected about 0.5)")
    return failures


def main():
    folder = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "out")
    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        """Serves the folder quietly, with byte ranges: Chromium can seek a video only within what the server
        answers ranges for (without them, every seek lands at 0)."""
        def log_message(self, *args):
            pass

        def send_head(self):
            match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
            path = self.translate_path(self.path)
            if not match or not os.path.isfile(path):
                return super().send_head()
            size = os.path.getsize(path)
            start = int(match.group(1))
            end = min(int(match.group(2)) if match.group(2) else size - 1, size - 1)
            if start > end:
                self.send_error(416)
                return None
            with open(path, "rb") as f:
                f.seek(start)
                body = f.read(end - start + 1)
            self.send_response(206)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            self.send_header("Content-Length", str(end - start + 1))
            self.end_headers()
            return io.BytesIO(body)

    handler = partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"

    failures = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium-headless-shell"),
            args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
        page = browser.new_page()
        page.goto(url)
        scenes = page.eval_on_selector_all(
            "figure.scene", "figures => figures.map(f => [f.id, JSON.parse(f.dataset.probes)])")
        if not scenes:
            failures.append("the page shows no scenes")
        sources = scene_sources()
        for name, probes in scenes:
            failures += check_code(page, name, sources)
        # The controls: the scrubber on every scene, the speed control (which takes seconds) on a few.
        for index, (name, _) in enumerate(scenes):
            checks = [check_scrub] + ([check_speed] if index % 20 == 0 else [])
            for check in checks:
                control_failures = check(page, name)
                if control_failures:
                    print(f"gallery check: {name}: retrying after: {'; '.join(control_failures)}")
                    control_failures = check(page, name)
                failures += control_failures
        for name, probes in scenes:
            scene_failures = check_scene(page, name, probes)
            if scene_failures:
                # A broken file fails the same way twice; the browser's media timing, which has flaked in CI
                # before, rarely does. Each retry is printed so a flaky check stays visible.
                print(f"gallery check: {name}: retrying after: {'; '.join(scene_failures)}")
                scene_failures = check_scene(page, name, probes)
            failures += scene_failures
        browser.close()
    server.shutdown()
    for failure in failures:
        print("gallery check:", failure)
    print(f"gallery check: {len(scenes)} scenes, GIF and video each, code panels, scrubber and speed control, "
          f"{len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
