import ArgumentParser
import Foundation
import Lottie

/// `calyx info anim.json|anim.lottie`: what a Lottie file is and what it uses.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a Lottie file: size, frame rate, duration, markers, layers, and the features it uses.",
        discussion: "Features Calyx does not draw yet are listed apart; the rest of the file plays without them.")

    @Argument(help: "A Lottie file (.json or .lottie).")
    var file: String

    func run() throws {
        guard FileManager.default.fileExists(atPath: file) else { throw ValidationError("\(file): no such file") }
        let animation: LottieAnimation
        do {
            (animation, _) = try LottieExport.load(file)
        } catch {
            throw ValidationError("\(file): \(error)")
        }
        let report = animation.featureReport
        print("size        \(Int(animation.size.width)) × \(Int(animation.size.height)) points")
        print("frame rate  \(animation.framerate) fps")
        print("frames      \(animation.startFrame)…\(animation.endFrame)")
        print("duration    \(String(format: "%.3f", animation.duration)) s")
        if !animation.markerNames.isEmpty { print("markers     \(animation.markerNames.joined(separator: ", "))") }
        let layers = report.layerCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        print("layers      \(layers.joined(separator: ", "))")
        print("uses        \(report.used.sorted().joined(separator: ", "))")
        print("not drawn   \(report.unsupported.isEmpty ? "nothing" : report.unsupported.sorted().joined(separator: ", "))")
    }
}
