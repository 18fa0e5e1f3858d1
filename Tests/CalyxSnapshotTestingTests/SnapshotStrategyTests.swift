@testable import CalyxSnapshotTesting
import Foundation
import Lottie
import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// The snapshot strategies end to end: record, verify, fail with a difference image. Each recorded image is also
/// probed against what the animation must show at that time, worked out by hand, so a strategy that drew the
/// wrong time or place would fail here rather than record its mistake.
@Suite(.serialized) struct SnapshotStrategyTests {
    let directory = NSTemporaryDirectory() + "calyx-snapshots-\(UUID().uuidString)"

    /// A 40 × 20 point layer, white, with a 10 × 10 red square sliding linearly from x = 0 to x = 30 over 1 s.
    static func slidingSquare() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        root.backgroundColor = UIColor.white.cgColor
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        square.backgroundColor = UIColor.red.cgColor
        root.addSublayer(square)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 5
        slide.toValue = 35
        slide.duration = 1
        slide.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        square.add(slide, forKey: "slide")
        return root
    }

    /// The colour at pixel (x, y), top-left origin, of a PNG snapshot.
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let pixels = PixelBuffer(image)!
        let i = (y * pixels.width + x) * 4
        return (Int(pixels.bytes[i]), Int(pixels.bytes[i + 1]), Int(pixels.bytes[i + 2]), Int(pixels.bytes[i + 3]))
    }

    static func isRed(_ p: (Int, Int, Int, Int)) -> Bool { p.0 > 240 && p.1 < 15 && p.2 < 15 && p.3 == 255 }
    static func isWhite(_ p: (Int, Int, Int, Int)) -> Bool { p.0 > 240 && p.1 > 240 && p.2 > 240 && p.3 == 255 }

    /// The recorded reference named `name` (swift-snapshot-testing names it after the test, then the name).
    func recorded(_ name: String, _ ext: String = "png") throws -> Data {
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".\(name).\(ext)") })
        return try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(file)"))
    }

    @Test func recordsThenVerifiesTheFrameAtATime() throws {
        try withManualMediaTime {
            let layer = Self.slidingSquare()
            let first = verifySnapshot(of: layer, as: .image(atTime: 0.5), named: "half", record: .all, snapshotDirectory: directory)
            #expect(first?.contains("Record") == true)
            let image = UIImage(data: try recorded("half"))!.cgImage!
            #expect(image.width == 40 && image.height == 20)
            // At 0.5 s the square spans x 15…25: red inside, white either side.
            #expect(Self.isRed(Self.pixel(image, 20, 10)))
            #expect(Self.isWhite(Self.pixel(image, 12, 10)) && Self.isWhite(Self.pixel(image, 28, 10)))
            #expect(verifySnapshot(of: layer, as: .image(atTime: 0.5), named: "half", record: .never, snapshotDirectory: directory) == nil)
        }
    }

    @Test func aDifferentFrameFailsWithCountsAndADifferenceImage() throws {
        try withManualMediaTime {
            let layer = Self.slidingSquare()
            _ = verifySnapshot(of: layer, as: .image(atTime: 0), named: "start", record: .all, snapshotDirectory: directory)
            // 0.1 s later the square has moved 3 points: 3 columns lost on the left, 3 gained on the right.
            let failure = try #require(verifySnapshot(of: layer, as: .image(atTime: 0.1), named: "start", record: .never,
                                                      snapshotDirectory: directory))
            #expect(failure.contains("60 of 800 pixels"), "\(failure)")
            let path = try #require(failure.components(separatedBy: "Difference image: ").last?.components(separatedBy: "\n").first)
            let difference = UIImage(data: try Data(contentsOf: URL(fileURLWithPath: path)))!.cgImage!
            #expect(Self.pixel(difference, 1, 10).0 >= 128 && Self.pixel(difference, 1, 10).1 == 0)   // lost: red
            #expect(Self.pixel(difference, 20, 10).0 == 0)                                           // unchanged: black
        }
    }

    @Test func precisionAllowsAShareOfPixels() throws {
        try withManualMediaTime {
            let layer = Self.slidingSquare()
            _ = verifySnapshot(of: layer, as: .image(atTime: 0), named: "p", record: .all, snapshotDirectory: directory)
            // 60 of 800 pixels differ (7.5 %): 93 % must match passes, 94 % fails.
            #expect(verifySnapshot(of: layer, as: .image(atTime: 0.1, precision: 0.925), named: "p", record: .never, snapshotDirectory: directory) == nil)
            #expect(verifySnapshot(of: layer, as: .image(atTime: 0.1, precision: 0.93), named: "p", record: .never, snapshotDirectory: directory) != nil)
        }
    }

    @Test func perceptualPrecisionForgivesSmallColourChanges() throws {
        try withManualMediaTime {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            layer.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            _ = verifySnapshot(of: layer, as: .image, named: "grey", record: .all, snapshotDirectory: directory)
            // One step of 255 in grey is ΔE*ab ≈ 0.4: exact comparison fails, 0.99 (ΔE 1) passes.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = CGColor(red: 129.0 / 255, green: 129.0 / 255, blue: 129.0 / 255, alpha: 1)
            CATransaction.commit()
            #expect(verifySnapshot(of: layer, as: .image, named: "grey", record: .never, snapshotDirectory: directory) != nil)
            #expect(verifySnapshot(of: layer, as: .image(perceptualPrecision: 0.99), named: "grey", record: .never, snapshotDirectory: directory) == nil)
        }
    }

    @Test func aFilmstripShowsEachTimeSideBySide() throws {
        try withManualMediaTime {
            let layer = Self.slidingSquare()
            _ = verifySnapshot(of: layer, as: .filmstrip(times: [0, 0.5, 1]), named: "strip", record: .all, snapshotDirectory: directory)
            let image = UIImage(data: try recorded("strip"))!.cgImage!
            #expect(image.width == 40 * 3 + 4 * 2 && image.height == 20)
            // Frame k starts at x = 44k; the square's centre is at 5, 20 and 35 points into it.
            #expect(Self.isRed(Self.pixel(image, 5, 10)) && Self.isRed(Self.pixel(image, 44 + 20, 10)) && Self.isRed(Self.pixel(image, 88 + 35, 10)))
            #expect(Self.isWhite(Self.pixel(image, 44 + 5, 10)) && Self.pixel(image, 41, 10).3 == 0)
        }
    }

    @Test func aGIFRecordsTheAnimation() throws {
        try withManualMediaTime {
            let layer = Self.slidingSquare()
            _ = verifySnapshot(of: layer, as: .gif(duration: 1, framesPerSecond: 10), named: "movie", record: .all, snapshotDirectory: directory)
            let gif = try recorded("movie", "gif")
            #expect(gif.starts(with: Array("GIF89a".utf8)))
            #expect(verifySnapshot(of: layer, as: .gif(duration: 1, framesPerSecond: 10), named: "movie", record: .never, snapshotDirectory: directory) == nil)
        }
    }

    @Test func viewsAndViewControllersAreLaidOutFirst() throws {
        try withManualMediaTime {
            final class Screen: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .blue
                }
            }
            _ = verifySnapshot(of: Screen(), as: .image(size: CGSize(width: 30, height: 50)), named: "screen", record: .all, snapshotDirectory: directory)
            let screen = UIImage(data: try recorded("screen"))!.cgImage!
            #expect(screen.width == 30 && screen.height == 50)
            let centre = Self.pixel(screen, 15, 25)
            #expect(centre.0 < 15 && centre.1 < 15 && centre.2 > 240)

            final class Bar: UIView {
                let fill = UIView()
                override init(frame: CGRect) { super.init(frame: frame); fill.backgroundColor = .red; addSubview(fill) }
                required init?(coder: NSCoder) { nil }
                override func layoutSubviews() { super.layoutSubviews(); fill.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height) }
            }
            _ = verifySnapshot(of: Bar(frame: .zero) as UIView, as: .image(size: CGSize(width: 20, height: 4)), named: "bar", record: .all, snapshotDirectory: directory)
            let bar = UIImage(data: try recorded("bar"))!.cgImage!
            #expect(Self.isRed(Self.pixel(bar, 5, 2)) && Self.pixel(bar, 15, 2).3 == 0)
        }
    }

    @Test func lottieAnimationsAtAProgress() throws {
        // A 60 × 60 animation whose 20 × 20 green square (centre at x 10…50 over 30 frames) slides right.
        let json = #"{"fr":30,"ip":0,"op":30,"w":60,"h":60,"layers":[{"ty":4,"ip":0,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[10,30],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[50,30]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        _ = verifySnapshot(of: animation, as: .image(atProgress: 0.5), named: "lottie", record: .all, snapshotDirectory: directory)
        let image = UIImage(data: try recorded("lottie"))!.cgImage!
        #expect(image.width == 60 && image.height == 60)
        // Halfway the square's centre is at x 30: pixels 21…39 are green, 5 and 55 are not.
        let inside = Self.pixel(image, 30, 30), outside = Self.pixel(image, 5, 30)
        #expect(inside.1 > 240 && inside.0 < 15 && outside.1 < 15)
    }

    @Test func labColoursMatchTheCIEFormulas() {
        // Reference values: sRGB (D65) to CIE L*a*b*, as published by Bruce Lindbloom's colour calculator.
        let red = PerceptualComparison.lab([255, 0, 0, 255], 0)
        #expect(abs(red.0 - 53.24) < 0.02 && abs(red.1 - 80.09) < 0.02 && abs(red.2 - 67.20) < 0.02)
        let white = PerceptualComparison.lab([255, 255, 255, 255], 0)
        #expect(abs(white.0 - 100) < 0.01 && abs(white.1) < 0.01 && abs(white.2) < 0.01)
        #expect(abs(PerceptualComparison.deltaE(PerceptualComparison.lab([0, 0, 0, 255], 0), white) - 100) < 0.01)
        // Fully transparent counts as white (composited over white).
        #expect(PerceptualComparison.deltaE(PerceptualComparison.lab([0, 0, 0, 0], 0), white) < 0.01)
    }
}
