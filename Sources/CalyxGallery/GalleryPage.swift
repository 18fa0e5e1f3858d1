import Foundation

/// The gallery's web page: every scene with its name, chapter, what it demonstrates, its animated GIF and its
/// video, and the colours its first frame must show (read by the browser test, `scripts/check-gallery.py`).
public enum GalleryPage {
    /// The page's HTML for `scenes`, whose files sit beside it as `<name>.gif`, `<name>.mp4` and `<name>.webm`.
    public static func html(for scenes: [GalleryScene]) -> String {
        var chapters: [String] = []
        for scene in scenes where !chapters.contains(scene.chapter) { chapters.append(scene.chapter) }
        let encoder = JSONEncoder()
        var body = ""
        for chapter in chapters {
            body += "<h2>\(escape(chapter))</h2>\n<div class=\"grid\">\n"
            for scene in scenes where scene.chapter == chapter {
                let probes = (try? encoder.encode(scene.probes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
                body += """
                <figure class="scene" id="\(scene.name)" data-probes='\(probes)'>
                  <img src="\(scene.name).gif" alt="\(escape(scene.summary))" width="240" height="240">
                  <video muted loop playsinline preload="auto" width="240" height="240">
                    <source src="\(scene.name).mp4" type="video/mp4">
                    <source src="\(scene.name).webm" type="video/webm">
                  </video>
                  <figcaption><code>\(scene.name)</code> — \(escape(scene.summary))</figcaption>
                </figure>

                """
            }
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
          figure.scene { margin: 0; padding: 8px; width: 496px; background: #fff; border-radius: 8px; }
          figure.scene img, figure.scene video { image-rendering: pixelated; background: #fff; }
          figcaption { margin-top: 4px; }
        </style>
        </head>
        <body>
        <h1>Calyx gallery</h1>
        <p>Each scene rendered by Calyx headlessly, frame by frame, as an animated GIF (left) and a video (right).
        <code>calyx view &lt;name&gt;</code> plays one in a window; <code>calyx render &lt;name&gt; --out file</code> exports it.</p>
        \(body)<script>
          for (const video of document.querySelectorAll('video')) video.play().catch(() => {});
        </script>
        </body>
        </html>

        """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
