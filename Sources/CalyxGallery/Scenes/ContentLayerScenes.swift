import Foundation
import QuartzCore
import OpenGLES
import AVFoundation
import CalyxHost

/// Layers whose content is made apart from the layer tree: OpenGL ES drawing (and, as they arrive, tiled images
/// and video).
extension Gallery {
    static let contentLayerScenes: [GalleryScene] = [
        GalleryScene("gl-triangle", "Layers with their own content",
                     "a CAEAGLLayer showing the coloured triangle drawn with OpenGL ES 2, turning and faded like any layer",
                     duration: 2, probes: [.init(2, 2, rgb(0.12, 0.12, 0.16))], build: glTriangle),
        GalleryScene("tiled-image", "Layers with their own content",
                     "a 2048 × 2048 CATiledLayer scrolled and zoomed out: tiles drawn on demand on background threads, fading in, three levels of detail",
                     duration: 3, probes: [.init(2, 2, rgb(0.2, 0.2, 0.22))], build: tiledImage),
        GalleryScene("video-player", "Layers with their own content",
                     "an AVPlayerLayer playing a clip, turned, with rounded corners, a border and a shadow",
                     duration: 2, probes: [.init(2, 2, rgb(0.93, 0.93, 0.95))], build: videoPlayer),
    ]

    /// The seed's large image: a 2048 × 2048 drawing in 256-pixel tiles, panned across and zoomed out to a
    /// quarter and back, so coarser levels are drawn as it shrinks.
    static func tiledImage() -> CALayer {
        let root = stage(rgb(0.2, 0.2, 0.22))
        let map = MapLayer()
        map.levelsOfDetail = 3
        map.anchorPoint = .zero
        map.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        let pan = CAKeyframeAnimation(keyPath: "position")
        pan.values = [CGPoint(x: -200, y: -200), CGPoint(x: -1400, y: -500), CGPoint(x: -30, y: -30), CGPoint(x: -200, y: -200)]
        pan.keyTimes = [0, 0.4, 0.75, 1]
        pan.duration = 3
        let zoom = CAKeyframeAnimation(keyPath: "transform.scale")
        zoom.values = [1, 1, 0.05, 1]
        zoom.keyTimes = [0, 0.4, 0.75, 1]
        zoom.duration = 3
        map.add(pan, forKey: "pan")
        map.add(zoom, forKey: "zoom")
        root.addSublayer(map)
        return root
    }

    /// The seed's composed video: a player layer turned a little, with rounded corners and a border, in a
    /// container that casts its shadow.
    static func videoPlayer() -> CALayer {
        let root = stage(rgb(0.93, 0.93, 0.95))
        let card = CALayer()
        card.frame = CGRect(x: 12, y: 28, width: 96, height: 64)
        card.shadowOpacity = 0.5; card.shadowRadius = 5; card.shadowOffset = CGSize(width: 0, height: 4)
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
        card.setAffineTransform(CGAffineTransform(rotationAngle: -0.12))
        let player = AVPlayer(url: sampleClip)
        let video = AVPlayerLayer(player: player)
        video.frame = card.bounds
        video.videoGravity = .resizeAspectFill
        video.cornerRadius = 10
        video.masksToBounds = true
        video.borderWidth = 2
        video.borderColor = CGColor.white
        card.addSublayer(video)
        root.addSublayer(card)
        player.play()
        return root
    }

