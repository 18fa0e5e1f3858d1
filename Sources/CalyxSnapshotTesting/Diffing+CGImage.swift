import CoreGraphics
import Foundation
import SnapshotTesting
import UIKit

extension Diffing where Value == CGImage {
    /// Images stored as PNG and compared pixel by pixel, as swift-snapshot-testing's image strategies compare.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match (1: all of them).
    ///   - perceptualPrecision: How close a pixel must be to match: 1 is exact; 0.98 allows a CIE ΔE*ab of 2,
    ///     about the smallest difference a person notices.
    ///
    /// On a failure the message gives the counts and the largest difference, and a difference image (black where
    /// the pixels match, red beyond the tolerance) is written beside the failed snapshot in the artifacts folder
    /// (`SNAPSHOT_ARTIFACTS`, or the temporary folder) and attached to the failure.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing<CGImage> {
        .diff(
            toData: { image in UIImage(cgImage: image).pngData() ?? Data() },
            fromData: { data in UIImage(data: data)?.cgImage ?? Self.emptyImage },
            diffV2: { reference, actual in
                compare(reference, actual, precision: precision, perceptualPrecision: perceptualPrecision)
            })
    }

    static var emptyImage: CGImage {
        CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!.makeImage()!
    }

    static func compare(_ reference: CGImage, _ actual: CGImage, precision: Float, perceptualPrecision: Float)
        -> (String, [DiffAttachment])? {
        guard reference.width == actual.width, reference.height == actual.height else {
            return ("The new snapshot is \(actual.width)×\(actual.height) pixels; the reference is \(reference.width)×\(reference.height).", [])
        }
        guard let a = PixelBuffer(reference), let b = PixelBuffer(actual) else { return ("The images could not be read.", []) }
        if a == b { return nil }
        let result = PerceptualComparison(perceptualPrecision: perceptualPrecision).compare(a, b)
        // A Float precision such as 0.925 is not exact; its rounding error is forgiven rather than costing a pixel.
        let allowed = Int((Double(1 - max(0, min(1, precision))) * Double(result.total) + 1e-4).rounded(.down))
        if result.differing <= allowed { return nil }
        var message = String(format: "%d of %d pixels (%.2f%%) differ by more than ΔE %.1f (the largest difference is ΔE %.1f); %d may.",
                             result.differing, result.total, 100 * Double(result.differing) / Double(result.total),
                             PerceptualComparison(perceptualPrecision: perceptualPrecision).threshold, result.largest, allowed)
        var attachments: [DiffAttachment] = []
        if let image = result.difference.image(), let png = UIImage(cgImage: image).pngData() {
            attachments.append(.data(png, name: "difference.png"))
            let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
            let url = URL(fileURLWithPath: folder).appendingPathComponent("difference-\(UUID().uuidString).png")
            if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
               (try? png.write(to: url)) != nil {
                message += "\nDifference image: \(url.path)"
            }
        }
        return (message, attachments)
    }
}
