import Foundation

/// The iOS Simulator's "Slow Animations" switch: while the factor is above 1, every animation added runs that
/// many times slower (10 is the simulator's), so motion can be studied frame by frame; below 1, faster.
///
/// Set it in code (`CAAnimation.slowAnimationsFactor = 10`) or for a whole process with the environment variable
/// `CALYX_SLOW_ANIMATIONS` (a number; anything else is ignored). The factor belongs to the media clock in effect
/// (the process's shared clock unless a task binds another), and applies to animations as they are added: ones
/// already running keep their pace. The animation objects keep their own `duration` and `speed`; the layer plays
/// them slower, and UIKit's block delays stretch by the same factor.
extension CAAnimation {
    /// How many times slower animations added from now on run (1: normal). Finite and positive; other values are
    /// ignored.
    public static var slowAnimationsFactor: Double {
        get { CAMediaClock.current.slowAnimationsFactor }
        set { CAMediaClock.current.slowAnimationsFactor = newValue }
    }
}

extension CAMediaClock {
    /// The factor a clock starts with: `CALYX_SLOW_ANIMATIONS` when it is a finite positive number, else 1.
    static let slowAnimationsFactorFromEnvironment = slowAnimationsFactor(environment: ProcessInfo.processInfo.environment)

    package static func slowAnimationsFactor(environment: [String: String]) -> Double {
        guard let text = environment["CALYX_SLOW_ANIMATIONS"], let value = Double(text), value.isFinite, value > 0 else { return 1 }
        return value
    }
}
