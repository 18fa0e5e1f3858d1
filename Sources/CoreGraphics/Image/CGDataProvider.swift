/// A source of bytes for an image: here, always a block of data held in memory.
public final class CGDataProvider: @unchecked Sendable {
    /// The provider's bytes.
    public let data: CFData?

    /// A provider over a copy of `data`.
    public init?(data: CFData) { self.data = data }

    /// A provider over the contents of a file URL; nil if it cannot be read.
    public init?(url: CFURL) {
        guard let d = try? Data(contentsOf: url) else { return nil }
        self.data = d
    }

    /// A provider over `size` bytes at `data`, copied at once; `releaseData` is called straight after the copy.
    public init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
                 releaseData: ((UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void)?) {
        guard size >= 0 else { return nil }
        self.data = Data(bytes: data, count: size)
        releaseData?(info, data, size)
    }
}

/// A provider of `data`'s bytes, or nil for nil.
public func CGDataProviderCreateWithCFData(_ data: CFData?) -> CGDataProvider? { data.flatMap(CGDataProvider.init(data:)) }
/// The provider's bytes, or nil for a nil provider.
public func CGDataProviderCopyData(_ provider: CGDataProvider?) -> CFData? { provider?.data }
