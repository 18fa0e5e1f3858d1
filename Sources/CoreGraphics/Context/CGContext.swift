@_implementationOnly import CCairo

/// A drawing destination: here, a bitmap in memory, rasterized by Cairo.
///
/// Coordinates follow CoreGraphics: the origin is the bitmap's bottom-left corner, y grows upward, one unit is
/// one pixel until you change the CTM. Drawing goes straight into the bitmap when its format is Calyx's canonical
/// one (`premultipliedFirst | byteOrder32Little`, the fast path); other formats are rendered in canonical form
/// and converted into your buffer after every drawing call, so the bytes are always current.
public final class CGContext {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per channel.
    public let bitsPerComponent: Int
    /// Bits per pixel.
    public let bitsPerPixel: Int
    /// Bytes from one row to the next.
    public let bytesPerRow: Int
    /// The colour space of the pixels.
    public let colorSpace: CGColorSpace?
    /// The alpha layout and byte order of the pixels.
    public let bitmapInfo: CGBitmapInfo
    /// How the pixels store alpha.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }

    /// The caller's layout, and the buffer in it (the caller's or ours).
    let format: PixelFormat
    let userBytes: UnsafeMutableRawPointer
    let ownsUserBytes: Bool
    /// Canonical pixels Cairo draws into: `userBytes` itself on the fast path.
    let surfaceBytes: UnsafeMutableRawPointer
    let surfaceBytesPerRow: Int
    var isDirectlyBacked: Bool { surfaceBytes == userBytes }

    package let surface: OpaquePointer
    package let cr: OpaquePointer
    /// Maps CoreGraphics' y-up pixel space to Cairo's y-down one.
    let baseTransform: CGAffineTransform

    // (A context is drawn into by one thread at a time, as Apple's are, and its state is read at every call: its
    // stored state goes without dynamic exclusivity checks.)
    @exclusivity(unchecked) var state = GraphicsState()
    @exclusivity(unchecked) var stateStack: [GraphicsState] = []
    /// How many drawing operations the context has run (UIKit asks whether a view's `draw(_:)` drew at all).
    @exclusivity(unchecked) package internal(set) var drawingOperations = 0
    /// How many shapes `drawShapeByCoverage` has drawn (for tests: a shape drawn once across several damaged
    /// rectangles).
    @exclusivity(unchecked) package internal(set) var coverageShapesDrawn = 0
    /// The graphics state at each open transparency layer's start (what the layer composites with).
    @exclusivity(unchecked) var transparencyLayers: [GraphicsState] = []
    /// The current path, in Cairo device space (points are transformed by the CTM as they are added, as in CG).
    @exclusivity(unchecked) var devicePath = CGMutablePath()

    /// The text matrix (not part of the graphics state, as in CoreGraphics).
    public var textMatrix: CGAffineTransform = .identity
    /// The `allows…` font switches (not part of the graphics state, as on Apple's).
    var fontPermissions = GraphicsState.FontRendering()
    /// Where the next line of text starts, in user space.
    public var textPosition: CGPoint = .zero

    /// Creates a bitmap context, or `nil` when the layout is unsupported, the size is outside ``CalyxLimits``,
    /// or `bytesPerRow` is too small. `data` nil lets the context allocate (zeroed) memory; `bytesPerRow` 0 picks
    /// the tightest row. Supported layouts are those of ``CGImage``'s initializer with 8-bit components.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard let alphaInfo = info.alphaInfo else { return nil }
        let bpp: Int
        switch (space.model, alphaInfo) {
        case (_, .alphaOnly): bpp = 8
        case (.monochrome, CGImageAlphaInfo.none): bpp = 8
        case (.monochrome, _): bpp = 16
        case (.rgb, CGImageAlphaInfo.none): bpp = 24
        default: bpp = 32
        }
        guard let format = PixelFormat(bitsPerComponent: bitsPerComponent, bitsPerPixel: bpp, model: space.model,
                                       bitmapInfo: info),
              CalyxLimits.allowsBitmap(width: width, height: height) else { return nil }
        let rowBytes = bytesPerRow == 0 ? width * format.bytesPerPixel : bytesPerRow
        guard rowBytes >= width * format.bytesPerPixel else { return nil }

