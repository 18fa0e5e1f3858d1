import Testing
import Foundation
import CalyxTestSupport
@testable import QuartzCore

/// The render server: frames drawn on their own thread at a display's pace, from the committed tree.
@Suite struct RenderServerTests {
    /// A 200×40 white root with a 20×20 red square centred at (20, 20).
    func scene() -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 40)
        root.position = CGPoint(x: 100, y: 20)
        root.backgroundColor = CGColor.white
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        square.position = CGPoint(x: 20, y: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        return (root, square)
    }

    /// The x of the red square's centre in row 20 of a frame (coverage-weighted), nil when no red shows.
    static func squareCentre(_ image: CGImage) -> Double? {
        let pixels = image.pixels
        var weight = 0.0, sum = 0.0
        for x in 0..<pixels.width {
            let p = pixels.pixel(x: x, y: 20)
            let red = Double(Int(p.r) - Int(p.g)) / 255   // white and red are both r = 255; g falls with red
            if red > 0 { weight += red; sum += red * (Double(x) + 0.5) }
        }
        return weight > 0 ? sum / weight : nil
    }

    /// Where the animation below puts the square's centre at media time t.
    static func expectedCentre(at t: Double, begin: Double) -> Double {
        20 + 160 * min(max((t - begin) / 1.0, 0), 1)
    }

    /// A server drawing `root` at 60 Hz on `clock`, recording each frame's time and the square's centre in it.
    func recordingServer(for root: CALayer, clock: CAMediaClock) throws
        -> (CARenderServer, Locked<[(time: Double, centre: Double?)]>) {
        let display = CAVirtualDisplay(framesPerSecond: 60, clock: clock)
        let server = try #require(CARenderServer(layer: root, pixelWidth: 200, pixelHeight: 40, display: display))
        let frames = Locked<[(time: Double, centre: Double?)]>([])
        server.onFrame = { frame in
            let centre = Self.squareCentre(frame.image)
            frames.withLock { $0.append((frame.time, centre)) }
        }
        return (server, frames)
    }

    /// Each frame shows the square where the slide puts it at that frame's own time.
    func expectSquareWhereItsTimePutsIt(_ frames: [(time: Double, centre: Double?)], begin: Double) {
        for (t, centre) in frames {
            let expected = Self.expectedCentre(at: t, begin: begin)
            #expect(centre.map { abs($0 - expected) <= 0.75 } == true, "frame at \(t): centre \(String(describing: centre)), expected \(expected)")
        }
    }

    func slideAnimation(begin: Double) -> CABasicAnimation {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 20; slide.toValue = 180; slide.duration = 1
        slide.beginTime = begin; slide.fillMode = .both
        return slide
    }

    @Test func framesFollowAManualClockExactly() throws {
        let clock = CAMediaClock(manualTime: 10)
        try CAMediaClock.$current.withValue(clock) {
            let (root, square) = scene()
            square.add(slideAnimation(begin: 10), forKey: "slide")
            CATransaction.flush()
            let (server, frames) = try recordingServer(for: root, clock: clock)
            server.start()
            // Step the clock through the animation; the display refreshes as it moves.
            for step in 1...30 {
                clock.setManualTime(10 + Double(step) / 30)
                let deadline = Date().addingTimeInterval(5)
                while frames.withLock({ $0.last?.time ?? 0 }) < 10 + Double(step) / 30 - 1e-9, Date() < deadline { usleep(500) }
            }
            server.stop()
            let drawn = frames.withLock { $0 }
            #expect(drawn.count >= 30)
            expectSquareWhereItsTimePutsIt(drawn, begin: 10)
        }
    }

    @Test func framesKeepComingWhileTheCommittingThreadIsBlocked() throws {
        let clock = CAMediaClock()   // the system's monotonic clock
        try CAMediaClock.$current.withValue(clock) {
            let (root, square) = scene()
            CATransaction.flush()
            let (server, frames) = try recordingServer(for: root, clock: clock)
            server.start()
            defer { server.stop() }
            // An animation starting soon, committed; then this thread blocks for 300 ms in the middle of it.
            let begin = CACurrentMediaTime() + 0.1
            CATransaction.begin()
            square.add(slideAnimation(begin: begin), forKey: "slide")
            CATransaction.commit()
            while CACurrentMediaTime() < begin + 0.2 { usleep(1000) }
            let blockStart = CACurrentMediaTime()
            Thread.sleep(forTimeInterval: 0.3)
            let blockEnd = CACurrentMediaTime()
            let during = frames.withLock { $0 }.filter { $0.time > blockStart && $0.time < blockEnd }
            // At 60 Hz about 18 refreshes pass; a slow or sanitized build may miss some, never all.
            #expect(during.count >= 6, "\(during.count) frames while blocked")
            let times = during.map(\.time)
            for (a, b) in zip(times, times.dropFirst()) {
                let intervals = (b - a) * 60
                #expect(b > a && abs(intervals - intervals.rounded()) < 1e-3, "refreshes \(a), \(b) are not a whole number of intervals apart")
            }
            expectSquareWhereItsTimePutsIt(during, begin: begin)
        }
    }

    @Test func uncommittedChangesAreNotDrawn() throws {
        let clock = CAMediaClock(manualTime: 0)
        try CAMediaClock.$current.withValue(clock) {
            let (root, square) = scene()
            CATransaction.flush()
            let (server, frames) = try recordingServer(for: root, clock: clock)
            server.start()
            defer { server.stop() }
            // The frame drawn for the time the clock is moved to — not merely the next frame to arrive: under
            // ThreadSanitizer a frame due earlier (the first, or the last advance's) can still be on its way, and
            // it was drawn from the tree as it was before the commit.
            func frameAfterAdvancing() -> Double? {
                clock.advance(by: 1.0 / 60)
                let due = clock.currentTime - 0.5 / 60
                func drawn() -> (time: Double, centre: Double?)? { frames.withLock { $0.last { $0.time >= due } } }
                // Generous: under ThreadSanitizer on a loaded two-core machine a frame has taken over 5 s.
                let deadline = Date().addingTimeInterval(60)
                while drawn() == nil, Date() < deadline { usleep(500) }
                return drawn()?.centre ?? nil
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            square.position.x = 100
            #expect(frameAfterAdvancing().map { abs($0 - 20) < 0.75 } == true)   // still open: not drawn
            CATransaction.commit()
            #expect(frameAfterAdvancing().map { abs($0 - 100) < 0.75 } == true)
        }
    }

    @Test func commitsFromSeveralThreadsWhileServersDraw() throws {
        // Four threads, each editing its own tree drawn by its own server, and two more editing one shared tree
        // under CATransaction.lock(); every thread also asks for presentation values while frames are drawn.
        let shared = scene()
        CATransaction.begin(); CATransaction.commit()
        let sharedServer = try #require(CARenderServer(layer: shared.root, pixelWidth: 200, pixelHeight: 40,
                                                       display: CAVirtualDisplay(framesPerSecond: 240)))
        sharedServer.start()
        let group = DispatchGroup()
        for worker in 0..<6 {
            group.enter()
            Thread {
                defer { group.leave() }
                let own = worker < 4 ? scene() : shared
                let server = worker < 4 ? CARenderServer(layer: own.root, pixelWidth: 200, pixelHeight: 40,
                                                         display: CAVirtualDisplay(framesPerSecond: 240)) : nil
                server?.start()
                for i in 0..<60 {
                    if worker >= 4 { CATransaction.lock() }
                    CATransaction.begin()
                    own.square.position.x = CGFloat(20 + (i * 7) % 160)
                    own.square.opacity = Float(i % 10) / 10
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 0.05
                    own.square.add(spin, forKey: "spin")
                    let extra = CALayer()
                    extra.frame = CGRect(x: i % 100, y: 0, width: 5, height: 5)
                    own.root.addSublayer(extra)
                    if i % 3 == 0 { own.root.sublayers?.dropFirst().first?.removeFromSuperlayer() }
                    CATransaction.commit()
                    _ = own.square.presentation()?.transform
                    if worker >= 4 { CATransaction.unlock() }
                    usleep(500)
                }
                server?.stop()
                CATransaction.flush()
            }.start()
        }
        group.wait()
        sharedServer.stop()
        #expect(sharedServer.framesDrawn > 0)
    }

    @Test func objectsTheModelEditsInPlaceAreNotSharedWithTheRenderThread() throws {
        // A path, an attributed string and an emitter cell that the owning thread goes on editing in place after
        // they were committed: the server draws its own copies (ThreadSanitizer finds no race here).
        let (root, _) = scene()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 60, y: 10, width: 10, height: 10))
        let shape = CAShapeLayer()
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let string = NSMutableAttributedString(string: "a")
        let text = CATextLayer()
        text.frame = CGRect(x: 100, y: 0, width: 60, height: 40)
        text.string = string
        text.fontSize = 12
        let cell = CAEmitterCell()
        cell.birthRate = 50; cell.lifetime = 1; cell.velocity = 20
        cell.contents = testBitmap(width: 2, height: 2) { $0.setFillColor(CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)); $0.fill(CGRect(x: 0, y: 0, width: 2, height: 2)) }
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 170, y: 20)
        emitter.emitterCells = [cell]
        for layer in [shape, text, emitter] { root.addSublayer(layer) }
        CATransaction.flush()
        let server = try #require(CARenderServer(layer: root, pixelWidth: 200, pixelHeight: 40,
                                                 display: CAVirtualDisplay(framesPerSecond: 240)))
        server.start()
        // Edits until the server has drawn a few frames meanwhile (a loaded machine may not schedule the render
        // thread during the first 200), for 5 s at most.
        let deadline = Date().addingTimeInterval(5)
        var i = 0
        while (i < 200 || server.framesDrawn < 3) && Date() < deadline {
            path.addRect(CGRect(x: 60 + i % 100, y: 25, width: 1, height: 1))
            string.append(NSAttributedString(string: "b"))
            cell.velocity = CGFloat(i)
            cell.color = CGColor(red: 0, green: CGFloat(i % 2), blue: 0, alpha: 1)
            if i % 50 == 0 || i >= 200 { usleep(1000) }
            i += 1
        }
        server.stop()
        #expect(server.framesDrawn > 0)
    }

    @Test func twoServersDrawingOneTreeShareOnlyWhatNeitherWrites() throws {
        // Both servers hold the same commit copies: a flipped superlayer's children (whose flip each tree records
        // in its own copy) and an emitter cell cut from its image by contentsRect (a cache both render threads
        // reach). Sublayer changes make each commit walk both trees. ThreadSanitizer finds no race here.
        let (root, _) = scene()
        let flipped = CALayer()
        flipped.frame = CGRect(x: 100, y: 0, width: 100, height: 40)
        flipped.isGeometryFlipped = true
        let cell = CAEmitterCell()
        cell.birthRate = 200; cell.lifetime = 1; cell.velocity = 20
        cell.contents = testBitmap(width: 4, height: 4) { $0.setFillColor(CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)); $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }
        cell.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 50, y: 20)
        emitter.emitterCells = [cell]
        flipped.addSublayer(emitter)
        root.addSublayer(flipped)
        CATransaction.flush()
        let servers = try (0..<2).map { _ in
            try #require(CARenderServer(layer: root, pixelWidth: 200, pixelHeight: 40, display: CAVirtualDisplay(framesPerSecond: 240)))
        }
        servers.forEach { $0.start() }
        for i in 0..<80 {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            let extra = CALayer()
            extra.frame = CGRect(x: i % 50, y: 0, width: 5, height: 5)
            flipped.addSublayer(extra)
            if i % 2 == 1 { extra.removeFromSuperlayer() }
            CATransaction.commit()
            usleep(1000)
        }
        servers.forEach { $0.stop() }
        #expect(servers.allSatisfy { $0.framesDrawn > 0 })
    }
}
