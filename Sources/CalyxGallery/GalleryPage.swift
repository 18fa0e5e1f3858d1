import Foundation

/// The gallery's web page: every scene with its name, chapter, what it demonstrates, its animated GIF and its
/// video with a speed control (0.1×–1×) and a frame scrubber, the Swift that builds it (extracted from the scene
/// files at build time), and the colours its first frame must show (read by the browser test,
/// `scripts/check-gallery.py`, which also drives the controls).
public enum GalleryPage {
    /// The page's HTML for `scenes`, whose files sit beside it as `<name>.gif`, `<name>.mp4` and `<name>.webm`,
    /// exported at `framesPerSecond`.
    public static func html(for scenes: [GalleryScene], framesPerSecond: Double = 20) -> String {
        var chapters: [String] = []
        for scene in scenes where !chapters.contains(scene.chapter) { chapters.append(scene.chapter) }
        var body = ""
        for chapter in chapters {
            body += "<h2>\(escape(chapter))</h2>\n<div class=\"grid\">\n"
            for scene in scenes where scene.chapter == chapter { body += figure(scene, framesPerSecond: framesPerSecond) }
            body += "</div>\n"
        }
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Calyx gallery</title>
        <style>
          body { font: 15px/1.4 Helvetica, Arial, sans-serif; margin: 24px; color: #222; background: #f4f4f6; }
          .grid { display: flex; flex-wrap: wrap; gap: 16px; }
          figure.scene { margin: 0; padding: 8px; width: 1000px; max-width: 100%; background: #fff; border-radius: 8px;
                         display: grid; grid-template-columns: 496px 1fr; gap: 0 12px; }
          figure.scene img, figure.scene video { image-rendering: pixelated; background: #fff; }
          .media { grid-column: 1; }
          .controls { display: flex; gap: 12px; font-size: 13px; margin-top: 4px; }
          .controls input.scrub { width: 150px; }
          figcaption { grid-column: 1; margin-top: 4px; }
          .code { grid-column: 2; grid-row: 1 / span 3; margin: 0; max-height: 320px; overflow: auto; background: #f7f7fa;
                  border-radius: 6px; font: 12px/1.35 "DejaVu Sans Mono", Menlo, monospace; }
          .code pre { margin: 0; padding: 8px; }
        </style>
        </head>
        <body>
        <h1>Calyx gallery</h1>
        <p>Each scene rendered by Calyx headlessly, frame by frame, as an animated GIF (left) and a video (right), beside
        the Swift that builds it. The speed control slows the video down to a tenth; the scrubber stops it on a frame.
        <code>calyx view &lt;name&gt;</code> plays one in a window; <code>calyx render &lt;name&gt; --out file</code> exports it.
        The API documentation (<code>make docs</code>) is at <a href="docs/index.html">docs/</a>.</p>
        \(body)<script>
        for (const figure of document.querySelectorAll('figure.scene')) {
          const video = figure.querySelector('video');
          const fps = Number(figure.dataset.fps), frames = Number(figure.dataset.frames);
          const speed = figure.querySelector('input.speed'), speedValue = figure.querySelector('output.speed-value');
          const scrub = figure.querySelector('input.scrub'), frameValue = figure.querySelector('output.frame-value');
          speed.addEventListener('input', () => {
            video.defaultPlaybackRate = video.playbackRate = Number(speed.value);
            speedValue.textContent = Number(speed.value).toFixed(1) + '×';
          });
          // The middle of a frame's interval, so the decoder shows that frame and not its neighbour.
          scrub.addEventListener('input', () => {
            video.pause();
            video.currentTime = (Number(scrub.value) + 0.5) / fps;
            frameValue.textContent = 'frame ' + (Number(scrub.value) + 1) + ' of ' + frames;
          });
          video.addEventListener('play', () => { frameValue.textContent = 'playing'; });
          video.addEventListener('click', () => { if (video.paused) video.play(); else video.pause(); });
          video.play().catch(() => {});
        }
        </script>
        </body>
        </html>

        """
    }

    static func figure(_ scene: GalleryScene, framesPerSecond: Double) -> String {
        let probes = (try? JSONEncoder().encode(scene.probes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let frames = max(1, Int((scene.duration * framesPerSecond).rounded(.up)))
        let code = (Gallery.builderSources[scene.name] ?? [])
            .map { "<pre><code class=\"part\">\(escape($0))</code></pre>" }.joined(separator: "\n")
        return """
        <figure class="scene" id="\(scene.name)" data-probes='\(probes)' data-fps="\(framesPerSecond)" data-frames="\(frames)">
          <div class="media">
            <img src="\(scene.name).gif" alt="\(escape(scene.summary))" width="240" height="240">
            <video muted loop playsinline preload="auto" width="240" height="240">
              <source src="\(scene.name).mp4" type="video/mp4">
              <source src="\(scene.name).webm" type="video/webm">
            </video>
            <div class="controls">
              <label>speed <input type="range" class="speed" min="0.1" max="1" step="0.1" value="1"> <output class="speed-value">1.0×</output></label>
              <label><input type="range" class="scrub" min="0" max="\(frames - 1)" step="1" value="0"> <output class="frame-value">playing</output></label>
            </div>
          </div>
          <figcaption><code>\(scene.name)</code> — \(escape(scene.summary))</figcaption>
          <div class="code" title="The Swift that builds this scene, from Sources/CalyxGallery/Scenes">
        \(code)
          </div>
        </figure>

        """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