        self.width = width; self.height = height; self.bitsPerComponent = bitsPerComponent; self.bitsPerPixel = bpp
        self.bytesPerRow = rowBytes; self.colorSpace = info.alphaInfo == .alphaOnly ? nil : space; self.bitmapInfo = info
        self.format = format
        if let data {
            userBytes = data; ownsUserBytes = false
        } else {
            userBytes = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            memset(userBytes, 0, rowBytes * height)   // (a generic initialize runs byte by byte in debug builds)
            ownsUserBytes = true
        }
        if format == .canonical && rowBytes % 4 == 0 {
            surfaceBytes = userBytes; surfaceBytesPerRow = rowBytes
        } else {
            surfaceBytesPerRow = width * 4
            surfaceBytes = UnsafeMutableRawPointer.allocate(byteCount: width * 4 * height, alignment: 16)
            memset(surfaceBytes, 0, width * 4 * height)
            // Start from the caller's pixels, so drawing composites over what is already there.
            format.convertToCanonical(from: userBytes, srcBytesPerRow: rowBytes, to: surfaceBytes,
                                      dstBytesPerRow: surfaceBytesPerRow, width: width, height: height)
        }
        surface = cairo_image_surface_create_for_data(surfaceBytes.assumingMemoryBound(to: UInt8.self),
                                                      CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                      Int32(surfaceBytesPerRow))
        cr = cairo_create(surface)
        baseTransform = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
        cairo_set_matrix(cr, [cairo_matrix_t(baseTransform)])
        // Apple's context defaults: black fill and stroke, width 1, butt caps, miter joins, limit 10.
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
        cairo_set_tolerance(cr, 0.05)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        if !isDirectlyBacked { surfaceBytes.deallocate() }
        if ownsUserBytes { userBytes.deallocate() }
    }

    /// The bitmap's bytes, in the layout the context was created with.
    public var data: UnsafeMutableRawPointer? { userBytes }

    /// An image of the current contents.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        guard let buffer = PixelBuffer(width: width, height: height) else { return nil }
        if format.isAlphaOnly || format.isGray || format.alphaOffset == nil {
            // Round-trip through the caller's format so the image shows what the bitmap holds.
            format.convertToCanonical(from: userBytes, srcBytesPerRow: bytesPerRow, to: buffer.bytes,
                                      dstBytesPerRow: buffer.bytesPerRow, width: width, height: height)
        } else {
            for row in 0..<height {
                buffer.bytes.advanced(by: row * buffer.bytesPerRow)
                    .copyMemory(from: surfaceBytes.advanced(by: row * surfaceBytesPerRow), byteCount: width * 4)
            }
        }
        return CGImage(pixels: buffer, isOpaque: format.alphaOffset == nil && !format.isAlphaOnly,
                       colorSpace: colorSpace?.model == .rgb ? colorSpace : .srgbSpace)
    }

    /// Finishes pending drawing (drawing is synchronous in Calyx, so this only flushes Cairo).
    public func flush() { cairo_surface_flush(surface) }
    /// Same as ``flush()``.
    public func synchronize() { flush() }

    /// Called after every drawing operation: copies the canonical pixels into the caller's layout.
    func didDraw() {
        drawingOperations &+= 1
        cairo_surface_flush(surface)
        guard !isDirectlyBacked else { return }
        format.convertFromCanonical(from: surfaceBytes, srcBytesPerRow: surfaceBytesPerRow, to: userBytes,
                                    dstBytesPerRow: bytesPerRow, width: width, height: height)
    }
}

/// A bitmap context (`CGContext(data:width:height:…)`).
public func CGBitmapContextCreate(_ data: UnsafeMutableRawPointer?, _ width: Int, _ height: Int, _ bitsPerComponent: Int, _ bytesPerRow: Int, _ space: CGColorSpace?, _ bitmapInfo: UInt32) -> CGContext? {
    CGContext(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
              space: space ?? .deviceRGB, bitmapInfo: bitmapInfo)
}
/// An image of the context's pixels now.
public func CGBitmapContextCreateImage(_ context: CGContext?) -> CGImage? { context?.makeImage() }
/// The context's pixel memory.
public func CGBitmapContextGetData(_ context: CGContext?) -> UnsafeMutableRawPointer? { context?.data }
