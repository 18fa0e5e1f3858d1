import CGif

/// Writes an animated GIF frame by frame through giflib's encoder: a looping GIF89a with each frame's own
/// palette (or one shared), its delay, and a transparent index where frames are transparent.
final class GIFWriter {
    private var file: UnsafeMutablePointer<GifFileType>?
    let width: Int, height: Int

    init(path: String, width: Int, height: Int, loopCount: Int) throws {
        self.width = width; self.height = height
        var error: Int32 = 0
        guard let file = EGifOpenFileName(path, false, &error) else {
            throw AnimationExportError.cannotWrite(path: path, reason: Self.message(error))
        }
        self.file = file
        EGifSetGifVersion(file, true)
        guard width <= 65535, height <= 65535 else { throw AnimationExportError.impossibleFrames("GIF frames are at most 65,535 pixels wide") }
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
        // NETSCAPE2.0: loop `loopCount` times more (0: for ever).
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        var name = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(file, 11, &name))
        var loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8((loopCount >> 8) & 0xFF)]
        try check(EGifPutExtensionBlock(file, 3, &loop))
        try check(EGifPutExtensionTrailer(file))
    }

    /// Adds a frame shown for `delayHundredths` hundredths of a second, mapped onto `palette` (nil: its own).
    func add(_ frame: StraightPixels, palette shared: [ColorQuantizer.RGB]?, dithers: Bool, delayHundredths: Int) throws {
        guard let file else { throw AnimationExportError.encoderFailed("the GIF is closed") }
        let transparent = (0..<(frame.width * frame.height)).contains { frame.pixel($0).a < 128 }
        // Index 0 is the transparent colour when one is needed.
        let offset = transparent ? 1 : 0
        let palette = shared ?? ColorQuantizer.palette(for: [frame], maximumColors: 256 - offset)
        let indices = ColorQuantizer.indices(of: frame, palette: palette, paletteOffset: offset,
                                             transparentIndex: transparent ? 0 : nil, dithers: dithers)
        // giflib's colour maps hold a power of two of colours.
        var count = 2
        while count < palette.count + offset { count *= 2 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: count)
        for (i, c) in palette.enumerated() { colors[i + offset] = GifColorType(Red: c.r, Green: c.g, Blue: c.b) }
        guard let map = GifMakeMapObject(Int32(count), &colors) else { throw AnimationExportError.encoderFailed("colour map") }
        defer { GifFreeMapObject(map) }
        var control = GraphicsControlBlock(DisposalMode: transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(max(delayHundredths, 0)), TransparentColor: transparent ? 0 : NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes))
        try check(EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, map))
        var row = [UInt8](repeating: 0, count: width)
        for y in 0..<height {
            for x in 0..<width { row[x] = indices[y * width + x] }
            try check(EGifPutLine(file, &row, Int32(width)))
        }
    }

    func close() throws {
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw AnimationExportError.encoderFailed(Self.message(error)) }
    }

    deinit {
        if let file { var error: Int32 = 0; _ = EGifCloseFile(file, &error) }
    }

    private func check(_ result: Int32) throws {
        guard result == GIF_OK else {
            throw AnimationExportError.encoderFailed(Self.message(file?.pointee.Error ?? 0))
        }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
