import Testing
import Foundation
import QuartzCore
@testable import Lottie

/// Reading Bodymovin JSON: the composition's timing as the Lottie specification defines it (duration =
/// (op − ip) / fr; progress 0 at `ip`, 1 at `op`), markers by name, and clear errors for data that is not an
/// animation.
@Suite struct LottieAnimationTests {
    @Test func timingAndMarkers() throws {
        let animation = try LottieAnimation.from(data: composition(squareLayer(x: 50, y: 40), markers: #"[{"cm":"half","tm":30,"dr":10}]"#))
        #expect(animation.duration == 2 && animation.framerate == 30)
        #expect(animation.startFrame == 0 && animation.endFrame == 60 && animation.size == CGSize(width: 100, height: 80))
        #expect(animation.progressTime(forFrame: 15) == 0.25 && animation.frameTime(forProgress: 0.5) == 30)
        #expect(animation.time(forFrame: 45) == 1.5 && animation.frameTime(forTime: 1) == 30)
        #expect(animation.markerNames == ["half"] && animation.progressTime(forMarker: "half") == 0.5)
        #expect(animation.durationFrameTime(forMarker: "half") == 10 && animation.frameTime(forMarker: "none") == nil)
    }

    @Test func dataThatIsNotAnAnimationThrows() {
        let cases = ["not json", "{}", #"{"fr":0,"ip":0,"op":60,"w":100,"h":80,"layers":[]}"#,
                     #"{"fr":30,"ip":10,"op":10,"w":100,"h":80,"layers":[]}"#, #"{"fr":30,"ip":0,"op":60,"w":-5,"h":80,"layers":[]}"#,
                     #"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":4,"ks":{"p":{"a":1,"k":[]}}}]}"#]
        for text in cases {
            #expect(throws: LottieError.self, "\(text)") { try LottieAnimation.from(data: Data(text.utf8)) }
        }
        #expect(LottieAnimation.filepath("/nonexistent/file.json") == nil)
    }

    /// Unknown layer kinds and shape items are skipped, not refused (a file plays with what Calyx draws).
    @Test func unknownKindsAreSkipped() throws {
        let data = composition(#"{"ty":99,"ks":{}},{"ty":4,"ks":{},"shapes":[{"ty":"zz"},{"ty":"gf"}]},"# + squareLayer(x: 50, y: 40))
        let layer = try player(data)
        withManualClock { clock in
            let frame = render(layer, at: 0, clock: clock)
            #expect(isRed(frame, 50, 40))
        }
    }
}
