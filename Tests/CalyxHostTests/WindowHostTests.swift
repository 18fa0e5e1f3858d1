import Testing
import Foundation
@testable import CalyxHost
@testable import QuartzCore
import UIKit

/// The SDL2 window host under a real X server (`make test` runs the tests inside `xvfb-run`): the window's
/// pixels, read back from the X server with `xwd`, match the headless frame of the same media time; the root
/// follows a resize; pointer input sent through the X server (`xdotool`) arrives as touches on the hit-tested
/// view; and with no display the host says so.
@Suite(.serialized) struct WindowHostTests {
    static let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil

    /// A 160×100 opaque scene with a blue square sliding from x = 10 to x = 110 over 20 s: any two frame times
    /// give different pixels.
    func slidingScene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 100)
        root.backgroundColor = CGColor(red: 1, green: 0.9, blue: 0.7, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 30, width: 40, height: 40)
        square.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        square.cornerRadius = 8
        root.addSublayer(square)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 30; slide.toValue = 130; slide.duration = 20
        square.add(slide, forKey: "slide")
        return root
    }

    /// Pumps the window's events until `done` holds or `seconds` pass.
    func pump(_ window: HostWindow, for seconds: Double, until done: () -> Bool = { false }) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, !done() { window.processEvents(waitingUpTo: 0.005) }
    }

    @Test(.enabled(if: hasDisplay)) func theWindowShowsTheHeadlessFrameOfItsTime() throws {
        let root = slidingScene()
        let title = "calyx-test-\(UUID().uuidString.prefix(8))"
        let window = try HostWindow(layer: root, title: title)
        pump(window, for: 3) { window.presentedFrameTime != nil }
        let time = try #require(window.presentedFrameTime, "a frame is presented within 3 s")
        // The same tree, drawn headlessly by CARenderer at the presented frame's time.
        let expected = try HeadlessFrame.render(root, at: time)
        func worstDifference(_ screen: XWDImage) -> Int {
            var worst = 0
            for y in 0..<100 { for x in 0..<160 {
                let e = expected.pixel(x: x, y: y), s = screen.rgb(x: x, y: y)
                worst = max(worst, abs(Int(e.r) - s.r), abs(Int(e.g) - s.g), abs(Int(e.b) - s.b))
            } }
            return worst
        }
        // No further frame is presented while the events are not pumped, but a loaded X server may show the
        // presented frame late: read the screen back until it shows it, for up to 3 s.
        var screen = try XWDImage.capture(windowNamed: title)
        var worst = screen.width == 160 && screen.height == 100 ? worstDifference(screen) : .max
        for _ in 0..<10 where worst > 2 {
            Thread.sleep(forTimeInterval: 0.3)
            screen = try XWDImage.capture(windowNamed: title)
            worst = screen.width == 160 && screen.height == 100 ? worstDifference(screen) : .max
        }
        let readBack = try #require(window.readPixels())
        #expect(window.presentedFrameTime == time, "no frame is presented while the events are not pumped")
        window.close()

        #expect(screen.width == 160 && screen.height == 100)
        #expect(worst <= 2, "window pixels differ from the headless frame at \(time) by up to \(worst) levels")
        #expect(readBack.width == 160 && readBack.height == 100)
        // And the frame is where its time puts it: the square's centre at 30 + 100·(t − t₀)/20 (t₀ within 3 s).
        let blue = (0..<160).filter { x in let p = screen.rgb(x: x, y: 50); return p.b > 200 && p.r < 60 }
        #expect(blue.count >= 38 && blue.count <= 42 && blue.first! >= 10 && blue.first! <= 30, "\(blue)")
    }

    @Test(.enabled(if: hasDisplay)) func theRootFollowsAResize() throws {
        let root = slidingScene()
        let window = try HostWindow(layer: root, title: "calyx-resize-\(UUID().uuidString.prefix(8))")
        defer { window.close() }
        pump(window, for: 3) { window.presentedFrameTime != nil }
        try XDoTool.run(["search", "--name", window.title, "windowsize", "%@", "220", "140"])
        pump(window, for: 3) { root.bounds.size == CGSize(width: 220, height: 140) }
        #expect(root.bounds.size == CGSize(width: 220, height: 140))
        pump(window, for: 1) { window.readPixels()?.width == 220 }
        #expect(window.readPixels()?.width == 220)

        // A frame drawn at the old size (one the stopped server left in the mailbox) is never uploaded to the
        // new texture: SDL would read a 220×140 texture's rows from a 160×100 image, past its end.
        let stale = try #require(CGContext.canonicalBitmap(width: 160, height: 100)?.makeImage())
        window.mailbox.post(CARenderServer.Frame(time: -42, index: 0, damage: .zero, image: stale))
        window.processEvents()
        #expect(window.presentedFrameTime != -42)
    }

    final class RecordingView: UIView, @unchecked Sendable {
        var phases: [(UITouch.Phase, CGPoint)] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches) }
        func record(_ touches: Set<UITouch>) { for t in touches { phases.append((t.phase, t.location(in: self))) } }
    }

    @Test(.enabled(if: hasDisplay)) func mouseInputArrivesAsTouchesOnTheHitTestedView() throws {
        let uiWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        uiWindow.backgroundColor = .white
        let target = RecordingView(frame: CGRect(x: 100, y: 20, width: 80, height: 80))
        target.backgroundColor = .red
        uiWindow.addSubview(target)
        // A view over the target that takes no touches: the hit test passes through it.
        let glass = RecordingView(frame: CGRect(x: 90, y: 10, width: 100, height: 100))
        glass.isUserInteractionEnabled = false
        uiWindow.addSubview(glass)
        let elsewhere = RecordingView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        uiWindow.addSubview(elsewhere)
        uiWindow.makeKeyAndVisible()

        let window = try HostWindow(layer: uiWindow.layer, title: "calyx-touch-\(UUID().uuidString.prefix(8))")
        defer { window.close() }
        var hits: [CALayer?] = []
        window.onPointer = { event, layer in if event.phase == .began { hits.append(layer) } }
        pump(window, for: 3) { window.presentedFrameTime != nil }
        // The pointer enters the window first (SDL gives a window mouse focus when the pointer enters it).
        try XDoTool.run(["search", "--name", window.title, "mousemove", "--window", "%1", "120", "40"])
        pump(window, for: 0.3)
        try XDoTool.run(["search", "--name", window.title, "mousemove", "--window", "%1", "130", "50",
                         "mousedown", "1", "mousemove", "--window", "%1", "140", "60", "mouseup", "1"])
        pump(window, for: 3) { target.phases.count >= 3 }
        #expect(target.phases.map(\.0) == [.began, .moved, .ended])
        #expect(target.phases.first?.1 == CGPoint(x: 30, y: 30), "began at (130, 50) in the window")
        #expect(target.phases.last?.1 == CGPoint(x: 40, y: 40))
        #expect(glass.phases.isEmpty && elsewhere.phases.isEmpty)
        // CALayer.hitTest knows nothing of user interaction: the layer hit is the glass on top.
        #expect(hits.count == 1 && hits.first??.delegate === glass, "\(hits)")
    }

    /// Keys pressed through the X server (`xdotool`, the window focused) arrive as ``HostWindow/Key``s, in order:
    /// what `calyx view` pauses and steps a Lottie file with.
    @Test(.enabled(if: hasDisplay)) func keysArriveInOrder() throws {
        let root = slidingScene()
        let window = try HostWindow(layer: root, title: "calyx-keys-\(UUID().uuidString.prefix(8))")
        defer { window.close() }
        var keys: [HostWindow.Key] = []
        window.onKey = { keys.append($0) }
        pump(window, for: 3) { window.presentedFrameTime != nil }
        try XDoTool.run(["search", "--name", window.title, "windowfocus", "--sync", "%1", "key", "space", "Right", "Left", "Home", "End", "a", "Shift_L"])
        pump(window, for: 3) { keys.count >= 6 }
        #expect(keys == [.space, .right, .left, .home, .end, .character("a")])
    }

    @Test func keyCodesBecomeKeys() {
        #expect(HostWindow.key(32) == .space)
        #expect(HostWindow.key(Int32(bitPattern: 0x4000_0050)) == .left)    // SDL's code for the left arrow
        #expect(HostWindow.key(Int32(bitPattern: 0x4000_004F)) == .right)
        #expect(HostWindow.key(Int32(UnicodeScalar("7").value)) == .character("7"))
        #expect(HostWindow.key(Int32(bitPattern: 0x4000_00E1)) == nil)      // left shift: no character
    }

    /// The X server dies under an open window: `calyx view` stops its window, says the display went away and
    /// exits with status 1 — not ended by Xlib, which by default exits the process from inside its call.
    @Test func aDisplayThatGoesAwayClosesTheWindow() throws {
        let calyx = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calyx")
        guard FileManager.default.isExecutableFile(atPath: calyx.path), FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            Issue.record("needs the calyx binary beside the tests and Xvfb"); return
        }
        // (A display number no server holds: one picked from the process id alone could be the test run's own
        // xvfb-run display, which then never goes away.)
        let offset = Int(ProcessInfo.processInfo.processIdentifier % 100)
        guard let number = (0..<100).lazy.map({ 100 + ($0 + offset) % 100 })
            .first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") }) else {
            Issue.record("no free X display number between 100 and 199"); return
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [":\(number)", "-screen", "0", "320x240x24", "-nolisten", "tcp"]
        server.standardError = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        // (SIGKILL: the test runner's children may inherit a mask that blocks SIGTERM.)
        defer {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()   // (Foundation holds a process until its exit is seen)
        }
        Thread.sleep(forTimeInterval: 1)
        let view = Process()
        view.executableURL = calyx
        view.arguments = ["view", "worm", "--seconds", "20"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(number)"; environment["WAYLAND_DISPLAY"] = nil; environment["SDL_VIDEODRIVER"] = nil
        view.environment = environment
        let errors = Pipe()
        view.standardError = errors
        view.standardOutput = FileHandle.nullDevice
        try view.run()
        Thread.sleep(forTimeInterval: 2)
        kill(server.processIdentifier, SIGKILL)
        let started = Date()
        while view.isRunning, Date().timeIntervalSince(started) < 10 { Thread.sleep(forTimeInterval: 0.05) }
        if view.isRunning { kill(view.processIdentifier, SIGKILL) }
        view.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(Date().timeIntervalSince(started) < 10, "the window kept running without its display")
        #expect(view.terminationReason == .exit && view.terminationStatus == 1)
        #expect(message.contains("the display went away"), "\(message)")
    }

    @Test func withoutADisplayTheHostSaysSo() throws {
        // In a child process without DISPLAY, `calyx view` explains and exits with status 1.
        let calyx = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calyx")
        guard FileManager.default.isExecutableFile(atPath: calyx.path) else {
            Issue.record("the calyx binary is built beside the tests: \(calyx.path)"); return
        }
        let process = Process()
        process.executableURL = calyx
        process.arguments = ["view", "worm", "--seconds", "1"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil; environment["WAYLAND_DISPLAY"] = nil; environment["SDL_VIDEODRIVER"] = nil
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message.contains("no display"), "\(message)")
    }
}

