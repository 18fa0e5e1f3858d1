import Testing
import Foundation
import OpenGLES
import QuartzCore
import CalyxTestSupport

/// `CAEAGLLayer` with an `EAGLContext` on Mesa's surfaceless EGL: the seed's coloured triangle, drawn with GLES 2
/// the way an iOS app draws it, presented into the layer and composited by `CARenderer`. Expectations: a
/// triangle's interpolated colour at a point is the barycentric mix of its vertices' colours.
@Suite(.serialized) struct EAGLLayerTests {
    static let vertexShader = """
        attribute vec2 position;
        attribute vec3 color;
        varying vec3 vColor;
        void main() { vColor = color; gl_Position = vec4(position, 0.0, 1.0); }
        """
    static let fragmentShader = """
        precision mediump float;
        varying vec3 vColor;
        void main() { gl_FragColor = vec4(vColor, 1.0); }
        """

    func compile(_ source: String, _ type: Int32) -> GLuint {
        let shader = glCreateShader(GLenum(type))
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        #expect(ok == GL_TRUE)
        return shader
    }

    /// The app side, as iOS code writes it: a framebuffer with a colour renderbuffer whose storage comes from
    /// the layer, a program, and one draw call per frame.
    final class TriangleView {
        let layer = CAEAGLLayer()
        let context: EAGLContext
        var framebuffer: GLuint = 0, colorRenderbuffer: GLuint = 0, program: GLuint = 0

        init?(frame: CGRect, compile: (String, Int32) -> GLuint) {
            guard let context = EAGLContext(api: .openGLES2) else { return nil }
            self.context = context
            layer.frame = frame
            layer.isOpaque = true
            layer.drawableProperties = [kEAGLDrawablePropertyRetainedBacking: false,
                                        kEAGLDrawablePropertyColorFormat: kEAGLColorFormatRGBA8]
            EAGLContext.setCurrent(context)
            glGenFramebuffers(1, &framebuffer)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glGenRenderbuffers(1, &colorRenderbuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
            context.renderbufferStorage(Int(GL_RENDERBUFFER), from: layer)
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorRenderbuffer)
            program = glCreateProgram()
            glAttachShader(program, compile(EAGLLayerTests.vertexShader, GL_VERTEX_SHADER))
            glAttachShader(program, compile(EAGLLayerTests.fragmentShader, GL_FRAGMENT_SHADER))
            glBindAttribLocation(program, 0, "position")
            glBindAttribLocation(program, 1, "color")
            glLinkProgram(program)
        }

