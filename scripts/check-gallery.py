#!/usr/bin/env python3
"""Checks the gallery page `make demo` writes, in a real headless browser (Debian's chromium-headless-shell,
driven by Playwright): every scene's GIF and video load, play (more than one frame; the video's time advances),
and show the colours each scene declares for its first frame (figure data-probes, in points; files are at 2x).

The browser decodes the files itself: the GIF's first frame through WebCodecs' ImageDecoder, the video's first
frame by loading it into a new, never-played video element, waiting until Chromium presents a frame and says
(requestVideoFrameCallback) that it is the one at time 0, and drawing that to a canvas (again until the canvas is
opaque: headless Chromium once drew nothing at all just after 'loadeddata').
Usage: check-gallery.py out/ (the folder holding index.html).
"""
import http.server
import json
import os
import sys
import threading
from functools import partial

from playwright.sync_api import sync_playwright

GIF_TOLERANCE = 12     # palette and dithering on flat colours
VIDEO_TOLERANCE = 28   # 4:2:0 chroma, BT.601 limited range, lossy coding

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


def main():
    folder = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "out")
    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

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
    print(f"gallery check: {len(scenes)} scenes, GIF and video each, {len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