/// A frame drawn by `CARenderer`, the headless path, at a chosen time.
enum HeadlessFrame {
    static func render(_ root: CALayer, at time: CFTimeInterval) throws -> PixelBuffer {
        let w = Int(root.bounds.width), h = Int(root.bounds.height)
        let context = try #require(CGContext.canonicalBitmap(width: w, height: h))
        let renderer = CARenderer(context: context)
        renderer.layer = root
        renderer.bounds = root.bounds
        renderer.beginFrame(atTime: time, timeStamp: nil)
        renderer.addUpdate(.infinite)
        renderer.render()
        renderer.endFrame()
        return try #require(context.makeImage()).pixels
    }
}

/// `xdotool`, which sends input through the X server as a user's would.
enum XDoTool {
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DecodedFrames.Failure(description: "xdotool \(arguments) failed") }
    }
}

/// A window's pixels as the X server has them, captured by `xwd` (X Window Dump: a big-endian header, a colour
/// table, then ZPixmap rows; 24-bit TrueColor with 32 bits a pixel under Xvfb).
struct XWDImage {
    let width: Int, height: Int
    private let bytes: [UInt8], offset: Int, bytesPerLine: Int, leastSignificantFirst: Bool

    static func capture(windowNamed name: String) throws -> XWDImage {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
        process.arguments = ["-silent", "-nobdrs", "-name", name]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try XWDImage(data: [UInt8](data))
    }

    init(data: [UInt8]) throws {
        func field(_ i: Int) -> Int { Int(data[i * 4]) << 24 | Int(data[i * 4 + 1]) << 16 | Int(data[i * 4 + 2]) << 8 | Int(data[i * 4 + 3]) }
        guard data.count >= 100, field(1) == 7, field(11) == 32 else { throw DecodedFrames.Failure(description: "not a 32-bit XWD") }
        width = field(4); height = field(5)
        leastSignificantFirst = field(7) == 0
        bytesPerLine = field(12)
        offset = field(0) + field(19) * 12   // header, then `ncolors` 12-byte colour entries
        bytes = data
        guard data.count >= offset + bytesPerLine * height else { throw DecodedFrames.Failure(description: "truncated XWD") }
    }

    /// (r, g, b) with the usual TrueColor masks (red 0xFF0000, green 0xFF00, blue 0xFF).
    func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let i = offset + y * bytesPerLine + x * 4
        let value = leastSignificantFirst
            ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16
            : Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
    }
}
