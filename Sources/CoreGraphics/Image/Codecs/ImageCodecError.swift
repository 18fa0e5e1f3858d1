/// Why an image could not be decoded or encoded.
public enum ImageCodecError: Error, CustomStringConvertible, Equatable {
    /// The bytes are not a format Calyx reads (PNG, JPEG, WebP).
    case unrecognizedFormat
    /// The codec rejected the data; the message is the codec's.
    case corrupt(String)
    /// The image is larger than ``CalyxLimits`` allows.
    case tooLarge(width: Int, height: Int)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .unrecognizedFormat: return "not a PNG, JPEG or WebP image"
        case .corrupt(let message): return "corrupt image data: \(message)"
        case .tooLarge(let w, let h): return "image of \(w)×\(h) pixels exceeds Calyx's bitmap limits"
        }
    }
}
