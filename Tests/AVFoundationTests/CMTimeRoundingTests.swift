import CoreMedia
import Testing

/// `CMTime.convertScale(_:method:)` against the rounding rules Apple documents for `CMTimeRoundingMethod`:
/// the default rounds half away from zero; QuickTime's rounds toward zero to a coarser timescale, away from
/// zero to a finer one, and never rounds a negative time to zero (it answers −1 / newTimescale).
@Suite struct CMTimeRoundingTests {
    func values(_ time: CMTime, to scale: Int32) -> [CMTimeValue] {
        [.default, .roundHalfAwayFromZero, .roundTowardZero, .roundAwayFromZero, .quickTime,
         .roundTowardNegativeInfinity, .roundTowardPositiveInfinity].map { time.convertScale(scale, method: $0).value }
    }

    @Test func halvesRoundByEachMethod() {
        // 3.5 and −3.5 seconds to whole seconds.
        #expect(values(CMTime(value: 7, timescale: 2), to: 1) == [4, 4, 3, 4, 3, 3, 4])
        #expect(values(CMTime(value: -7, timescale: 2), to: 1) == [-4, -4, -3, -4, -3, -4, -3])
    }

    @Test func quickTimeRoundsAwayFromZeroToAFinerScaleAndNeverToZeroFromBelow() {
        // A third of a second in tenths: 3.33… tenths.
        let third = CMTime(value: 1, timescale: 3)
        #expect(third.convertScale(10, method: .default).value == 3)
        #expect(third.convertScale(10, method: .quickTime).value == 4)
        // −1/600 s to whole seconds: toward zero would give 0; QuickTime gives −1.
        let tiny = CMTime(value: -1, timescale: 600)
        #expect(tiny.convertScale(1, method: .roundTowardZero).value == 0)
        #expect(tiny.convertScale(1, method: .quickTime).value == -1)
    }

    @Test func exactConversionsAreNotMarkedRoundedAndBadScalesAreInvalid() {
        let half = CMTime(value: 300, timescale: 600)
        let exact = half.convertScale(2, method: .default)
        #expect(exact.value == 1 && exact.timescale == 2 && !exact.flags.contains(.hasBeenRounded))
        #expect(CMTime(value: 1, timescale: 3).convertScale(2, method: .default).flags.contains(.hasBeenRounded))
        #expect(!half.convertScale(0, method: .default).isValid)
        #expect(!half.convertScale(-5, method: .default).isValid)
        // A value whose product with the new scale overflows 64 bits still converts (through doubles).
        let huge = CMTime(value: .max / 2, timescale: 1_000_000_000).convertScale(600, method: .default)
        #expect(huge.isValid && abs(huge.seconds - Double(CMTimeValue.max / 2) / 1e9) < 1)
    }
}
