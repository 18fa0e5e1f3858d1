import Foundation
import Synchronization

/// Where Lottie's assertions, warnings and notes go — lottie-ios's `LottieLogger`, with its API. Pass a logger
/// of your own to a layer's or view's initializer to catch what it logs (they take ``shared`` by default).
///
/// lottie-ios's default logger stops a debug build at an assertion; Calyx's prints it instead (as lottie-ios's
/// ``printToConsole`` does): what it asserts about — a feature the Core Animation engine does not draw, a
/// property it does not support — is no reason to stop a program.
public final class LottieLogger: @unchecked Sendable {
    /// Logs a condition that should hold.
    public typealias Assert = (_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                               _ fileID: StaticString, _ line: UInt) -> Void
    /// Logs that something that should not happen did.
    public typealias AssertionFailure = (_ message: @autoclosure () -> String, _ fileID: StaticString, _ line: UInt) -> Void
    /// Logs a warning.
    public typealias Warn = (_ message: @autoclosure () -> String, _ fileID: StaticString, _ line: UInt) -> Void
    /// Logs a note.
    public typealias Info = (_ message: @autoclosure () -> String) -> Void

    private let assertHandler: Assert, failureHandler: AssertionFailure, warnHandler: Warn, infoHandler: Info

    /// A logger calling the given handlers (by default each prints its message, an assertion only when its
    /// condition fails).
    public init(assert: @escaping Assert = { condition, message, _, _ in if !condition() { print("Lottie: \(message())") } },
                assertionFailure: @escaping AssertionFailure = { message, _, _ in print("Lottie: \(message())") },
                warn: @escaping Warn = { message, _, _ in print("Lottie: \(message())") },
                info: @escaping Info = { message in print("Lottie: \(message())") }) {
        assertHandler = assert; failureHandler = assertionFailure; warnHandler = warn; infoHandler = info
    }

    /// The logger Lottie reports to (safe to read and set from any thread).
    public static var shared: LottieLogger {
        get { sharedLogger.withLock { $0 } }
        set { sharedLogger.withLock { $0 = newValue } }
    }
    private static let sharedLogger = Mutex(LottieLogger())

    /// A logger that prints everything it is told.
    public static var printToConsole: LottieLogger { LottieLogger() }

    /// Logs that `condition` should hold.
    public func assert(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),
                       fileID: StaticString = #fileID, line: UInt = #line) {
        assertHandler(condition(), message(), fileID, line)
    }

    /// Logs that something that should not happen did.
    public func assertionFailure(_ message: @autoclosure () -> String = String(), fileID: StaticString = #fileID, line: UInt = #line) {
        failureHandler(message(), fileID, line)
    }

    /// Logs a warning.
    public func warn(_ message: @autoclosure () -> String = String(), fileID: StaticString = #fileID, line: UInt = #line) {
        warnHandler(message(), fileID, line)
    }

    /// Logs a note.
    public func info(_ message: @autoclosure () -> String = String()) { infoHandler(message()) }
}
