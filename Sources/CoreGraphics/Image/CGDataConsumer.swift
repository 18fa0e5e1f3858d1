/// Where encoded bytes go: a mutable data object, a file, or callbacks (`CGImageDestination` writes to one).
public final class CGDataConsumer: @unchecked Sendable {
    enum Sink { case data(NSMutableData), url(URL), callbacks(info: UnsafeMutableRawPointer?, CGDataConsumerCallbacks) }
    let sink: Sink

    /// A consumer appending to `data`.
    public init?(data: CFMutableData) { sink = .data(data) }

    /// A consumer writing the file at `url` (created or replaced when bytes are written); nil for a URL that is
    /// not a file URL.
    public init?(url: CFURL) {
        guard url.isFileURL else { return nil }
        sink = .url(url)
    }

    /// A consumer calling `callbacks.putBytes` with the bytes and `releaseConsumer` when it is released.
    public init?(info: UnsafeMutableRawPointer?, cbks: UnsafePointer<CGDataConsumerCallbacks>) {
        sink = .callbacks(info: info, cbks.pointee)
    }

    deinit {
        if case .callbacks(let info, let callbacks) = sink { callbacks.releaseConsumer?(info) }
    }

    /// Hands `bytes` over; throws when a file cannot be written.
    package func consume(_ bytes: Data) throws {
        switch sink {
        case .data(let data): data.append(bytes)
        case .url(let url): try bytes.write(to: url, options: .atomic)
        case .callbacks(let info, let callbacks):
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = callbacks.putBytes?(info, raw.baseAddress! + offset, raw.count - offset) ?? 0
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}

/// The C-style consumer callbacks (Swift closures on Linux).
public struct CGDataConsumerCallbacks {
    /// Writes bytes: given the info pointer, the bytes and their count, answers how many it wrote.
    public var putBytes: ((UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Int)?
    /// Called once when the consumer is done, with the info pointer.
    public var releaseConsumer: ((UnsafeMutableRawPointer?) -> Void)?
    /// Callbacks from the two closures.
    public init(putBytes: ((UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Int)?,
                releaseConsumer: ((UnsafeMutableRawPointer?) -> Void)?) {
        self.putBytes = putBytes; self.releaseConsumer = releaseConsumer
    }
}

/// A consumer that appends to `data`, or nil for nil.
public func CGDataConsumerCreateWithCFData(_ data: CFMutableData?) -> CGDataConsumer? { data.flatMap { CGDataConsumer(data: $0) } }
/// A consumer that writes the file at `url`, or nil when it cannot be opened.
public func CGDataConsumerCreateWithURL(_ url: CFURL?) -> CGDataConsumer? { url.flatMap { CGDataConsumer(url: $0) } }