        /// Clears to `background` and draws the triangle: red at the top, green bottom left, blue bottom right.
        func draw(background: (GLfloat, GLfloat, GLfloat) = (1, 1, 1)) {
            EAGLContext.setCurrent(context)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            let size = layer.drawablePixelSize
            glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
            glClearColor(background.0, background.1, background.2, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            glUseProgram(program)
            let vertices: [GLfloat] = [0, 0.8, 1, 0, 0,
                                       -0.8, -0.8, 0, 1, 0,
                                       0.8, -0.8, 0, 0, 1]
            vertices.withUnsafeBufferPointer { v in
                glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 20, v.baseAddress)
                glVertexAttribPointer(1, 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 20, v.baseAddress! + 2)
                glEnableVertexAttribArray(0); glEnableVertexAttribArray(1)
                glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
            }
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorRenderbuffer)
            context.presentRenderbuffer(Int(GL_RENDERBUFFER))
        }
    }

    /// Renders `root` with CARenderer at time 0.
    func frame(_ root: CALayer) -> TestCanvas {
        let canvas = TestCanvas(width: Int(root.bounds.width), height: Int(root.bounds.height))
        let renderer = CARenderer(context: canvas.context)
        renderer.layer = root
        CATransaction.flush()
        renderer.beginFrame(atTime: 0, timeStamp: nil); renderer.render(); renderer.endFrame()
        return canvas
    }

    @Test func theColouredTriangle() throws {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 120, height: 120); root.backgroundColor = CGColor.black
            let view = try #require(TriangleView(frame: CGRect(x: 10, y: 10, width: 100, height: 100), compile: compile),
                                    "\(EAGLContext.unavailableReason ?? "")")
            root.addSublayer(view.layer)
            view.draw()
            let c = frame(root)
            // Vertices in pixels of the 100 × 100 layer (y down): red (50, 10), green (10, 90), blue (90, 90); the
            // layer sits at (10, 10). Near each vertex, its colour dominates; at the centroid each is a third.
            func at(_ x: Double, _ y: Double) -> Pixel { c.pixel(topDown: Int(x) + 10, Int(y) + 10) }
            let nearRed = at(50, 16), nearGreen = at(15, 87), nearBlue = at(85, 87)
            #expect(nearRed.r > 200 && nearRed.g < 40 && nearRed.b < 40, "\(nearRed)")
            #expect(nearGreen.g > 200 && nearGreen.r < 40 && nearGreen.b < 40, "\(nearGreen)")
            #expect(nearBlue.b > 200 && nearBlue.r < 40 && nearBlue.g < 40, "\(nearBlue)")
            let centroid = at(50, 63.3)
            #expect(centroid.isClose(to: Pixel(85, 85, 85), tolerance: 6), "\(centroid)")
            // Outside the triangle: the clear colour (white); outside the layer: the root's black.
            #expect(at(5, 5) == .white && c.pixel(topDown: 5, 5) == .black)
        }
    }

    /// The layer composites like any other: rotated by 90° its top vertex points left.
    @Test func compositesUnderATransform() throws {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 120, height: 120); root.backgroundColor = CGColor.black
            let view = try #require(TriangleView(frame: CGRect(x: 10, y: 10, width: 100, height: 100), compile: compile),
                                    "\(EAGLContext.unavailableReason ?? "")")
            view.layer.setAffineTransform(CGAffineTransform(rotationAngle: -.pi / 2))
            view.layer.opacity = 0.5
            root.addSublayer(view.layer)
            view.draw()
            let c = frame(root)
            // The red vertex (50, 10) turned a quarter anticlockwise on screen (y down) lands at (10, 50) of the
            // layer: red at half opacity over black.
            let p = c.pixel(topDown: 16 + 10, 50 + 10)
            #expect(p.isClose(to: Pixel(128, 0, 0), tolerance: 24), "\(p)")
        }
    }

    /// Redrawn every frame by a display link: each tick presents a new clear colour, and the layer shows the
    /// latest.
    @Test func redrawnByADisplayLink() throws {
        let root = CALayer(); root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        let view = try #require(TriangleView(frame: CGRect(x: 10, y: 10, width: 100, height: 100), compile: compile),
                                    "\(EAGLContext.unavailableReason ?? "")")
        root.addSublayer(view.layer)
        var ticks = 0
        var seen: Set<Int> = []
        let link = CADisplayLink { _ in
            ticks += 1
            let shade = GLfloat(ticks % 4) / 4
            view.draw(background: (shade, shade, shade))
            CATransaction.flush()
            if let image = view.layer.contents as? CGImage { seen.insert(Int(image.pixels.pixel(x: 2, y: 2).r)) }
        }
        link.add(to: .current, forMode: .default)
        let deadline = Date().addingTimeInterval(3)
        while ticks < 6 && Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.02)) }
        link.invalidate()
        #expect(ticks >= 6)
        #expect(seen.count == 4, "\(seen)")   // four shades, each tick's own
    }

    @Test func unavailableAPIsAnswerNil() {
        #expect(EAGLContext(api: .openGLES1) == nil)
        #expect(EAGLContext.unavailableReason?.contains("ES 1") == true)
        // Without a current context, storage and presenting refuse rather than crash.
        EAGLContext.setCurrent(nil)
        let context = EAGLContext(api: .openGLES3)
        #expect(context?.renderbufferStorage(Int(GL_RENDERBUFFER), from: CAEAGLLayer()) == false)
        #expect(context?.presentRenderbuffer(Int(GL_RENDERBUFFER)) == false)
    }
}