    /// A two-second clip the gallery makes for itself once: colour bars with a white disc crossing them, encoded
    /// as H.264 through Calyx's own exporter.
    static let sampleClip: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calyx-gallery-clip.mp4")  // (one file, replaced whole each time)
        CAMediaClock.$current.withValue(CAMediaClock(manualTime: 0)) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 192, height: 128)
            let bars = [rgb(0.9, 0.9, 0.9), rgb(0.9, 0.85, 0.1), rgb(0.1, 0.8, 0.85), rgb(0.1, 0.75, 0.2),
                        rgb(0.8, 0.15, 0.75), rgb(0.85, 0.15, 0.15), rgb(0.15, 0.2, 0.85)]
            for (i, colour) in bars.enumerated() {
                let bar = CALayer()
                bar.frame = CGRect(x: CGFloat(i) * 192 / 7, y: 0, width: 192 / 7 + 1, height: 128)
                bar.backgroundColor = colour
                root.addSublayer(bar)
            }
            let disc = CALayer()
            disc.frame = CGRect(x: 0, y: 44, width: 40, height: 40)
            disc.cornerRadius = 20
            disc.backgroundColor = CGColor.white
            disc.borderWidth = 4
            disc.borderColor = CGColor.black
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 20; move.toValue = 172; move.duration = 2
            disc.add(move, forKey: "move")
            root.addSublayer(disc)
            var options = AnimationExportOptions(framesPerSecond: 30, duration: 2)
            options.startTime = 0
            try? AnimationExporter(layer: root, options: options).export(to: url)
        }
        return url
    }()

    static func glTriangle() -> CALayer {
        let root = stage(rgb(0.12, 0.12, 0.16))
        let layer = CAEAGLLayer()
        layer.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        layer.contentsScale = 2
        layer.cornerRadius = 10
        layer.masksToBounds = true
        if let context = EAGLContext(api: .openGLES2) {
            GLTriangle.draw(into: layer, with: context)
        } else {
            layer.backgroundColor = rgb(0.5, 0.5, 0.5)   // EGL could not start: a grey card says so
        }
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0; turn.toValue = 2 * Double.pi; turn.duration = 2; turn.repeatCount = .infinity
        layer.add(turn, forKey: "turn")
        root.addSublayer(layer)
        return root
    }
}

/// A large drawing made tile by tile: a grid of numbered-looking blocks and rings, a pure function of the area
/// asked for, so any thread may draw any tile.
final class MapLayer: CATiledLayer, @unchecked Sendable {
    override func draw(in ctx: CGContext) {
        let box = ctx.boundingBoxOfClipPath
        let cell: CGFloat = 128
        var y = (box.minY / cell).rounded(.down) * cell
        while y < box.maxY {
            var x = (box.minX / cell).rounded(.down) * cell
            while x < box.maxX {
                let (i, j) = (Int(x / cell), Int(y / cell))
                ctx.setFillColor(CGColor(red: 0.25 + 0.05 * CGFloat(i % 8), green: 0.35 + 0.04 * CGFloat(j % 8), blue: 0.7, alpha: 1))
                ctx.fill(CGRect(x: x, y: y, width: cell, height: cell))
                ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.8))
                ctx.setLineWidth(6)
                ctx.strokeEllipse(in: CGRect(x: x + 24, y: y + 24, width: 80, height: 80))
                ctx.setFillColor(CGColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1))
                ctx.fill(CGRect(x: x + 54, y: y + 54, width: 20, height: 20))
                x += cell
            }
            y += cell
        }
    }
}

/// The seed's triangle in OpenGL ES 2: red at the top, green and blue below, on white, presented once.
enum GLTriangle {
    static func draw(into layer: CAEAGLLayer, with context: EAGLContext) {
        EAGLContext.setCurrent(context)
        defer { EAGLContext.setCurrent(nil) }
        var framebuffer: GLuint = 0, renderbuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        guard context.renderbufferStorage(Int(GL_RENDERBUFFER), from: layer) else { return }
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        let program = glCreateProgram()
        for (source, type) in [("""
            attribute vec2 position; attribute vec3 color; varying vec3 vColor;
            void main() { vColor = color; gl_Position = vec4(position, 0.0, 1.0); }
            """, GL_VERTEX_SHADER), ("""
            precision mediump float; varying vec3 vColor;
            void main() { gl_FragColor = vec4(vColor, 1.0); }
            """, GL_FRAGMENT_SHADER)] {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            glAttachShader(program, shader)
        }
        glBindAttribLocation(program, 0, "position")
        glBindAttribLocation(program, 1, "color")
        glLinkProgram(program)
        let size = layer.drawablePixelSize
        glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
        glClearColor(1, 1, 1, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glUseProgram(program)
        let vertices: [GLfloat] = [0, 0.8, 1, 0, 0, -0.8, -0.8, 0, 1, 0, 0.8, -0.8, 0, 0, 1]
        vertices.withUnsafeBufferPointer { v in
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 20, v.baseAddress)
            glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 20, v.baseAddress! + 2)
            glEnableVertexAttribArray(0); glEnableVertexAttribArray(1)
            glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        }
        context.presentRenderbuffer(Int(GL_RENDERBUFFER))
        glDeleteProgram(program)
        glDeleteRenderbuffers(1, &renderbuffer)
        glDeleteFramebuffers(1, &framebuffer)
    }
}
